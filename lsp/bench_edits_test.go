package lsp

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/clada-dev/clada/internal/benchdoc"
)

// BenchmarkKeystrokeEdits10MiB is a keystroke in an answer of 5,000 SHAM
// edits of one 10 MiB file on disk (benchdoc.BigFile), typed in the
// new_text of edit 2,500, for a client that does not watch files (every
// keystroke simulates again) and for one that does.
func BenchmarkKeystrokeEdits10MiB(b *testing.B) {
	for _, watched := range []bool{false, true} {
		name := "unwatched"
		if watched {
			name = "watched"
		}
		b.Run(name, func(b *testing.B) {
			root := b.TempDir()
			tree, _ := benchdoc.BigFile(5000)
			for p, c := range tree {
				if err := os.WriteFile(filepath.Join(root, p), []byte(c), 0o644); err != nil {
					b.Fatal(err)
				}
			}
			var c *testClient
			if watched {
				c = startWatching(b, root, new(true), clientOpts{})
				c.nextRegistration()
				waitWatched(b, c)
			} else {
				c = start(b, root, false)
			}
			uri := pathURI(filepath.Join(root, "answer.md"))
			text := benchdoc.Edits(benchdoc.SHAMEdits, 5000)
			if p := c.open(uri, text); len(p.Diagnostics) != 0 {
				b.Fatalf("%d diagnostics, first %v", len(p.Diagnostics), p.Diagnostics[0])
			}
			mid := len(text) / 2
			at := mid + strings.Index(text[mid:], "changed by edit")
			line := uint32(strings.Count(text[:at], "\n"))
			col := uint32(at - strings.LastIndex(text[:at], "\n") - 1)
			lat := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				start := time.Now()
				c.change(uri, int32(i)+2, edit(rng(line, col, line, col+1), "cC"[i%2:i%2+1]))
				c.nextDiags(uri)
				lat = append(lat, time.Since(start))
			}
			b.StopTimer()
			slices.Sort(lat)
			b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(lat[len(lat)*95/100].Microseconds())/1000, "p95-ms")
		})
	}
}
