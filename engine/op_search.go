package engine

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"unicode/utf8"
)

// Limits keep a search from flooding the report (and the LLM's context).
const (
	maxGrepMatches = 1000
	maxGlobMatches = 10000
)

// GrepMatch is one matching line.
type GrepMatch struct {
	File       string `json:"file"` // relative to the root, slash separated
	LineNumber int    `json:"line_number"`
	Line       string `json:"line"`
}

// walkFiles calls visit for every regular file under dir (or dir itself when
// it is a file), skipping .git, symlinks and what .gitignore files exclude.
// rel paths passed to visit are slash paths relative to dir. Cancelling the
// context stops the walk.
func (x *opRun) walkFiles(dir string, visit func(abs, rel string) bool) error {
	fi, err := x.ws.Lstat(dir)
	if err != nil {
		return err
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		return symlinkRefused(dir)
	}
	if !fi.IsDir() {
		visit(dir, filepath.Base(dir))
		return nil
	}
	ig := &ignorer{}
	ig.load(x.ws, dir, "")
	var walk func(abs, rel string) (bool, error)
	walk = func(abs, rel string) (bool, error) {
		if err := x.ctx.Err(); err != nil {
			return false, err
		}
		infos, err := x.ws.ReadDir(abs)
		if err != nil {
			return false, err
		}
		for _, e := range infos {
			name := e.Name()
			childRel := name
			if rel != "" {
				childRel = rel + "/" + name
			}
			childAbs := filepath.Join(abs, name)
			switch m := e.Mode(); {
			case m.IsDir():
				if strings.EqualFold(name, ".git") || ig.ignored(childRel, true) {
					continue
				}
				ig.load(x.ws, childAbs, childRel)
				if more, err := walk(childAbs, childRel); !more || err != nil {
					return more, err
				}
			case m.IsRegular():
				if ig.ignored(childRel, false) {
					continue
				}
				if !visit(childAbs, childRel) {
					return false, nil
				}
			}
		}
		return true, nil
	}
	_, err = walk(dir, "")
	return err
}

// shown is how a result path appears: relative to the root when inside it.
func (x *opRun) shown(abs string) string {
	if rel, ok := x.cfg.Rel(abs); ok {
		return rel
	}
	return filepath.ToSlash(abs)
}

// grep searches files for an RE2 pattern, line by line. include filters by
// file name glob (or by path, when it has a slash). Binary and non-UTF-8
// files are skipped.
func (x *opRun) grep() Result {
	pat := x.params["pattern"]
	re, err := regexp.Compile(pat)
	if err != nil {
		return Result{Error: fmt.Sprintf("grep: invalid pattern '%s': %v", pat, err),
			Hint: "the pattern is a Go RE2 regular expression; escape special characters such as ( [ . with \\"}
	}
	abs, p, bad := x.path("path", false)
	if bad != nil {
		return *bad
	}
	include := x.params["include"]
	if _, err := path.Match(include, ""); include != "" && err != nil {
		return Result{Error: fmt.Sprintf("grep: invalid include glob '%s'", include), Hint: `write include = "*.go"`}
	}
	matches := []GrepMatch{}
	truncated := false
	err = x.walkFiles(abs, func(file, rel string) bool {
		if include != "" && !includeMatch(include, rel) {
			return true
		}
		data, err := x.ws.ReadFile(file)
		if err != nil || bytes.IndexByte(data[:min(len(data), 8000)], 0) >= 0 || !utf8.Valid(data) {
			return true
		}
		for i, line := range strings.Split(string(data), "\n") {
			line = strings.TrimSuffix(line, "\r")
			if !re.MatchString(line) {
				continue
			}
			if len(matches) == maxGrepMatches {
				truncated = true
				return false
			}
			matches = append(matches, GrepMatch{File: x.shown(file), LineNumber: i + 1, Line: line})
		}
		return true
	})
	if err != nil {
		return x.fail("scandir", p, err)
	}
	data := map[string]any{"pattern": pat, "path": p, "matches": matches}
	if truncated {
		data["truncated"] = true
	}
	return ok(data)
}

// includeMatch applies grep's include glob to a file's name, or to its path
// below the search folder when the glob has a slash.
func includeMatch(include, rel string) bool {
	if strings.Contains(include, "/") {
		return matchGlob(include, rel)
	}
	return matchGlob(include, path.Base(rel))
}

// glob lists files under base_path whose path relative to it matches the
// pattern ("**" spans folders), sorted, relative to the root.
func (x *opRun) glob() Result {
	pat := strings.TrimLeft(strings.TrimPrefix(x.params["pattern"], "./"), "/")
	if pat == "" {
		return Result{Error: "glob: pattern cannot be empty", Hint: `write pattern = "**/*.go"`}
	}
	if _, err := path.Match(strings.ReplaceAll(pat, "**", "*"), ""); err != nil {
		return Result{Error: fmt.Sprintf("glob: invalid pattern '%s'", pat), Hint: "check the brackets and escapes in the pattern"}
	}
	if bad := x.globEscape(pat); bad != nil {
		return *bad
	}
	abs, p, bad := x.path("base_path", false)
	if bad != nil {
		return *bad
	}
	found := []string{}
	truncated := false
	err := x.walkFiles(abs, func(file, rel string) bool {
		if !matchGlob(pat, rel) {
			return true
		}
		if len(found) == maxGlobMatches {
			truncated = true
			return false
		}
		found = append(found, x.shown(file))
		return true
	})
	if err != nil {
		return x.fail("scandir", p, err)
	}
	data := map[string]any{"pattern": pat, "base_path": p, "matches": found}
	if truncated {
		data["truncated"] = true
	}
	return ok(data)
}
