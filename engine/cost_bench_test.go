package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/lang"
)

// The benchmarks of inputs whose cost once grew faster than their size
// (grep and glob over a deep tree, many ** in one glob), each at three
// sizes, so the growth shows. Run:
//
//	go test ./engine -run XXX -bench 'GrepDepth|GlobStars' -benchtime 3x

// deepTree makes a chain of depth nested folders under root, each holding one
// small file, the tree an answer can create with one file_write.
func deepTree(b *testing.B, root string, depth int) {
	b.Helper()
	dir := root
	for i := range depth {
		dir = filepath.Join(dir, "d")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "f.txt"), []byte(fmt.Sprintf("line %d\n", i)), 0o644); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGrepDepth greps a chain of nested folders 100, 200 and 400 deep.
func BenchmarkGrepDepth(b *testing.B) {
	for _, depth := range []int{100, 200, 400} {
		b.Run(fmt.Sprint("depth=", depth), func(b *testing.B) {
			root := b.TempDir()
			deepTree(b, root, depth)
			cfg := DefaultConfig(root)
			ws, err := NewOS(cfg)
			if err != nil {
				b.Fatal(err)
			}
			defer ws.Close()
			for b.Loop() {
				r := Do(context.Background(), ws, cfg, lang.OpGrep, map[string]string{"pattern": "line 7", "path": "."})
				// Past MaxPathDepth the walk stops with an error naming the path.
				if !r.Success && !strings.Contains(r.Error, "folders deep") {
					b.Fatal(r.Error)
				}
			}
		})
	}
}

// BenchmarkGrepDepthOverlay is BenchmarkGrepDepth in a simulation (check,
// --dry-run, --atomic), through an Overlay over the tree.
func BenchmarkGrepDepthOverlay(b *testing.B) {
	for _, depth := range []int{100, 200, 400} {
		b.Run(fmt.Sprint("depth=", depth), func(b *testing.B) {
			root := b.TempDir()
			deepTree(b, root, depth)
			cfg := DefaultConfig(root)
			base, err := NewOS(cfg)
			if err != nil {
				b.Fatal(err)
			}
			defer base.Close()
			ws := fsys.NewOverlay(base)
			if r := Do(context.Background(), ws, cfg, lang.OpFileWrite, map[string]string{"path": "new.txt", "content": "line 7\n"}); !r.Success {
				b.Fatal(r.Error)
			}
			for b.Loop() {
				r := Do(context.Background(), ws, cfg, lang.OpGrep, map[string]string{"pattern": "line 7", "path": "."})
				if !r.Success && !strings.Contains(r.Error, "folders deep") {
					b.Fatal(r.Error)
				}
			}
		})
	}
}

// BenchmarkGlobStars globs a 24-deep chain with 4, 8 and 12 "**" in a
// pattern that never matches, the worst case of a backtracking matcher.
func BenchmarkGlobStars(b *testing.B) {
	root := b.TempDir()
	deepTree(b, root, 24)
	cfg := DefaultConfig(root)
	ws, err := NewOS(cfg)
	if err != nil {
		b.Fatal(err)
	}
	defer ws.Close()
	for _, stars := range []int{4, 8, 12} {
		pat := strings.Repeat("**/d/", stars) + "nothing.txt"
		b.Run(fmt.Sprint("stars=", stars), func(b *testing.B) {
			for b.Loop() {
				r := Do(context.Background(), ws, cfg, lang.OpGlob, map[string]string{"pattern": pat, "base_path": "."})
				if !r.Success {
					b.Fatal(r.Error)
				}
			}
		})
	}
}
