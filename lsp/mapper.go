package lsp

import "github.com/clada-dev/clada/lang"

// Position and Range are LSP's zero-based line/character coordinates; the
// character unit is the negotiated encoding (UTF-8 bytes or UTF-16 units).
type Position struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

// Range is an LSP range (end exclusive).
type Range struct {
	Start Position `json:"start"`
	End   Position `json:"end"`
}

// mapper is the one place LSP positions and lang byte offsets convert, so the
// negotiated encoding cannot be applied in one feature and forgotten in another.
type mapper struct {
	f    *lang.File
	utf8 bool // characters count bytes; otherwise UTF-16 code units
}

// offset turns an LSP position into a byte offset, clamped into the file.
func (m mapper) offset(p Position) int {
	line := p.Line + 1
	if line > m.f.LineCount() {
		return len(m.f.Src)
	}
	if m.utf8 {
		return m.f.OffsetByte(line, p.Character)
	}
	return m.f.OffsetUTF16(line, p.Character)
}

// position turns a byte offset into an LSP position.
func (m mapper) position(off int) Position {
	p := m.f.Position(off)
	if m.utf8 {
		return Position{Line: p.Line - 1, Character: p.ColumnByte - 1}
	}
	return Position{Line: p.Line - 1, Character: p.ColumnUTF16 - 1}
}

// rng turns a lang byte range into an LSP range.
func (m mapper) rng(r lang.Range) Range {
	return Range{Start: m.position(r.Start), End: m.position(r.End)}
}
