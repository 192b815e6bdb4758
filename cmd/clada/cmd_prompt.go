package main

import "fmt"

// cmdPrompt is being written; see the open issue that owns it.
func cmdPrompt(e *env) int {
	fmt.Fprintln(e.stderr, "clada prompt: not implemented yet")
	return exitUsage
}
