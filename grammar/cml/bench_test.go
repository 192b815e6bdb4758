package cml

import (
	"fmt"
	"strings"
	"testing"
)

func BenchmarkScanSmallOps(b *testing.B) {
	var sb strings.Builder
	for i := 0; sb.Len() < 5<<20; i++ {
		fmt.Fprintf(&sb, "Step %d: update the handler.\n\n<tasks version=\"1.0\">\n  <write path=\"src/f%d.js\"><![CDATA[export function f%d() {\n  return %d;\n}\n]]></write>\n  <edit path=\"src/app.js\">\n    <search><![CDATA[old%d]]></search>\n    <replace><![CDATA[new%d]]></replace>\n  </edit>\n  <run dir=\"src\">npm test</run>\n</tasks>\n<remove path=\"tmp/%d\"/>\n", i, i, i, i, i, i, i)
	}
	src := []byte(sb.String())
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for b.Loop() {
		Scan(src, known)
	}
}

// BenchmarkScanRealistic has the shape of real LLM answers: prose, then a
// tasks block writing a whole source file (~2 KB), an edit and a run.
func BenchmarkScanRealistic(b *testing.B) {
	src := realisticDoc(5 << 20)
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for b.Loop() {
		Scan(src, known)
	}
}

func realisticDoc(size int) []byte {
	var sb strings.Builder
	for i := 0; sb.Len() < size; i++ {
		fmt.Fprintf(&sb, "Here is step %d. I rewrote the handler so errors are wrapped, and added a test.\n\n```xml\n<tasks version=\"1.0\">\n  <write path=\"src/handler%d.go\"><![CDATA[", i, i)
		for j := 0; j < 40; j++ {
			fmt.Fprintf(&sb, "\tif err := step%d(ctx, req); err != nil { return fmt.Errorf(\"step %d: %%w\", err) }\n", j, j)
		}
		fmt.Fprintf(&sb, "]]></write>\n  <edit path=\"src/app.go\">\n    <search><![CDATA[\tmux.Handle(\"/old%d\", h)\n]]></search>\n    <replace><![CDATA[\tmux.Handle(\"/new%d\", h)\n]]></replace>\n  </edit>\n  <run>go test ./...</run>\n</tasks>\n```\n\nThat should do it.\n\n", i, i)
	}
	return []byte(sb.String())
}
