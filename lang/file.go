package lang

import (
	"bytes"
	"encoding/binary"
	"math/bits"
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
// eight bytes at a time, so a 5 MB answer costs one allocation and about a
// millisecond instead of six (issue 17 §2). bytes.IndexByte per line was
// slower on answers, whose lines are short.
func NewFile(name string, src []byte) *File {
	lines := make([]int, 1, bytes.Count(src, []byte{'\n'})+1)
	const ones, highs, nl = 0x0101010101010101, 0x8080808080808080, 0x0a0a0a0a0a0a0a0a
	i := 0
	for ; i+8 <= len(src); i += 8 {
		x := binary.LittleEndian.Uint64(src[i:]) ^ nl // newline bytes are now zero
		// The lowest flagged byte is a zero byte; those above it may be
		// false alarms (a borrow), so each is checked.
		for m := (x - ones) &^ x & highs; m != 0; m &= m - 1 {
			if k := i + bits.TrailingZeros64(m)>>3; src[k] == '\n' {
				lines = append(lines, k+1)
			}
		}
	}
	for ; i < len(src); i++ {
		if src[i] == '\n' {
			lines = append(lines, i+1)
		}
	}
	return &File{Name: name, Src: src, lines: lines}
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
