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
}

// Excerpt tells whether block, written as the whole new content of a file
// whose text is body, is an excerpt of it instead: a part of the file (a
// changed function shown alone) that written whole would delete the rest
// (README, "Lazy placeholders"). It is one when all of these hold, counting
// non-blank lines:
//
//   - the lines the block has in common with the file (in order, a longest
//     common subsequence) are fewer than half the file's lines;
//   - the block is shorter than the file;
//   - the file has lines before the first line in common, or after the
//     last, that the block drops.
//
// A rewrite of a whole file keeps most of it or none of it, and is not an
// excerpt; a block that adds comments to every function keeps all of it.
// nil when the block is no excerpt.
func Excerpt(body, block string) *ExcerptReport {
	old := nonBlank(splitLines(body))
	nw := nonBlank(splitLines(block))
	if len(old) == 0 || len(nw) >= len(old) {
		return nil
	}
	ed := diffLines(texts(old), texts(nw))
	first, last, common := -1, -1, 0
	i := 0
	for _, e := range ed {
		switch e.op {
		case ' ':
			if first < 0 {
				first = i
			}
			last = i
			common++
			i++
		case '-':
			i++
		}
	}
	if common == 0 || 2*common >= len(old) || first == 0 && last == len(old)-1 {
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
