package textedit

import "strings"

// PickNear chooses among the matches offs of a search in body by the line
// the match was expected at (a unified diff hunk's line number, want). A
// match must start a line (a hunk holds whole lines), and of several matches
// the one starting exactly at line want is taken; several none of which
// starts there stay several, so the edit fails as ambiguous and names them
// all. The line number only ever chooses: it never makes a match of text
// that is not there. got is the line of the one match kept, or 0.
func PickNear(body string, offs []int, want int) (kept []int, got int) {
	kept = offs[:0:0]
	for _, off := range offs {
		if off == 0 || body[off-1] == '\n' {
			kept = append(kept, off)
		}
	}
	if len(kept) > 1 {
		for i, line := range LinesAt(body, kept) {
			if line == want {
				kept = []int{kept[i]}
				break
			}
		}
	}
	if len(kept) == 1 {
		got = LineAt(body, kept[0])
	}
	return kept, got
}

// LinesAt is the 1-based line of each offset of offs (ascending), counted in
// one pass over body: a search common in a big file (a closing brace, a
// "return nil") has hundreds of thousands of matches, and counting each
// one's line from the start took minutes.
func LinesAt(body string, offs []int) []int {
	lines := make([]int, len(offs))
	pos, line := 0, 1
	for i, off := range offs {
		if off < pos { // not ascending: count from the start again
			pos, line = 0, 1
		}
		line += strings.Count(body[pos:off], "\n")
		pos = off
		lines[i] = line
	}
	return lines
}
