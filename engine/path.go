package engine

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"
)

// RefusedError is a path or content the engine will not touch by policy (as
// opposed to an error the operating system returned). Type is the CML error
// type the report carries; Fix tells the person or LLM what would work.
type RefusedError struct {
	Type   string // path_escape, symlink_not_allowed, permission_denied, invalid_path, invalid_content, …
	Path   string // the path as the user wrote it, or the absolute path when that is all we have
	Reason string // one sentence naming the path
	Fix    string
}

func (e *RefusedError) Error() string { return e.Reason }

// Resolve turns a path from an action into a clean absolute path and checks
// that the run may reach it: relative paths are taken from the root;
// absolute paths must lie inside the root or an --allow directory unless
// AllowEscape is set. Backslashes are read as slashes (CML: "Windows paths
// normalized"). The runner and exec's cwd use it too.
func (cfg *Config) Resolve(p string) (string, error) {
	if p == "" {
		return "", &RefusedError{Type: "invalid_path", Path: p, Reason: "the path is empty", Fix: "give a path relative to the project root, e.g. src/main.go"}
	}
	if strings.IndexByte(p, 0) >= 0 {
		return "", &RefusedError{Type: "invalid_path", Path: p, Reason: fmt.Sprintf("path %q contains a NUL byte", p), Fix: "remove the NUL byte from the path"}
	}
	slashed := strings.ReplaceAll(p, `\`, "/")
	var abs string
	if path.IsAbs(slashed) {
		abs = filepath.Clean(filepath.FromSlash(slashed))
	} else {
		abs = filepath.Join(cfg.Root, filepath.FromSlash(slashed))
	}
	if within(cfg.Root, abs) || cfg.AllowEscape {
		return abs, nil
	}
	for _, dir := range cfg.Allow {
		if within(filepath.Clean(dir), abs) {
			return abs, nil
		}
	}
	return "", &RefusedError{
		Type:   "path_escape",
		Path:   p,
		Reason: fmt.Sprintf("path '%s' is outside the project root %s", p, cfg.Root),
		Fix:    "use a path inside the root, add --allow DIR for that directory, or pass --allow-escape",
	}
}

// CheckWrite refuses writes the configuration forbids: anything inside a
// .git directory (in any letter case, because case-insensitive filesystems
// treat .GIT as .git) and anything matching a deny pattern.
func (cfg *Config) CheckWrite(p, abs string) error {
	if hasGitPart(abs) {
		return &RefusedError{Type: "permission_denied", Path: p,
			Reason: fmt.Sprintf("'%s' is inside a .git directory, which actions never write", p),
			Fix:    "git metadata is managed by git itself; write somewhere else"}
	}
	rel, ok := cfg.Rel(abs)
	if !ok || len(cfg.Deny) == 0 {
		return nil
	}
	segs := strings.Split(rel, "/") // once, not per pattern: this runs for every write
	for _, pat := range cfg.Deny {
		if matchSegs(strings.Split(pat, "/"), segs) {
			return &RefusedError{Type: "permission_denied", Path: p,
				Reason: fmt.Sprintf("'%s' matches the deny pattern %q", p, pat),
				Fix:    "this path is protected by the deny list; change the configuration if the write is intended"}
		}
	}
	return nil
}

// hasGitPart reports whether any component of abs is .git, in any letter
// case (case-insensitive filesystems make .GIT the same directory). It
// scans without splitting: it runs on every write.
func hasGitPart(abs string) bool {
	for rest := filepath.ToSlash(abs); rest != ""; {
		var part string
		part, rest, _ = strings.Cut(rest, "/")
		if len(part) == 4 && strings.EqualFold(part, ".git") {
			return true
		}
	}
	return false
}

// Rel returns abs (a clean absolute path, as Resolve returns) as a slash
// path relative to the root, and false when abs is outside it.
func (cfg *Config) Rel(abs string) (string, bool) {
	root := filepath.Clean(cfg.Root)
	switch {
	case abs == root:
		return ".", true
	case !within(root, abs):
		return "", false
	case root == string(filepath.Separator):
		return filepath.ToSlash(abs[1:]), true
	}
	return filepath.ToSlash(abs[len(root)+1:]), true
}

// within reports whether p is dir or below it, comparing whole components so
// that /x/root_evil is not inside /x/root.
func within(dir, p string) bool {
	dir = filepath.Clean(dir)
	if p == dir {
		return true
	}
	if dir == string(filepath.Separator) {
		return strings.HasPrefix(p, dir)
	}
	return strings.HasPrefix(p, dir+string(filepath.Separator))
}

// matchGlob matches a slash path against a slash glob where a "**" segment
// matches any number of segments (including none) and other segments use
// path.Match. It serves deny patterns, the glob op and .gitignore.
func matchGlob(pattern, name string) bool {
	return matchSegs(strings.Split(pattern, "/"), strings.Split(name, "/"))
}

func matchSegs(pat, name []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			rest := pat[1:]
			if len(rest) == 0 {
				return true
			}
			for i := 0; i <= len(name); i++ {
				if matchSegs(rest, name[i:]) {
					return true
				}
			}
			return false
		}
		if len(name) == 0 {
			return false
		}
		if ok, err := path.Match(pat[0], name[0]); err != nil || !ok {
			return false
		}
		pat, name = pat[1:], name[1:]
	}
	return len(name) == 0
}
