package cml

import (
	"fmt"
	"strings"
	"testing"
)

func BenchmarkScan(b *testing.B) {
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
