package history

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// applyTracker is the git model of one apply (README "The git model"): it
// records the state of every path clada is about to change, right before the
// first change, and at the end commits exactly the paths that did change:
// the user's uncommitted work there first ("clada: save work before apply",
// as the user), then clada's changes (as --git-author). The record, written
// to the history before the first change, is what `clada undo` reverses.
//
// It is the engine.Observer of one real run (Tracker makes it), and finds
// the work tree only when the run first changes something or starts a
// command (open).
type applyTracker struct {
	ctx    context.Context
	cfg    *engine.Config // the run's, for open
	doc    *lang.Document // the run's, for open's plan
	gc     *GitConfig     // the config as read before the apply, or nil
	opened bool           // open ran; r is nil outside a work tree
	r      *repo
	// refused says why no git runs for this root although it is in a work
	// tree (git_link.go); the report's warnings carry it.
	refused string
	prefix  string   // the root relative to the work tree top, "" when they are one
	plan    []target // paths the document's write ops name, captured in one batch
	// hist is the history of applies, read once when first needed
	// (history(), for removedBy and the missing files' hints).
	hist *records

	started  bool
	saved    bool  // the record is in the history file
	histSize int64 // the history's size before this apply's first line
	rec      ApplyRecord
	at       map[string]int // path → index in rec.Files
	err      error          // recording failed: clada commits nothing
	warnings []string

	// What `git status` and the dirty tracked files were before the running command.
	cmdStatus  map[string]string
	cmdStates  map[string]*FileState
	cmdNewSeen int       // new untracked files commands added so far
	cmdSkipped int       // past maxCommandFiles
	cmdCaches  cacheDirs // new files in cache directories, left out
	cmdSecrets []string  // new files commands made that hold secrets by name, left out (secret_files.go)
	cmdRan     bool
}

// target is a path about to change; whole means everything below it too
// (remove, move), not only the path itself (write, mkdir).
type target struct {
	abs   string
	whole bool
}

// Tracker is the git model of one real apply of doc under cfg: the
// observer to give engine.Run or engine.Apply, so that the apply is
// recorded in the history and its changes committed. It is nil under
// --no-git (cfg.NoGit). It runs no git until the run is about to change
// something or start a command, so a dry run, or an apply that changes
// nothing, costs nothing; outside a git work tree it stays silent.
func Tracker(ctx context.Context, cfg *engine.Config, doc *lang.Document) engine.Observer {
	return TrackerWith(ctx, cfg, doc, nil)
}

// TrackerWith is Tracker given gc, the config as read for this apply
// before it began (ReadGitConfig, nothing having run since; nil for
// none): the git model then lists no config of its own until a command
// has run, one git process less.
func TrackerWith(ctx context.Context, cfg *engine.Config, doc *lang.Document, gc *GitConfig) engine.Observer {
	if cfg.NoGit {
		return nil
	}
	return &applyTracker{ctx: ctx, cfg: cfg, doc: doc, gc: gc, at: map[string]int{}}
}

// open finds the work tree holding the root and plans what the document's
// write ops will touch, the first time it is called; false outside a work
// tree (or when git cannot say).
func (t *applyTracker) open() bool {
	if t.opened {
		return t.r != nil
	}
	t.opened = true
	if t.r, t.refused = openRepo(t.ctx, t.cfg); t.r == nil {
		return false
	}
	if t.gc != nil && t.gc.listed {
		t.r.listed = &t.gc.listing
	}
	if rel, ok := t.rel(t.cfg.Root); ok {
		t.prefix = rel
	}
	for a := range t.doc.Actions() {
		if a.HasErrors() {
			continue
		}
		spec := lang.Lookup(a.Op)
		if spec == nil || spec.Kind != lang.Write || invalid(a) {
			continue
		}
		whole := engine.TakesAway(a.Op) != "" // a delete or a move takes what is below its paths too
		for _, p := range engine.Footprint(t.cfg, spec.ID, a.ParamMap()) {
			t.plan = append(t.plan, target{p, whole})
		}
	}
	return true
}

// invalid reports whether a fails validation (lang.Validate), so it never
// runs and its paths are not planned.
func invalid(a *lang.Action) bool {
	for _, d := range lang.Validate(a) {
		if d.Severity == source.Error {
			return true
		}
	}
	return false
}

// rel is abs as a slash path from the work tree top; false outside the work
// tree, for the top itself, and inside any .git.
func (t *applyTracker) rel(abs string) (string, bool) {
	rel, err := filepath.Rel(t.r.top, abs)
	if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	rel = filepath.ToSlash(rel)
	for _, part := range strings.Split(rel, "/") {
		if part == ".git" {
			return "", false
		}
	}
	return rel, true
}

// viaSymlink reports whether a parent directory of rel is a symlink: the
// workspace refuses to go through one, and recording must not either.
func (t *applyTracker) viaSymlink(rel string) bool {
	for d := path.Dir(rel); d != "."; d = path.Dir(d) {
		if fi, err := os.Lstat(filepath.Join(t.r.top, filepath.FromSlash(d))); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
			return true
		}
	}
	return false
}

// seen reports whether rel's state before the apply is recorded.
func (t *applyTracker) seen(rel string) bool {
	_, ok := t.at[rel]
	return ok
}

// add records rel's state before the apply.
func (t *applyTracker) add(rel string, before *FileState) {
	t.at[rel] = len(t.rec.Files)
	t.rec.Files = append(t.rec.Files, FileChange{Path: rel, Before: before})
}

// start records HEAD and the planned paths: the first change is about to happen.
func (t *applyTracker) start() error {
	t.started = true
	now := time.Now()
	head, ref, err := t.r.headAtOpen(t.ctx) // open ran just before
	if err != nil {
		return err
	}
	t.rec = ApplyRecord{ID: newApplyID(now), Status: ApplyStarted, Time: now.UTC().Truncate(time.Second),
		HeadRef: ref, HeadBefore: head}
	return nil
}

// save appends the record to the history.
func (t *applyTracker) save() error {
	size, unsigned, err := t.r.appendSigned(&t.rec)
	if err != nil {
		return err
	}
	if unsigned != "" && !slices.Contains(t.warnings, unsigned) {
		t.warnings = append(t.warnings, unsigned)
	}
	if !t.saved {
		t.histSize, t.saved = size, true
	}
	return nil
}

// BeforeChange is the run's word before abs changes: the first one records
// the plan and HEAD, every one records abs if new.
func (t *applyTracker) BeforeChange(abs string, whole bool) {
	if t.err != nil || !t.open() {
		return
	}
	targets := []target{{abs, whole}}
	if !t.started {
		if t.err = t.start(); t.err != nil {
			return
		}
		targets = append(t.plan, targets...)
	}
	n := len(t.rec.Files)
	if t.err = t.capture(targets); t.err != nil {
		return
	}
	if len(t.rec.Files) > n || !t.saved {
		t.err = t.save()
	}
}

// capture records the state before the apply of each target not yet
// recorded: a missing path (and its missing parents, which the change may
// create), a file, a symlink, or a directory (with all below it if whole).
func (t *applyTracker) capture(targets []target) error {
	var fresh []string
	queue := func(rel string) {
		if !t.seen(rel) {
			t.at[rel] = -1 // queued
			fresh = append(fresh, rel)
		}
	}
	for _, tg := range targets {
		rel, ok := t.rel(tg.abs)
		if !ok || t.viaSymlink(rel) {
			continue // the workspace refuses it; nothing to record
		}
		fi, err := os.Lstat(tg.abs)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			continue // a parent is a file, or unreadable: the change fails too
		}
		queue(rel)
		switch {
		case err != nil:
			for d := path.Dir(rel); d != "." && !t.seen(d); d = path.Dir(d) {
				if _, err := os.Lstat(filepath.Join(t.r.top, d)); err == nil {
					break
				}
				queue(d)
			}
		case fi.IsDir() && tg.whole:
			err := filepath.WalkDir(tg.abs, func(p string, d fs.DirEntry, err error) error {
				if err != nil {
					return err
				}
				if d.Name() == ".git" {
					if d.IsDir() {
						return filepath.SkipDir
					}
					return nil
				}
				if r, ok := t.rel(p); ok {
					queue(r)
				}
				return nil
			})
			if err != nil {
				return fmt.Errorf("record %s before changing it: %w", tg.abs, err)
			}
		}
	}
	states, err := t.r.stateOf(t.ctx, fresh, true)
	if err != nil {
		return fmt.Errorf("record the state before the apply: %w", err)
	}
	for _, rel := range fresh {
		delete(t.at, rel)
		t.add(rel, states[rel])
	}
	return nil
}

// stateOf reads the state of each path: nil when missing. write stores the
// blobs, so undo can bring them back.
func (r *repo) stateOf(ctx context.Context, paths []string, write bool) (map[string]*FileState, error) {
	return r.states(ctx, paths, write, true)
}

// rawStateOf is stateOf without the clean blob ids: enough to tell whether
// a file changed (sameState compares raw ids), and it runs no filter, so a
// filter driver git refuses (git_config.go) cannot stop undo's check.
func (r *repo) rawStateOf(ctx context.Context, paths []string) (map[string]*FileState, error) {
	return r.states(ctx, paths, false, false)
}

// states is stateOf; clean false leaves Blob of regular files empty.
func (r *repo) states(ctx context.Context, paths []string, write, clean bool) (map[string]*FileState, error) {
	out := map[string]*FileState{}
	var files []string
	for _, rel := range paths {
		abs := filepath.Join(r.top, filepath.FromSlash(rel))
		fi, err := os.Lstat(abs)
		switch {
		case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
			out[rel] = nil
		case err != nil:
			return nil, err
		case fi.IsDir():
			out[rel] = &FileState{Mode: modeDir}
		case fi.Mode()&fs.ModeSymlink != 0:
			target, err := os.Readlink(abs)
			if err != nil {
				return nil, err
			}
			id, ok := "", false
			if !write {
				id, ok = r.rawBlobIDOf([]byte(target)) // blob_id.go: no process
			}
			if !ok {
				if id, err = r.hashBytes(ctx, []byte(target)); err != nil {
					return nil, err
				}
			}
			out[rel] = &FileState{Mode: "120000", Raw: id, Blob: id}
		case fi.Mode().IsRegular():
			mode := "100644"
			if fi.Mode()&0o111 != 0 {
				mode = "100755"
			}
			out[rel] = &FileState{Mode: mode}
			files = append(files, rel)
		default: // a FIFO or socket: git has no such thing
			out[rel] = nil
		}
	}
	// The raw ids come from clada itself (blob_id.go); what undo restores
	// must be stored too, and git stores it with the clean blob whenever
	// the two are one (no filter changed the bytes, most files): only a
	// file whose clean blob differs needs a process for its raw one.
	raw, ok := r.rawBlobIDs(files)
	var blobs []string
	if clean {
		var err error
		if blobs, err = r.hashFiles(ctx, files, false, write); err != nil {
			return nil, err
		}
	}
	var rest []int // files whose raw blob git must store or compute
	for i := range files {
		if !ok || (write && (!clean || raw[i] != blobs[i])) {
			rest = append(rest, i)
		}
	}
	if len(rest) > 0 {
		paths := make([]string, len(rest))
		for k, i := range rest {
			paths[k] = files[i]
		}
		ids, err := r.hashFiles(ctx, paths, true, write)
		if err != nil {
			return nil, err
		}
		if raw == nil {
			raw = make([]string, len(files))
		}
		for k, i := range rest {
			raw[i] = ids[k] // git's own: the file may have changed since clada hashed it
		}
	}
	for i, rel := range files {
		out[rel].Raw = raw[i]
		if clean {
			out[rel].Blob = blobs[i]
		}
	}
	return out, nil
}

// sameState reports whether two states are the same content.
func sameState(a, b *FileState) bool {
	switch {
	case a == nil || b == nil:
		return a == b
	case a.Mode != b.Mode:
		return false
	case a.Mode == modeDir:
		return true
	case a.Raw != "" && b.Raw != "":
		return a.Raw == b.Raw
	}
	return a.Blob == b.Blob
}

// Finish commits what the apply changed and completes the record; with
// nothing changed it takes the started record back and commits nothing.
// Failures land in rep.GitError: git is best effort, never fatal.
func (t *applyTracker) Finish(rep *engine.Report) {
	if t.refused != "" {
		rep.Warn(t.refused)
	}
	t.missingHints(rep) // missing_hint.go
	if !t.started {
		return
	}
	// An interrupted apply still changed files: commit and record them (each
	// git call keeps its own timeout).
	t.ctx = context.WithoutCancel(t.ctx)
	defer func() {
		if len(t.warnings) > 0 {
			if rep.GitError != "" {
				t.warnings = append([]string{rep.GitError}, t.warnings...)
			}
			rep.GitError = strings.Join(t.warnings, "; ")
		}
	}()
	t.warnings = append(t.warnings, t.cmdCaches.warnings()...)
	if len(t.cmdSecrets) > 0 {
		t.warnings = append(t.warnings, secretWarning("commands created", t.cmdSecrets, true))
	}
	if t.cmdSkipped > 0 {
		t.warnings = append(t.warnings, fmt.Sprintf(
			"commands created %d more untracked files than the %d clada takes into its commit; they are left uncommitted and undo leaves them", t.cmdSkipped, maxCommandFiles))
	}
	if t.err != nil {
		t.warnings = append(t.warnings, fmt.Sprintf("%v; clada made no commit (clada undo restores what it recorded)", t.err))
		return
	}
	if err := t.complete(rep); err != nil {
		t.warnings = append(t.warnings, err.Error())
	}
	rep.SnapshotCommit, rep.GitCommit = t.rec.SaveCommit, t.rec.ApplyCommit
}

// complete reads the state after the apply, keeps the paths that changed,
// commits them and writes the finished record.
func (t *applyTracker) complete(rep *engine.Report) error {
	all := make([]string, len(t.rec.Files))
	for i, f := range t.rec.Files {
		all[i] = f.Path
	}
	// The raw ids tell what changed, with no git process (blob_id.go); the
	// clean ids the record keeps come from the commit's index (afterBlobs).
	after, err := t.r.rawStateOf(t.ctx, all)
	if err == nil {
		err = t.r.cleanIDsFor(t.ctx, t.rec.Files, after)
	}
	if err != nil {
		return fmt.Errorf("read the state after the apply: %w", err)
	}
	var changed []FileChange
	for _, f := range t.rec.Files {
		f.After = after[f.Path]
		if !sameState(f.Before, f.After) {
			changed = append(changed, f)
		}
	}
	// Only a command can have moved HEAD meanwhile (anyone else's commit
	// makes the compare-and-swap in commit fail).
	head, headErr := t.rec.HeadBefore, error(nil)
	if t.cmdRan {
		head, _, headErr = t.r.head(t.ctx)
	}
	moved := headErr == nil && head != t.rec.HeadBefore
	if moved {
		t.warnings = append(t.warnings, fmt.Sprintf("HEAD moved during the apply (from %.12s to %.12s; did a command commit?); clada made no commit", t.rec.HeadBefore, head))
	}
	if len(changed) == 0 {
		if t.saved {
			return truncateHistory(t.r.gitDir, t.histSize)
		}
		return nil
	}
	sort.Slice(changed, func(i, j int) bool { return changed[i].Path < changed[j].Path })
	t.rec.Files = changed
	t.rec.Summary = rep.CommitSummary()

	var files []string // paths that are a file on either side: what git tracks
	for _, f := range changed {
		if (f.Before != nil && f.Before.Mode != modeDir) || (f.After != nil && f.After.Mode != modeDir) {
			files = append(files, f.Path)
		}
	}
	t.rec.HeadAfter = t.rec.HeadBefore
	t.rec.Status = ApplyDone
	// The index entries of these paths now (the record's IndexBefore), in
	// one ls-files that also tells which are tracked and which untracked
	// files no ignore rule matches: check-ignore (a process) is left only
	// the rest (an ignored file, a path that is now gone).
	var index indexList
	if headErr == nil && !moved {
		index, err = t.r.indexListing(t.ctx, "", files, true)
	}
	var ign map[string]bool
	if err == nil {
		var ask []string
		for _, p := range files {
			if !index.tracked[p] && !index.kept[p] {
				ask = append(ask, p)
			}
		}
		ign, err = t.r.ignored(t.ctx, ask)
	}
	if err == nil {
		ign = t.leaveSecrets(files, index, ign)
	}
	if err != nil {
		t.warnings = append(t.warnings, err.Error()+"; clada made no commit")
		t.afterBlobs()
		t.rec.Warnings = t.warnings
		return t.save()
	}
	var commit []string
	for i, f := range t.rec.Files {
		if ign[f.Path] {
			t.rec.Files[i].Ignored = true
		}
		// A command's file outside a sparse checkout was off disk before
		// it, not HEAD's blob as a tracked file git status did not list
		// is taken to be (git_command.go): undo takes it away again.
		if b := f.Before; index.skip[f.Path] && b != nil && b.Raw == "" && b.Mode != modeDir {
			t.rec.Files[i].Before = nil
		}
	}
	for _, p := range files {
		if !ign[p] {
			commit = append(commit, p)
		}
	}
	switch {
	case headErr != nil:
		t.warnings = append(t.warnings, headErr.Error()+"; clada made no commit")
	case moved:
		t.rec.HeadAfter = head
	case len(commit) > 0:
		if err := t.commit(commit, entriesUnder(index.entries, commit), index.skip); err != nil {
			t.warnings = append(t.warnings, err.Error())
		}
	}
	t.afterBlobs()
	t.rec.Warnings = t.warnings
	return t.save()
}

// cleanIDsFor sets, in after, the clean blob id of each file whose change
// only clean ids can tell: one whose state before is the blob of HEAD's
// tree (a tracked file a command changed, git_command.go), which has no
// raw id to compare.
func (r *repo) cleanIDsFor(ctx context.Context, files []FileChange, after map[string]*FileState) error {
	var need []string
	for _, f := range files {
		if a := after[f.Path]; f.Before != nil && f.Before.Raw == "" && a != nil && a.Blob == "" && a.Mode != modeDir {
			need = append(need, f.Path)
		}
	}
	ids, err := r.hashFiles(ctx, need, false, false)
	for i, p := range need {
		if err == nil {
			after[p].Blob = ids[i]
		}
	}
	return err
}

// afterBlobs completes the record's state after the apply with each file's
// blob as git stores it (clean filters applied): from the apply commit's
// index, which staged those very files, or for the rest (an ignored file,
// an apply that made no commit) from hash-object. Undo compares raw ids,
// so a file whose clean id git cannot give (a filter clada refuses,
// git_config.go) is left without one, as the commit's failure says.
func (t *applyTracker) afterBlobs() {
	var rest []*FileState
	var paths []string
	for _, f := range t.rec.Files {
		a := f.After
		if a == nil || a.Blob != "" || a.Mode == modeDir {
			continue
		}
		if e := t.rec.IndexAfter[f.Path]; len(e) == 1 {
			if fields := strings.Fields(e[0]); len(fields) == 3 && fields[2] == "0" {
				a.Blob = fields[1]
				continue
			}
		}
		rest, paths = append(rest, a), append(paths, f.Path)
	}
	ids, err := t.r.hashFiles(t.ctx, paths, false, false)
	if err != nil {
		return
	}
	for i, a := range rest {
		a.Blob = ids[i]
	}
}

// entryState is the file an index entry ("mode oid stage") of stage 0
// stands for; nil when there is none.
func entryState(entries []string) *FileState {
	for _, e := range entries {
		if f := strings.Fields(e); len(f) == 3 && f[2] == "0" {
			return &FileState{Mode: f[0], Blob: f[1]}
		}
	}
	return nil
}

// commit writes the save commit (when the user had uncommitted work at the
// changed paths) and the apply commit on a private index, moves HEAD to them
// in one compare-and-swap, and sets the real index's entries for exactly
// these paths; every other entry of the user's index is left as it was.
// skip holds the paths whose entry has the skip-worktree bit.
func (t *applyTracker) commit(paths []string, indexBefore map[string][]string, skip map[string]bool) error {
	tmp := filepath.Join(t.r.gitDir, "clada", "index-"+t.rec.ID)
	defer os.Remove(tmp)
	env := []string{"GIT_INDEX_FILE=" + tmp}
	base := t.rec.HeadBefore
	readTree := []string{"read-tree", base}
	if base == "" {
		readTree = []string{"read-tree", "--empty"}
	}
	if _, err := t.r.git(t.ctx, gitCall{env: env}, readTree...); err != nil {
		return err
	}
	inHead, err := t.r.treeEntries(t.ctx, base, paths)
	if err != nil {
		return err
	}
	trailer := "\n\nClada-Apply: " + t.rec.ID + "\n"

	// The user's work at these paths, as it was before clada touched them.
	var save []string
	entries := map[string][]string{}
	for _, f := range t.rec.Files {
		b := f.Before
		if f.Ignored || (b != nil && b.Mode == modeDir) {
			b = nil
		}
		if b == nil && skip[f.Path] {
			// Outside a sparse checkout a file is absent by design, not
			// deleted: git takes its index entry for it.
			b = entryState(indexBefore[f.Path])
		}
		h, tracked := inHead[f.Path]
		if f.Ignored || (b == nil && !tracked) || (b != nil && tracked && h.Mode == b.Mode && h.Blob == b.Blob) {
			continue
		}
		save = append(save, f.Path)
		if b != nil {
			entries[f.Path] = []string{b.Mode + " " + b.Blob + " 0"}
		}
	}
	parent := base
	if len(save) > 0 {
		if err := t.r.setIndex(t.ctx, tmp, save, entries); err != nil {
			return err
		}
		tree, err := t.r.git(t.ctx, gitCall{env: env}, "write-tree")
		if err != nil {
			return err
		}
		who, ok := t.r.userIdent(t.ctx)
		if !ok {
			t.warnings = append(t.warnings, fmt.Sprintf("git has no user.name/user.email; the save commit of your work is authored %s <%s> (git config user.name and user.email to set yours)", who.name, who.email))
		}
		if parent, err = t.r.commitTree(t.ctx, strings.TrimSpace(tree), parent, "clada: save work before apply"+trailer, who); err != nil {
			return err
		}
		t.rec.SaveCommit = parent
	}

	// clada's changes, as they are on disk now.
	var add, rm []string
	for _, f := range t.rec.Files {
		if f.Ignored {
			continue
		}
		switch {
		case f.After != nil && f.After.Mode != modeDir:
			add = append(add, f.Path)
		case f.Before != nil && f.Before.Mode != modeDir:
			rm = append(rm, f.Path)
		}
	}
	if err := t.r.stage(t.ctx, tmp, add, rm); err != nil {
		return err
	}
	tree, err := t.r.git(t.ctx, gitCall{env: env}, "write-tree")
	if err != nil {
		return err
	}
	who := ident{t.r.author, gitEmail}
	newHead := parent
	if apply, err := t.r.commitTree(t.ctx, strings.TrimSpace(tree), parent, "AI: "+t.rec.Summary+trailer, who); err != nil {
		return err
	} else if apply != "" {
		t.rec.ApplyCommit, newHead = apply, apply
	}

	t.rec.IndexBefore = indexBefore
	if t.rec.IndexAfter, err = t.r.indexEntries(t.ctx, tmp, paths); err != nil {
		return err
	}
	// The real index first: it is what another git (holding index.lock) can
	// refuse, and then HEAD has not moved yet.
	// Staged from the files themselves (not --index-info) so the entries get
	// their stat data and plumbing such as diff-files sees them clean.
	// A path outside a sparse checkout loses its skip-worktree bit first, as
	// `git add --sparse` does: update-index passes over an entry that has
	// it, which would leave the index behind the commit.
	var unskip []string
	for _, p := range paths {
		if skip[p] {
			unskip = append(unskip, p)
		}
	}
	err = t.r.skipWorktree(t.ctx, unskip, false)
	if err == nil {
		if err = t.r.stage(t.ctx, "", add, rm); err != nil {
			if rerr := t.r.skipWorktree(t.ctx, unskip, true); rerr != nil {
				err = fmt.Errorf("%w (and setting the skip-worktree bit back failed: %v)", err, rerr)
			}
		}
	}
	if err != nil {
		t.rec.SaveCommit, t.rec.ApplyCommit, t.rec.IndexBefore, t.rec.IndexAfter = "", "", nil, nil
		return fmt.Errorf("%w; clada made no commit", err)
	}
	if err := t.r.moveHead(t.ctx, t.rec.HeadRef, newHead, base, "clada apply "+t.rec.ID); err != nil {
		rerr := t.r.setIndex(t.ctx, "", paths, t.rec.IndexBefore)
		if rerr == nil {
			rerr = t.r.skipWorktree(t.ctx, unskip, true)
		}
		if rerr != nil {
			err = fmt.Errorf("%w (and putting the index back failed: %v)", err, rerr)
		}
		t.rec.SaveCommit, t.rec.ApplyCommit, t.rec.IndexBefore, t.rec.IndexAfter = "", "", nil, nil
		return fmt.Errorf("%w; clada made no commit", err)
	}
	t.rec.SkipWorktree = unskip
	t.rec.HeadAfter = newHead
	return nil
}
