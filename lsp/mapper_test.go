package lsp

import (
	"testing"

	"github.com/clada-dev/clada/source"
	"go.lsp.dev/protocol"
)

// The same text position counts differently in UTF-8 and UTF-16; a round trip
// through the mapper must land on the same byte in both.
func TestMapperEncodings(t *testing.T) {
	f := source.NewFile("x", []byte("aé😀b\nzz\n"))
	b := len("aé😀") // offset of 'b'
	for _, tc := range []struct {
		utf8 bool
		want protocol.Position
	}{
		{true, pos(0, 7)},
		{false, pos(0, 4)},
	} {
		m := mapper{f: f, utf8: tc.utf8}
		if got := m.position(b); got != tc.want {
			t.Errorf("utf8=%v position(%d) = %+v, want %+v", tc.utf8, b, got, tc.want)
		}
		if got := m.offset(tc.want); got != b {
			t.Errorf("utf8=%v offset(%+v) = %d, want %d", tc.utf8, tc.want, got, b)
		}
		if got := m.offset(pos(1, 1)); got != b+3 {
			t.Errorf("utf8=%v offset line 2 = %d, want %d", tc.utf8, got, b+3)
		}
		if got := m.offset(pos(9, 0)); got != len(f.Src) {
			t.Errorf("utf8=%v offset past end = %d, want %d", tc.utf8, got, len(f.Src))
		}
	}
}
