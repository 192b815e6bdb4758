package history

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/internal/state"
)

// ErrNothingToUndo is Undo's error when no apply is left to undo.
var ErrNothingToUndo = errors.New("nothing to undo")

// UndoResult says what Undo put back.
type UndoResult struct {
	Apply ApplyRecord // the apply undone, as recorded
	Head  string      // HEAD now ("" on a branch without commits)
	Files int         // paths restored
	// Notes are what could not be put back exactly (an interrupted apply, a
	// directory that holds files the apply did not record).
	Notes []string
}

// Undo reverses the newest recorded apply not yet undone, exactly: the files
// it changed get their content back, the index entries of those paths are
// what they were (staged work staged again), and HEAD returns to where it was
// before, which un-commits clada's apply commit and its save commit, so the
// user's saved work is uncommitted again. It refuses, changing nothing, when
// HEAD moved since the apply or any of its files or index entries changed;
// repeated, it walks back apply after apply.
//
// It acts only on records clada signed (sign.go) whose every path it may
// write (undoRefusal: inside cfg.Root, never .git, .clada, .ssh or a deny
// pattern of cfg); a newer record it passes over is named in the notes,
// and the older ones stay usable.
func Undo(ctx context.Context, cfg *engine.Config) (*UndoResult, error) {
	r, err := findRepo(ctx, cfg)
	if errors.Is(err, errNoWorkTree) {
		return nil, fmt.Errorf("undo: %s is not inside a git work tree; clada can only undo applies it recorded there", cfg.Root)
	}
	if err != nil {
		return nil, fmt.Errorf("undo: %w", err)
	}
	lock, err := state.AcquireLock(ctx, cfg.Root, cfg.LockFile, cfg.LockTimeout)
	if err != nil {
		return nil, fmt.Errorf("undo: %w", err)
	}
	defer lock.Release()
	var tempNote string
	if lock.Interrupted { // the apply before died: clean its temp files first
		if gone, err := state.CleanTemps(cfg.Root); len(gone) > 0 || err != nil {
			tempNote = state.TempsWarning(gone, err)
		}
	}

	h, err := readHistory(r.gitDir, r.key(false))
	if err != nil {
		return nil, fmt.Errorf("undo: %w", err)
	}
	var passed []string // records passed over, newest first
	var rec ApplyRecord
	found := false
	for i := len(h.signed) - 1; i >= 0 && !found; i-- {
		c := h.signed[i]
		if c.Status == ApplyUndone || c.Status == ApplySquashed {
			continue
		}
		if why := undoRefusal(cfg, r, c); why != "" {
			passed = append(passed, why)
			continue
		}
		rec, found = c, true
	}
	// Records not clada's that would have come first.
	line := 0
	if found {
		line = rec.Line
	}
	var foreign []string
	for _, c := range h.refusedAfter(line) {
		if c.Status != ApplyUndone && c.Status != ApplySquashed {
			foreign = append(foreign, refusal(r.gitDir, c))
		}
	}
	passed = append(newestFirst(foreign), passed...)
	if !found {
		if len(passed) > 0 {
			return nil, fmt.Errorf("undo: %w: no record clada may undo is left:\n  %s\nundo those by hand with git (clada log shows what each changed)",
				ErrNothingToUndo, strings.Join(capList(passed), "\n  "))
		}
		what := "no apply is recorded"
		if len(h.all) > 0 {
			what = fmt.Sprintf("all %d recorded applies are undone already", len(h.all))
		}
		return nil, fmt.Errorf("undo: %w: %s (clada log lists them)", ErrNothingToUndo, what)
	}
	res := &UndoResult{Apply: rec, Head: rec.HeadBefore}
	if tempNote != "" {
		res.Notes = append(res.Notes, tempNote)
	}
	for _, p := range capList(passed) {
		res.Notes = append(res.Notes, "passed over "+p)
	}
	if err := checkUndo(ctx, r, &rec); err != nil {
		if len(passed) > 0 {
			err = fmt.Errorf("%w\nnewer records it passed over:\n  %s", err, strings.Join(capList(passed), "\n  "))
		}
		return nil, err
	}
	if rec.Status == ApplyDone {
		var paths []string
		for p := range rec.IndexAfter {
			paths = append(paths, p)
		}
		for p := range rec.IndexBefore {
			if _, ok := rec.IndexAfter[p]; !ok {
				paths = append(paths, p)
			}
		}
		sort.Strings(paths)
		if err := r.setIndex(ctx, "", paths, rec.IndexBefore); err != nil {
			return nil, fmt.Errorf("undo %s: restore the index: %w", rec.ID, err)
		}
		// The paths outside a sparse checkout get their skip-worktree bit
		// back (restoreFiles then takes the files the apply wrote there).
		if err := r.skipWorktree(ctx, rec.SkipWorktree, true); err != nil {
			if rerr := r.setIndex(ctx, "", paths, rec.IndexAfter); rerr != nil {
				err = fmt.Errorf("%w (and putting the index back failed: %v)", err, rerr)
			}
			return nil, fmt.Errorf("undo %s: restore the skip-worktree bit: %w", rec.ID, err)
		}
		if rec.HeadAfter != rec.HeadBefore {
			if err := r.moveHead(ctx, rec.HeadRef, rec.HeadBefore, rec.HeadAfter, "clada undo "+rec.ID); err != nil {
				if rerr := r.setIndex(ctx, "", paths, rec.IndexAfter); rerr != nil {
					err = fmt.Errorf("%w (and putting the index back failed: %v)", err, rerr)
				}
				return nil, fmt.Errorf("undo %s: move HEAD back: %w", rec.ID, err)
			}
		}
	} else {
		res.Notes = append(res.Notes, "the apply was interrupted: the files it had recorded are restored; what its commands changed is not known")
	}
	notes, err := restoreFiles(ctx, r, rec.Files)
	res.Notes = append(res.Notes, notes...)
	if err != nil {
		return nil, fmt.Errorf("undo %s: %w", rec.ID, err)
	}
	// The restored entries have no stat data yet: refresh it, so plumbing
	// (diff-files, prompts) sees unchanged files as unchanged.
	_, _ = r.git(ctx, gitCall{}, "update-index", "-q", "--refresh")
	res.Files = len(rec.Files)
	rec.Status = ApplyUndone
	if _, _, err := r.appendSigned(&rec); err != nil {
		return nil, fmt.Errorf("undo %s: the tree is restored but the history could not say so: %w", rec.ID, err)
	}
	return res, nil
}

// undoRefusal says why undo must not act on rec although clada signed it
// (sign.go: a command may read the key): a path, on disk or in the index,
// outside cfg.Root, inside .git, .clada or .ssh, or matching a deny
// pattern (engine.Config.CheckWrite, as for an action's write). "" when
// every path is one undo may write.
func undoRefusal(cfg *engine.Config, r *repo, rec ApplyRecord) string {
	prefix := ""
	if rel, err := filepath.Rel(r.top, cfg.Root); err == nil && rel != "." {
		prefix = filepath.ToSlash(rel) + "/"
	}
	paths := make([]string, 0, len(rec.Files)+len(rec.IndexBefore)+len(rec.IndexAfter))
	for _, f := range rec.Files {
		paths = append(paths, f.Path)
	}
	for _, m := range []map[string][]string{rec.IndexBefore, rec.IndexAfter} {
		paths = append(paths, sortedKeys(m)...)
	}
	paths = append(paths, rec.SkipWorktree...)
	name := fmt.Sprintf("record %s (line %d of %s)", rec.ID, rec.Line, historyFile(r.gitDir))
	for _, p := range paths {
		switch {
		case !validRel(p):
			return fmt.Sprintf("%s, which names %q, not a path inside the work tree", name, p)
		case !strings.HasPrefix(p, prefix):
			return fmt.Sprintf("%s, which names %s, outside the root %s", name, p, cfg.Root)
		}
		// The refusal's text is its reason ("'x' matches the deny pattern …").
		if err := cfg.CheckWrite(strings.TrimPrefix(p, prefix), filepath.Join(r.top, filepath.FromSlash(p))); err != nil {
			return fmt.Sprintf("%s, which names %s, a path clada never writes (%v)", name, p, err)
		}
	}
	return ""
}

// newestFirst reverses a list given oldest first.
func newestFirst(list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[len(list)-1-i] = s
	}
	return out
}

// capList keeps a list of refusals readable: the first five and a count.
func capList(list []string) []string {
	const max = 5
	if len(list) <= max {
		return list
	}
	return append(list[:max:max], fmt.Sprintf("and %d more (clada log lists them)", len(list)-max))
}

// checkUndo refuses an undo that would throw away what happened after the
// apply: HEAD elsewhere, a file or index entry of the apply changed since.
func checkUndo(ctx context.Context, r *repo, rec *ApplyRecord) error {
	head, ref, err := r.head(ctx)
	if err != nil {
		return fmt.Errorf("undo: %w", err)
	}
	want := rec.HeadAfter
	if rec.Status != ApplyDone {
		want = rec.HeadBefore
	}
	if head != want || ref != rec.HeadRef {
		return fmt.Errorf("undo: HEAD moved since apply %s (now %.12s%s, the apply left %.12s%s); undo it by hand with git",
			rec.ID, orNone(head), onRef(ref), orNone(want), onRef(rec.HeadRef))
	}
	if rec.Status != ApplyDone {
		return nil
	}
	var all []string
	for _, f := range rec.Files {
		all = append(all, f.Path)
	}
	now, err := r.rawStateOf(ctx, all)
	if err != nil {
		return fmt.Errorf("undo: %w", err)
	}
	var changed []string
	for _, f := range rec.Files {
		if !sameState(f.After, now[f.Path]) {
			changed = append(changed, f.Path)
		}
	}
	if len(changed) > 0 {
		return fmt.Errorf("undo: %s changed since apply %s; commit, stash or discard that first (git status), then undo again",
			strings.Join(changed, ", "), rec.ID)
	}
	var paths []string
	for p := range rec.IndexAfter {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	cur, err := r.indexEntries(ctx, "", paths)
	if err != nil {
		return fmt.Errorf("undo: %w", err)
	}
	for _, p := range paths {
		if strings.Join(cur[p], "\n") != strings.Join(rec.IndexAfter[p], "\n") {
			changed = append(changed, p)
		}
	}
	if len(changed) > 0 {
		return fmt.Errorf("undo: the staged state of %s changed since apply %s (git add or reset?); put it back or commit it first",
			strings.Join(changed, ", "), rec.ID)
	}
	return nil
}

func orNone(c string) string {
	if c == "" {
		return "no commit"
	}
	return c
}

func onRef(ref string) string {
	if ref == "" {
		return ", detached"
	}
	return " on " + strings.TrimPrefix(ref, "refs/heads/")
}

// restoreFiles puts every path back in its state before the apply: first
// what must go (deepest first), then directories and files (shallowest
// first). It works through an os.Root at the work tree top, so a symlink
// planted since cannot lead a write elsewhere.
func restoreFiles(ctx context.Context, r *repo, files []FileChange) ([]string, error) {
	root, err := os.OpenRoot(r.top)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	sorted := append([]FileChange(nil), files...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Path < sorted[j].Path })

	var notes []string
	for i := len(sorted) - 1; i >= 0; i-- {
		f := sorted[i]
		if !validRel(f.Path) {
			return notes, fmt.Errorf("history names %q, which is not a path inside the work tree", f.Path)
		}
		fi, err := root.Lstat(f.Path)
		if err != nil {
			continue // already gone
		}
		isDir := fi.IsDir()
		if f.Before != nil && (f.Before.Mode == modeDir) == isDir {
			continue // stays, gets its content back below
		}
		if err := root.Remove(f.Path); err != nil {
			if isDir && errors.Is(err, syscall.ENOTEMPTY) {
				notes = append(notes, fmt.Sprintf("left directory %s: it holds files the apply did not record", f.Path))
				continue
			}
			return notes, fmt.Errorf("remove %s: %w", f.Path, err)
		}
	}

	var raw, clean []FileChange
	for _, f := range sorted {
		switch {
		case f.Before == nil:
		case f.Before.Mode == modeDir:
			if err := root.MkdirAll(f.Path, 0o755); err != nil {
				return notes, fmt.Errorf("restore directory %s: %w", f.Path, err)
			}
		case f.Before.Raw != "":
			raw = append(raw, f)
		default:
			clean = append(clean, f)
		}
	}
	for _, set := range []struct {
		files   []FileChange
		filters bool
	}{{raw, false}, {clean, true}} {
		if len(set.files) == 0 {
			continue
		}
		data, err := r.blobs(ctx, set.files, set.filters)
		if err != nil {
			return notes, err
		}
		for i, f := range set.files {
			if err := restoreFile(root, f.Path, f.Before.Mode, data[i]); err != nil {
				return notes, fmt.Errorf("restore %s: %w", f.Path, err)
			}
		}
	}
	return notes, nil
}

// validRel refuses history paths that could leave the work tree.
func validRel(p string) bool {
	if p == "" || path.IsAbs(p) || path.Clean(p) != p || p == ".." || strings.HasPrefix(p, "../") {
		return false
	}
	for _, part := range strings.Split(p, "/") {
		if part == ".git" {
			return false
		}
	}
	return true
}

// restoreFile writes one file (or symlink) back: a temp file renamed over the
// path, so a crash leaves the old or the new content, never a mix.
func restoreFile(root *os.Root, rel, mode string, data []byte) error {
	if err := root.MkdirAll(path.Dir(rel), 0o755); err != nil {
		return err
	}
	if mode == "120000" {
		_ = root.Remove(rel)
		return root.Symlink(string(data), rel)
	}
	perm := fs.FileMode(0o644)
	if mode == "100755" {
		perm = 0o755
	}
	if fi, err := root.Lstat(rel); err == nil && fi.Mode().IsRegular() {
		perm = fi.Mode().Perm()&^0o111 | perm&0o111
	}
	return state.Replace(root, rel, data, perm)
}

// blobs reads the before-content of files from git in one cat-file: the raw
// bytes, or with filters the checkout form of a blob git stored clean.
func (r *repo) blobs(ctx context.Context, files []FileChange, filters bool) ([][]byte, error) {
	var in bytes.Buffer
	for _, f := range files {
		if filters {
			in.WriteString(f.Before.Blob + " " + f.Path + "\n")
		} else {
			in.WriteString(f.Before.Raw + "\n")
		}
	}
	args := []string{"cat-file", "--batch"}
	if filters {
		args = append(args, "--filters")
	}
	out, err := r.git(ctx, gitCall{stdin: in.Bytes()}, args...)
	if err != nil {
		return nil, err
	}
	br := bufio.NewReader(strings.NewReader(out))
	data := make([][]byte, len(files))
	for i, f := range files {
		head, err := br.ReadString('\n')
		if err != nil {
			return nil, fmt.Errorf("git cat-file: short output: %w", err)
		}
		fields := strings.Fields(head)
		if len(fields) != 3 {
			return nil, fmt.Errorf("git cat-file: the content %s was of %s is gone from the repository (%s)", fields[0], f.Path, strings.TrimSpace(head))
		}
		n, err := strconv.Atoi(fields[2])
		if err != nil {
			return nil, fmt.Errorf("git cat-file: bad header %q", head)
		}
		data[i] = make([]byte, n)
		if _, err := io.ReadFull(br, data[i]); err != nil {
			return nil, fmt.Errorf("git cat-file: %w", err)
		}
		_, _ = br.ReadByte() // the newline after the content
	}
	return data, nil
}
