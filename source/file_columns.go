package source

import (
	"encoding/binary"
	"sync"
	"unicode/utf8"
)

// A column is counted in runes (and UTF-16 units) from its line's start,
// which is a walk of the line up to the offset. On the short lines of an
// answer that walk is nothing; on one long line (a CML element with 60,000
// attributes, each with a diagnostic) a walk per diagnostic made checking
// quadratic: 48 s for one 600 KB line. So past colDirect bytes into a line,
// Position counts through a sparse index instead: every colStep bytes of
// the text, how many runes and UTF-16 units come before that point. A column
// is then the difference of two such counts, each a lookup and a walk of
// less than colStep bytes. The index is built once per File, on the first
// position that needs it, in one pass over the text; most answers never
// build it.
const (
	colDirect = 2048 // columns this far into a line are walked directly
	colStep   = 512  // text per index mark: 3 ints per 512 bytes, under 5%
)

// columns is a File's column index, built on first use (by any goroutine;
// a File is shared by the language server's requests).
type columns struct {
	once  sync.Once
	marks []colMark // marks[k] is at the first rune start at or after k*colStep
}

// colMark is the count of runes and UTF-16 units before the byte offset off.
type colMark struct{ off, runes, units int }

// counts returns how many runes and UTF-16 units of f's text come before off,
// counting a rune off falls inside as passed (as Position does). off is
// within the text.
func (f *File) counts(off int) (runes, units int) {
	c := f.cols
	c.once.Do(func() { c.marks = buildMarks(f.Src) })
	k := min(off/colStep, len(c.marks)-1)
	if c.marks[k].off > off {
		k-- // the mark moved past off to the next rune start; the one before is at most 3 bytes past its point
	}
	m := c.marks[k]
	r, u, _ := walkColumns(f.Src, m.off, off)
	return m.runes + r, m.units + u
}

// buildMarks walks src once, decoding runes exactly as walkColumns does.
func buildMarks(src []byte) []colMark {
	marks := make([]colMark, 0, len(src)/colStep+1)
	m := colMark{}
	for {
		marks = append(marks, m)
		next := len(marks) * colStep
		if next > len(src) {
			return marks
		}
		r, u, end := walkColumns(src, m.off, next)
		m = colMark{off: end, runes: m.runes + r, units: m.units + u} // end: past a rune next fell inside
	}
}

// walkColumns counts the runes and UTF-16 units of src[from:to], from a rune
// start; a rune that to falls inside counts as passed, and end is past it
// (the next rune start, or to).
func walkColumns(src []byte, from, to int) (runes, units, end int) {
	i := from
	for i < to {
		if i+8 <= to && binary.LittleEndian.Uint64(src[i:])&0x8080808080808080 == 0 {
			i += 8 // eight ASCII bytes: eight runes, eight units
			runes += 8
			units += 8
			continue
		}
		if src[i] < utf8.RuneSelf {
			i++
			runes++
			units++
			continue
		}
		r, w := utf8.DecodeRune(src[i:])
		i += w
		runes++
		units += utf16Units(r)
	}
	return runes, units, i
}

// utf16Units is how many UTF-16 code units r takes (an invalid byte, decoded
// as U+FFFD, takes one).
func utf16Units(r rune) int {
	if r >= 0x10000 {
		return 2
	}
	return 1
}
