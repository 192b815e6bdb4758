package lang

import (
	"fmt"
	"strings"
)

// wholeLosses is the loss rule of a syntax that prints a whole document as
// one group that applies all or nothing (V4A's patch, a unified diff):
// that ties together actions that ran on their own, one after another
// (each change kept when a later one fails), or in separate groups. A
// document that is one all-or-nothing group already loses nothing. What
// converting such a group to another syntax loses is ConvertLosses'
// patchGroupLosses.
func wholeLosses(d *Document, to Syntax) []Loss {
	n := 0
	for range d.Actions() {
		n++
	}
	if n < 2 || len(d.Groups) == 1 && allOrNothing(d.Groups[0]) {
		return nil
	}
	def := to.Def()
	return []Loss{{Line: groupLine(d, d.Groups[0]),
		Message: fmt.Sprintf("%s prints the document's %d actions as one %s that applies all or nothing, but they were written to run %s",
			strings.ToUpper(def.Name), n, def.AllOrNothing, notAllOrNothing(d)),
		Hint: "convert with --flatten to accept all or nothing, or convert one block at a time"}}
}

// allOrNothing reports whether g applies whole or not at all: a V4A patch,
// or a group of a syntax whose groups all do (a unified diff).
func allOrNothing(g *Group) bool {
	return g.Kind == Patch || g.Syntax.Def().AllOrNothing != ""
}

// notAllOrNothing says how the document's actions run today.
func notAllOrNothing(d *Document) string {
	if len(d.Groups) > 1 {
		return "in separate groups"
	}
	return "one after another, each change kept when a later one fails"
}
