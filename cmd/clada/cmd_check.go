package main

import "fmt"

// cmdCheck is being written; see the open issue that owns it.
func cmdCheck(e *env) int {
	fmt.Fprintln(e.stderr, "clada check: not implemented yet")
	return exitUsage
}
