package engine

import (
	"bytes"
	"path/filepath"
	"sync"

	"github.com/editorconfig/editorconfig-core-go/v2"

	"github.com/clada-dev/clada/engine/fsys"
)

// newFileEnd gives a file the write creates the final newline the project
// asks of it (README, "Files end the way the project ends them"): the
// .editorconfig files from the file's folder up to the project root (or
// the first with root = true) decide through insert_final_newline, the
// nearest that sets it winning, as editors read them. true adds a missing
// final line end, false drops one. With no such setting the project's files
// of the same kind decide (convention); with neither, the content stays
// exactly as written (SHAM's heredocs then keep nesl-js's bytes). The
// files are read through the workspace, so a simulation sees what the
// same apply wrote before.
func (x *opRun) newFileEnd(abs string, data []byte) []byte {
	if len(data) == 0 {
		return data
	}
	root := filepath.Clean(x.cfg.Root)
	if !fsys.Within(root, abs) {
		return data
	}
	if want, ok := x.editorconfigEnd(root, abs); ok {
		return withFinalNewline(data, want)
	}
	if data[len(data)-1] != '\n' && x.conventionEnd(root, abs) {
		return withFinalNewline(data, true)
	}
	return data
}

// editorconfigEnd is the insert_final_newline .editorconfig sets for abs,
// and whether one does.
func (x *opRun) editorconfigEnd(root, abs string) (want, ok bool) {
	for dir := filepath.Dir(abs); ; dir = filepath.Dir(dir) {
		ecPath := filepath.Join(dir, ".editorconfig")
		if fi, err := x.ws.Lstat(ecPath); err == nil && fi.Mode().IsRegular() && fi.Size() <= maxEditorconfig {
			b, err := x.ws.ReadFile(ecPath)
			if ec, perr := editorconfig.Parse(bytes.NewReader(b)); err == nil && perr == nil {
				rel, _ := filepath.Rel(dir, abs)
				def, err := ec.GetDefinitionForFilename(filepath.ToSlash(rel))
				if err == nil && def.InsertFinalNewline != nil {
					return *def.InsertFinalNewline, true
				}
				if ec.Root {
					return false, false
				}
			}
		}
		if dir == root || dir == filepath.Dir(dir) {
			return false, false
		}
	}
}

// The convention of a kind of file: the project's files with the same
// extension, the ones git would track (no .git, nothing .gitignore
// excludes, no symlinks), sampled in the order the walk finds them. When
// most of the sample ends with a line end, a new file of that kind gets one
// too. It only adds: a file the answer ends without a newline where the
// project's files have one is the usual slip (a SHAM heredoc without its
// blank line), while a newline the answer wrote is deliberate. A file with
// no extension (Makefile, a script) has no kind to compare by and stays as
// written.
const (
	conventionSample = 16   // files of the kind read at most
	conventionWalk   = 4096 // files looked at, of any kind, at most
)

// endConvention is one run's cache of conventionEnd, by extension: the
// sample is read once per kind and apply, however many files it creates.
type endConvention struct {
	mu    sync.Mutex
	byExt map[string]bool
}

// withRunCaches gives cfg, on a copy of its own, the fresh caches of one
// run: the final-newline convention by file kind (here) and the writes
// CheckWrite allowed (path.go).
func withRunCaches(cfg *Config) *Config {
	c := *cfg
	c.ends = &endConvention{byExt: map[string]bool{}}
	c.writable, c.resolved = newRunMemo[bool](), newRunMemo[string]()
	return &c
}

// conventionEnd reports whether most of the project's files of abs's kind
// end with a line end.
func (x *opRun) conventionEnd(root, abs string) bool {
	ext := filepath.Ext(abs)
	if ext == "" || ext == filepath.Base(abs) { // no extension, or a dotfile (.env)
		return false
	}
	if c := x.cfg.ends; c != nil {
		c.mu.Lock()
		defer c.mu.Unlock()
		if want, ok := c.byExt[ext]; ok {
			return want
		}
		want := x.sampleEnds(root, ext)
		c.byExt[ext] = want
		return want
	}
	return x.sampleEnds(root, ext)
}

// sampleEnds walks the project for up to conventionSample non-empty files
// with extension ext and reports whether more than half end with "\n". A
// walk cut short (its budget, an unreadable folder) decides on what it saw.
func (x *opRun) sampleEnds(root, ext string) bool {
	seen, sampled, ending := 0, 0, 0
	_ = x.walkFiles(root, func(abs, _ string, size int64, read func() ([]byte, error)) bool {
		seen++
		if size > 0 && filepath.Ext(abs) == ext {
			if b, err := read(); err == nil && len(b) > 0 {
				sampled++
				if b[len(b)-1] == '\n' {
					ending++
				}
			}
		}
		return sampled < conventionSample && seen < conventionWalk
	}, nil)
	return 2*ending > sampled
}

// maxEditorconfig bounds the .editorconfig read (real ones are a few KB).
const maxEditorconfig = 1 << 20

// withFinalNewline adds ("\n", or "\r\n" when data uses CRLF) or drops a
// final line end.
func withFinalNewline(data []byte, want bool) []byte {
	has := data[len(data)-1] == '\n'
	switch {
	case want && !has:
		if bytes.Contains(data, []byte("\r\n")) {
			return append(data[:len(data):len(data)], '\r', '\n')
		}
		return append(data[:len(data):len(data)], '\n')
	case !want && has:
		data = data[:len(data)-1]
		return bytes.TrimSuffix(data, []byte("\r"))
	}
	return data
}
