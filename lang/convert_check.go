package lang

import (
	"fmt"
	"strings"
)

// Loss is one meaning of a document that printing it in another syntax
// would drop: the printers carry ops and params, but not every syntax has
// groups, and CML knows a single version.
type Loss struct {
	Line    int // 1-based line of the group in the source
	Message string
	Hint    string
}

// ConvertLosses lists what Print(d, to) would lose, in source order: first
// the all-or-nothing of each Patch group of two or more actions, unless to
// prints patches itself, then what the target's own rule finds
// (SyntaxDef.loses, in the target's convert_check file or here):
//   - a TASKS/<tasks> group of two or more actions printed in a syntax
//     without groups (ungroupedLosses): after a failure the later actions
//     would run anyway, and one invalid action would no longer hold back the
//     others;
//   - a group version the target cannot write (convert_check_cml.go);
//   - actions that ran on their own, printed as one patch or diff that
//     applies all or nothing (convert_check_whole.go).
//
// A one-action group loses nothing (fail-fast over one action is running
// it), nor does a version printed back in its own syntax.
func ConvertLosses(d *Document, to Syntax) []Loss {
	def := to.Def()
	var out []Loss
	if !def.patches {
		out = patchGroupLosses(d, to)
	}
	if def.loses != nil {
		out = append(out, def.loses(d, to)...)
	}
	return out
}

// groupLine is the 1-based line g starts on (0 without a source file).
func groupLine(d *Document, g *Group) int {
	if d.File == nil {
		return 0
	}
	return d.File.Line(g.Range.Start)
}

// patchGroupLosses lists each Patch group of two or more actions: it
// applies all or nothing, which to cannot say.
func patchGroupLosses(d *Document, to Syntax) []Loss {
	var out []Loss
	for _, g := range d.Groups {
		if g.Kind == Patch && len(g.Actions) > 1 {
			from := strings.ToUpper(g.Syntax.String())
			out = append(out, Loss{Line: groupLine(d, g),
				Message: fmt.Sprintf("the %s patch of %d actions applies all or nothing; %s cannot say that, so after a failure the earlier changes would stay", from, len(g.Actions), strings.ToUpper(to.String())),
				Hint:    "convert with --flatten if each change may stand alone, or keep the patch in " + from})
		}
	}
	return out
}

// ungroupedLosses is the loss rule of a syntax that has no groups and runs
// every block on its own: each Tasks group of two or more actions loses
// its fail-fast.
func ungroupedLosses(d *Document, to Syntax) []Loss {
	var out []Loss
	for _, g := range d.Groups {
		if g.Kind != Tasks || len(g.Actions) < 2 {
			continue
		}
		out = append(out, Loss{Line: groupLine(d, g),
			Message: fmt.Sprintf("the %s group of %d actions has no %s form: %s runs every block on its own, so after a failure the later actions would run anyway", groupName(g), len(g.Actions), strings.ToUpper(to.String()), strings.ToUpper(to.String())),
			Hint:    "convert with --flatten if each action may run on its own, or keep the document in " + strings.ToUpper(g.Syntax.String())})
	}
	return out
}

// groupName is how a Tasks group is written in its own syntax.
func groupName(g *Group) string {
	if w := g.Syntax.Def().tasksWord; w != "" {
		return w
	}
	return "TASKS"
}
