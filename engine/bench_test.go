package engine

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// benchOps is the size of the mixed workload: a quarter each of writes,
// replaces, moves and reads, on benchOps/4 files.
const benchOps = 1000

// benchDoc is the SHAM document of the workload.
func benchDoc() *lang.Document {
	var b strings.Builder
	n := benchOps / 4
	block := func(id int, lines ...string) {
		fmt.Fprintf(&b, "#!SHAM [@three-char-SHA-256: b%d]\n%s\n#!END_SHAM_b%d\n\n", id, strings.Join(lines, "\n"), id)
	}
	for i := 0; i < n; i++ {
		block(i, `action = "file_write"`, fmt.Sprintf(`path = "d%d/f%d.txt"`, i%10, i), `content = "package x\n\nvar v = 1\n"`)
	}
	for i := 0; i < n; i++ {
		block(n+i, `action = "file_replace_text"`, fmt.Sprintf(`path = "d%d/f%d.txt"`, i%10, i), `old_text = "v = 1"`, `new_text = "v = 2"`)
	}
	for i := 0; i < n; i++ {
		block(2*n+i, `action = "file_move"`, fmt.Sprintf(`old_path = "d%d/f%d.txt"`, i%10, i), fmt.Sprintf(`new_path = "d%d/g%d.txt"`, i%10, i))
	}
	for i := 0; i < n; i++ {
		block(3*n+i, `action = "file_read"`, fmt.Sprintf(`path = "d%d/g%d.txt"`, i%10, i))
	}
	return lang.Parse(source.NewFile("bench.sham", []byte(b.String())))
}

// BenchmarkApply runs the workload through Run on the OS workspace (no git).
// Compare with BenchmarkApplyFloor: the target is within 1.2× of it. Run the
// two alternately (scripts/bench does) rather than one after the other with
// -count: the machine's state drifts between long runs, and the floor came
// out slower than clada that way.
func BenchmarkApply(b *testing.B) {
	doc := benchDoc()
	parent := b.TempDir()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		root := filepath.Join(parent, fmt.Sprint("r", i))
		if err := os.Mkdir(root, 0o755); err != nil {
			b.Fatal(err)
		}
		cfg := DefaultConfig(root)
		cfg.NoGit, cfg.OutputMode = true, OutputSilent
		b.StartTimer()
		ws, err := NewOS(cfg)
		if err != nil {
			b.Fatal(err)
		}
		rep := Run(context.Background(), doc, ws, cfg, nil)
		ws.Close()
		b.StopTimer()
		if !rep.Success || rep.ExecutedActions != benchOps {
			b.StopTimer()
			for _, r := range rep.Results {
				if !r.Success {
					b.Fatalf("%s %s: %s", r.Task, r.Action, r.Error)
				}
			}
			b.Fatalf("success=%v executed=%d fatal=%q", rep.Success, rep.ExecutedActions, rep.Fatal)
		}
		removeBenchRoot(b, root)
		b.StartTimer()
	}
}

// BenchmarkApplyFloor does the same durable file operations directly:
// temp file + fsync + rename + fsync of the directory for every write, a
// rename + directory fsync for every move, plain reads. It is the floor
// BenchmarkApply is measured against.
func BenchmarkApplyFloor(b *testing.B) {
	parent := b.TempDir()
	content := []byte("package x\n\nvar v = 1\n")
	n := benchOps / 4
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		root := filepath.Join(parent, fmt.Sprint("r", i))
		if err := os.Mkdir(root, 0o755); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		path := func(prefix string, j int) string {
			return filepath.Join(root, fmt.Sprintf("d%d", j%10), fmt.Sprintf("%s%d.txt", prefix, j))
		}
		for j := 0; j < n; j++ {
			if err := os.MkdirAll(filepath.Dir(path("f", j)), 0o755); err != nil {
				b.Fatal(err)
			}
			floorWrite(b, path("f", j), content)
		}
		for j := 0; j < n; j++ {
			data, err := os.ReadFile(path("f", j))
			if err != nil {
				b.Fatal(err)
			}
			floorWrite(b, path("f", j), bytes.Replace(data, []byte("v = 1"), []byte("v = 2"), 1))
		}
		for j := 0; j < n; j++ {
			if err := os.Rename(path("f", j), path("g", j)); err != nil {
				b.Fatal(err)
			}
			floorSyncDir(b, filepath.Dir(path("g", j)))
		}
		for j := 0; j < n; j++ {
			if _, err := os.ReadFile(path("g", j)); err != nil {
				b.Fatal(err)
			}
		}
		b.StopTimer()
		removeBenchRoot(b, root)
		b.StartTimer()
	}
}

// removeBenchRoot deletes one iteration's root (timer stopped). Leaving the
// roots behind piled thousands of directories into the temp dir, and the
// later benchmark of a pair then ran on a fuller file system than the first.
func removeBenchRoot(b *testing.B, root string) {
	if err := os.RemoveAll(root); err != nil {
		b.Fatal(err)
	}
}

func floorWrite(b *testing.B, name string, data []byte) {
	f, err := os.CreateTemp(filepath.Dir(name), ".tmp-*")
	if err != nil {
		b.Fatal(err)
	}
	if _, err := f.Write(data); err != nil {
		b.Fatal(err)
	}
	if err := f.Sync(); err != nil {
		b.Fatal(err)
	}
	if err := f.Close(); err != nil {
		b.Fatal(err)
	}
	if err := os.Rename(f.Name(), name); err != nil {
		b.Fatal(err)
	}
	floorSyncDir(b, filepath.Dir(name))
}

func floorSyncDir(b *testing.B, dir string) {
	d, err := os.Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	if err := d.Sync(); err != nil {
		b.Fatal(err)
	}
	d.Close()
}

// bigFile is a 10 MiB text of numbered 64-byte lines, and editsDoc a
// document of n file_replace_text actions on it, each changing one unique
// line, spread evenly from the top down (as a patch's hunks are).
func bigFile() []byte {
	const size, width = 10 << 20, 64
	b := make([]byte, 0, size)
	for i := 0; len(b) < size; i++ {
		b = fmt.Appendf(b, "line %07d: %-*s\n", i, width-len("line 0000000: \n"), "the quick brown fox jumps over the lazy dog")
	}
	return b
}

func editsDoc(n int) *lang.Document {
	const lines = (10 << 20) / 64
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "#!SHAM [@three-char-SHA-256: e%d]\naction = \"file_replace_text\"\npath = \"big.txt\"\nold_text = \"line %07d: the quick\"\nnew_text = \"line %07d: THE QUICK\"\n#!END_SHAM_e%d\n\n",
			i, i*(lines/n), i*(lines/n), i)
	}
	return lang.Parse(source.NewFile("edits.sham", []byte(b.String())))
}

// benchEdits applies doc to a fresh copy of the 10 MiB file each iteration
// (with fsync, no git). The goal: 5,000 edits in one apply within about
// 0.23 s, one edit about as fast as reading and writing the file once
// (scripts/bench reports it; README, "Tests").
func benchEdits(b *testing.B, n int) {
	doc, content := editsDoc(n), bigFile()
	root := b.TempDir()
	cfg := DefaultConfig(root)
	cfg.NoGit, cfg.OutputMode = true, OutputSilent
	b.SetBytes(int64(len(content)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		if err := os.WriteFile(filepath.Join(root, "big.txt"), content, 0o644); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		ws, err := NewOS(cfg)
		if err != nil {
			b.Fatal(err)
		}
		rep := Run(context.Background(), doc, ws, cfg, nil)
		ws.Close()
		if !rep.Success || rep.ExecutedActions != n {
			b.Fatalf("success=%v executed=%d fatal=%q", rep.Success, rep.ExecutedActions, rep.Fatal)
		}
	}
}

func BenchmarkEdits10MiB(b *testing.B) {
	b.Run("1", func(b *testing.B) { benchEdits(b, 1) })
	b.Run("5000", func(b *testing.B) { benchEdits(b, 5000) })
}
