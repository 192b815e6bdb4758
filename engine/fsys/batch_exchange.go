package fsys

import (
	"os"
	"path/filepath"

	"github.com/clada-dev/clada/internal/state"
)

// Keeping an all-or-nothing batch's old contents by exchange. A link to
// each old file made at staging (keepOld) costs a directory entry made and
// one removed per file, a sixth of the kernel's time in a thousand-file
// diff's apply. Where the system can swap two names in one step (Linux's
// renameat2 RENAME_EXCHANGE), the commit instead exchanges the temp with
// the file: the file's name then holds the new content, the temp's name
// the old, which is where the undo renames it back from and what success
// removes. Each file is still wholly old or wholly new at every moment,
// and the writeback the stager started (startWriteback) is ordered before
// the exchange as before the rename.
//
// The old content so kept is under a temp name (state.IsTemp), which the
// lock's recovery removes after a crash: it is the commit's leftover then,
// as the second names are (batch_undo.go). When putting a file back fails,
// the old content is renamed to a second name, so that the report can
// point at it safely.

// exchanges reports whether the batch keeps old contents by exchange: the
// system can, and no exchange on this tree has been refused.
func (t *osTree) exchanges() bool { return canExchange && !t.noExchange.Load() }

// commitRename puts s's temp in place: a rename over its target or, for a
// file whose old content is kept by exchange (s.swap), an exchange of the
// two names, after which s.old is the temp's name. Where the filesystem
// refuses exchanges (FAT, many network and FUSE filesystems), the old
// content gets its link as at staging, and the tree stops exchanging.
func (t *osTree) commitRename(s *staged, dirs exchangeDirs) error {
	if !s.swap {
		return t.renameStaged(*s)
	}
	d, err := dirs.open(s)
	if err != nil {
		return err
	}
	if err = t.exchange(d, filepath.Base(s.tmp), filepath.Base(s.rel)); err == nil {
		s.old = s.tmp
		return nil
	}
	if !exchangeRefused(err) {
		return &os.LinkError{Op: "rename", Old: s.tmp, New: s.rel, Err: err}
	}
	t.noExchange.Store(true)
	if s.old, err = keepOld(s.r.r, filepath.Dir(s.rel), filepath.Base(s.rel)); err != nil {
		return err
	}
	return t.renameStaged(*s)
}

// exchangeDirs are the directories a commit opened to exchange names in,
// by staged.dirKey, each opened through its root once.
type exchangeDirs map[string]*os.File

// open is s's directory, opened through its root (os.Root: it cannot be
// reached through a link out of the tree) the first time it is asked for.
func (d exchangeDirs) open(s *staged) (*os.File, error) {
	key := s.dirKey()
	if f, ok := d[key]; ok {
		return f, nil
	}
	f, err := s.r.r.Open(filepath.Dir(s.rel))
	if err != nil {
		return nil, err
	}
	d[key] = f
	return f, nil
}

// close closes every directory opened.
func (d exchangeDirs) close() {
	for _, f := range d {
		f.Close()
	}
}

// setAside gives an exchanged file's old content, under a temp name, a
// second name that is not a temp's (batch_undo.go) when it cannot be put
// back; it stays where it is if that rename fails too.
func (s *staged) setAside() {
	if !s.swap || s.old != s.tmp {
		return
	}
	name := oldName(filepath.Dir(s.rel), filepath.Base(s.rel))
	if state.Rename(s.r.r, s.old, name) == nil {
		s.old = name
	}
}
