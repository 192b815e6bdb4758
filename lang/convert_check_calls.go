package lang

import (
	"fmt"
	"strings"
)

// callLosses is the loss rule of the agents' edit-call formats (Cline,
// Roo, Zed), whose one call edits one file and applies all or nothing: a
// Tasks or Patch group of two or more actions keeps its meaning only when
// all of them are text replacements of one file, printed as one call;
// any other group would be printed one call per action, each on its own.
func callLosses(d *Document, to Syntax) []Loss {
	var out []Loss
	for _, g := range d.Groups {
		if g.Kind == Standalone || len(g.Actions) < 2 || oneFileEdits(g) {
			continue
		}
		if g.Kind == Patch && !to.Def().patches {
			continue // patchGroupLosses says it
		}
		out = append(out, Loss{Line: groupLine(d, g),
			Message: fmt.Sprintf("the %s group of %d actions has no %s form: one %s call edits one file, so each action would be a call of its own, and after a failure the later ones would run anyway",
				groupName(g), len(g.Actions), strings.ToUpper(to.String()), to),
			Hint: "convert with --flatten if each action may run on its own, or keep the document in " + strings.ToUpper(g.Syntax.String())})
	}
	return out
}

// oneFileEdits reports whether every action of g replaces text (or, as
// Cline's empty SEARCH does, creates) in one and the same file.
func oneFileEdits(g *Group) bool {
	path := ""
	for i, a := range g.Actions {
		switch canonOp(a) {
		case OpFileReplaceText, OpFileMerge:
		default:
			return false
		}
		p, _ := a.Value(ParamPath)
		if i > 0 && p != path {
			return false
		}
		path = p
	}
	return true
}

// callGroups cuts d's actions into the calls an edit-call format prints:
// each group whose actions are all edits of one file (oneFileEdits) is
// one call, any other action is a call of its own.
func callGroups(d *Document) [][]*Action {
	var out [][]*Action
	for _, g := range d.Groups {
		if g.Kind != Standalone && len(g.Actions) > 1 && oneFileEdits(g) {
			out = append(out, g.Actions)
			continue
		}
		for _, a := range g.Actions {
			out = append(out, []*Action{a})
		}
	}
	return out
}
