package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// nearLine is what file_replace_text's near_line param (a unified diff
// hunk's line number) decided: the line the match was expected at, and the
// line it was found at.
type nearLine struct {
	want, got int
}

// pickNear applies near_line to the matches offs of a search of length n in
// body. Without near_line it changes nothing. With it, a match must start a
// line (a hunk holds whole lines), and of several matches the one starting
// exactly at near_line is taken; several matches none of which starts there
// stay several, so the edit fails as ambiguous and names them all. The line
// number only ever chooses: it never makes a match of text that is not there.
func (x *opRun) pickNear(body string, offs []int, n int) ([]int, nearLine, *Result) {
	s, given := x.params["near_line"]
	if !given || s == "" {
		return offs, nearLine{}, nil
	}
	want, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || want < 1 {
		return nil, nearLine{}, &Result{Error: fmt.Sprintf("%s: near_line must be a line number (1 or more), got '%s'", x.op, s),
			Hint: `write near_line = "12", or leave it out`}
	}
	kept := offs[:0:0]
	for _, off := range offs {
		if off == 0 || body[off-1] == '\n' {
			kept = append(kept, off)
		}
	}
	if len(kept) > 1 {
		for _, off := range kept {
			if lineAt(body, off) == want {
				kept = []int{off}
				break
			}
		}
	}
	nl := nearLine{want: want}
	if len(kept) == 1 {
		nl.got = lineAt(body, kept[0])
	}
	return kept, nl, nil
}

// report adds the offset to a successful edit's data when the match was not
// at near_line: "offset" is found minus expected, in lines, as patch(1)
// reports it.
func (nl nearLine) report(data map[string]any) map[string]any {
	if nl.want > 0 && nl.got != nl.want {
		data["offset"] = nl.got - nl.want
	}
	return data
}
