package textedit

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// The raw-bytes exact rung must decide exactly as the exact rung on Lines
// does, and edit exactly as ReplaceHunk does, on whatever it settles.
func TestExactBytesAgreesWithLines(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	words := []string{"", "a", "b", "a b", " a", "ab", "\u2014"}
	pick := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = words[r.IntN(len(words))]
		}
		return out
	}
	settled := 0
	for range 20000 {
		body := strings.Join(pick(r.IntN(7)), "\n")
		if r.IntN(2) == 0 && body != "" {
			body += "\n"
		}
		anchors := pick(r.IntN(2))
		old, repl := pick(1+r.IntN(3)), pick(r.IntN(4))
		lines := NewFileLines(body)
		from, anchorsFound := 0, true
		for _, a := range anchors {
			at, _, hits := lines.Seek([]string{a}, from, false, ExactRung)
			if len(hits) > 1 {
				at = hits[0]
			}
			if at < 0 {
				anchorsFound = false
				break
			}
			from = at + 1
		}
		at := -1
		if anchorsFound {
			at, _, _ = lines.Seek(old, from, false, ExactRung)
		}
		s, e, ok := ExactBytes(body, anchors, old)
		if ok != (at >= 0) {
			t.Fatalf("body %q anchors %q old %q: bytes found %v, lines at %d", body, anchors, old, ok, at)
		}
		if !ok {
			continue
		}
		settled++
		if got := strings.Count(body[:s], "\n"); got != at {
			t.Fatalf("body %q old %q: bytes at line %d, lines at %d", body, old, got, at)
		}
		wantReplayed := lines.Replayed([]int{at}, old, repl)
		if got := ReplayedBytes(body, s, e, old, repl); got != wantReplayed {
			t.Fatalf("body %q old %q repl %q: replayed %v, lines say %v", body, old, repl, got, wantReplayed)
		}
		lines.ReplaceHunk(at, old, repl, false)
		if got, want := ReplaceExactBytes(body, s, e, repl), lines.Text(); got != want {
			t.Fatalf("body %q old %q repl %q: bytes give %q, lines %q", body, old, repl, got, want)
		}
	}
	if settled < 1000 {
		t.Fatalf("only %d cases settled on the bytes", settled)
	}
}

// A file with CR bytes, or a hunk the exact rung does not settle, is left
// to the ladder.
func TestExactBytesLeavesTheLadder(t *testing.T) {
	for _, c := range []struct {
		body    string
		anchors []string
		old     []string
	}{
		{"a\r\nb\r\n", nil, []string{"a"}},
		{"a\nb\na\n", nil, []string{"a"}},
		{" a\nb\n", nil, []string{"a"}},
		{"x\na\n", []string{"y"}, []string{"a"}},
		{"a\n", nil, []string{"a", ""}},
	} {
		if _, _, ok := ExactBytes(c.body, c.anchors, c.old); ok {
			t.Errorf("body %q old %q: settled on the bytes", c.body, c.old)
		}
	}
}
