package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkCheckManyAttributes is `clada check` (in process, output
// discarded) of one CML element and of one CSL op with 60,000 unknown
// attributes on one 650 KB line, in text and in JSON: a diagnostic per
// attribute, each resolved to a column by walking the line, made it take
// 48 s; a block now lists ten per code and positions come from the column
// index.
func BenchmarkCheckManyAttributes(b *testing.B) {
	var attrs strings.Builder
	for i := range 60000 {
		fmt.Fprintf(&attrs, ` a%d="v"`, i)
	}
	dir := b.TempDir()
	for _, tc := range []struct{ name, text string }{
		{"cml", `<write path="x.txt"` + attrs.String() + ">hi</write>\n"},
		{"csl", `<---WRITE file="x.txt"` + attrs.String() + "--->\nhi\n<---END--->\n"},
	} {
		path := filepath.Join(dir, "attrs."+tc.name)
		if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
			b.Fatal(err)
		}
		for _, format := range []string{"text", "json"} {
			b.Run(tc.name+"/"+format, func(b *testing.B) {
				for b.Loop() {
					if code := run([]string{"check", "--root", dir, "--format", format, path}, strings.NewReader(""), io.Discard, io.Discard); code != exitOK {
						b.Fatalf("exit %d", code)
					}
				}
			})
		}
	}
}
