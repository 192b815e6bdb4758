// Package glob is clada's one matcher of slash-path globs: the allow and
// deny patterns of .clada.yaml, the engine's deny list, the glob op, grep's
// include and .gitignore rules all go through it. A "**" segment spans zero
// or more folders; every other segment is a path.Match pattern of one name.
//
// Patterns come from untrusted places (a cloned .clada.yaml, a
// .gitignore, an LLM's answer), so matching never backtracks: a pattern is
// run as an automaton over the name's segments, one pass, with a set of
// live pattern positions. Time is (segments of the name) × (segments of the
// pattern) at most, however many "**" the pattern holds, and a run of "**"
// counts as one.
//
// It imports nothing of clada's and may be imported by any package.
package glob

import (
	"path"
	"strings"
)

// Match reports whether the slash path name matches pattern as a whole.
func Match(pattern, name string) bool { return run(pattern, name, false) }

// MatchUnder reports whether name, or a folder name lies in, matches
// pattern: a pattern naming a directory covers everything under it
// ("build" covers "build/out/a.o"), as .clada.yaml's allow and deny read.
func MatchUnder(pattern, name string) bool { return run(pattern, name, true) }

// Valid returns path.ErrBadPattern when a segment of pattern is not a well-formed
// path.Match pattern (an unclosed "[", a trailing "\"); Match would
// otherwise treat such a segment as matching nothing.
func Valid(pattern string) error {
	for _, seg := range strings.Split(pattern, "/") {
		if seg == "**" {
			continue
		}
		if _, err := path.Match(seg, ""); err != nil {
			return err
		}
	}
	return nil
}

// run is the automaton. State i means "the first i segments of the
// pattern have matched"; len(pat) accepts. A "**" state stays live on any
// segment, and reaching it also makes the state after it live (the "**"
// spanning no folder).
func run(pattern, name string, under bool) bool {
	pat := collapse(strings.Split(pattern, "/"))
	cur := make([]bool, len(pat)+1)
	next := make([]bool, len(pat)+1)
	cur[0] = true
	closeOver(pat, cur)
	for rest, more := name, true; more; {
		var seg string
		seg, rest, more = strings.Cut(rest, "/")
		clear(next)
		live := false
		for i, on := range cur[:len(pat)] {
			if !on {
				continue
			}
			if pat[i] == "**" {
				next[i], live = true, true
			} else if ok, err := path.Match(pat[i], seg); err == nil && ok {
				next[i+1], live = true, true
			}
		}
		if !live {
			return false
		}
		closeOver(pat, next)
		cur, next = next, cur
		if under && cur[len(pat)] {
			return true // the pattern matched a folder holding the rest
		}
	}
	return cur[len(pat)]
}

// closeOver makes live every state a live "**" reaches by spanning no
// folder. One forward sweep suffices: collapse left no "**" after another.
func closeOver(pat []string, on []bool) {
	for i, p := range pat {
		if on[i] && p == "**" {
			on[i+1] = true
		}
	}
}

// collapse drops each "**" that follows another: "**/**" spans the same
// folders as "**", so a pattern of thousands of them is one state.
func collapse(pat []string) []string {
	out := pat[:0]
	for _, p := range pat {
		if p == "**" && len(out) > 0 && out[len(out)-1] == "**" {
			continue
		}
		out = append(out, p)
	}
	return out
}
