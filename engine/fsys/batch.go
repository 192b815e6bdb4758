package fsys

import (
	"os"
	"path/filepath"
	"sync"

	"github.com/clada-dev/clada/internal/state"
)

// Many whole-file writes made durable together. One file written alone is
// a temp file, an fsync of it, a rename and an fsync of its directory
// (osTree.writeFile); a thousand files written so cost two thousand
// journal commits, and were three quarters of a 1,000-file git diff's
// apply. WriteFiles gives the same promise for each file (README,
// "Nothing half-written": after a crash every file is wholly old or wholly
// new) at a fraction of the commits:
//
//  1. every temp file is written; then all are fsynced, a few goroutines
//     at once (the journal commits concurrent fsyncs as one group);
//  2. once every temp's content is durable, each is renamed over its
//     target, in order;
//  3. each directory that received a rename is fsynced once.
//
// A crash before 2 leaves only temp files (the next run's lock recovery
// removes them, state.CleanTemps); during 2 or 3, every renamed file has
// its whole new content on disk, every other its old one. syncfs(2) would
// make step 1 one call on Linux, but it flushes every process's dirty data
// on the filesystem and waits for a build writing beside us; parallel
// fsyncs flush only ours, and are the same code on every system.

// Write is one whole-file replacement of a batch (WriteFiles).
type Write struct {
	Name string // absolute path
	Data []byte
}

// batchWriter is a workspace that makes a batch of writes durable together
// (the OS, and a real apply's write-back over it).
type batchWriter interface {
	writeFiles(files []Write, before func(name string)) (int, error)
}

// WriteFiles replaces files in ws, in order, each as WriteFile would, and
// returns how many are in place: files[:n] were written, and when n <
// len(files), err is why files[n] was not and files[n:] were not touched.
// On the real tree the batch is made durable together (above); elsewhere
// (an Overlay) it is WriteFile file by file.
func WriteFiles(ws Workspace, files []Write) (int, error) {
	if b, ok := ws.(batchWriter); ok {
		return b.writeFiles(files, nil)
	}
	return writeEach(ws, files)
}

// writeEach is WriteFiles one WriteFile at a time.
func writeEach(ws Workspace, files []Write) (int, error) {
	for i, f := range files {
		if err := ws.WriteFile(f.Name, f.Data); err != nil {
			return i, err
		}
	}
	return len(files), nil
}

// syncers is how many temp files are fsynced at once: enough for the
// journal to commit them together, few enough to hold few descriptors.
const syncers = 8

// staged is a temp file written for files[i], its root and its names.
type staged struct {
	r        *root
	tmp, rel string
}

// writeFiles is WriteFiles on the real tree; before, when not nil, hears
// of each file just before it changes (the rename).
func (w *OS) writeFiles(files []Write, before func(string)) (int, error) {
	t := w.t
	// Step 1: write every temp, then make them durable together. They are
	// synced only once all are written: a create waits for the journal
	// commit an fsync running beside it forces.
	stage := make([]staged, 0, len(files))
	n, err := len(files), error(nil)
	for i, f := range files {
		s, serr := w.stageOne(f.Name, f.Data)
		if serr != nil {
			n, err = i, serr
			break
		}
		stage = append(stage, s)
	}
	if !t.opt.NoFsync {
		if i, serr := syncAll(stage); serr != nil && i < n {
			n, err = i, serr
		}
	}
	// Step 2: rename the durable temps over their targets, in order.
	done := 0
	for ; done < n; done++ {
		s := stage[done]
		if before != nil {
			before(files[done].Name)
		}
		if rerr := state.Rename(s.r.r, s.tmp, s.rel); rerr != nil {
			n, err = done, rerr
			break
		}
	}
	for _, s := range stage[done:] {
		_ = s.r.r.Remove(s.tmp)
	}
	// Step 3: each directory that took a rename, once; a failure there is
	// the failure of the first file renamed into it.
	synced := map[string]bool{}
	for i, s := range stage[:done] {
		key := s.r.dir + "\x00" + filepath.Dir(s.rel)
		if synced[key] {
			continue
		}
		synced[key] = true
		if derr := t.syncDir(s.r, filepath.Dir(s.rel)); derr != nil {
			return i, derr
		}
	}
	return n, err
}

// syncAll fsyncs the temp files of stage, syncers at a time, each opened
// again (a thousand open descriptors would meet the process's limit);
// write access, since Windows flushes only a handle that may write. It
// returns the first failure in stage's order.
func syncAll(stage []staged) (int, error) {
	errs := make([]error, len(stage))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(syncers, len(stage)) {
		wg.Go(func() {
			for i := range next {
				f, err := stage[i].r.r.OpenFile(stage[i].tmp, os.O_WRONLY, 0)
				if err == nil {
					err = f.Sync()
					if cerr := f.Close(); err == nil {
						err = cerr
					}
				}
				errs[i] = err
			}
		})
	}
	for i := range stage {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return i, err
		}
	}
	return len(stage), nil
}

// stageOne does what WriteFile does up to the rename: the policy's checks
// (guard.WriteFile), the missing parents of a new file, and the temp file
// beside the target, written, given the old file's mode, not yet synced.
func (w *OS) stageOne(name string, data []byte) (staged, error) {
	t := w.t
	old, err := t.lstat(name)
	switch {
	case err == nil:
		if err := regularFile(name, old); err != nil {
			return staged{}, err
		}
		if err := w.singleLink(name, old); err != nil {
			return staged{}, err
		}
	case isNotExist(err):
		old = nil
	default:
		return staged{}, err
	}
	r, rel, err := t.locate(name)
	if err == nil && old == nil {
		err = t.walkDirs(r, filepath.Dir(rel), true)
	}
	if err != nil {
		return staged{}, err
	}
	f, tmp, err := state.CreateTemp(r.r, filepath.Dir(rel), filepath.Base(rel))
	if err != nil {
		return staged{}, err
	}
	_, err = f.Write(data)
	if err == nil && old != nil {
		err = f.Chmod(old.Mode().Perm())
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = r.r.Remove(tmp)
		return staged{}, err
	}
	return staged{r: r, tmp: tmp, rel: rel}, nil
}

// writeFiles on a real apply's write-back: what the cache holds for these
// files is written out first (a failure there is its own action's, as
// Settle reports), then forgotten, the disk being newer; the batch then
// goes to disk, the observer hearing of each file before it changes.
func (w *WriteBack) writeFiles(files []Write, _ func(string)) (int, error) {
	b, ok := w.inner.(batchWriter)
	if !ok {
		return writeEach(w, files)
	}
	for _, f := range files {
		w.otherSpelling(f.Name)
		w.flushOne(f.Name)
		w.forget(f.Name)
	}
	return b.writeFiles(files, func(name string) { w.changing(name, false) })
}
