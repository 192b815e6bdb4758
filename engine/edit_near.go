package engine

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/clada-dev/clada/engine/textedit"
	"github.com/clada-dev/clada/lang"
)

// nearLine is what file_replace_text's near_line param (a unified diff
// hunk's line number) decided: the line the match was expected at, and the
// line it was found at.
type nearLine struct {
	want, got int
}

// pickNear applies near_line to the matches offs of a search of length n in
// body (textedit.PickNear says how). Without near_line it changes nothing.
func (x *opRun) pickNear(body string, offs []int, n int) ([]int, nearLine, *Result) {
	s, given := x.params[lang.ParamNearLine]
	if !given || s == "" {
		return offs, nearLine{}, nil
	}
	want, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || want < 1 {
		return nil, nearLine{}, &Result{Param: lang.ParamNearLine, Error: fmt.Sprintf("%s: near_line must be a line number (1 or more), got '%s'", x.op, s),
			Hint: `write near_line = "12", or leave it out`}
	}
	kept, got := textedit.PickNear(body, offs, want)
	return kept, nearLine{want: want, got: got}, nil
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
