package lang

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// The line table holds the start of every line, whatever the mix of
// newlines and bytes next to them (0x0a's neighbours 0x09, 0x0b, 0x0b0a, …
// are what a word-at-a-time scan could mistake).
func TestNewFileLineTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte{'\n', '\n', 0x09, 0x0b, 0x0a ^ 0x80, 0x00, 0x01, 'a', 0xff, '\r'}
	for n := range 300 {
		src := make([]byte, n)
		for i := range src {
			src[i] = alphabet[rng.IntN(len(alphabet))]
		}
		want := []int{0}
		for i, c := range src {
			if c == '\n' {
				want = append(want, i+1)
			}
		}
		if got := NewFile("x", src).lines; !slices.Equal(got, want) {
			t.Fatalf("%q: lines %v, want %v", src, got, want)
		}
		// Shared among workers, cut anywhere (a cut may fall between
		// "\r" and "\n", or leave a worker no text).
		for w := 2; w <= 5; w++ {
			if got := lineTable(src, w); !slices.Equal(got, want) {
				t.Fatalf("%q with %d workers: lines %v, want %v", src, w, got, want)
			}
		}
	}
}
