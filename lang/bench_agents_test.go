package lang

import (
	"fmt"
	"strings"
	"testing"

	"github.com/clada-dev/clada/source"
)

// BenchmarkParseAgents measures lang.Parse on a 1 MB answer of the
// agents' formats: whole files under their paths, Cline and Roo Code
// calls, Zed edits, one each in turn. Each reader cuts its calls in one
// pass over the text, so the figure is per byte as for SHAM:
//
//	go test ./lang -run XXX -bench ParseAgents -benchmem -cpu 1 -count 5
func BenchmarkParseAgents(b *testing.B) {
	var sb strings.Builder
	n := 0
	for sb.Len() < 1<<20 {
		fmt.Fprintf(&sb, "Step %d:\n\n**src/f%d.go**\n```go\npackage f\n\nvar x = %d\n```\n\n", n, n, n)
		fmt.Fprintf(&sb, "<replace_in_file>\n<path>src/a%d.ts</path>\n<diff>\n------- SEARCH\nold %d\n=======\nnew %d\n+++++++ REPLACE\n</diff>\n</replace_in_file>\n\n", n, n, n)
		fmt.Fprintf(&sb, "<apply_diff>\n<path>src/b%d.py</path>\n<diff>\n<<<<<<< SEARCH\n:start_line:%d\n-------\nold\n=======\nnew\n>>>>>>> REPLACE\n</diff>\n</apply_diff>\n\n", n, n+1)
		fmt.Fprintf(&sb, "src/c%d.rs\n<edits>\n<old_text line=%d>\nold\n</old_text>\n<new_text>\nnew\n</new_text>\n</edits>\n\n", n, n+1)
		n += 4
	}
	f := source.NewFile("bench.md", []byte(sb.String()))
	if doc := Parse(f); len(doc.Groups) != n || len(doc.Diagnostics()) != 0 {
		b.Fatalf("got %d groups, %d diagnostics; want %d, 0", len(doc.Groups), len(doc.Diagnostics()), n)
	}
	b.SetBytes(int64(sb.Len()))
	b.ReportAllocs()
	for b.Loop() {
		Parse(f)
	}
}
