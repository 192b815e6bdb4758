package textedit

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// replayCopies finds a match inside a copy of the replacement exactly when
// one exists, overlapping copies included (findAll skips those, and the
// search around a match must still find them): checked against the plain
// definition on small texts of two letters, where copies overlap often.
func TestReplayCopiesAgreesWithDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	word := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteByte("ab"[rng.IntN(2)])
		}
		return b.String()
	}
	for i := range 20000 {
		body, old := word(1+rng.IntN(40)), word(1+rng.IntN(3))
		repl := word(rng.IntN(3)) + old + word(rng.IntN(3))
		offs := FindAll(body, old)
		var want []int
		if repl != old {
			for _, m := range offs {
				for p := 0; p+len(repl) <= len(body); p++ {
					if p <= m && m+len(old) <= p+len(repl) && body[p:p+len(repl)] == repl {
						want = append(want, m)
						break
					}
				}
			}
		}
		got, copies := ReplayCopies(body, offs, old, repl)
		if !slices.Equal(got, want) {
			t.Fatalf("case %d: body %q old %q repl %q: inside %v, want %v", i, body, old, repl, got, want)
		}
		for _, p := range copies {
			if body[p:p+len(repl)] != repl {
				t.Fatalf("case %d: body %q repl %q: copy at %d is none", i, body, repl, p)
			}
		}
	}
}

// Short texts are no evidence on their own; anything with three
// non-blank characters, one a letter or digit, is.
func TestTrivial(t *testing.T) {
	for text, want := range map[string]bool{
		"": true, "x": true, " 42 \n": true, "});": true, "---\n": true, "=> {": true,
		"let ": false, "404": false, "a;b": false, "x = 1": false, "é\nü\nö": false,
	} {
		if got := Trivial(text); got != want {
			t.Errorf("Trivial(%q) = %v, want %v", text, got, want)
		}
	}
}
