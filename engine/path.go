package engine

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"
	"sync"

	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/internal/glob"
)

// Resolve turns a path from an action into a clean absolute path and checks
// that the run may reach it: relative paths are taken from the root;
// absolute paths must lie inside the root or an --allow directory unless
// AllowEscape is set. Backslashes are read as slashes (CML: "Windows paths
// normalized"). The runner and exec's cwd use it too.
func (cfg *Config) Resolve(p string) (string, error) {
	if abs, ok := cfg.resolved.get(p); ok {
		return abs, nil
	}
	abs, err := cfg.resolve(p)
	if err == nil {
		cfg.resolved.put(p, abs)
	}
	return abs, err
}

// runMemo is one run's memory of verdicts that depend on nothing but their
// key and the run's Config (Resolve's paths, CheckWrite's allowances): a
// run is given fresh ones (withRunCaches), and each is safe on nil
// (outside a run), where nothing is remembered.
type runMemo[V any] struct {
	mu sync.Mutex
	m  map[string]V
}

func newRunMemo[V any]() *runMemo[V] { return &runMemo[V]{m: map[string]V{}} }

func (r *runMemo[V]) get(k string) (V, bool) {
	if r == nil {
		var zero V
		return zero, false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	v, ok := r.m[k]
	return v, ok
}

func (r *runMemo[V]) put(k string, v V) {
	if r == nil {
		return
	}
	r.mu.Lock()
	r.m[k] = v
	r.mu.Unlock()
}

// resolve is Resolve without the run's memory.
func (cfg *Config) resolve(p string) (string, error) {
	if p == "" {
		return "", &fsys.RefusedError{Type: fault.InvalidPath, Path: p, Reason: "the path is empty", Fix: "give a path relative to the project root, e.g. src/main.go"}
	}
	if strings.IndexByte(p, 0) >= 0 {
		return "", &fsys.RefusedError{Type: fault.InvalidPath, Path: p, Reason: fmt.Sprintf("path %q contains a NUL byte", p), Fix: "remove the NUL byte from the path"}
	}
	slashed := strings.ReplaceAll(p, `\`, "/")
	if driveAbs(slashed) && !filepath.IsAbs(p) {
		// C:\Users\me\app.py off Windows: a model that saw a Windows
		// path. Joined to the root it would make a folder named "C:".
		return "", &fsys.RefusedError{Type: fault.PathEscape, Path: p,
			Reason: fmt.Sprintf("path '%s' is a Windows absolute path, outside the project root", p),
			Fix:    "give the path relative to the project root, e.g. src/app.py"}
	}
	var abs string
	if path.IsAbs(slashed) || filepath.IsAbs(p) { // filepath: C:\x on Windows
		abs = filepath.Clean(filepath.FromSlash(slashed))
	} else {
		abs = filepath.Join(cfg.Root, filepath.FromSlash(slashed))
	}
	inTree := fsys.Within(cfg.Root, abs) || cfg.AllowEscape
	for _, dir := range cfg.Allow {
		inTree = inTree || fsys.Within(filepath.Clean(dir), abs)
	}
	if inTree {
		// path_windows.go: device names, streams, short names, …
		if err := cfg.checkPlatformPath(p, abs); err != nil {
			return "", err
		}
		return abs, nil
	}
	return "", &fsys.RefusedError{
		Type:   fault.PathEscape,
		Path:   p,
		Reason: fmt.Sprintf("path '%s' is outside the project root", p),
		Fix:    "use a path inside the root, add --allow DIR for that directory, or pass --allow-escape",
	}
}

// driveAbs reports whether a slash path starts with a drive letter and a
// slash (C:/x), Windows' absolute form.
func driveAbs(slashed string) bool {
	return len(slashed) >= 3 && slashed[1] == ':' && slashed[2] == '/' &&
		('a' <= slashed[0] && slashed[0] <= 'z' || 'A' <= slashed[0] && slashed[0] <= 'Z')
}

// CheckWrite refuses writes the configuration forbids: anything inside a
// .git, .clada or .ssh directory (in any letter case, because
// case-insensitive filesystems treat .GIT as .git; wherever the path is, in
// the root, an --allow directory or under --allow-escape) and anything
// matching a deny pattern. Deny patterns are matched, in any letter case,
// against the path relative to the tree it is in: the root, the --allow
// directory holding it, or "/" under --allow-escape.
func (cfg *Config) CheckWrite(p, abs string) error {
	key := p + "\x00" + abs
	if _, ok := cfg.writable.get(key); ok {
		return nil
	}
	if err := cfg.checkWrite(p, abs); err != nil {
		return err
	}
	cfg.writable.put(key, true)
	return nil
}

// checkWrite is CheckWrite without the run's memory.
func (cfg *Config) checkWrite(p, abs string) error {
	// Resolve checked these for an action's path; undo's paths come here
	// alone (path_windows.go: a short name or trailing dot reaches .git).
	if err := cfg.checkPlatformPath(p, abs); err != nil {
		return err
	}
	rel, inTree := cfg.treeRel(abs)
	where := abs
	if inTree {
		where = rel // the root's own path may hold such a name; only what is below it counts
	}
	part := protectedPart(where)
	if part == ".git" {
		return protectedRefusal(p, part)
	}
	if inTree && len(cfg.Deny) > 0 {
		lower := strings.ToLower(rel) // once, not per pattern: this runs for every write
		for _, pat := range cfg.Deny {
			// Linear in segments however many "**" a pattern holds: deny
			// patterns can come from a cloned .clada.yaml.
			if glob.Match(strings.ToLower(pat), lower) {
				return &fsys.RefusedError{Type: fault.PermissionDenied, Path: p,
					Reason: fmt.Sprintf("'%s' matches the deny pattern %q", p, pat),
					Fix:    denyFix}
			}
		}
	}
	if part != "" {
		return protectedRefusal(p, part)
	}
	return nil
}

// protectedRefusal refuses a write inside .git, .clada or .ssh.
func protectedRefusal(p, part string) error {
	return &fsys.RefusedError{Type: fault.PermissionDenied, Path: p,
		Reason: fmt.Sprintf("'%s' is inside a %s directory, which actions never write", p, part),
		Fix:    protectedFix[part]}
}

// protectedFix is the fix each always-protected directory's refusal names.
var protectedFix = map[string]string{
	".git":   "git metadata is managed by git itself; write somewhere else",
	".clada": "it holds clada's own state (the lock, the watch state): only clada and the user change it",
	".ssh":   "ssh keys and settings are never written by actions; change them yourself",
}

// treeRel is abs relative to the tree holding it (the root, an --allow
// directory, or "/" under --allow-escape), as a slash path.
func (cfg *Config) treeRel(abs string) (string, bool) {
	if rel, ok := cfg.Rel(abs); ok {
		return rel, true
	}
	for _, d := range cfg.Allow {
		if d = filepath.Clean(d); fsys.Within(d, abs) {
			if abs == d {
				return ".", true
			}
			return filepath.ToSlash(strings.TrimPrefix(abs[len(d):], string(filepath.Separator))), true
		}
	}
	if cfg.AllowEscape && filepath.IsAbs(abs) {
		abs = abs[len(filepath.VolumeName(abs)):] // C: on Windows
		return filepath.ToSlash(strings.TrimPrefix(abs, string(filepath.Separator))), true
	}
	return "", false
}

// protectedPart returns the first component of abs that is .git, .clada or
// .ssh in any letter case, or "". It scans without splitting: it runs on
// every write.
func protectedPart(abs string) string {
	for rest := filepath.ToSlash(abs); rest != ""; {
		var part string
		part, rest, _ = strings.Cut(rest, "/")
		for _, name := range [...]string{".git", ".clada", ".ssh"} {
			if len(part) == len(name) && strings.EqualFold(part, name) {
				return name
			}
		}
	}
	return ""
}

// Rel returns abs (a clean absolute path, as Resolve returns) as a slash
// path relative to the root, and false when abs is outside it.
func (cfg *Config) Rel(abs string) (string, bool) {
	root := filepath.Clean(cfg.Root)
	switch {
	case abs == root:
		return ".", true
	case !fsys.Within(root, abs):
		return "", false
	case strings.HasSuffix(root, string(filepath.Separator)): // "/", or C:\ on Windows
		return filepath.ToSlash(abs[len(root):]), true
	}
	return filepath.ToSlash(abs[len(root)+1:]), true
}

// notDirBefore refuses a written path that goes on past a name that is not
// a directory: "a.txt/", "a.txt/." and "a.txt/../b.txt" all say a.txt is
// a directory, and the kernel answers ENOTDIR for each ("cat a.txt/"), but
// Resolve cleans those steps away, so the workspace never sees them. Only
// a name followed by "/", "." or ".." is checked: any other later step
// reaches the workspace, which refuses a file in the middle of a path
// itself. A name that does not exist is left to the op (ENOENT, or
// created, as dir_create and file_move's "into dest/" do).
func (x *opRun) notDirBefore(p string) *Result {
	slashed := strings.ReplaceAll(p, `\`, "/")
	if !strings.HasSuffix(slashed, "/") && !strings.Contains(slashed, "//") && !strings.Contains(slashed, "/.") {
		return nil // no step that Resolve cleans away: most paths, and no allocation
	}
	segs := strings.Split(slashed, "/")
	for i := 0; i+1 < len(segs); i++ {
		switch segs[i] {
		case "", ".", "..":
			continue
		}
		switch segs[i+1] {
		case "", ".", "..":
		default:
			continue
		}
		prefix := strings.Join(segs[:i+1], "/")
		if prefix == "" { // an absolute path's leading slash
			continue
		}
		abs, err := x.cfg.Resolve(prefix)
		if err != nil {
			continue // outside the root: the whole path's own check decides
		}
		if fi, err := x.ws.Lstat(abs); err == nil && !fi.IsDir() {
			return &Result{Error: fmt.Sprintf("ENOTDIR: not a directory, open '%s'", p),
				Hint: fmt.Sprintf("'%s' is a file, not a directory: write the path without the '/' after it", prefix)}
		}
	}
	return nil
}
