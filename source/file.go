package source

import (
	"runtime"
	"unicode/utf8"
)

// File is the source text of one document plus a line table. It is the only
// place that turns byte offsets (what the AST stores) into line/column pairs,
// so every front-end, renderer and the LSP agree on positions.
type File struct {
	Name  string
	Src   []byte
	lines lineStarts
	cols  *columns // built on first need (file_columns.go)
}

// NewFile builds the line table once; lookups are a binary search. The
// table is sized from a first count (bytes.Count, vectorised), filled
// sixteen bytes at a time and holds uint32 offsets, so a 5 MB answer costs
// one allocation of 2 MB and about a millisecond instead of six; a big
// text is counted and filled by several cores at once, each its
// share of the text. bytes.IndexByte per line was slower on answers, whose
// lines are short.
func NewFile(name string, src []byte) *File {
	return &File{Name: name, Src: src, lines: newLineStarts(src, runtime.GOMAXPROCS(0)), cols: new(columns)}
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
func (f *File) LineCount() int { return f.lines.len() }

// LineStart returns the byte offset where 1-based line n starts, clamped.
func (f *File) LineStart(n int) int {
	if n < 1 {
		return 0
	}
	if n > f.lines.len() {
		return len(f.Src)
	}
	return f.lines.at(n - 1)
}

// LineEnd returns the offset of the end of 1-based line n, excluding "\n" and a
// preceding "\r".
func (f *File) LineEnd(n int) int {
	if n >= f.lines.len() {
		return len(f.Src)
	}
	end := f.lines.at(n) - 1
	if end > f.lines.at(n-1) && f.Src[end-1] == '\r' {
		end--
	}
	return end
}

// Line returns the 1-based line containing off (off is clamped to the text).
func (f *File) Line(off int) int {
	off = f.clamp(off)
	return f.lines.lineOf(off)
}

// Position resolves a byte offset. Offsets past the end clamp to the end.
func (f *File) Position(off int) Position {
	off = f.clamp(off)
	line := f.Line(off)
	start := f.lines.at(line - 1)
	if off-start > colDirect && f.cols != nil { // deep into a long line: the column index
		r0, u0 := f.counts(start)
		r1, u1 := f.counts(off)
		return Position{Offset: off, Line: line, Column: r1 - r0 + 1, ColumnUTF16: u1 - u0 + 1, ColumnByte: off - start + 1}
	}
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
	if line > f.lines.len() {
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
	if line > f.lines.len() {
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
