package lang

import "fmt"

// v4aLosses is V4A's loss rule: V4A prints a whole document as one patch
// that applies all or nothing, which ties together actions that ran on
// their own (or two patches that each stood alone). What converting a V4A
// patch to another syntax loses is ConvertLosses' patchGroupLosses.
func v4aLosses(d *Document, _ Syntax) []Loss {
	n := 0
	for range d.Actions() {
		n++
	}
	if n > 1 && !(len(d.Groups) == 1 && d.Groups[0].Kind == Patch) {
		return []Loss{{Line: groupLine(d, d.Groups[0]),
			Message: fmt.Sprintf("V4A prints the document's %d actions as one patch that applies all or nothing, but they were written to run %s", n, notAllOrNothing(d)),
			Hint:    "convert with --flatten to accept all or nothing, or convert one block at a time"}}
	}
	return nil
}

// notAllOrNothing says how the document's actions run today.
func notAllOrNothing(d *Document) string {
	if len(d.Groups) > 1 {
		return "in separate groups"
	}
	return "one after another, each change kept when a later one fails"
}
