package engine

import (
	"path"
	"strings"
)

// matchSegsLinear reports whether the slash path name matches pattern, where
// a "**" segment spans zero or more folders and other segments are
// path.Match globs. It runs the pattern as an NFA over the name's segments:
// time is (segments of name) × (segments of pattern), however many "**" the
// pattern holds. The backtracking matcher it replaces for grep and glob took
// time exponential in the number of "**" (twelve: 46 s).
func matchSegsLinear(pattern, name string) bool {
	pat := collapseStars(strings.Split(pattern, "/"))
	cur := make([]bool, len(pat)+1)
	next := make([]bool, len(pat)+1)
	cur[0] = true
	closeOver(pat, cur)
	rest := name
	for {
		seg, tail, more := strings.Cut(rest, "/")
		clear(next)
		any := false
		for i, on := range cur[:len(pat)] {
			if !on {
				continue
			}
			switch {
			case pat[i] == "**":
				next[i], any = true, true
			default:
				if ok, err := path.Match(pat[i], seg); err == nil && ok {
					next[i+1], any = true, true
				}
			}
		}
		if !any {
			return false
		}
		closeOver(pat, next)
		cur, next = next, cur
		if !more {
			break
		}
		rest = tail
	}
	return cur[len(pat)]
}

// closeOver adds to the state set every state reachable by letting a "**"
// match no segment at all.
func closeOver(pat []string, on []bool) {
	for i, p := range pat {
		if on[i] && p == "**" {
			on[i+1] = true
		}
	}
}

// collapseStars drops a "**" that follows another: "**/**" spans the same
// folders as "**", and a pattern of thousands of them stays one state.
func collapseStars(pat []string) []string {
	out := pat[:0]
	for _, p := range pat {
		if p == "**" && len(out) > 0 && out[len(out)-1] == "**" {
			continue
		}
		out = append(out, p)
	}
	return out
}
