package lang

import (
	"fmt"
	"strings"
)

// patchLosses lists what converting to or from V4A would lose: a V4A patch
// applies all or nothing, which no other syntax can say, and V4A prints a
// whole document as one patch, which ties together actions that ran on
// their own (or two patches that each stood alone).
func patchLosses(d *Document, to Syntax) []Loss {
	line := func(g *Group) int {
		if d.File == nil {
			return 0
		}
		return d.File.Line(g.Range.Start)
	}
	var out []Loss
	if to != V4A {
		for _, g := range d.Groups {
			if g.Kind == Patch && len(g.Actions) > 1 {
				out = append(out, Loss{Line: line(g),
					Message: fmt.Sprintf("the V4A patch of %d actions applies all or nothing; %s cannot say that, so after a failure the earlier changes would stay", len(g.Actions), strings.ToUpper(to.String())),
					Hint:    "convert with --flatten if each change may stand alone, or keep the patch in V4A"})
			}
		}
		return out
	}
	n := 0
	for range d.Actions() {
		n++
	}
	if n > 1 && !(len(d.Groups) == 1 && d.Groups[0].Kind == Patch) {
		out = append(out, Loss{Line: line(d.Groups[0]),
			Message: fmt.Sprintf("V4A prints the document's %d actions as one patch that applies all or nothing, but they were written to run %s", n, notAllOrNothing(d)),
			Hint:    "convert with --flatten to accept all or nothing, or convert one block at a time"})
	}
	return out
}

// notAllOrNothing says how the document's actions run today.
func notAllOrNothing(d *Document) string {
	if len(d.Groups) > 1 {
		return "in separate groups"
	}
	return "one after another, each change kept when a later one fails"
}
