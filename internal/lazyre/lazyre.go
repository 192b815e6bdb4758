// Package lazyre compiles a regular expression on first use rather than
// when the program starts: every clada process loads the packages that
// hold patterns, few use each one, and compiling them all in init cost
// every command (clada version included) part of its start-up.
package lazyre

import (
	"regexp"
	"sync"
)

// New returns a func that compiles expr the first time it is called and
// returns that one *regexp.Regexp ever after. expr must compile (it is a
// constant of the program, as for regexp.MustCompile).
func New(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
