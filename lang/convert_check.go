package lang

import (
	"fmt"
	"strconv"
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

// ConvertLosses lists what Print(d, to) would lose, in source order:
//   - a TASKS/<tasks> group of two or more actions printed as SHAM, which has
//     no groups: after a failure the later actions would run anyway, and one
//     invalid action would no longer hold back the others;
//   - a group version the target cannot write: CML aborts a document on any
//     version but 1.0, so a CSL TASKS version="2.0" has no CML form.
//
// A one-action group loses nothing (fail-fast over one action is running
// it), nor does a version printed back in its own syntax.
func ConvertLosses(d *Document, to Syntax) []Loss {
	out := patchLosses(d, to) // convert_check_v4a.go
	for _, g := range d.Groups {
		if g.Kind != Tasks {
			continue
		}
		line := 0
		if d.File != nil {
			line = d.File.Line(g.Range.Start)
		}
		name := groupName(g)
		switch {
		case (to == SHAM || to == Aider || to == JSONCall || to == Replacer) && len(g.Actions) > 1:
			out = append(out, Loss{Line: line,
				Message: fmt.Sprintf("the %s group of %d actions has no %s form: %s runs every block on its own, so after a failure the later actions would run anyway", name, len(g.Actions), strings.ToUpper(to.String()), strings.ToUpper(to.String())),
				Hint:    "convert with --flatten if each action may run on its own, or keep the document in " + strings.ToUpper(g.Syntax.String())})
		case to == CML && g.Syntax != CML && g.Version != "" && g.Version != "1.0" && g.Version != "1":
			out = append(out, Loss{Line: line,
				Message: fmt.Sprintf("the %s group has version %s, which CML cannot carry: CML knows only version 1.0 and aborts a document with any other", name, strconv.Quote(g.Version)),
				Hint:    "remove the version attribute, or convert with --flatten to drop it"})
		}
	}
	return out
}

// groupName is how a group is written in its own syntax.
func groupName(g *Group) string {
	if g.Syntax == CML {
		return "<tasks>"
	}
	if g.Syntax == UDiff {
		return "diff"
	}
	return "TASKS"
}
