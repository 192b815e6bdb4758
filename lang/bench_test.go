package lang

import (
	"context"
	"fmt"
	"runtime/trace"
	"strings"
	"testing"

	"github.com/clada-dev/clada/internal/benchdoc"
	"github.com/clada-dev/clada/source"
)

// genSHAMSmall builds a response of n small blocks (three one-line quoted
// assignments, ~150 bytes each) with prose between, so that the fixed cost
// per block, not the bytes of heredoc bodies, dominates.
func genSHAMSmall(n int) []byte {
	var sb strings.Builder
	for i := range n {
		id := fmt.Sprintf("b%04x", i)
		fmt.Fprintf(&sb, "Step %d: fix it.\n\n#!SHAM [@three-char-SHA-256: %s]\n", i, id)
		fmt.Fprintf(&sb, "action = \"file_write\"\npath = \"src/pkg%d/file_%d.go\"\ncontent = \"package pkg%d\\nvar x = %d\\n\"\n", i%17, i, i%17, i)
		fmt.Fprintf(&sb, "#!END_SHAM_%s\n\n", id)
	}
	return []byte(sb.String())
}

// BenchmarkParseSHAM measures lang.Parse on a 5 MB document (5,000 file_write
// blocks with 100-line heredocs), a 50 KB response, and a 5 MB document of
// small blocks (~37,000 blocks of three one-line values), where the fixed
// cost per block dominates. Run each core count on its own (with
// sub-benchmarks, -cpu 1,2 runs the -cpu 1 line's first sample at two
// cores; scripts/bench alternates the runs):
//
//	go test ./lang -run XXX -bench ParseSHAM -benchmem -cpu 1 -count 5
//	go test ./lang -run XXX -bench ParseSHAM -benchmem -cpu 2 -count 5
func BenchmarkParseSHAM(b *testing.B) {
	for _, tc := range []struct {
		name         string
		blocks, line int // line < 0: small blocks of genSHAMSmall
	}{
		{"5MB", 5000, 100},
		{"50KB", 50, 100},
		{"5MB-small", 37000, -1},
	} {
		src := benchdoc.SHAM(tc.blocks, tc.line)
		if tc.line < 0 {
			src = genSHAMSmall(tc.blocks)
		}
		b.Run(tc.name, func(b *testing.B) {
			f := source.NewFile("bench.md", src)
			if doc := Parse(f); len(doc.Groups) != tc.blocks || len(doc.Diagnostics()) != 0 {
				b.Fatalf("got %d groups, %d diagnostics; want %d, 0", len(doc.Groups), len(doc.Diagnostics()), tc.blocks)
			}
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			// Each parse is a trace region (scripts/serialshare measures
			// the serial share within them).
			for b.Loop() {
				trace.WithRegion(context.Background(), "parse", func() { Parse(f) })
			}
		})
	}
	// The whole of reading an answer: the line table (NewFile) and Parse,
	// the figure the README compares with nesl-js (section "Tests").
	src := benchdoc.SHAM(5000, 100)
	b.Run("5MB+lines", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		b.ReportAllocs()
		for b.Loop() {
			Parse(source.NewFile("bench.md", src))
		}
	})
}

// BenchmarkNewFile is the line table of the 5 MB load document.
func BenchmarkNewFile(b *testing.B) {
	src := benchdoc.SHAM(5000, 100)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		source.NewFile("bench.md", src)
	}
}
