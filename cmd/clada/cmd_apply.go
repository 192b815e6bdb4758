package main

import "fmt"

// cmdApply is being written; see the open issue that owns it.
func cmdApply(e *env) int {
	fmt.Fprintln(e.stderr, "clada apply: not implemented yet")
	return exitUsage
}
