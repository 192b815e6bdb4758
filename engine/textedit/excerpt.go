package textedit

import (
	"fmt"
	"strings"
)

// ExcerptReport says what a whole-file block that reads as an excerpt
// keeps and leaves out, in words for the LLM.
type ExcerptReport struct {
	Kept    string // "lines 21-27 (7 of the file's 31 non-blank lines)"
	Dropped string // "lines 1-20 and 28-38"
	// Unrelated marks a block that shares no line with the file: Kept is
	// then "none of the file's 31 non-blank lines" and Dropped the whole
	// file ("lines 1-38").
	Unrelated bool
}

// Excerpt tells whether block, written as the whole new content of a file
// whose text is body, is an excerpt of it instead: a part of the file (a
// changed function shown alone) that written whole would delete the rest
// (README, "Lazy placeholders"). Counting non-blank lines, and the lines
// the block has in common with the file (in order, a longest common
// subsequence), it is one when the block is shorter than the file and
// drops file lines before the first line in common or after the last, and
// either
//
//   - puts nothing of its own in their place (the block only deletes at
//     that end: a "before" block shown beside an "after" one, a function
//     shown alone), or
//   - has fewer than half the file's lines in common with it.
//
// A rewrite of a whole file keeps both ends or none of it, and is not an
// excerpt; a block that adds comments to every function keeps all of it.
// A rewrite that only deletes the file's first or last lines is refused
// too: a deletion is said with an edit. nil when the block is no excerpt.
//
// A block that shares no line with the file is no excerpt of it, but it
// is no rewrite of it either when it has fewer than half the file's lines
// (and the file four or more): that is a new function shown alone to be
// added, or another file's text under this path, and written whole it
// would delete everything. It is reported as Unrelated. A block sharing
// nothing with at least half the file's length is a rewrite (the file
// redone in another style or language) and is written.
func Excerpt(body, block string) *ExcerptReport {
	old := nonBlank(splitLines(body))
	nw := nonBlank(splitLines(block))
	if len(old) == 0 || len(nw) >= len(old) {
		return nil
	}
	ed := diffLines(texts(old), texts(nw))
	first, last, common := -1, -1, 0
	i := 0
	addsBefore, addsAfter := false, false // block lines before the first line in common, after the last
	for _, e := range ed {
		switch e.op {
		case ' ':
			if first < 0 {
				first = i
			}
			last = i
			common++
			i++
			addsAfter = false
		case '-':
			i++
		case '+':
			if first < 0 {
				addsBefore = true
			}
			addsAfter = true
		}
	}
	if common == 0 {
		if len(old) < 4 || 2*len(nw) >= len(old) {
			return nil // a rewrite sharing nothing
		}
		return &ExcerptReport{
			Kept:      fmt.Sprintf("none of the file's %d non-blank lines", len(old)),
			Dropped:   lineSpan(old[0].n, old[len(old)-1].n),
			Unrelated: true,
		}
	}
	if first == 0 && last == len(old)-1 {
		return nil // a rewrite that keeps both ends
	}
	// Only deleted at an end: the file's first or last lines go, and the
	// block puts nothing in their place.
	onlyDeletes := first > 0 && !addsBefore || last < len(old)-1 && !addsAfter
	if !onlyDeletes && (2*common >= len(old)) {
		return nil
	}
	var dropped []string
	if first > 0 {
		dropped = append(dropped, lineSpan(old[0].n, old[first-1].n))
	}
	if last < len(old)-1 {
		dropped = append(dropped, lineSpan(old[last+1].n, old[len(old)-1].n))
	}
	return &ExcerptReport{
		Kept:    fmt.Sprintf("%s (%d of the file's %d non-blank lines)", lineSpan(old[first].n, old[last].n), common, len(old)),
		Dropped: strings.Join(dropped, " and "),
	}
}

// numbered is a line with its 1-based number.
type numbered struct {
	n    int
	text string
}

func nonBlank(ls []string) []numbered {
	var out []numbered
	for i, l := range ls {
		if strings.TrimSpace(l) != "" {
			out = append(out, numbered{i + 1, l})
		}
	}
	return out
}

func texts(ls []numbered) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = l.text
	}
	return out
}

func lineSpan(a, b int) string {
	if a == b {
		return fmt.Sprintf("line %d", a)
	}
	return fmt.Sprintf("lines %d-%d", a, b)
}
