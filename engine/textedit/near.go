package textedit

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
		for _, off := range kept {
			if LineAt(body, off) == want {
				kept = []int{off}
				break
			}
		}
	}
	if len(kept) == 1 {
		got = LineAt(body, kept[0])
	}
	return kept, got
}
