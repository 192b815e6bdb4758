package textedit

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// Replay detection: an LLM answer is often applied twice (pasted again,
// seen again by clada watch). An edit whose result the file already holds
// is then "already applied": it succeeds without writing, so nothing is
// doubled and no commit is made. Two shapes of evidence count, and nothing
// else is guessed:
//
//   - the search is gone and new_text is there exactly as often as the edit
//     would have put it (Text.AlreadyApplied). new_text must not be trivially
//     short: a lone "x" or "});" found once says nothing about this edit.
//   - new_text contains the search (an edit that adds code before or after
//     an anchor, or around it) and every match of the search sits inside a
//     copy of new_text, at an offset the search has in new_text
//     (ReplayCopies): the file already reads new_text where old_text is.
//     Replacing again would put the added text in a second time. (A match
//     inside a copy of new_text is necessarily at such an offset: the copy
//     holds old_text there.)
//
// A match of the search that is not inside such a copy, next to one that is,
// stays a failure (ambiguous, or for a replace-all a refusal): the edit may
// be applied at one place and not the other, and clada neither applies it
// twice nor picks a place.

// minEvidence is how many non-blank characters new_text needs before its
// mere presence in the file (the search being gone) counts as the edit's
// result.
const minEvidence = 3

// AlreadyApplied recognises an edit whose result the file already holds:
// its search occurs nowhere (the caller checked) and newText occurs exactly
// as often as the edit would have put it there (want times). That is a
// replayed answer, and it succeeds without touching the file. Anything less
// certain (an empty or trivially short newText, another count) is false.
//
// want < 0 is a replace-all without a count: any copy of newText will do,
// since every occurrence was replaced, however many there were.
func (t Text) AlreadyApplied(newText string, want int) bool {
	if Trivial(newText) {
		return false
	}
	n := len(FindAll(t.Body, t.ToFileEOL(newText)))
	if adapted := t.ToFileEOL(newText); n == 0 && adapted != newText {
		n = len(FindAll(t.Body, newText))
	}
	return n == want || want < 0 && n > 0
}

// Trivial reports whether text is too short to stand as evidence on its
// own: fewer than minEvidence non-blank characters, or no letter or digit
// at all (punctuation such as "});" is everywhere in code).
func Trivial(text string) bool {
	n, word := 0, false
	for _, r := range text {
		if unicode.IsSpace(r) {
			continue
		}
		n++
		word = word || unicode.IsLetter(r) || unicode.IsDigit(r)
	}
	return n < minEvidence || !word
}

// TrivialHint adds to a not-found hint why new_text's presence was not
// taken as the edit already applied, when that is what happened.
func (t Text) TrivialHint(hint, newText string) string {
	if !Trivial(newText) || strings.TrimSpace(newText) == "" {
		return hint
	}
	offs := FindAll(t.Body, t.ToFileEOL(newText))
	if len(offs) != 1 {
		return hint
	}
	return fmt.Sprintf("%s\n(new_text %q occurs once, at line %d, but is too short to tell that this edit is already applied)",
		hint, strings.TrimSpace(newText), LineAt(t.Body, offs[0]))
}

// ReplayCopies relates the matches offs (ascending) of old in body to
// copies of repl (new_text as it would be written) there. When repl
// contains old, a match m is inside a copy when some copy of repl starts at
// p <= m and reaches past m+len(old): old then sits in it exactly where
// repl has it. It returns the matches inside a copy and the copies' starts
// (a copy holding several matches counts once; of overlapping copies the
// first is taken). When repl does not contain old (or is old) both are
// empty. The cost is one scan of body for repl, plus a short look around
// each match that has a copy near it.
func ReplayCopies(body string, offs []int, old, repl string) (inside, copies []int) {
	if len(offs) == 0 || repl == old || !strings.Contains(repl, old) {
		return nil, nil
	}
	near := FindAll(body, repl)
	if len(near) == 0 {
		return nil, nil
	}
	last := -1
	for _, m := range offs {
		if last >= 0 && m+len(old) <= last+len(repl) { // inside the copy of a match before
			inside = append(inside, m)
			continue
		}
		if p := copyAround(body, near, m, len(old), repl); p >= 0 {
			inside, copies, last = append(inside, m), append(copies, p), p
		}
	}
	return inside, copies
}

// copyAround is the first start p of a copy of repl in body with p <= m
// and m+n <= p+len(repl), or -1. near is FindAll(body, repl): it skips
// copies overlapping one it found, but every copy starts less than
// len(repl) after one of near, so the text is searched only when one of
// them is close enough.
func copyAround(body string, near []int, m, n int, repl string) int {
	lo := max(0, m+n-len(repl))
	if i, _ := slices.BinarySearch(near, lo-len(repl)+1); i == len(near) || near[i] > m {
		return -1
	}
	j := strings.Index(body[lo:min(len(body), m+len(repl))], repl)
	if j < 0 || lo+j > m {
		return -1
	}
	return lo + j
}

// InsideHint adds to an ambiguity hint which matches already lie inside a
// copy of new_text, so the reader sees the edit may be applied there.
func InsideHint(hint, body string, inside []int, n int) string {
	if len(inside) == 0 {
		return hint
	}
	return fmt.Sprintf("%s\nold_text at %s already lies inside a copy of new_text, so the edit looks applied there; if it is, drop the edit",
		hint, MatchLocations(body, inside, n))
}

// Outside is the matches offs that are not in inside (both ascending).
func Outside(offs, inside []int) []int {
	var out []int
	for _, m := range offs {
		if _, found := slices.BinarySearch(inside, m); !found {
			out = append(out, m)
		}
	}
	return out
}
