package textedit

import (
	"bytes"
	"encoding/binary"
	"slices"
)

// The index's first pass over the whole file, sampled. Looking up a key at
// every byte of a 10 MiB file was most of an index's cost (about 25 ms of
// CPU, a fifth of a 5,000-edit apply). When every search is at least
// KeyLen+s-1 bytes long, an occurrence starting at t covers exactly one
// text position i that is a multiple of s in [t, t+s), and the search's
// KeyLen bytes at offset i-t (< s) are in the text at i. So the pass looks
// only at every s-th position, and each search is known by its keys at
// offsets 0..s-1 ("grams"): s times fewer lookups for s times more keys.
// An occurrence is found from one position only (two multiples of s are s
// apart, the offsets less), so nothing is found twice.

// maxStride bounds s: past it, the searches' grams cost more to hash in
// (5,000 searches make 5,000·s keys) than the lookups they save.
const maxStride = 8

// gram is a search's KeyLen bytes at offset off; next is the slot of the
// next gram with the same key, -1 for none.
type gram struct {
	pid, off, next int32
}

// sampler is the first pass's table: every search's grams, chained by key
// from first (one map entry and no slice per key: 5,000 searches make
// 40,000 grams), and a bitset over their hashes, as Index's byKey and
// filter are for offset 0.
type sampler struct {
	stride int
	first  map[[2]uint64]int32
	grams  []gram
	filter keyFilter
}

// newSampler is the table for pats, or nil when the shortest search leaves
// no room for a stride above 1 (the plain pass, scanFrom, runs instead).
func newSampler(pats []string) *sampler {
	if len(pats) == 0 {
		return nil
	}
	shortest := len(pats[0])
	for _, p := range pats {
		shortest = min(shortest, len(p))
	}
	s := min(maxStride, shortest-KeyLen+1)
	if s < 2 {
		return nil
	}
	n := len(pats) * s
	sm := &sampler{stride: s, first: make(map[[2]uint64]int32, n), grams: make([]gram, 0, n), filter: newKeyFilter(n)}
	// Chained last to first, so that each chain runs by search, then offset.
	for pid := len(pats) - 1; pid >= 0; pid-- {
		p := pats[pid]
		for off := s - 1; off >= 0; off-- {
			k := keyOf([]byte(p[off:]))
			next, ok := sm.first[k]
			if !ok {
				next = -1
			}
			sm.first[k] = int32(len(sm.grams))
			sm.grams = append(sm.grams, gram{int32(pid), int32(off), next})
			sm.filter.add(k)
		}
	}
	return sm
}

// scanFrom is Index.scanFrom for the occurrences starting at lo..hi-1 of
// text (the whole text: base 0), found from every stride-th position; it
// emits the same occurrences in the same order (by position, then by
// search).
func (sm *sampler) scanFrom(x *Index, text []byte, lo, hi int, emit func(occ)) {
	s := sm.stride
	filter := &sm.filter
	var found []occ
	for i := (lo + s - 1) / s * s; i < hi+s-1 && i+KeyLen <= len(text); i += s {
		w := text[i : i+KeyLen : i+KeyLen]
		k0, k1 := binary.LittleEndian.Uint64(w[:8]), binary.LittleEndian.Uint64(w[8:])
		if !filter.mayHold(keyHash(k0, k1)) {
			continue
		}
		k := [2]uint64{k0, k1}
		found = found[:0]
		g, ok := sm.first[k]
		for ; ok && g >= 0; g = sm.grams[g].next {
			g := sm.grams[g]
			t := i - int(g.off)
			if t >= lo && t < hi && bytes.HasPrefix(text[t:], []byte(x.pats[g.pid])) {
				found = append(found, occ{t, g.pid})
			}
		}
		// The occurrences found here start in (i-s, i], after every one
		// found from an earlier position: only their own order is left.
		slices.SortFunc(found, func(a, b occ) int {
			if a.pos != b.pos {
				return a.pos - b.pos
			}
			return int(a.pid - b.pid)
		})
		for _, o := range found {
			emit(o)
		}
	}
}
