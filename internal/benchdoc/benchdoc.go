// Package benchdoc builds the answers clada's benchmarks measure, once, so
// that the figures compared across packages (the parse in lang, didOpen in
// lsp and through clada-lsp, `clada check`) are about the same document.
//
// It imports only the standard library, and only tests and benchmarks may
// import it (lang, lsp, engine and cmd/clada-lsp do, and scripts/sidebyside,
// the side-by-side harness). Start with Load below; edits.go holds the
// edits of a 10 MiB file in every format and the git diffs.
package benchdoc

import (
	"fmt"
	"strings"
)

// SHAM is an answer of n SHAM file_write blocks, each with a heredoc of
// lines short lines and a sentence of prose before its fence. SHAM(5000,
// 100) is the 5.6 MB load document of the README's benchmarks (section
// "Tests"), which a warmed nesl-js parses in 40 ms.
func SHAM(n, lines int) []byte {
	var sb strings.Builder
	for i := range n {
		id := fmt.Sprintf("b%04x", i)
		fmt.Fprintf(&sb, "Step %d: write the next file.\n\n```sh sham\n#!SHAM [@three-char-SHA-256: %s]\n", i, id)
		fmt.Fprintf(&sb, "action = \"file_write\"\npath = \"src/pkg%d/file_%d.go\"\ncontent = <<'EOT_SHAM_%s'\n", i%17, i, id)
		for l := range lines {
			fmt.Fprintf(&sb, "\tv = %d\n", l)
		}
		fmt.Fprintf(&sb, "EOT_SHAM_%s\n#!END_SHAM_%s\n```\n\n", id, id)
	}
	return []byte(sb.String())
}

// Load is the 5.6 MB load document: SHAM(5000, 100).
func Load() string { return string(SHAM(5000, 100)) }
