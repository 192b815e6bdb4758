package lsp

import (
	"path/filepath"
	"strings"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/lang"
)

// What an op can touch, and why ops on unrelated paths are independent.
//
// An op's footprint is the paths its params name, resolved as the engine
// resolves them (Config.Resolve: absolute and clean). Two paths are related
// when one is the other or lies below it; two ops are related when any of
// their paths are. Ops that are not related, directly or through a chain of
// related ops, never change each other's results, because of what the
// engine's ops do on the Overlay (engine/op_*.go, workspace_overlay.go):
//
//   - An op changes entries only at or below its own paths (WriteFile,
//     Remove, RemoveAll and Rename of a whole tree, MkdirAll of the path),
//     plus one more thing: it creates the missing parent directories of a
//     path it writes or moves to (MkdirAll). That is why a path and its
//     parents are related: writing "a" as a file makes a later write of
//     "a/b" fail.
//   - An op reads only at or below its own paths, and the parents of its
//     paths (Lstat on the way down, the parent checks of Remove and Rename).
//
// So the one way an op reaches outside its related paths is by creating a
// directory D that was missing, above its own path, where an unrelated op's
// path lies below D too (writing "a/b/c" creates "a", and "a/x" is not
// related to "a/b/c"). That never changes the other op's result: D was
// missing, so everything below it was missing too, and still is (apart from
// what lies at or below the first op's own paths). Every op meets a missing
// path below D the same way whether D exists or not: a read, edit, delete,
// remove or move of it fails with the same ENOENT message; a write, a move
// to it and dir_create create the parents that are missing and succeed.
// The result differs only where D's own listing or timestamps show (ls,
// grep, glob), and those ops are given the root as their footprint, which is
// related to every path. files_read is treated the same way, to keep the
// list of ops whose footprint is exact short.
//
// Params that do not resolve (empty, escaping the root) make the op fail
// before it looks at the workspace; they add nothing to the footprint.

// footprint is the resolved paths one op touches: at most two (file_move).
type footprint struct {
	paths [2]string
	n     int
}

func (f *footprint) add(p string) {
	f.paths[f.n] = p
	f.n++
}

// footprintOf returns the paths the op named (catalog name) with a's params
// touches; the root for ops not known to touch only their own paths.
func footprintOf(cfg *engine.Config, name string, a *lang.Action) footprint {
	var f footprint
	var keys []string
	switch name {
	case "file_write", "file_append", "file_replace_text", "file_replace_all_text",
		"file_replace_text_range", "file_replace_lines", "file_read", "file_read_numbered",
		"file_delete", "remove", "dir_create", "dir_delete":
		keys = []string{"path"}
	case "file_move":
		keys = []string{"old_path", "new_path"}
	default: // ls, grep, glob, files_read and any op added later
		f.add(filepath.Clean(cfg.Root))
		return f
	}
	for _, k := range keys {
		v, _ := a.Value(k)
		if abs, err := cfg.Resolve(v); err == nil {
			f.add(abs)
		}
	}
	return f
}

// affected marks every op related, directly or through other ops, to a
// seed footprint (the paths of the ops an edit added, changed or removed).
// It is a union-find over the paths: each op joins its own paths, and each
// path joins the nearest of its parents that is also some op's path (which
// in turn joins its own parents), so related paths end up in one set.
func affected(cfg *engine.Config, ops []simOp, seeds []footprint) []bool {
	root := filepath.Clean(cfg.Root)
	id := map[string]int32{}
	var parent []int32
	node := func(p string) int32 {
		if i, ok := id[p]; ok {
			return i
		}
		i := int32(len(parent))
		id[p] = i
		parent = append(parent, i)
		return i
	}
	find := func(i int32) int32 {
		for parent[i] != i {
			parent[i] = parent[parent[i]] // path halving keeps the trees flat
			i = parent[i]
		}
		return i
	}
	union := func(a, b int32) { parent[find(a)] = find(b) }

	for i := range ops {
		if o := &ops[i]; o.run {
			fp := o.footprint(cfg)
			for k := 1; k < fp.n; k++ {
				union(node(fp.paths[0]), node(fp.paths[k]))
			}
			if fp.n > 0 {
				node(fp.paths[0])
			}
		}
	}
	for _, f := range seeds {
		for k := 0; k < f.n; k++ {
			node(f.paths[k])
		}
	}
	for p, i := range id {
		// Paths are clean and absolute, and below the root unless the
		// config lets them out; the walk stops at the root or the top.
		for a := p; a != root; {
			up := parentDir(a)
			if up == a {
				break
			}
			if j, ok := id[up]; ok {
				union(i, j)
				break
			}
			a = up
		}
	}

	hit := map[int32]bool{}
	for _, f := range seeds {
		for k := 0; k < f.n; k++ {
			hit[find(id[f.paths[k]])] = true
		}
	}
	dirty := make([]bool, len(ops))
	if len(hit) == 0 {
		return dirty
	}
	for i := range ops {
		if o := &ops[i]; o.run && o.fp.n > 0 {
			dirty[i] = hit[find(id[o.fp.paths[0]])]
		}
	}
	return dirty
}

// parentDir is filepath.Dir for the clean absolute paths Config.Resolve
// returns, without Dir's Clean: affected calls it for every path on every
// edit. The top ("/", or a volume's root) is its own parent.
func parentDir(p string) string {
	i := strings.LastIndexByte(p, filepath.Separator)
	if i < 0 {
		return p
	}
	if i == len(filepath.VolumeName(p)) {
		return p[:i+1]
	}
	return p[:i]
}
