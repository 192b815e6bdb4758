package main

import "fmt"

// cmdActions is being written; see the open issue that owns it.
func cmdActions(e *env) int {
	fmt.Fprintln(e.stderr, "clada actions: not implemented yet")
	return exitUsage
}
