package fsys

import (
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"github.com/clada-dev/clada/internal/state"
)

// Many whole-file writes made durable together. One file written alone is
// a temp file, an fsync of it, a rename and an fsync of its directory
// (osTree.writeFile); a thousand files written so cost two thousand
// journal commits, and were three quarters of a 1,000-file git diff's
// apply. A Batch gives the same promise for each file (README,
// "Nothing half-written": after a crash every file is wholly old or wholly
// new) at a fraction of the commits:
//
//  1. every temp file is written (Batch.Add: the caller need not hold the
//     content after) and fsynced as soon as it is, a few goroutines at
//     once (a journaling filesystem commits concurrent fsyncs together),
//     while the caller goes on;
//  2. once every temp's content is durable, each is renamed over its
//     target, in order;
//  3. each directory that received a rename is fsynced once (a few at a
//     time).
//
// A crash before 2 leaves only temp files (the next run's lock recovery
// removes them, state.CleanTemps); during 2 or 3, every renamed file has
// its whole new content on disk, every other its old one. syncfs(2) would
// make step 1 one call on Linux, but it flushes every process's dirty data
// on the filesystem and waits for a build writing beside us; parallel
// fsyncs flush only ours, and are the same code on every system.

// Write is one whole-file replacement of a batch.
type Write struct {
	Name string // absolute path
	Data []byte
}

// stager is a workspace whose writes can be staged as temp files and made
// durable together (the OS, and a real apply's write-back over it).
type stager interface {
	// prepare is what must happen on the caller's goroutine before name
	// is staged (a write-back's cache of it written out and dropped);
	// stage may then run on another goroutine, beside the caller's reads.
	prepare(name string)
	// stage writes name's temp; keep also keeps the old file's content
	// under a second name beside it (Batch.AllOrNothing): a hard link
	// made now, or, where renames can exchange two names, the temp
	// exchanged with the file at the commit (batch_undo.go).
	stage(name string, data []byte, keep bool) (staged, error)
	// changed is the observer to tell of each file before its rename.
	changed() func(name string)
	tree() *osTree
}

// Batch is whole-file replacements committed together, in the order they
// were added: on the real tree each is written to its temp file after it
// is added, and Commit makes them durable and renames them; elsewhere (an
// Overlay) the contents are kept and Commit writes them one by one.
//
// The temps are written by a goroutine of the batch's own (stageAll), in
// order, while the caller goes on: creating a file costs the kernel a
// good half millisecond here, about what a diff's trial spends on a file,
// so a thousand-file diff's trial and its thousand creates overlap rather
// than take turns. A temp that cannot be written stops the staging; the
// caller hears of it from Commit (the count of files in place falls short
// there), as from a failed rename.
type Batch struct {
	// AllOrNothing, set before the first Add, makes Commit all or nothing
	// (--atomic, and a patch or diff: README, "Safety"): each existing
	// file's old content is kept under a second name beside it as its temp
	// is written (a hard link: no bytes are copied), and when a rename
	// fails, the files renamed before it are put back (batch_undo.go says
	// how);
	// Undone then says what became of each. A temp that could not be
	// written or synced leaves every file untouched. On success the
	// second names are removed, beside the directories' fsyncs.
	AllOrNothing bool
	// FailRename, when not nil, is asked before each rename Commit makes
	// (putting a file back included) and fails it with its error: how
	// tests make a commit fail half-way.
	FailRename func(name string) error

	ws   Workspace
	st   stager        // nil: the file-by-file fallback
	held []Write       // the fallback's contents
	jobs chan Write    // to stageAll; nil until the first Add
	done chan struct{} // closed when stageAll has finished
	// Written by stageAll, read once done is closed: the temps written,
	// in order, and why the next one was not.
	stage    []staged
	err      error
	released bool
	undone   []Undone // Commit's, under AllOrNothing
	// With fsync on, each temp is fsynced as soon as it is written, by
	// syncers goroutines fed from stageAll, while the trial goes on:
	// waiting for every fsync at Commit was most of a durable diff's
	// commit. A temp the syncers are too busy to take waits in late for
	// Commit (the staging never waits for a disk); syncErrs holds the
	// temps that failed, by index.
	syncs    chan syncJob
	late     []syncJob
	synced   sync.WaitGroup
	syncMu   sync.Mutex
	syncErrs map[int]error
}

// syncJob is a staged temp for the syncers, and its index in the batch.
type syncJob struct {
	k int
	s staged
}

// syncQueue is how many written temps may wait for a syncer.
const syncQueue = 64

// queued is how many added files may wait for their temp: enough to keep
// the stager busy, few enough that the trial does not hold many contents.
const queued = 4

// NewBatch starts a batch of writes to ws.
func NewBatch(ws Workspace) *Batch {
	st, _ := ws.(stager)
	if st != nil && st.tree() == nil {
		st = nil
	}
	if st != nil {
		st.tree().hold() // released by Commit or Abort
	}
	return &Batch{ws: ws, st: st}
}

// Add stages name's new content (the caller need not hold data after).
// A new file's missing folders are made when its temp is written, and stay
// should the batch be aborted. The error is always nil on the real tree,
// where a failure to stage is Commit's to report.
func (b *Batch) Add(name string, data []byte) error {
	if b.st == nil {
		b.held = append(b.held, Write{name, data})
		return nil
	}
	b.st.prepare(name)
	if b.jobs == nil {
		b.jobs, b.done = make(chan Write, queued), make(chan struct{})
		if !b.st.tree().opt.NoFsync {
			b.syncs = make(chan syncJob, syncQueue)
			for range syncers {
				b.synced.Go(b.syncer)
			}
		}
		go b.stageAll()
	}
	b.jobs <- Write{name, data}
	return nil
}

// stageAll writes the temp of each file added, in order, until one fails,
// and hands each to the syncers.
func (b *Batch) stageAll() {
	defer close(b.done)
	if b.syncs != nil {
		defer close(b.syncs)
	}
	for w := range b.jobs {
		if b.err != nil {
			continue // drain: nothing after a failure is staged
		}
		s, err := b.st.stage(w.Name, w.Data, b.AllOrNothing)
		if err != nil {
			b.err = err
			continue
		}
		s.name = w.Name
		b.stage = append(b.stage, s)
		if b.syncs != nil {
			select {
			case b.syncs <- syncJob{len(b.stage) - 1, s}:
			default:
				b.late = append(b.late, syncJob{len(b.stage) - 1, s})
			}
		}
	}
}

// syncer fsyncs the temps stageAll hands over.
func (b *Batch) syncer() {
	for j := range b.syncs {
		b.syncEach(j)
	}
}

// syncEach fsyncs one temp, noting a failure.
func (b *Batch) syncEach(j syncJob) {
	if err := syncTemp(j.s); err != nil {
		b.syncMu.Lock()
		if b.syncErrs == nil {
			b.syncErrs = map[int]error{}
		}
		b.syncErrs[j.k] = err
		b.syncMu.Unlock()
	}
}

// firstUnsynced is the lowest index of a temp that could not be synced,
// and why; n and nil when there is none below n.
func (b *Batch) firstUnsynced(n int) (int, error) {
	k, err := n, error(nil)
	for i, e := range b.syncErrs {
		if i < k {
			k, err = i, e
		}
	}
	return k, err
}

// wait lets stageAll, and the syncers, finish what was added.
func (b *Batch) wait() {
	if b.jobs != nil {
		close(b.jobs)
		<-b.done
		b.jobs = nil
		b.synced.Wait()
		_, _ = inParallel(len(b.late), func(i int) error {
			b.syncEach(b.late[i])
			return nil
		})
		b.late = nil
	}
}

// Abort removes what was staged; nothing was changed.
func (b *Batch) Abort() {
	b.wait()
	for _, s := range b.stage {
		s.remove()
		s.removeOld()
	}
	b.stage, b.held = nil, nil
	b.release()
}

// release lets the tree's held directories go, once (Commit, Abort).
func (b *Batch) release() {
	if b.st != nil && !b.released {
		b.released = true
		b.st.tree().release()
	}
}

// Ready waits until every file added has its temp, durable unless the
// tree skips fsync, and says why one has not (nil: all have), so that a
// caller can Abort before anything is renamed (--atomic). Elsewhere than
// on the real tree nothing is staged and it is always nil.
func (b *Batch) Ready() error {
	if b.st == nil {
		return nil
	}
	b.wait()
	if b.err != nil {
		return b.err
	}
	_, err := b.firstUnsynced(len(b.stage))
	return err
}

// Commit writes everything added, in order, and returns how many files are
// in place: when n is short of what was added, err is why the n-th was
// not, and it and those after it were not touched. Under AllOrNothing, a
// short n means the files renamed before the failure were put back as far
// as they could be (Undone says, file by file), and the others before n
// were never renamed: a temp that could not be written stops every rename.
func (b *Batch) Commit() (int, error) {
	if b.st == nil {
		return writeEach(b.ws, b.held)
	}
	b.wait()
	defer b.release()
	t, stage := b.st.tree(), b.stage
	n, err := len(stage), b.err // b.err: why file n has no temp
	if k, serr := b.firstUnsynced(n); serr != nil {
		n, err = k, serr
	}
	// Step 2: rename the durable temps over their targets, in order; all
	// or nothing renames none unless every temp is there.
	todo := n
	if b.AllOrNothing && err != nil {
		todo = 0
	}
	before := b.st.changed()
	dirs := exchangeDirs{}
	defer dirs.close()
	done := 0
	for ; done < todo; done++ {
		s := stage[done]
		if before != nil {
			before(s.name)
		}
		rerr := hooked(b.FailRename, s.name)
		if rerr == nil {
			rerr = t.commitRename(&stage[done], dirs)
		}
		if rerr != nil {
			n, err = done, rerr
			break
		}
	}
	for _, s := range stage[done:] {
		s.remove()
		s.removeOld()
	}
	if b.AllOrNothing && err != nil {
		b.undone = t.undo(stage[:done], b.FailRename) // not nil, even when empty
	}
	// Step 3: each directory that took a rename, once, syncers at a time;
	// a failure there is the failure of the first file renamed into it.
	// The old contents' second names go beside.
	var synced []int // the first staged file of each directory
	seen := map[string]bool{}
	for i, s := range stage[:done] {
		if key := s.dirKey(); !seen[key] {
			seen[key] = true
			synced = append(synced, i)
		}
	}
	var olds []staged
	if b.AllOrNothing && b.undone == nil {
		olds = stage[:done]
	}
	if k, derr := inParallel(len(synced)+len(olds), func(k int) error {
		if k >= len(synced) {
			olds[k-len(synced)].removeOld()
			return nil
		}
		s := stage[synced[k]]
		if s.h != nil {
			return t.syncDir(&s.h.root, ".")
		}
		return t.syncDir(s.r, filepath.Dir(s.rel))
	}); derr != nil && b.undone == nil {
		return synced[k], derr
	}
	return n, err
}

// writeEach writes files one WriteFile at a time.
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

// staged is the temp file written for name, its root and its names
// below it; h is the held directory it was written in (nil: none), where
// tmp and rel's base name it too.
type staged struct {
	name     string
	r        *root
	tmp, rel string
	h        *heldDir
	// old is the second name of the old file's content, named like tmp
	// (AllOrNothing; "": not kept, or the file is new), and isNew says
	// there was no file to keep.
	old   string
	isNew bool
	// swap says the old content is to be kept by exchanging the temp
	// with the file at the commit rather than by a link made now
	// (commitRename); once exchanged, old is the temp's name.
	swap bool
}

// remove removes the temp.
func (s staged) remove() {
	if s.h != nil {
		_ = s.h.r.Remove(filepath.Base(s.tmp))
		return
	}
	_ = s.r.r.Remove(s.tmp)
}

// dirKey names s's directory: its root and its path below it.
func (s staged) dirKey() string { return s.r.dir + "\x00" + filepath.Dir(s.rel) }

// renameStaged renames s's temp over its target.
func (t *osTree) renameStaged(s staged) error { return t.renameOver(s, s.tmp) }

// renameOver renames from (s's temp or second name) over s's target: in
// its held directory when that is still the one its name reaches, else
// through the root.
func (t *osTree) renameOver(s staged, from string) error {
	if s.h != nil && t.still(s.h) {
		return state.Rename(s.h.r, filepath.Base(from), filepath.Base(s.rel))
	}
	return state.Rename(s.r.r, from, s.rel)
}

// syncTemp opens s's temp again and fsyncs it (a thousand temps held
// open would meet the process's descriptor limit); write access, since
// Windows flushes only a handle that may write.
func syncTemp(s staged) error {
	var f *os.File
	var err error
	if s.h != nil {
		f, err = s.h.r.OpenFile(filepath.Base(s.tmp), os.O_WRONLY, 0)
	} else {
		f, err = s.r.r.OpenFile(s.tmp, os.O_WRONLY, 0)
	}
	if err != nil {
		return err
	}
	return syncClose(f)
}

// inParallel runs do(0) … do(n-1), syncers at a time, and returns the
// lowest i whose do failed and its error, or n and nil.
func inParallel(n int, do func(i int) error) (int, error) {
	errs := make([]error, n)
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(syncers, n) {
		wg.Go(func() {
			for i := range next {
				errs[i] = do(i)
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return i, err
		}
	}
	return n, nil
}

func (w *OS) tree() *osTree              { return w.t }
func (w *OS) changed() func(name string) { return nil }
func (w *OS) prepare(string)             {}
func (w *OS) stage(name string, data []byte, keep bool) (staged, error) {
	return w.stageOne(name, data, keep)
}

// stageOne does what WriteFile does up to the rename: the policy's checks
// (guard.WriteFile), the missing parents of a new file, and the temp file
// beside the target, written, given the old file's mode, not yet synced;
// with keep, the old file's second name too (keepOld).
func (w *OS) stageOne(name string, data []byte, keep bool) (staged, error) {
	t := w.t
	// In a held directory (a batch holds them: held_dirs.go), the look,
	// the temp and later the rename are relative to its handle.
	h, base, held := t.heldParent(name)
	var old fs.FileInfo
	var err error
	if held {
		old, err = h.r.Lstat(base)
		err = inHeld(err, relOf(h), base)
	} else {
		old, err = t.lstat(name)
	}
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
	if err == nil && old == nil && !held { // a held directory is there
		err = t.walkDirs(r, filepath.Dir(rel), true)
	}
	if err != nil {
		return staged{}, err
	}
	in, dir := r, filepath.Dir(rel)
	if held {
		in, dir = &h.root, "."
	} else {
		h = nil
	}
	f, tmp, err := state.CreateTemp(in.r, dir, filepath.Base(rel))
	if err != nil {
		return staged{}, err
	}
	if h != nil {
		tmp = filepath.Join(filepath.Dir(rel), tmp)
	}
	_, err = f.Write(data)
	if err == nil && old != nil {
		err = f.Chmod(old.Mode().Perm())
	}
	if err == nil && t.opt.NoFsync {
		// With fsync on, the syncers start its writeback (Batch.syncer);
		// without, nothing would before the rename (batch_linux.go).
		startWriteback(f)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	s := staged{r: r, tmp: tmp, rel: rel, h: h, isNew: old == nil}
	switch {
	case err != nil || !keep || old == nil:
	case t.exchanges():
		s.swap = true // kept at the commit (batch_exchange.go)
	default:
		s.old, err = keepOld(in.r, dir, filepath.Base(rel))
		if h != nil && err == nil {
			s.old = filepath.Join(filepath.Dir(rel), s.old)
		}
	}
	if err != nil {
		s.remove()
		return staged{}, err
	}
	return s, nil
}

// A real apply's write-back stages through the tree under it: what the
// cache holds for a staged file is written out first (a failure there is
// its own action's, as Settle reports), then forgotten, the disk about to
// be newer; the observer hears of each file before its rename.

func (w *WriteBack) tree() *osTree {
	if st, ok := w.inner.(stager); ok {
		return st.tree()
	}
	return nil
}

func (w *WriteBack) changed() func(name string) {
	return func(name string) { w.changing(name, false) }
}

func (w *WriteBack) prepare(name string) {
	w.otherSpelling(name)
	w.flushOne(name)
	w.forget(name)
}

// stage touches nothing of the cache (prepare did): it runs beside the
// caller's reads through it.
func (w *WriteBack) stage(name string, data []byte, keep bool) (staged, error) {
	return w.inner.(stager).stage(name, data, keep)
}
