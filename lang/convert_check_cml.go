package lang

import (
	"fmt"
	"strconv"
)

// cmlLosses is CML's loss rule: a group version CML cannot write. CML
// aborts a document on any version but 1.0, so a CSL TASKS version="2.0"
// has no CML form.
func cmlLosses(d *Document, _ Syntax) []Loss {
	var out []Loss
	for _, g := range d.Groups {
		if g.Kind == Tasks && g.Syntax != CML && g.Version != "" && g.Version != "1.0" && g.Version != "1" {
			out = append(out, Loss{Line: groupLine(d, g),
				Message: fmt.Sprintf("the %s group has version %s, which CML cannot carry: CML knows only version 1.0 and aborts a document with any other", groupName(g), strconv.Quote(g.Version)),
				Hint:    "remove the version attribute, or convert with --flatten to drop it"})
		}
	}
	return out
}
