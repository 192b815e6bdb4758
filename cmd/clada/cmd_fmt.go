package main

import "fmt"

// cmdFmt is being written; see the open issue that owns it.
func cmdFmt(e *env) int {
	fmt.Fprintln(e.stderr, "clada fmt: not implemented yet")
	return exitUsage
}
