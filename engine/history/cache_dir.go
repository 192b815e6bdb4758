package history

import (
	"bytes"
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
// (a tagged one, node_modules, __pycache__): a build's output is no change of the user's, and committing
// it (cargo test's 7 MB test binary in a project whose .gitignore does
// not name target/) floods the history. It remembers each directory it
// looked at for the rest of the apply.
type cacheDirs struct {
	top    string          // the work tree's top, absolute
	tagged map[string]bool // slash directory (relative to top) → holds the tag
	found  []string        // the tagged directories that held new files, in order found
	files  int             // the new files left out because they lie in one
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
// __pycache__, which no project commits and which carry no tag.
func (c *cacheDirs) isCache(dir string) bool {
	switch path.Base(dir) {
	case "node_modules", "__pycache__":
		return true
	}
	return c.isTagged(dir)
}

func (c *cacheDirs) isTagged(dir string) bool {
	if t, ok := c.tagged[dir]; ok {
		return t
	}
	if c.tagged == nil {
		c.tagged = map[string]bool{}
	}
	c.tagged[dir] = hasCacheTag(filepath.Join(c.top, filepath.FromSlash(dir), "CACHEDIR.TAG"))
	return c.tagged[dir]
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

// warning says which files the apply left out and how to keep them out
// of the user's own commits too.
func (c *cacheDirs) warning() string {
	dirs := make([]string, len(c.found))
	for i, d := range c.found {
		dirs[i] = d + "/"
	}
	list := strings.Join(dirs, ", ")
	files := "files"
	if c.files == 1 {
		files = "file"
	}
	return fmt.Sprintf("commands created %d untracked %s in %s, which hold rebuildable output (a CACHEDIR.TAG, node_modules, __pycache__): left uncommitted, and undo leaves them (list those folders in .gitignore to keep them out of your own commits too)",
		c.files, files, list)
}
