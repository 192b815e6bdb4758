package history

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// cacheDirSignature opens a CACHEDIR.TAG file (the Cache Directory Tagging
// Specification, https://bford.info/cachedir/): build tools write it at
// the top of a directory that holds only what they can make again, cargo's
// target/ among them, so that backups skip it.
const cacheDirSignature = "Signature: 8a477f597d28d172789f06886806bc55"

// cacheDirs tells which new files of a command lie in a cache directory
// (a tagged one, node_modules, __pycache__, a Python virtualenv, an output
// folder holding no tracked file) or are a compiled program or object
// (compiled.go): a build's output is no change of the user's, and
// committing it (cargo test's 7 MB test binary in a project whose
// .gitignore does not name target/, a coverage report) floods the history.
// It remembers each directory it looked at for the rest of the apply.
type cacheDirs struct {
	top    string          // the work tree's top, absolute
	tagged map[string]bool // slash directory (relative to top) → holds the tag
	// output maps each output folder (outputDirs) above a command's new
	// files to whether the index holds a file below it (noteOutputDirs).
	output map[string]bool
	found  []string // the tagged directories that held new files, in order found
	files  int      // the new files left out because they lie in one
	// compiled are the new files left out because they are compiled
	// programs or objects (`go build`'s binary at the top of the tree).
	compiled []string
}

// holds reports whether the slash path p (relative to the top) lies below
// a cache directory other than the top itself, and records the outermost.
func (c *cacheDirs) holds(p string) bool {
	outer := ""
	for dir := path.Dir(p); dir != "." && dir != "/"; dir = path.Dir(dir) {
		if c.isCache(dir) {
			outer = dir
		}
	}
	if outer == "" {
		return false
	}
	c.files++
	if !slices.Contains(c.found, outer) {
		c.found = append(c.found, outer)
	}
	return true
}

// isCache reports whether dir holds what a tool makes again by itself: it
// holds a CACHEDIR.TAG, or it is npm's node_modules or Python's
// __pycache__, which no project commits and which carry no tag, or a
// Python virtualenv (`python3 -m venv .venv`), which holds a pyvenv.cfg at
// its top (PEP 405) and, before Python 3.13, no .gitignore of its own:
// its thousands of files would fill the commit.
func (c *cacheDirs) isCache(dir string) bool {
	switch path.Base(dir) {
	case "node_modules", "__pycache__":
		return true
	}
	if tracked, ok := c.output[dir]; ok && !tracked {
		return true
	}
	return c.isTagged(dir)
}

// outputDirs are the folders build and test tools write what they make
// into, carrying no CACHEDIR.TAG: a bundler's or setuptools' dist/ and
// build/, Maven's target/, a coverage report's coverage/ (jest, nyc,
// c8), pytest's .pytest_cache/. A project may keep sources there or commit
// its output (a GitHub Action's dist/), so one counts as output only while
// the index holds no file below it: a command's new files there are then
// its output, while a file the answer itself writes there is its change
// and committed.
var outputDirs = map[string]bool{"build": true, "dist": true, "target": true, "coverage": true, ".pytest_cache": true}

// noteOutputDirs reads, in one ls-files, whether the index holds a file
// below each output folder above paths (new untracked files of a command)
// that it has not read yet.
func (c *cacheDirs) noteOutputDirs(ctx context.Context, r *repo, paths []string) error {
	var dirs []string
	for _, p := range paths {
		for dir := path.Dir(p); dir != "." && dir != "/"; dir = path.Dir(dir) {
			if _, known := c.output[dir]; outputDirs[path.Base(dir)] && !known && !slices.Contains(dirs, dir) {
				dirs = append(dirs, dir)
			}
		}
	}
	if len(dirs) == 0 {
		return nil
	}
	l, err := r.indexListing(ctx, "", dirs, false)
	if err != nil {
		return err
	}
	if c.output == nil {
		c.output = map[string]bool{}
	}
	for _, d := range dirs {
		c.output[d] = l.tracked[d]
	}
	return nil
}

func (c *cacheDirs) isTagged(dir string) bool {
	if t, ok := c.tagged[dir]; ok {
		return t
	}
	if c.tagged == nil {
		c.tagged = map[string]bool{}
	}
	abs := filepath.Join(c.top, filepath.FromSlash(dir))
	c.tagged[dir] = hasCacheTag(filepath.Join(abs, "CACHEDIR.TAG")) || isRegular(filepath.Join(abs, "pyvenv.cfg"))
	return c.tagged[dir]
}

// isRegular reports whether file is a regular file, not followed if a symlink.
func isRegular(file string) bool {
	fi, err := os.Lstat(file)
	return err == nil && fi.Mode().IsRegular()
}

// isCompiled reports whether the new file p (slash, relative to the top)
// is a compiled program or object, and records it.
func (c *cacheDirs) isCompiled(p string) bool {
	if !compiledFile(filepath.Join(c.top, filepath.FromSlash(p))) {
		return false
	}
	c.compiled = append(c.compiled, p)
	return true
}

// hasCacheTag reports whether file is a regular file that starts with the
// tag's signature.
func hasCacheTag(file string) bool {
	if fi, err := os.Lstat(file); err != nil || !fi.Mode().IsRegular() {
		return false
	}
	f, err := os.Open(file)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, len(cacheDirSignature))
	_, err = io.ReadFull(f, head)
	return err == nil && bytes.Equal(head, []byte(cacheDirSignature))
}

// warnings say which files the apply left out and how to keep them out
// of the user's own commits too.
func (c *cacheDirs) warnings() []string {
	var out []string
	if c.files > 0 {
		out = append(out, c.dirWarning())
	}
	if n := len(c.compiled); n > 0 {
		names := c.compiled
		more := ""
		if n > 5 {
			names, more = names[:5], fmt.Sprintf(" and %d more", n-5)
		}
		what, them := "files that are compiled programs or objects", "them"
		if n == 1 {
			what, them = "file that is a compiled program or object", "it"
		}
		out = append(out, fmt.Sprintf("commands created %d untracked %s (%s%s), as a build does: left uncommitted, and undo leaves %s (name such files in .gitignore to keep them out of your own commits too, or git add what belongs in the repository)",
			n, what, strings.Join(names, ", "), more, them))
	}
	return out
}

func (c *cacheDirs) dirWarning() string {
	dirs := make([]string, len(c.found))
	for i, d := range c.found {
		dirs[i] = d + "/"
	}
	list := strings.Join(dirs, ", ")
	files := "files"
	if c.files == 1 {
		files = "file"
	}
	return fmt.Sprintf("commands created %d untracked %s in %s, which hold rebuildable output (a CACHEDIR.TAG, node_modules, __pycache__, a virtualenv's pyvenv.cfg, or a build, dist, target, coverage or .pytest_cache folder holding no tracked file): left uncommitted, and undo leaves them (list those folders in .gitignore to keep them out of your own commits too)",
		c.files, files, list)
}
