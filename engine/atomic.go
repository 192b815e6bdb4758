package engine

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/clada-dev/clada/internal/state"
	"github.com/clada-dev/clada/lang"
)

// writeFile replaces name with data so that a reader (or a crash) sees either
// the old content or the new, never a mix: the data goes to a temp file in
// the same directory, is fsynced, renamed over the target, and the directory
// is fsynced. Renaming also means a hard link to a file outside the root is
// replaced by a new inode rather than written through. An existing file keeps
// its mode; a new one gets the system default (0666 less the umask).
func (w *OSWorkspace) writeFile(name string, data []byte) error {
	w.changing(name, false)
	t, rel, err := w.parentOf(name, true)
	if err != nil {
		return err
	}
	var mode fs.FileMode
	existing := false
	fi, err := t.root.Lstat(rel)
	switch {
	case err == nil:
		if err := regularFile(name, fi); err != nil {
			return err
		}
		if err := w.singleLink(name, fi); err != nil {
			return err
		}
		mode, existing = fi.Mode().Perm(), true
	case !errors.Is(err, fs.ErrNotExist):
		return err
	}
	dir := filepath.Dir(rel)
	f, tmp, err := state.CreateTemp(t.root, dir, filepath.Base(rel))
	if err != nil {
		return err
	}
	if err := w.fillTemp(f, data, mode, existing); err != nil {
		_ = t.root.Remove(tmp)
		return err
	}
	if err := t.root.Rename(tmp, rel); err != nil {
		_ = t.root.Remove(tmp)
		return err
	}
	return w.syncDir(t, dir)
}

// fillTemp writes, fixes the mode, syncs and closes the temp file.
func (w *OSWorkspace) fillTemp(f *os.File, data []byte, mode fs.FileMode, existing bool) error {
	_, err := f.Write(data)
	if err == nil && existing {
		err = f.Chmod(mode)
	}
	if err == nil && !w.cfg.NoFsync {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// firstCommand is the first action of a simulated --atomic apply that runs a
// command, or nil. A simulation cannot check a command (it never runs) and
// nothing can take back what one did, so "write, a command that fails,
// write" used to leave both writes: --atomic refuses such an answer whole.
func firstCommand(sim *Report) *ActionResult {
	for i := range sim.Results {
		if s := lang.Lookup(sim.Results[i].Action); s != nil && s.Kind == lang.Exec {
			return &sim.Results[i]
		}
	}
	return nil
}

// atomicCommandRefusal is the report's lead sentence for that refusal.
func atomicCommandRefusal(task *ActionResult) string {
	return fmt.Sprintf("%s (%s) runs a command, and --atomic cannot simulate a command or undo one; "+
		"--atomic changed nothing (apply without --atomic, or send the commands in an answer of their own)", task.Task, task.Subject())
}

// runActionSafe is runAction that cannot take the process down: a panic
// (a bug in clada) becomes this action's failure, so the report is still
// written and the actions after it still run or are skipped as usual.
func runActionSafe(ctx context.Context, spec *lang.OpSpec, a *lang.Action, label string, ws Workspace, cfg *Config) (r Result) {
	defer func() {
		if v := recover(); v != nil {
			r = Result{Error: fmt.Sprintf("%s: internal error (a bug in clada, please report it): %v", a.Op, v),
				Hint: "this action may have been cut short; check its file before retrying"}
		}
	}()
	return runAction(ctx, spec, a, label, ws, cfg)
}
