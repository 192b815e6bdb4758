package v4a

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// benchPatch is a V4A patch of n hunks in one file, its lines holding what
// a JSON string escapes (quotes, a tab, a backslash, é, an emoji).
func benchPatch(n int) string {
	var b strings.Builder
	b.WriteString("*** Begin Patch\n*** Update File: src/app.py\n")
	for i := range n {
		fmt.Fprintf(&b, "@@ def f%d():\n     x = \"é\\t%d\"\n-    y = '😀'\t# %d\n+    y = \"ok\"  # %d\n", i, i, i, i)
	}
	b.WriteString("*** End Patch\n")
	return b.String()
}

func quoteJSON(s string) string {
	b, err := json.Marshal(s)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// The V4A-in-JSON path: a patch of 2,000 hunks (about 180 KB) in Codex's
// calls, the arguments string holding JSON that holds the patch (every
// escape written twice), the freeform tool's input, and a set of 2,000
// apply_patch_call items.
func BenchmarkParseCalls(b *testing.B) {
	patch := benchPatch(2000)
	var items []string
	for i := range 2000 {
		items = append(items, fmt.Sprintf(`{"type":"apply_patch_call","operation":{"type":"update_file","path":"src/f%d.py","diff":%s}}`,
			i, quoteJSON(fmt.Sprintf("@@ def f():\n-    y = \"é\\t%d\"\n+    y = '😀'\n", i))))
	}
	for _, c := range []struct{ name, src string }{
		{"FunctionCall", `{"name":"apply_patch","arguments":` + quoteJSON(`{"input":`+quoteJSON(patch)+`}`) + `}`},
		{"CustomToolCall", `{"type":"custom_tool_call","name":"apply_patch","input":` + quoteJSON(patch) + `}`},
		{"Items", "[" + strings.Join(items, ",\n") + "]"},
	} {
		src := []byte(c.src)
		if p := ParseCalls(src); len(p.Diags) != 0 || len(p.Files) == 0 {
			b.Fatalf("%s: diags %v, %d files", c.name, p.Diags, len(p.Files))
		}
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				ParseCalls(src)
			}
		})
	}
}
