package command

import (
	"regexp"
	"sync"
)

// lazyRegexp compiles expr on first use rather than when the program
// starts: every clada process loads this package, few use each pattern,
// and compiling them all cost every command (clada version included) part
// of its start-up.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
