package lines

import (
	"strings"
	"testing"
)

func TestFenceAbove(t *testing.T) {
	for _, c := range []struct {
		why, above  string // the lines above the block's first marker
		ends, stays []string
	}{
		{"three backticks with an info string", "a.py\n```python", []string{"```", "  ```  ", "````"}, []string{"``", "```python", "~~~", "x```"}},
		{"four backticks: three are text", "````markdown", []string{"````", "`````"}, []string{"```"}},
		{"tildes", "~~~", []string{"~~~", "~~~~"}, []string{"```"}},
		{"blank lines between", "```\n\n", []string{"```"}, nil},
		{"a path line right above: no fence", "```\na.py", nil, []string{"```", "~~~"}},
		{"nothing above", "", nil, []string{"```"}},
	} {
		ls := strings.Split(c.above, "\n")
		if c.above == "" {
			ls = nil
		}
		closes := FenceAbove(func(k int) []byte { return []byte(ls[k]) }, len(ls))
		for _, l := range c.ends {
			if !closes([]byte(l)) {
				t.Errorf("%s: %q does not end the fence", c.why, l)
			}
		}
		for _, l := range c.stays {
			if closes([]byte(l)) {
				t.Errorf("%s: %q ends the fence", c.why, l)
			}
		}
	}
}
