package lsp

import (
	"github.com/clada-dev/clada/source"
	"go.lsp.dev/protocol"
)

// mapper is the one place LSP positions and lang byte offsets convert, so the
// negotiated encoding cannot be applied in one feature and forgotten in
// another. A protocol.Position counts lines from 0 and characters in the
// negotiated unit (UTF-8 bytes or UTF-16 code units).
type mapper struct {
	f    *source.File
	utf8 bool // characters count bytes; otherwise UTF-16 code units
}

// offset turns an LSP position into a byte offset, clamped into the file.
func (m mapper) offset(p protocol.Position) int {
	line := int(p.Line) + 1
	if line > m.f.LineCount() {
		return len(m.f.Src)
	}
	if m.utf8 {
		return m.f.OffsetByte(line, int(p.Character))
	}
	return m.f.OffsetUTF16(line, int(p.Character))
}

// position turns a byte offset into an LSP position.
func (m mapper) position(off int) protocol.Position {
	p := m.f.Position(off)
	col := p.ColumnUTF16
	if m.utf8 {
		col = p.ColumnByte
	}
	return protocol.Position{Line: uint32(p.Line - 1), Character: uint32(col - 1)}
}

// rng turns a lang byte range into an LSP range.
func (m mapper) rng(r source.Range) protocol.Range {
	return protocol.Range{Start: m.position(r.Start), End: m.position(r.End)}
}
