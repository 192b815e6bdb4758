package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
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

// BenchmarkApplyV4AManyHunks is `clada apply` (in process) of a 5.8 MiB V4A
// patch of 300,000 one-line hunks over a file of 300,000 lines. It reports
// the peak of the Go heap in use during the apply, sampled every
// millisecond, as a multiple of the patch's size (peak-x): each hunk is an
// action costing kilobytes, so the patch took 1.2 GB; a patch of more than
// grammar/v4a's MaxSteps hunks is now refused before its grammar runs.
func BenchmarkApplyV4AManyHunks(b *testing.B) {
	const n = 300_000
	var patch, file strings.Builder
	patch.WriteString("*** Begin Patch\n*** Update File: a.txt\n")
	for i := range n {
		fmt.Fprintf(&patch, "@@\n-l%d\n+m%d\n", i, i)
		fmt.Fprintf(&file, "l%d\n", i)
	}
	patch.WriteString("*** End Patch\n")
	dir := b.TempDir()
	in := filepath.Join(dir, "patch.txt")
	if err := os.WriteFile(in, []byte(patch.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	var peak uint64
	for b.Loop() {
		b.StopTimer()
		root := filepath.Join(dir, "root")
		if err := os.RemoveAll(root); err != nil {
			b.Fatal(err)
		}
		if err := os.MkdirAll(root, 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, "a.txt"), []byte(file.String()), 0o644); err != nil {
			b.Fatal(err)
		}
		runtime.GC()
		stop := sampleHeap(&peak)
		b.StartTimer()
		run([]string{"apply", "--no-git", "--no-fsync", "--root", root, "--format", "summary", in}, strings.NewReader(""), io.Discard, io.Discard)
		stop()
	}
	b.ReportMetric(float64(peak)/float64(patch.Len()), "peak-x")
}

// sampleHeap records the highest HeapInuse into peak until stop is called.
func sampleHeap(peak *uint64) (stop func()) {
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		var m runtime.MemStats
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			runtime.ReadMemStats(&m)
			*peak = max(*peak, m.HeapInuse)
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	return func() { close(done); <-finished }
}
