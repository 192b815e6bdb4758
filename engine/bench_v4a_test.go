package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// BenchmarkApplyV4A10MiB applies one V4A patch whose 5,000 hunks each
// replace a line (with a context line either side), spread evenly over a
// 10 MiB file, with durable writes (scripts/side-by-side runs Codex's
// apply_patch on such a patch). Parsing is included; the file is restored
// between runs.
// Run: go test ./engine -run XXX -bench ApplyV4A10MiB -benchtime 3x
func BenchmarkApplyV4A10MiB(b *testing.B) {
	var lines []string
	size := 0
	for i := 0; size < 10<<20; i++ {
		l := fmt.Sprintf("line %07d: the quick brown fox jumps over the lazy dog, payload %d", i, i*7919%100003)
		lines = append(lines, l)
		size += len(l) + 1
	}
	orig := []byte(strings.Join(lines, "\n") + "\n")
	var p strings.Builder
	p.WriteString("*** Begin Patch\n*** Update File: big.txt\n")
	step := len(lines) / 5000
	for h := range 5000 {
		k := h*step + step/2
		fmt.Fprintf(&p, "@@\n %s\n-%s\n+%s\n %s\n", lines[k-1], lines[k], strings.Replace(lines[k], "quick", "QUICK", 1), lines[k+1])
	}
	p.WriteString("*** End Patch\n")
	patch := []byte(p.String())
	root := b.TempDir()
	cfg := DefaultConfig(root)
	cfg.NoGit = true
	b.SetBytes(int64(len(orig)))
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		if err := os.WriteFile(filepath.Join(root, "big.txt"), orig, 0o644); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		doc := lang.Parse(source.NewFile("patch.txt", patch))
		rep, _, err := Apply(context.Background(), doc, cfg, Real, nil)
		if err != nil || !rep.Success || len(rep.Results) != 5000 {
			b.Fatalf("apply failed: %v %+v", err, rep.Results[0])
		}
	}
}
