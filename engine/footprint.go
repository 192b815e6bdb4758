package engine

import "path/filepath"

// Footprint returns the paths op (a catalog name, as for Do) with params
// reads or writes, resolved as Do resolves them (absolute and clean). The
// language server uses it to re-run, after an edit, only the ops whose
// results the edit can change.
//
// Two paths are related when one is the other or lies below it. Ops whose
// footprints are not related, directly or through a chain of ops that are,
// never change each other's results on an Overlay, so each op's result is
// what running only the ops related to it, in order, would give. That holds
// because of what the ops do (op_*.go, fsys/overlay.go):
//
//   - An op changes entries only at or below its own paths (WriteFile,
//     Remove, RemoveAll and Rename of a whole tree, MkdirAll of the path),
//     plus one more thing: it creates the missing parent directories of a
//     path it writes or moves to. That is why a path and its parents are
//     related: writing "a" as a file makes a later write of "a/b" fail.
//   - An op reads only at or below its own paths, and the parents of its
//     paths (Lstat on the way down, the parent checks of Remove and Rename).
//
// So the one way an op reaches outside the paths related to its own is by
// creating a directory D that was missing, above its own path, where an
// unrelated op's path lies below D too (writing "a/b/c" creates "a"; "a/x"
// is not related to "a/b/c"). That never changes the other op's result: D
// was missing, so everything below it was missing too, and still is (apart
// from what lies at or below the first op's own paths), and every op meets a
// missing path below D alike whether D exists or not: a read, edit, delete,
// remove or move of it fails with the same ENOENT message; a write, a move
// to it and dir_create create the parents that are missing and succeed.
// Only D's own listing and timestamps show the difference (ls, grep, glob),
// and those ops get the root as their footprint, which is related to every
// path; so do files_read and any op not listed here. An op added or changed
// must keep this argument true or be left to that default.
//
// A path param that does not resolve (empty, outside the root) makes the op
// fail before it looks at the workspace, so it adds nothing.
func Footprint(cfg *Config, op string, params map[string]string) []string {
	var keys []string
	switch op {
	case "file_write", "file_append", "file_replace_text", "file_replace_all_text",
		"file_replace_text_range", "file_replace_lines", "file_insert", "file_read", "file_read_numbered",
		"file_delete", "remove", "dir_create", "dir_delete":
		keys = []string{"path"}
	case "file_move":
		keys = []string{"old_path", "new_path"}
	default: // ls, grep, glob, files_read and any op added later
		return []string{filepath.Clean(cfg.Root)}
	}
	var paths []string
	for _, k := range keys {
		if abs, err := cfg.Resolve(params[k]); err == nil {
			paths = append(paths, abs)
		}
	}
	return paths
}
