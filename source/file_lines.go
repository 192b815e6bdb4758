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
// starts, the first 0. Offsets are kept as uint32 while the text allows
// (below 4 GiB, every answer): half the memory of int, and half the bytes
// to write and clear for a 5.6 MB answer's 555,000 lines.
type lineStarts struct {
	narrow []uint32
	wide   []int // for a text of 4 GiB or more; narrow is nil then
}

// newLineStarts builds the table of src on up to workers goroutines (see
// lineTable).
func newLineStarts(src []byte, workers int) lineStarts {
	workers = min(workers, len(src)/lineTableShare)
	if uint64(len(src)) < math.MaxUint32 {
		return lineStarts{narrow: lineTable[uint32](src, workers)}
	}
	return lineStarts{wide: lineTable[int](src, workers)}
}

// len is the number of lines.
func (t *lineStarts) len() int {
	if t.wide != nil {
		return len(t.wide)
	}
	return len(t.narrow)
}

// at is where line i (0-based) starts.
func (t *lineStarts) at(i int) int {
	if t.wide != nil {
		return t.wide[i]
	}
	return int(t.narrow[i])
}

// lineOf returns the 1-based line holding off.
func (t *lineStarts) lineOf(off int) int {
	if t.wide != nil {
		return sort.Search(len(t.wide), func(i int) bool { return t.wide[i] > off })
	}
	return sort.Search(len(t.narrow), func(i int) bool { return int(t.narrow[i]) > off })
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
