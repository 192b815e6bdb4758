package textedit

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkIndex is the many-edits fast path alone (index.go): indexing a
// 10 MiB file of numbered lines for 5,000 one-line searches spread over it,
// then carrying them out in file order. Run:
//
//	go test ./engine/textedit -run XXX -bench Index -benchmem
func BenchmarkIndex(b *testing.B) {
	const lines, edits = 184000, 5000
	var sb strings.Builder
	for i := range lines {
		fmt.Fprintf(&sb, "line %06d: the quick brown fox jumps over the lazy dog\n", i)
	}
	data := []byte(sb.String())
	olds, repls := make([]string, edits), make([]string, edits)
	for j := range edits {
		i := (j + 1) * lines / (edits + 1)
		olds[j] = fmt.Sprintf("line %06d: the quick brown fox jumps over the lazy dog\n", i)
		repls[j] = fmt.Sprintf("LINE %06d: changed by edit\n", i)
	}
	b.SetBytes(int64(len(data)))
	b.Run("build", func(b *testing.B) {
		for range b.N {
			x := NewIndex(data, olds)
			if x == nil {
				b.Fatal("not indexed")
			}
			x.ensureScanned()
		}
	})
	b.Run("build+edits", func(b *testing.B) {
		for range b.N {
			x := NewIndex(data, olds)
			for j := range olds {
				if r, _ := x.ReplaceOnce(olds[j], repls[j], 0); r != Replaced {
					b.Fatalf("edit %d: %v", j, r)
				}
			}
		}
	})
}
