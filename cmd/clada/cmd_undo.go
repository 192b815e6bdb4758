package main

import "fmt"

// cmdUndo is being written; see the open issue that owns it.
func cmdUndo(e *env) int {
	fmt.Fprintln(e.stderr, "clada undo: not implemented yet")
	return exitUsage
}
