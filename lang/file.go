package lang

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"runtime"
	"sort"
	"unicode/utf8"
)

// File is the source text of one document plus a line table. It is the only
// place that turns byte offsets (what the AST stores) into line/column pairs,
// so every front-end, renderer and the LSP agree on positions.
type File struct {
	Name  string
	Src   []byte
	lines []int // byte offset of the start of each line; lines[0] == 0
}

// NewFile builds the line table once; lookups are a binary search. The
// table is sized from a first count (bytes.Count, vectorised) and filled
// sixteen bytes at a time, so a 5 MB answer costs one allocation and about
// a millisecond and a half instead of six (issue 17 §2); a big text is
// filled by several cores at once, each its share of the text.
// bytes.IndexByte per line was slower on answers, whose lines are short.
func NewFile(name string, src []byte) *File {
	workers := min(runtime.GOMAXPROCS(0), len(src)/lineTableShare)
	return &File{Name: name, Src: src, lines: lineTable(src, workers)}
}

// lineTableShare is the least text each worker filling a line table gets:
// below it a goroutine's start costs about what it saves.
const lineTableShare = 512 << 10

// lineTable returns the start offset of every line of src, on workers
// goroutines (one when workers < 2). A line start depends only on the byte before it, so the text
// splits anywhere: each share's starts are counted, then filled into their
// own stretch of the table.
func lineTable(src []byte, workers int) []int {
	if workers < 2 {
		lines := make([]int, bytes.Count(src, []byte{'\n'})+1)
		fillLineStarts(lines[1:], src, 0)
		return lines
	}
	cuts := make([]int, workers+1) // share k is src[cuts[k]:cuts[k+1]]
	for k := range workers {
		cuts[k+1] = len(src) * (k + 1) / workers
	}
	counts := make([]int, workers) // line starts in share k
	runJobs(workers, workers, func(k int) {
		counts[k] = bytes.Count(src[cuts[k]:cuts[k+1]], []byte{'\n'})
	})
	at := make([]int, workers+1) // share k's starts go to lines[at[k]:at[k+1]]
	at[0] = 1
	for k, n := range counts {
		at[k+1] = at[k] + n
	}
	lines := make([]int, at[workers])
	runJobs(workers, workers, func(k int) {
		fillLineStarts(lines[at[k]:at[k+1]], src[cuts[k]:cuts[k+1]], cuts[k])
	})
	return lines
}

// fillLineStarts writes base plus the offset after each newline of src into
// out, which has room for exactly those. Sixteen bytes are tested at a time:
// a newline byte becomes zero (x ^ nl) and each zero byte sets the top bit
// of its byte in the mask (exactly, with no borrow between bytes).
func fillLineStarts(out []int, src []byte, base int) {
	const lows, nl = 0x7f7f7f7f7f7f7f7f, 0x0a0a0a0a0a0a0a0a
	n, i := 0, 0
	for ; i+16 <= len(src); i += 16 {
		x := binary.LittleEndian.Uint64(src[i:]) ^ nl
		y := binary.LittleEndian.Uint64(src[i+8:]) ^ nl
		for m := ^((x&lows + lows) | x | lows); m != 0; m &= m - 1 {
			out[n] = base + i + bits.TrailingZeros64(m)>>3 + 1
			n++
		}
		for m := ^((y&lows + lows) | y | lows); m != 0; m &= m - 1 {
			out[n] = base + i + 8 + bits.TrailingZeros64(m)>>3 + 1
			n++
		}
	}
	for ; i < len(src); i++ {
		if src[i] == '\n' {
			out[n] = base + i + 1
			n++
		}
	}
}

// Position is a resolved location. Line and the columns are 1-based; Column
// counts runes (an invalid byte counts as one), ColumnUTF16 counts UTF-16 code
// units as LSP clients and JavaScript tools do, ColumnByte counts bytes.
type Position struct {
	Offset      int
	Line        int
	Column      int
	ColumnUTF16 int
	ColumnByte  int
}

// LineCount is the number of lines (a trailing newline starts an empty last line).
func (f *File) LineCount() int { return len(f.lines) }

// LineStart returns the byte offset where 1-based line n starts, clamped.
func (f *File) LineStart(n int) int {
	if n < 1 {
		return 0
	}
	if n > len(f.lines) {
		return len(f.Src)
	}
	return f.lines[n-1]
}

// LineEnd returns the offset of the end of 1-based line n, excluding "\n" and a
// preceding "\r".
func (f *File) LineEnd(n int) int {
	if n >= len(f.lines) {
		return len(f.Src)
	}
	end := f.lines[n] - 1
	if end > f.lines[n-1] && f.Src[end-1] == '\r' {
		end--
	}
	return end
}

// Line returns the 1-based line containing off (off is clamped to the text).
func (f *File) Line(off int) int {
	off = f.clamp(off)
	return sort.Search(len(f.lines), func(i int) bool { return f.lines[i] > off })
}

// Position resolves a byte offset. Offsets past the end clamp to the end.
func (f *File) Position(off int) Position {
	off = f.clamp(off)
	line := f.Line(off)
	start := f.lines[line-1]
	col, col16 := 1, 1
	for i := start; i < off; {
		r, w := utf8.DecodeRune(f.Src[i:])
		if i+w > off { // offset inside a multi-byte rune: count it as passed
			w = off - i
		}
		i += w
		col++
		if r >= 0x10000 {
			col16 += 2
		} else {
			col16++
		}
	}
	return Position{Offset: off, Line: line, Column: col, ColumnUTF16: col16, ColumnByte: off - start + 1}
}

// OffsetUTF16 converts a 1-based line and a 0-based UTF-16 column (the LSP
// form) to a byte offset, clamping to the line's end.
func (f *File) OffsetUTF16(line, col16 int) int {
	if line > len(f.lines) {
		return len(f.Src)
	}
	i, end := f.LineStart(line), f.LineEnd(line)
	for n := 0; n < col16 && i < end; {
		r, w := utf8.DecodeRune(f.Src[i:])
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
		i += w
	}
	return i
}

// OffsetByte converts a 1-based line and 0-based byte column to an offset,
// clamping to the line's end.
func (f *File) OffsetByte(line, col int) int {
	if line > len(f.lines) {
		return len(f.Src)
	}
	i, end := f.LineStart(line), f.LineEnd(line)
	if i+col > end {
		return end
	}
	return i + col
}

func (f *File) clamp(off int) int {
	if off < 0 {
		return 0
	}
	if off > len(f.Src) {
		return len(f.Src)
	}
	return off
}

// Text returns the source covered by r.
func (f *File) Text(r Range) string {
	r = Range{f.clamp(r.Start), f.clamp(r.End)}
	if r.End < r.Start {
		return ""
	}
	return string(f.Src[r.Start:r.End])
}
