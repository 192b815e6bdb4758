package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"testing"
	"time"

	"github.com/clada-dev/clada/internal/benchdoc"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// BenchmarkFormats10MiB is one edit and many edits of one 10 MiB file in
// each format (internal/benchdoc, the edits scripts/side-by-side runs
// against Codex's apply_patch), parse included, durable writes, no git; the
// file is written back between runs. "atomic" is the same apply under
// --atomic (simulated first, then applied): the simulation must not cost
// more than the apply.
//
//	go test ./engine -run XXX -bench Formats10MiB -benchtime 3x
func BenchmarkFormats10MiB(b *testing.B) {
	for _, c := range []struct {
		f    benchdoc.Format
		n    int
		mode Mode
	}{
		{benchdoc.V4A, 1, Real}, {benchdoc.SHAMEdits, 1, Real}, {benchdoc.Aider, 1, Real},
		{benchdoc.UDiff, 1, Real}, {benchdoc.JSONCalls, 1, Real},
		{benchdoc.V4A, 5000, Real}, {benchdoc.SHAMEdits, 5000, Real}, {benchdoc.Aider, 5000, Real},
		{benchdoc.JSONCalls, 5000, Real}, {benchdoc.UDiff, 500, Real}, {benchdoc.UDiff, 5000, Real},
		{benchdoc.SHAMEdits, 5000, Atomic}, {benchdoc.V4A, 5000, Atomic}, {benchdoc.JSONCalls, 5000, Atomic},
	} {
		name := fmt.Sprintf("%s/%d", c.f, c.n)
		if c.mode == Atomic {
			name += "/atomic"
		}
		b.Run(name, func(b *testing.B) {
			tree, want := benchdoc.BigFile(c.n)
			src := []byte(benchdoc.Edits(c.f, c.n))
			benchApply(b, tree, want, src, c.mode, false)
		})
	}
}

// BenchmarkGitDiff is a git diff of 10 hunks over 10 files, 1,000 over 100
// and 10,000 over 1,000 (the rows scripts/side-by-side runs git apply on)
// applied whole, with durable writes and with --no-fsync. Besides time and
// allocations it reports peak-heap-MiB: the most heap the apply held at
// once (objects, live or not yet swept), sampled every 200µs.
//
//	go test ./engine -run XXX -bench GitDiff -benchtime 3x -benchmem
func BenchmarkGitDiff(b *testing.B) {
	gitDiffRows(b, func(b *testing.B, tree, want map[string]string, diff string, noFsync bool) {
		defer peakHeap(b)()
		benchApply(b, tree, want, []byte(diff), Real, noFsync)
	})
}

// BenchmarkGitDiffFloor is BenchmarkGitDiff's floor: the same files
// replaced by clada's sequence of file operations alone
// (benchdoc.ReplaceFloor), with no answer to parse, no check and no report.
// Compare each of BenchmarkGitDiff's rows with the floor row of the same
// name (scripts/bench).
func BenchmarkGitDiffFloor(b *testing.B) {
	gitDiffRows(b, func(b *testing.B, tree, want map[string]string, _ string, noFsync bool) {
		root := b.TempDir()
		for range b.N {
			b.StopTimer()
			layOut(b, root, tree)
			b.StartTimer()
			if err := benchdoc.ReplaceFloor(root, want, !noFsync); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// gitDiffRows runs row for each git diff of BenchmarkGitDiff and its
// floor, durable and not, under the same names.
func gitDiffRows(b *testing.B, row func(b *testing.B, tree, want map[string]string, diff string, noFsync bool)) {
	for _, g := range []struct{ hunks, files int }{{10, 10}, {1000, 100}, {10000, 1000}} {
		tree, want, diff := benchdoc.GitDiff(g.hunks, g.files)
		for _, noFsync := range []bool{false, true} {
			name := fmt.Sprintf("%d/durable", g.files)
			if noFsync {
				name = fmt.Sprintf("%d/no-fsync", g.files)
			}
			b.Run(name, func(b *testing.B) { row(b, tree, want, diff, noFsync) })
		}
	}
}

// layOut writes tree under root, its folders included.
func layOut(b *testing.B, root string, tree map[string]string) {
	b.Helper()
	for p, c := range tree {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(root, p)), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, p), []byte(c), 0o644); err != nil {
			b.Fatal(err)
		}
	}
}

// peakHeap samples the heap's objects while the benchmark runs and, when
// the returned func is called, reports the largest sample.
func peakHeap(b *testing.B) func() {
	runtime.GC()
	stop, done := make(chan struct{}), make(chan uint64)
	go func() {
		s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		var peak uint64
		t := time.NewTicker(200 * time.Microsecond)
		defer t.Stop()
		for {
			select {
			case <-stop:
				done <- peak
				return
			case <-t.C:
				metrics.Read(s)
				peak = max(peak, s[0].Value.Uint64())
			}
		}
	}()
	return func() {
		close(stop)
		b.ReportMetric(float64(<-done)/(1<<20), "peak-heap-MiB")
	}
}

// benchApply times parsing src and applying it in mode to a fresh copy of
// tree, and checks every run leaves want.
func benchApply(b *testing.B, tree, want map[string]string, src []byte, mode Mode, noFsync bool) {
	root := b.TempDir()
	cfg := DefaultConfig(root)
	cfg.NoGit, cfg.OutputMode, cfg.NoFsync = true, OutputSilent, noFsync
	size := 0
	for _, c := range tree {
		size += len(c)
	}
	b.SetBytes(int64(size))
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		layOut(b, root, tree)
		b.StartTimer()
		doc := lang.ParseWithOptions(source.NewFile("answer", src), lang.ParseOptions{DeferHunkTexts: true}) // as clada apply parses
		rep, _, err := Apply(context.Background(), doc, cfg, mode, nil)
		b.StopTimer()
		if err != nil || !rep.Success {
			b.Fatalf("apply failed: %v %+v", err, rep.Results[0])
		}
		for p, c := range want {
			if got, _ := os.ReadFile(filepath.Join(root, p)); string(got) != c {
				b.Fatalf("%s: not the expected content", p)
			}
		}
		b.StartTimer()
	}
}
