package source

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/bits"
	"sort"

	"github.com/clada-dev/clada/internal/parallel"
)

// lineStarts is a File's line table: the byte offset where each line
// starts, the first 0. It is a list of parts, each a run of consecutive
// line starts stored relative to the part's delta: a new File's table is
// one part, and an edited File's (EditFile) shares the parts of the
// table it was derived from, sliced where the edit cut them and moved
// by the edit's length delta, with a small part for the lines the
// replacement added. A keystroke in a 5.6 MB answer so allocates a few
// parts, not another 2.2 MB table: with the new text, that was a garbage
// collection every few keystrokes, and those were the slow keystrokes.
// Offsets are kept as uint32 while the text allows (below 4 GiB, every
// answer): half the memory of int, and half the bytes to write and clear
// for a 5.6 MB answer's 555,000 lines.
type lineStarts struct {
	parts []linePart
	n     int // lines in all
}

// linePart is a run of line starts: line first+j of the table starts at
// delta plus the part's j-th entry (narrow, or wide for a text of 4 GiB
// or more). Parts are never empty, and the arrays they slice are never
// written once a table holds them: tables share them.
type linePart struct {
	first, delta int
	narrow       []uint32
	wide         []int
}

func (p *linePart) len() int {
	if p.wide != nil {
		return len(p.wide)
	}
	return len(p.narrow)
}

func (p *linePart) at(j int) int {
	if p.wide != nil {
		return p.wide[j] + p.delta
	}
	return int(p.narrow[j]) + p.delta
}

// wholeTable is the one-part table of starts.
func wholeTable[T uint32 | int](starts []T) lineStarts {
	var p linePart
	switch s := any(starts).(type) {
	case []uint32:
		p.narrow = s
	case []int:
		p.wide = s
	}
	return lineStarts{parts: []linePart{p}, n: len(starts)}
}

// newLineStarts builds the table of src on up to workers goroutines (see
// lineTable).
func newLineStarts(src []byte, workers int) lineStarts {
	workers = min(workers, len(src)/lineTableShare)
	if uint64(len(src)) < math.MaxUint32 {
		return wholeTable(lineTable[uint32](src, workers))
	}
	return wholeTable(lineTable[int](src, workers))
}

// len is the number of lines.
func (t *lineStarts) len() int { return t.n }

// part is the part holding line i (0-based, within the table).
func (t *lineStarts) part(i int) *linePart {
	if len(t.parts) == 1 {
		return &t.parts[0]
	}
	k := sort.Search(len(t.parts), func(k int) bool { return t.parts[k].first > i })
	return &t.parts[k-1]
}

// at is where line i (0-based) starts.
func (t *lineStarts) at(i int) int {
	p := t.part(i)
	return p.at(i - p.first)
}

// lineOf returns the 1-based line holding off (the number of lines
// starting at or before it).
func (t *lineStarts) lineOf(off int) int {
	k := sort.Search(len(t.parts), func(k int) bool { return t.parts[k].at(0) > off })
	if k == 0 {
		return 0
	}
	p := &t.parts[k-1]
	if p.wide != nil {
		return p.first + sort.Search(len(p.wide), func(j int) bool { return p.wide[j]+p.delta > off })
	}
	return p.first + sort.Search(len(p.narrow), func(j int) bool { return int(p.narrow[j])+p.delta > off })
}

// appendLines appends to out the parts that hold t's lines [from, to),
// moved by delta, numbered on from out's last part; the arrays are
// shared, not copied.
func (t *lineStarts) appendLines(out []linePart, from, to, delta int) []linePart {
	for k := range t.parts {
		p := t.parts[k]
		lo, hi := max(from-p.first, 0), min(to-p.first, p.len())
		if lo >= hi {
			continue
		}
		q := linePart{delta: p.delta + delta}
		if p.wide != nil {
			q.wide = p.wide[lo:hi:hi]
		} else {
			q.narrow = p.narrow[lo:hi:hi]
		}
		out = appendPart(out, q)
	}
	return out
}

// appendPart appends p to out, numbering its first line after out's.
func appendPart(out []linePart, p linePart) []linePart {
	if n := len(out); n > 0 {
		p.first = out[n-1].first + out[n-1].len()
	}
	return append(out, p)
}

// maxLineParts bounds the parts of a table: an edit adds one or two (the
// part it cuts, the lines it adds), and past this many EditFile copies
// the table into one part again, so that a lookup stays a short search
// however long a document is edited.
const maxLineParts = 48

// flat is t's table as one part, copied.
func (t *lineStarts) flat(size int) lineStarts {
	if uint64(size) < math.MaxUint32 {
		starts := make([]uint32, 0, t.n)
		for _, p := range t.parts {
			for j := range p.len() {
				starts = append(starts, uint32(p.at(j)))
			}
		}
		return wholeTable(starts)
	}
	starts := make([]int, 0, t.n)
	for _, p := range t.parts {
		for j := range p.len() {
			starts = append(starts, p.at(j))
		}
	}
	return wholeTable(starts)
}

// lineTableShare is the least text each worker filling a line table gets:
// below it a goroutine's start costs about what it saves.
const lineTableShare = 512 << 10

// lineTable returns the start offset of every line of src, on workers
// goroutines (one when workers < 2). A line start depends only on the byte before it, so the text
// splits anywhere: each share's starts are counted, then filled into their
// own stretch of the table.
func lineTable[T uint32 | int](src []byte, workers int) []T {
	if workers < 2 {
		lines := make([]T, bytes.Count(src, []byte{'\n'})+1)
		fillLineStarts(lines[1:], src, 0)
		return lines
	}
	cuts := make([]int, workers+1) // share k is src[cuts[k]:cuts[k+1]]
	for k := range workers {
		cuts[k+1] = len(src) * (k + 1) / workers
	}
	counts := make([]int, workers) // line starts in share k
	parallel.Do(workers, workers, func(k int) {
		counts[k] = bytes.Count(src[cuts[k]:cuts[k+1]], []byte{'\n'})
	})
	at := make([]int, workers+1) // share k's starts go to lines[at[k]:at[k+1]]
	at[0] = 1
	for k, n := range counts {
		at[k+1] = at[k] + n
	}
	lines := make([]T, at[workers])
	parallel.Do(workers, workers, func(k int) {
		fillLineStarts(lines[at[k]:at[k+1]], src[cuts[k]:cuts[k+1]], cuts[k])
	})
	return lines
}

// fillLineStarts writes base plus the offset after each newline of src into
// out, which has room for exactly those. Sixteen bytes are tested at a time:
// a newline byte becomes zero (x ^ nl) and each zero byte sets the top bit
// of its byte in the mask (exactly, with no borrow between bytes).
func fillLineStarts[T uint32 | int](out []T, src []byte, base int) {
	const lows, nl = 0x7f7f7f7f7f7f7f7f, 0x0a0a0a0a0a0a0a0a
	n, i := 0, 0
	for ; i+16 <= len(src); i += 16 {
		x := binary.LittleEndian.Uint64(src[i:]) ^ nl
		y := binary.LittleEndian.Uint64(src[i+8:]) ^ nl
		for m := ^((x&lows + lows) | x | lows); m != 0; m &= m - 1 {
			out[n] = T(base + i + bits.TrailingZeros64(m)>>3 + 1)
			n++
		}
		for m := ^((y&lows + lows) | y | lows); m != 0; m &= m - 1 {
			out[n] = T(base + i + 8 + bits.TrailingZeros64(m)>>3 + 1)
			n++
		}
	}
	for ; i < len(src); i++ {
		if src[i] == '\n' {
			out[n] = T(base + i + 1)
			n++
		}
	}
}
