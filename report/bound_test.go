package report

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// numbered is n lines "0000001\n" … , 8 bytes each.
func numbered(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "%07d\n", i)
	}
	return b.String()
}

func TestBound(t *testing.T) {
	see := func(first, last int) string { return fmt.Sprintf("ADVICE %d-%d", first, last) }
	e := strings.Repeat("é", 500) // 1000 bytes, one line, two bytes a character
	tests := []struct {
		name, text string
		max        int
		want       string
	}{
		{"fits", numbered(3), 24, numbered(3)},
		{"unbounded", numbered(100), 0, numbered(100)},
		{"cut at line ends", numbered(100), 450,
			"0000001\n0000002\n0000003\n" +
				"[clada cut 94 lines (4-97 of 100), 752 bytes, to fit --max-report; to see them: ADVICE 4-97]\n" +
				"0000098\n0000099\n0000100\n"},
		{"one long line is cut between characters", e, 450,
			strings.Repeat("é", 12) + "\n" +
				"[clada cut part of line 1 of 1, 952 bytes, to fit --max-report; to see them: ADVICE 1-1]\n" +
				strings.Repeat("é", 12)},
		{"smaller than the marker keeps only the marker", numbered(100), 10,
			"[clada cut 100 lines (1-100 of 100), 800 bytes, to fit --max-report; to see them: ADVICE 1-100]\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Bound(tc.text, tc.max, see)); diff != "" {
				t.Errorf("Bound (-want +got):\n%s", diff)
			}
		})
	}
}

// TestBoundKeepsHeadAndTail: whatever the size, the result stays within
// max, is valid UTF-8, and is a head and a tail of the text around one
// marker line.
func TestBoundKeepsHeadAndTail(t *testing.T) {
	see := func(first, last int) string { return "x" }
	texts := []string{numbered(50000), strings.Repeat("日本語", 30000), strings.Repeat("a\r\n", 4000) + "no newline at end",
		strings.Repeat("x", 100000) + "\n" + numbered(10)}
	for ti, text := range texts {
		for _, max := range []int{1000, 1001, 4096, 50 << 10} {
			got := Bound(text, max, see)
			if len(text) <= max {
				if got != text {
					t.Errorf("text %d, max %d: a text that fits was changed", ti, max)
				}
				continue
			}
			if len(got) > max || !utf8.ValidString(got) {
				t.Fatalf("text %d, max %d: %d bytes, valid UTF-8 %v", ti, max, len(got), utf8.ValidString(got))
			}
			i := strings.Index(got, "[clada cut ")
			if i < 0 {
				t.Fatalf("text %d, max %d: no marker in the %d bytes returned", ti, max, len(got))
			}
			j := strings.Index(got[i:], "]\n")
			if j < 0 {
				t.Fatalf("text %d, max %d: no marker in the %d bytes returned", ti, max, len(got))
			}
			head, tail := strings.TrimSuffix(got[:i], "\n"), got[i+j+2:]
			if !strings.HasPrefix(text, head) || !strings.HasSuffix(text, tail) || len(head) == 0 || len(tail) == 0 {
				t.Errorf("text %d, max %d: head %d bytes, tail %d bytes are not the text's", ti, max, len(head), len(tail))
			}
		}
	}
}
