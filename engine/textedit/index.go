package textedit

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"strings"
	"unicode/utf8"
)

// The fast path for many file_replace_text actions on one file in one apply.
// Checking that a search occurs exactly once means scanning the
// whole file, and splicing the replacement in means copying it: for 5,000
// edits of a 10 MiB file that is 5,000 scans and copies. Instead, when an
// apply holds a file it already wrote (engine's write-back cache) and the
// document has many searches for it, the file gets an Index: its text in a gap
// buffer, and where each of those searches occurs in it, found in one pass
// and kept current edit by edit by looking only around the edited span.
//
// The fast path only ever takes the plain success case (the search occurs
// exactly once, no line endings to adapt; replaced, or already applied when
// that one match lies inside a copy of the replacement, replay.go) and
// gives the very result the ordinary path would; anything else (not found,
// found twice, CRLF to adapt, a search the index does not know) goes the
// ordinary way on the same text.

// KeyLen is the shortest search an Index takes: it finds a search by its
// first KeyLen bytes. filterBits sizes the bitset over those keys' hashes.
const (
	KeyLen     = 16
	filterBits = 20
)

// occ is one occurrence of pattern pid at byte pos of the text.
type occ struct {
	pos int
	pid int32
}

// Index is one file's text and the occurrences of the planned searches.
type Index struct {
	bom     bool   // the file starts with BOM, kept out of the text as Decode does
	buf     []byte // gap buffer: the text is buf[:gs] followed by buf[ge:]
	gs, ge  int
	crlfs   int // "\r\n" pairs in the text: with any, searches with line ends go the ordinary way
	pats    []string
	ids     map[string]int32
	byKey   map[[2]uint64][]int32 // a pattern's first KeyLen bytes → the patterns
	filter  []uint64              // bitset over the keys' hashes
	maxLen  int
	occs    []occ   // sorted by pos; every occurrence, overlapping ones too
	count   []int32 // occurrences per pattern
	scratch []byte
	// line is the 1-based line number at text offset linePos, kept
	// across edits, so the lines of ascending matches (a unified diff's
	// hunks) are counted once over the file, not from its start each time.
	linePos, line int
}

// NewIndex indexes data for the searches olds; nil when data is not
// UTF-8 (the ordinary path reports that).
func NewIndex(data []byte, olds []string) *Index {
	if !utf8.Valid(data) {
		return nil
	}
	x := &Index{line: 1, ids: map[string]int32{}, byKey: map[[2]uint64][]int32{}, filter: make([]uint64, 1<<filterBits/64)}
	if bytes.HasPrefix(data, []byte(BOM)) {
		x.bom, data = true, data[len(BOM):]
	}
	for _, p := range olds {
		if _, dup := x.ids[p]; dup {
			continue
		}
		id := int32(len(x.pats))
		x.ids[p] = id
		x.pats = append(x.pats, p)
		k := keyOf([]byte(p))
		x.byKey[k] = append(x.byKey[k], id)
		h := hashKey(k)
		x.filter[h/64] |= 1 << (h % 64)
		x.maxLen = max(x.maxLen, len(p))
	}
	x.count = make([]int32, len(x.pats))
	gap := len(data)/8 + 4096
	x.buf = make([]byte, len(data)+gap)
	copy(x.buf, data)
	x.gs, x.ge = len(data), len(x.buf)
	x.crlfs = bytes.Count(data, []byte("\r\n"))
	x.scan(data, 0, func(o occ) { x.occs = append(x.occs, o); x.count[o.pid]++ })
	return x
}

// keyOf is the first KeyLen bytes of s (which has at least that many).
func keyOf(s []byte) [2]uint64 {
	return [2]uint64{binary.LittleEndian.Uint64(s), binary.LittleEndian.Uint64(s[8:])}
}

// hashKey is one multiply: it runs at every byte of the file.
func hashKey(k [2]uint64) uint64 {
	return ((k[0] ^ bits.RotateLeft64(k[1], 29)) * 0x9E3779B97F4A7C15) >> (64 - filterBits)
}

// scan reports every occurrence of every pattern in text, whose first byte is
// at base in the whole text, in order of position.
func (x *Index) scan(text []byte, base int, emit func(occ)) {
	filter := x.filter[:1<<filterBits/64]
	for i := 0; i+KeyLen <= len(text); i++ {
		w := text[i : i+KeyLen : i+KeyLen]
		k := [2]uint64{binary.LittleEndian.Uint64(w[:8]), binary.LittleEndian.Uint64(w[8:])}
		h := hashKey(k)
		if filter[h>>6]&(1<<(h&63)) == 0 {
			continue
		}
		for _, id := range x.byKey[k] {
			if bytes.HasPrefix(text[i:], []byte(x.pats[id])) {
				emit(occ{base + i, id})
			}
		}
	}
}

func (x *Index) len() int { return len(x.buf) - (x.ge - x.gs) }

// Bytes is the file's content: a new slice, never written to again.
func (x *Index) Bytes() []byte {
	out := make([]byte, 0, len(BOM)+x.len())
	if x.bom {
		out = append(out, BOM...)
	}
	return append(append(out, x.buf[:x.gs]...), x.buf[x.ge:]...)
}

// text copies the text's bytes from..to (clamped) into scratch.
func (x *Index) text(from, to int) []byte {
	from, to = max(from, 0), min(to, x.len())
	x.scratch = x.scratch[:0]
	if from >= to {
		return x.scratch
	}
	if from < x.gs {
		x.scratch = append(x.scratch, x.buf[from:min(to, x.gs)]...)
	}
	if to > x.gs {
		g := x.ge - x.gs
		x.scratch = append(x.scratch, x.buf[max(from, x.gs)+g:to+g]...)
	}
	return x.scratch
}

// moveGap puts the gap at text offset at with room for n more bytes.
func (x *Index) moveGap(at, n int) {
	if x.ge-x.gs < n {
		grown := make([]byte, len(x.buf)+n+len(x.buf)/8)
		copy(grown, x.buf[:x.gs])
		tail := len(x.buf) - x.ge
		copy(grown[len(grown)-tail:], x.buf[x.ge:])
		x.buf, x.ge = grown, len(grown)-tail
	}
	switch {
	case at < x.gs:
		n := x.gs - at
		copy(x.buf[x.ge-n:x.ge], x.buf[at:x.gs])
		x.gs, x.ge = at, x.ge-n
	case at > x.gs:
		n := at - x.gs
		copy(x.buf[x.gs:x.gs+n], x.buf[x.ge:x.ge+n])
		x.gs, x.ge = at, x.ge+n
	}
}

// Indexed is what the index made of one file_replace_text.
type Indexed uint8

const (
	Declined Indexed = iota // the ordinary path must decide; nothing changed
	Replaced                // old replaced by repl
	Replayed                // already applied: old's one match lies in a copy of repl (replay.go)
)

// countNL counts the "\n" bytes of the text from..to, across the gap.
func (x *Index) countNL(from, to int) int {
	n := 0
	if from < x.gs {
		n += bytes.Count(x.buf[from:min(to, x.gs)], []byte("\n"))
	}
	if to > x.gs {
		g := x.ge - x.gs
		n += bytes.Count(x.buf[max(from, x.gs)+g:to+g], []byte("\n"))
	}
	return n
}

// lineAt is the 1-based line number of text offset pos, counted from the
// last one asked for (or the start, whichever is nearer).
func (x *Index) lineAt(pos int) int {
	switch {
	case pos >= x.linePos:
		x.line += x.countNL(x.linePos, pos)
	case pos < x.linePos-pos:
		x.line = 1 + x.countNL(0, pos)
	default:
		x.line -= x.countNL(pos, x.linePos)
	}
	x.linePos = pos
	return x.line
}

// ReplaceOnce is file_replace_text's success case: old (a planned search)
// occurs exactly once and needs no line-end adapting. It also gives the
// 1-based line the match starts on (a unified diff's hunk reports how far
// that is from the line it stated). When lineStart is true, a match that
// does not start a line is left to the ordinary path (near_line keeps only
// those: PickNear). It declines, having changed nothing, when the ordinary
// path must decide.
func (x *Index) ReplaceOnce(old, repl string, lineStart bool) (Indexed, int) {
	id, known := x.ids[old]
	if !known || x.count[id] != 1 {
		return Declined, 0
	}
	if x.crlfs > 0 && strings.ContainsAny(old+repl, "\r\n") {
		return Declined, 0 // ToFileEOL/ReplacementEOL may adapt them
	}
	at := -1
	for _, o := range x.occs {
		if o.pid == id {
			at = o.pos
			break
		}
	}
	if lineStart && at > 0 && x.text(at-1, at)[0] != '\n' {
		return Declined, 0
	}
	line := x.lineAt(at)
	if repl != old && strings.Contains(repl, old) { // a copy of repl around old's one match?
		lo := max(0, at+len(old)-len(repl))
		if j := bytes.Index(x.text(lo, at+len(repl)), []byte(repl)); j >= 0 && lo+j <= at {
			return Replayed, line
		}
	}
	end, n := at+len(old), len(repl)
	// lineAt left the counted line at the match: the text before it, and
	// so its line number, the edit does not change.
	x.crlfs -= bytes.Count(x.text(at-1, end+1), []byte("\r\n"))
	x.moveGap(end, n)
	x.gs = at // drop old: it sits just before the gap
	copy(x.buf[x.gs:], repl)
	x.gs += n
	x.crlfs += bytes.Count(x.text(at-1, at+n+1), []byte("\r\n"))

	// Occurrences touching the old span are gone, those after it move.
	delta := n - len(old)
	kept := x.occs[:0]
	for _, o := range x.occs {
		switch {
		case o.pos+len(x.pats[o.pid]) <= at:
		case o.pos >= end:
			o.pos += delta
		default:
			x.count[o.pid]--
			continue
		}
		kept = append(kept, o)
	}
	x.occs = kept
	// New ones overlap the new span (or, for an empty one, straddle it).
	from := at - x.maxLen + 1
	var fresh []occ
	x.scan(x.text(from, at+n+x.maxLen-1), max(from, 0), func(o occ) {
		if o.pos+len(x.pats[o.pid]) > at && o.pos < at+n {
			fresh = append(fresh, o)
		}
	})
	for _, o := range fresh {
		i, _ := slicesSearch(x.occs, o.pos)
		x.occs = append(x.occs, occ{})
		copy(x.occs[i+1:], x.occs[i:])
		x.occs[i] = o
		x.count[o.pid]++
	}
	return Replaced, line
}

// slicesSearch is the index of the first occurrence at or after pos.
func slicesSearch(occs []occ, pos int) (int, bool) {
	lo, hi := 0, len(occs)
	for lo < hi {
		m := (lo + hi) / 2
		if occs[m].pos < pos {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo, lo < len(occs) && occs[lo].pos == pos
}
