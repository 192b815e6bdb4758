package textedit

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestSampledPassFindsWhatThePlainPassFinds holds the sampled first pass
// (index_sampled.go) to the plain one over random texts: the same
// occurrences in the same order, whatever the chunk bounds, for searches
// that overlap, repeat themselves ("abababab…", found from several
// positions of one stride), share their first bytes, or sit at the
// text's ends.
func TestSampledPassFindsWhatThePlainPassFinds(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabets := []string{"ab", "abc\n", "the quick brown fox\n", "x"}
	strided := 0
	for round := range 400 {
		alpha := alphabets[round%len(alphabets)]
		var sb strings.Builder
		for range 200 + rng.IntN(3000) {
			sb.WriteByte(alpha[rng.IntN(len(alpha))])
		}
		text := []byte(sb.String())
		var pats []string
		seen := map[string]bool{}
		for range 1 + rng.IntN(12) {
			n := KeyLen + rng.IntN(3*maxStride)
			if n > len(text) {
				continue
			}
			at := rng.IntN(len(text) - n + 1)
			p := string(text[at : at+n])
			if rng.IntN(5) == 0 { // a search that may occur nowhere
				p = p[:n-1] + "#"
			}
			if !seen[p] {
				seen[p] = true
				pats = append(pats, p)
			}
		}
		if len(pats) == 0 {
			continue
		}
		x := NewIndex(nil, pats)
		x.ensurePatterns()
		sm := newSampler(x.pats)
		if sm == nil {
			continue
		}
		strided++
		var want []occ
		x.scanFrom(text, 0, len(text), 0, func(o occ) { want = append(want, o) })
		for _, chunk := range []int{len(text), 1 + rng.IntN(len(text)), 7} {
			var got []occ
			for lo := 0; lo < len(text); lo += chunk {
				sm.scanFrom(x, text, lo, lo+chunk, func(o occ) { got = append(got, o) })
			}
			if !slices.Equal(got, want) {
				t.Fatalf("round %d, stride %d, chunks of %d, searches %q in %q:\nsampled %v\nplain   %v", round, sm.stride, chunk, pats, text, got, want)
			}
		}
	}
	if strided < 200 {
		t.Fatalf("only %d rounds had a stride above 1; the test no longer reaches the sampled pass", strided)
	}
}

func TestSamplerStride(t *testing.T) {
	for _, c := range []struct {
		lens []int
		want int // 0: no sampler
	}{
		{[]int{KeyLen}, 0},
		{[]int{KeyLen + 1}, 2},
		{[]int{KeyLen + 100, KeyLen + 3}, 4},
		{[]int{KeyLen + 100}, maxStride},
	} {
		var pats []string
		for i, n := range c.lens {
			pats = append(pats, strings.Repeat(string(rune('a'+i)), n))
		}
		sm := newSampler(pats)
		got := 0
		if sm != nil {
			got = sm.stride
		}
		if got != c.want {
			t.Errorf("searches of lengths %v: stride %d, want %d", c.lens, got, c.want)
		}
	}
}

// A key filter holds every key added, is sized to its keys, and lets few
// others through.
func TestKeyFilter(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	key := func() [2]uint64 { return [2]uint64{rng.Uint64(), rng.Uint64()} }
	for _, n := range []int{1, 10, 5000, 40000, 1 << 20} {
		f := newKeyFilter(n)
		if got, lo, hi := len(f.words)*64, 1<<minFilterBits, 1<<maxFilterBits; got < lo || got > hi || (got < 16*n && got != hi) {
			t.Fatalf("%d keys: %d bits", n, got)
		}
		keys := make([][2]uint64, min(n, 50000))
		for i := range keys {
			keys[i] = key()
			f.add(keys[i])
		}
		for _, k := range keys {
			if !f.mayHold(keyHash(k[0], k[1])) {
				t.Fatalf("%d keys: a key added is not held", n)
			}
		}
		through := 0
		for range 100000 {
			if k := key(); f.mayHold(keyHash(k[0], k[1])) {
				through++
			}
		}
		if n <= 40000 && through > 3000 { // about 1.5% expected at 16 bits a key
			t.Errorf("%d keys: %d of 100,000 other keys let through", n, through)
		}
	}
}
