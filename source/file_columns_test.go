package source

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// walkPosition is Position's direct walk from the line's start, the
// reference the column index must agree with.
func walkPosition(f *File, off int) Position {
	off = f.clamp(off)
	line := f.Line(off)
	start := f.lines.at(line - 1)
	r, u, _ := walkColumns(f.Src, start, off)
	return Position{Offset: off, Line: line, Column: r + 1, ColumnUTF16: u + 1, ColumnByte: off - start + 1}
}

// Positions deep into long lines, through the column index, are the ones
// the direct walk gives, for every offset: inside multi-byte runes, on
// invalid bytes, astral runes (two UTF-16 units), marks that fall inside a
// rune, and lines that start anywhere relative to the marks.
func TestPositionColumnIndex(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"a", "é", "😀", "\xff", "\xe2\x82", "\n", "漢", "\t", "\r\n"}
	for round := range 20 {
		var b strings.Builder
		for b.Len() < 3*colDirect+7*colStep {
			p := pieces[rng.IntN(len(pieces))]
			if p == "\n" || p == "\r\n" {
				if rng.IntN(200) != 0 { // mostly long lines
					continue
				}
			}
			b.WriteString(p)
		}
		src := []byte(b.String())
		f := NewFile("x", src)
		for off := 0; off <= len(src)+1; off++ {
			if got, want := f.Position(off), walkPosition(f, off); got != want {
				t.Fatalf("round %d: Position(%d) = %+v, want %+v", round, off, got, want)
			}
		}
	}
	// A line of ASCII far past colDirect: the byte column is the column.
	src := []byte("x\n" + strings.Repeat("a", 10*colDirect) + "é")
	f := NewFile("x", src)
	if p := f.Position(len(src)); p.Line != 2 || p.Column != 10*colDirect+2 || p.ColumnUTF16 != 10*colDirect+2 || p.ColumnByte != 10*colDirect+3 {
		t.Fatalf("end of the long line: %+v", p)
	}
	if !utf8.Valid(src) {
		t.Fatal("test text is not UTF-8")
	}
}

// BenchmarkPositionsLongLine resolves one position per attribute of a CML
// element with 60,000 attributes on one line, as `clada check` does for
// each diagnostic (the walk from the line's start made this quadratic).
func BenchmarkPositionsLongLine(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(`<write path="x.txt"`)
	var offs []int
	for i := range 60000 {
		offs = append(offs, sb.Len()+1)
		sb.WriteString(` a` + strings.Repeat("é", i%3) + `="v"`)
	}
	sb.WriteString(">hi</write>\n")
	src := []byte(sb.String())
	for b.Loop() {
		f := NewFile("x", src)
		for _, off := range offs {
			_ = f.Position(off)
		}
	}
}
