package engine

import (
	"path"
	"path/filepath"
	"strings"

	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/internal/glob"
)

// The .gitignore subset grep and glob honour: comments, blank lines, "!"
// negation, a trailing "/" for directories only, patterns with a slash
// anchored to their .gitignore's folder, patterns without one matching a name
// at any depth, and "**". The last matching rule wins, as in git.

// ignoreRule is one .gitignore line, scoped to the folder it came from.
type ignoreRule struct {
	base    string // slash folder of the .gitignore, relative to the walk's origin ("" at the origin)
	pattern string
	negate  bool
	dirOnly bool
	nameful bool // no slash: matches the name at any depth
}

// ignorer holds the rules seen so far in one walk.
type ignorer struct {
	rules []ignoreRule
}

// load adds the rules of dir's .gitignore, if it has a readable one. rel is
// dir relative to the walk's origin, slash separated ("" for the origin).
func (ig *ignorer) load(ws fsys.Workspace, dir, rel string) {
	data, err := ws.ReadFile(filepath.Join(dir, ".gitignore"))
	if err != nil {
		return
	}
	ig.loadData(data, rel)
}

// loadData adds the rules of one .gitignore's content (nil: none).
func (ig *ignorer) loadData(data []byte, rel string) {
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimRight(line, "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		line = strings.TrimRight(line, " ")
		r := ignoreRule{base: rel}
		if strings.HasPrefix(line, "!") {
			r.negate, line = true, line[1:]
		}
		line = strings.TrimPrefix(line, `\`)
		if strings.HasSuffix(line, "/") {
			r.dirOnly, line = true, strings.TrimSuffix(line, "/")
		}
		r.nameful = !strings.Contains(line, "/")
		r.pattern = strings.TrimPrefix(line, "/")
		if r.pattern != "" {
			ig.rules = append(ig.rules, r)
		}
	}
}

// ignored reports whether the entry at rel (slash, relative to the walk's
// origin) is ignored.
func (ig *ignorer) ignored(rel string, isDir bool) bool {
	out := false
	for _, r := range ig.rules {
		if r.dirOnly && !isDir {
			continue
		}
		sub := rel
		if r.base != "" {
			if !strings.HasPrefix(rel, r.base+"/") {
				continue
			}
			sub = rel[len(r.base)+1:]
		}
		var hit bool
		if r.nameful {
			hit = glob.Match(r.pattern, path.Base(sub))
		} else {
			hit = glob.Match(r.pattern, sub)
		}
		if hit {
			out = !r.negate
		}
	}
	return out
}
