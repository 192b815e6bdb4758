package fsys

import (
	"io/fs"
	"os"

	"github.com/clada-dev/clada/engine/textedit"
)

// What only some workspaces can do, asked by what they can do rather than
// by their type: a workspace that cannot answers "no", and the caller takes
// the ordinary way.

type (
	// dryRunner is a workspace that only simulates (an Overlay).
	dryRunner interface{ DryRun() bool }
	// regularOpener can open a regular file on disk for a streamed read
	// (the OS, and a WriteBack over it).
	regularOpener interface {
		openRegular(name string) (*os.File, fs.FileInfo, bool, error)
	}
	// dirOpener can open a folder on disk as a handle (walk.go).
	dirOpener interface {
		openDir(abs string, fi fs.FileInfo) (*os.Root, bool, error)
	}
	// walkBaser is an Overlay: a folder it holds nothing in is walked in
	// its base.
	walkBaser interface {
		untouched(abs string) bool
		walkBase() Workspace
	}
	// settings is a tree's read cap and hard-link rule, which an Overlay
	// over it keeps.
	settings interface {
		settings() (maxRead int64, links bool)
	}
	// apply is a real apply's write-back (WriteBack).
	apply interface {
		cached(name string) ([]byte, bool)
		BeginAction(owner int, command bool)
	}
	// indexer takes file_replace_text's fast path (a WriteBack, and an
	// Overlay given a plan).
	indexer interface {
		replaceIndexed(abs string, edit indexEdit) (textedit.Indexed, int)
		// unseeded says whether abs is planned and no content of it is
		// held yet; seed then takes its content as read (SeedIndexed).
		unseeded(abs string) bool
		seed(abs string, data []byte)
	}
	// planner is a simulation that takes the searches to index (an
	// Overlay); a WriteBack is given them when it is made.
	planner interface {
		planEdits(plan map[string][]string)
	}
	// rewriteChecker says whether a write would be let replace the
	// existing regular file at name, without writing (the guard's checks,
	// policy.go), so a WriteBack can hold a file's first write.
	rewriteChecker interface {
		checkRewrite(name string) (bool, error)
	}
)

// IsDryRun reports whether ws only simulates: a run on it changes nothing
// and runs no command.
func IsDryRun(ws Workspace) bool {
	d, ok := ws.(dryRunner)
	return ok && d.DryRun()
}

// OpenRegular opens the regular file name in ws for a streamed read, with
// ReadFile's checks; ok is false when ws cannot (a simulation's files may
// be in memory), and the caller reads the file whole or not at all. The
// caller closes f.
func OpenRegular(ws Workspace, name string) (f *os.File, fi fs.FileInfo, ok bool, err error) {
	if r, can := ws.(regularOpener); can {
		return r.openRegular(name)
	}
	return nil, nil, false, nil
}

func openDir(ws Workspace, abs string, fi fs.FileInfo) (*os.Root, bool, error) {
	if d, can := ws.(dirOpener); can {
		return d.openDir(abs, fi)
	}
	return nil, false, nil
}

// Cached returns the content a real apply's write-back holds for name (the
// last the apply wrote), so a reader needs no Lstat that would write it out.
func Cached(ws Workspace, name string) ([]byte, bool) {
	if w, ok := ws.(apply); ok {
		return w.cached(name)
	}
	return nil, false
}

// BeginAction tells a real apply's write-back which action runs next
// (owner) and whether it is a command; other workspaces need not know.
func BeginAction(ws Workspace, owner int, command bool) {
	if w, ok := ws.(apply); ok {
		w.BeginAction(owner, command)
	}
}

// Indexes reports whether ws is a real apply's write-back or an Overlay,
// whose files can take file_replace_text's fast path (ReplaceIndexed).
func Indexes(ws Workspace) bool {
	_, ok := ws.(indexer)
	return ok
}

// PlanEdits gives a simulation (an Overlay) the searches its run's
// file_replace_text actions make, per absolute path (at least MinIndexed
// of them), as NewWriteBack takes them; other workspaces ignore it.
func PlanEdits(ws Workspace, plan map[string][]string) {
	if p, ok := ws.(planner); ok {
		p.planEdits(plan)
	}
}

// ReplaceIndexed is file_replace_text's fast path (textedit/index.go) on
// abs, a file this apply wrote whose searches the plan names: old, which
// must occur exactly once and need no line-end adapting, replaced by repl,
// in memory; the int is the 1-based line the match started on, and near
// (near_line, 0 for none) takes only a match that starts a line, the one
// at line near when there is one (Index.ReplaceOnce). Declined means the
// ordinary path must run; nothing changed.
func ReplaceIndexed(ws Workspace, abs, old, repl string, near int) (textedit.Indexed, int) {
	if w, ok := ws.(indexer); ok {
		return w.replaceIndexed(abs, indexEdit{old: old, repl: repl, near: near})
	}
	return textedit.Declined, 0
}

// indexEdit is one edit on an index: ReplaceOnce, or ReplaceLines when
// lines is set. (A value, not a closure: 5,000 edits made 5,000 of those.)
type indexEdit struct {
	old, repl string
	near      int
	lines     bool
}

func (e indexEdit) apply(x *textedit.Index) (textedit.Indexed, int) {
	if e.lines {
		return x.ReplaceLines(e.old, e.repl), 0
	}
	return x.ReplaceOnce(e.old, e.repl, e.near)
}

// Unseeded reports whether ws would index abs (the plan names it) but holds
// no content of it yet: the caller then reads the file the ordinary way,
// with every check that read makes, and gives ws its bytes (SeedIndexed),
// so that the file's first edit is made on the index too. Without it, the
// first edit went the ordinary way, a search and a copy of a 10 MiB file,
// before the index copied the result again.
func Unseeded(ws Workspace, abs string) bool {
	w, ok := ws.(indexer)
	return ok && w.unseeded(abs)
}

// SeedIndexed gives ws the content of abs as read from the tree (Unseeded);
// it changes nothing, and is never written out as it stands.
func SeedIndexed(ws Workspace, abs string, data []byte) {
	if w, ok := ws.(indexer); ok {
		w.seed(abs, data)
	}
}

// ReplaceLinesIndexed is the exact rung of a V4A hunk on the fast path
// (textedit.Index.ReplaceLines) on abs, as ReplaceIndexed: old and repl
// are whole lines, old found exactly once as such, in a file with no CR.
// Declined means the hunk must climb the ladder; nothing changed.
func ReplaceLinesIndexed(ws Workspace, abs, old, repl string) textedit.Indexed {
	if w, ok := ws.(indexer); ok {
		r, _ := w.replaceIndexed(abs, indexEdit{old: old, repl: repl, lines: true})
		return r
	}
	return textedit.Declined
}
