package history

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/internal/state"
)

// ApplySquashed is the status of an apply whose commit `clada squash` folded
// into another apply's: undo and squash skip it, log still lists it.
const ApplySquashed = "squashed"

// ErrNothingToSquash is Squash's error when HEAD has fewer than two of
// clada's own apply commits on top.
var ErrNothingToSquash = errors.New("nothing to squash")

// SquashResult says what Squash folded.
type SquashResult struct {
	Apply  ApplyRecord   // the new record standing for the folded applies
	Folded []ApplyRecord // the applies folded, oldest first
	// SaveCommit is the one commit of the user's work below the folded
	// commit, when the run held save commits ("" when none).
	SaveCommit string
	// Saves counts the save commits of the user's work the run held, now
	// SaveCommit.
	Saves int
	// Left names what ended the run below, when squash took fewer applies
	// than the commits of clada above the user's own: a save commit of
	// the user's work that builds on an apply below it.
	Left string
}

// Squash folds the run of clada's own apply commits at the top of HEAD into
// one commit with the same tree, authored as the newest of them, whose
// message lists each apply's summary and keeps every Clada-Apply trailer.
// The save commits of the user's work between them (the loop leaves one
// whenever an apply touches a file the user had changed) move below it, as
// one commit of the user's work authored as the user: the run is the
// user's work, then clada's. A save commit whose work builds on an apply
// below it (the user edited a file an earlier apply wrote) cannot move
// below that apply, so the run starts above it (Left names it). count 0
// takes the whole run; count N takes exactly the newest N and refuses when
// the run is shorter, naming the commit that ends it (a commit of the
// user's, or a save commit that cannot move: neither is ever folded into
// clada's). Only records clada signed, whose paths undo may write, count
// (undoRefusal). The folded applies become one record, so `clada undo`
// afterwards undoes them together, exactly as it would have undone them
// one by one. Files, index and work tree are untouched: only HEAD moves.
func Squash(ctx context.Context, cfg *engine.Config, count int) (*SquashResult, error) {
	r, err := findRepo(ctx, cfg)
	if errors.Is(err, errNoWorkTree) {
		return nil, fmt.Errorf("squash: %s is not inside a git work tree; clada squashes only the commits it recorded there", cfg.Root)
	}
	if err != nil {
		return nil, fmt.Errorf("squash: %w", err)
	}
	lock, err := state.AcquireLock(ctx, cfg.Root, cfg.LockFile, cfg.LockTimeout)
	if err != nil {
		return nil, fmt.Errorf("squash: %w", err)
	}
	defer lock.Release()

	h, err := readHistory(r.gitDir, r.key(false))
	if err != nil {
		return nil, fmt.Errorf("squash: %w", err)
	}
	recs := h.signed
	byCommit := map[string]int{}
	for i, rec := range recs {
		if rec.Status == ApplyDone && rec.ApplyCommit != "" {
			byCommit[rec.ApplyCommit] = i
		}
	}
	foreign := map[string]ApplyRecord{} // apply commits that only records not clada's claim
	for _, rec := range h.all {
		if rec.NotClada != "" && rec.ApplyCommit != "" {
			foreign[rec.ApplyCommit] = rec
		}
	}
	head, ref, err := r.head(ctx)
	if err != nil {
		return nil, fmt.Errorf("squash: %w", err)
	}
	// Walk down from HEAD while each commit is an apply commit clada
	// recorded, passing the save commit below each (HeadBefore is what the
	// apply started from, the save commit's parent).
	var run []int // indexes into recs, newest first
	stop := ""    // why the run ended
	claim := ""   // a record not clada's that names the commit below as an apply
	for c := head; ; {
		if len(run) > 0 {
			if below := recs[run[len(run)-1]]; below.SaveCommit != "" {
				stop = fmt.Sprintf("%.12s, your work that clada saved before apply %s", below.SaveCommit, below.ID)
			}
		}
		if c == "" {
			if stop == "" {
				stop = "the start of the branch"
			}
			break
		}
		i, ok := byCommit[c]
		if !ok {
			if stop == "" {
				stop = describeCommit(ctx, r, c)
				if f, ok := foreign[c]; ok {
					claim = fmt.Sprintf("; record %s (line %d of %s) claims it as an apply, but clada did not sign that record", f.ID, f.Line, historyFile(r.gitDir))
				}
			}
			break
		}
		rec := recs[i]
		if rec.HeadRef != ref {
			stop = fmt.Sprintf("apply %s, made on %s", rec.ID, onRef(rec.HeadRef))
			break
		}
		if why := undoRefusal(cfg, r, rec); why != "" {
			stop = why
			break
		}
		run = append(run, i)
		stop = ""
		if count > 0 && len(run) == count {
			break
		}
		c = rec.HeadBefore
	}
	folded := make([]ApplyRecord, len(run))
	for k, i := range run {
		folded[len(run)-1-k] = recs[i]
	}
	folded, moves, left, err := r.movableSaves(ctx, folded)
	if err != nil {
		return nil, fmt.Errorf("squash: %w", err)
	}
	if left != "" {
		stop = left
	}
	if left != "" {
		claim = ""
	}
	switch {
	case count > 0 && len(folded) < count:
		return nil, fmt.Errorf("squash: only %d of clada's apply commits are on top of HEAD, not %d: below them is %s, which squash never folds%s", len(folded), count, stop, claim)
	case len(folded) < 2:
		if len(folded) == 1 {
			return nil, fmt.Errorf("squash: %w: only one of clada's apply commits is on top of HEAD (below it is %s%s)", ErrNothingToSquash, stop, claim)
		}
		return nil, fmt.Errorf("squash: %w: HEAD is %s, not one of clada's apply commits%s", ErrNothingToSquash, stop, claim)
	}

	first, last := folded[0], folded[len(folded)-1]
	merged := mergeRecords(folded, newApplyID(time.Now()))
	tree, err := r.git(ctx, gitCall{}, "rev-parse", last.ApplyCommit+"^{tree}")
	if err != nil {
		return nil, fmt.Errorf("squash: %w", err)
	}
	who, err := r.commitAuthor(ctx, last.ApplyCommit)
	if err != nil {
		return nil, fmt.Errorf("squash: %w", err)
	}
	// The parent is the user's work: the first folded apply's save commit,
	// or one commit of all the run's save commits; else the commit before
	// the first apply.
	parent, saves := first.HeadBefore, len(moves)
	if first.SaveCommit != "" {
		parent = first.SaveCommit
		saves++
	}
	if len(moves) > 0 {
		if parent, err = r.foldSaves(ctx, first, moves, merged.ID); err != nil {
			return nil, fmt.Errorf("squash: %w", err)
		}
	}
	if saves > 0 {
		merged.SaveCommit = parent
	}
	commit, err := r.commitTree(ctx, strings.TrimSpace(tree), parent, squashMessage(merged, folded), who)
	if err != nil {
		return nil, fmt.Errorf("squash: %w", err)
	}
	merged.ApplyCommit, merged.HeadAfter = commit, commit
	// Record first: if moving HEAD fails, the new record names a commit no
	// branch has, and undo refuses it (HEAD elsewhere) rather than guessing.
	if _, _, err := r.appendSigned(&merged); err != nil {
		return nil, fmt.Errorf("squash: %w", err)
	}
	if err := r.moveHead(ctx, ref, commit, head, "clada squash "+merged.ID); err != nil {
		merged.Status = ApplyUndone
		_, _, _ = r.appendSigned(&merged)
		return nil, fmt.Errorf("squash: move HEAD: %w", err)
	}
	for _, rec := range folded {
		rec.Status = ApplySquashed
		rec.Warnings = append(rec.Warnings, "squashed into "+merged.ID)
		if _, _, err := r.appendSigned(&rec); err != nil {
			return nil, fmt.Errorf("squash: HEAD is at the squashed commit %.12s, but the history could not mark apply %s as folded: %w", commit, rec.ID, err)
		}
	}
	res := &SquashResult{Apply: merged, Folded: folded, Saves: saves, Left: left}
	if saves > 0 {
		res.SaveCommit = parent
	}
	return res, nil
}

// saveMove is a save commit of the user's work inside a run of applies
// that moves below the folded commit: the apply it was made for, and the
// paths it saved.
type saveMove struct {
	rec   ApplyRecord
	paths []string
}

// movableSaves decides which save commits of the run (oldest first) move
// below the folded commit. A save commit above the run's first apply
// holds the user's work at paths its apply changed; it moves when no
// apply below it in the run changed one of them, since then that work was
// made on the same content as at the run's start. Otherwise the run starts
// at its apply, and left names it.
func (r *repo) movableSaves(ctx context.Context, folded []ApplyRecord) (run []ApplyRecord, moves []saveMove, left string, err error) {
	start := 0
	changedBy := map[string]string{} // path → the apply of the run that changed it
	for k, rec := range folded {
		if k > start && rec.SaveCommit != "" {
			saved, err := r.changedPaths(ctx, rec.HeadBefore, rec.SaveCommit)
			if err != nil {
				return nil, nil, "", err
			}
			hit := ""
			for _, p := range saved {
				if changedBy[p] != "" {
					hit = p
					break
				}
			}
			if hit != "" {
				left = fmt.Sprintf("%.12s, your work that clada saved before apply %s, which changes %s after apply %s changed it",
					rec.SaveCommit, rec.ID, hit, changedBy[hit])
				start, moves, changedBy = k, nil, map[string]string{}
			} else {
				moves = append(moves, saveMove{rec, saved})
			}
		}
		for _, f := range rec.Files {
			changedBy[f.Path] = rec.ID
		}
	}
	return folded[start:], moves, left, nil
}

// changedPaths lists the paths that differ between commits a and b.
func (r *repo) changedPaths(ctx context.Context, a, b string) ([]string, error) {
	out, err := r.git(ctx, gitCall{}, "diff-tree", "-r", "-z", "--no-renames", "--name-only", a, b)
	if err != nil {
		return nil, err
	}
	var paths []string
	for _, p := range strings.Split(out, "\x00") {
		if p != "" {
			paths = append(paths, p)
		}
	}
	return paths, nil
}

// foldSaves writes one commit of the user's work for a run: the first
// apply's save commit (or the commit before it) with each moved save
// commit's paths as that commit had them, on the commit before the run,
// authored as the user who made the first of them. It touches neither
// HEAD nor the real index.
func (r *repo) foldSaves(ctx context.Context, first ApplyRecord, moves []saveMove, id string) (string, error) {
	tmp := filepath.Join(r.gitDir, "clada", "index-"+id)
	defer os.Remove(tmp)
	env := []string{"GIT_INDEX_FILE=" + tmp}
	base, by := first.SaveCommit, first.SaveCommit
	if base == "" {
		base, by = first.HeadBefore, moves[0].rec.SaveCommit
	}
	readTree := []string{"read-tree", base}
	if base == "" {
		readTree = []string{"read-tree", "--empty"}
	}
	if _, err := r.git(ctx, gitCall{env: env}, readTree...); err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("clada: save work before apply\n\nYour uncommitted work, saved before each of these applies:\n")
	if first.SaveCommit != "" {
		fmt.Fprintf(&b, "- %s\n", first.ID)
	}
	for _, m := range moves {
		in, err := r.treeEntries(ctx, m.rec.SaveCommit, m.paths)
		if err != nil {
			return "", err
		}
		entries := map[string][]string{}
		for p, e := range in {
			entries[p] = []string{e.Mode + " " + e.Blob + " 0"}
		}
		if err := r.setIndex(ctx, tmp, m.paths, entries); err != nil {
			return "", err
		}
		fmt.Fprintf(&b, "- %s\n", m.rec.ID)
	}
	tree, err := r.git(ctx, gitCall{env: env}, "write-tree")
	if err != nil {
		return "", err
	}
	who, err := r.commitAuthor(ctx, by)
	if err != nil {
		return "", err
	}
	fmt.Fprintf(&b, "\nClada-Apply: %s\n", id)
	return r.commitTree(ctx, strings.TrimSpace(tree), first.HeadBefore, b.String(), who)
}

// mergeRecords is the record of several consecutive applies taken as one:
// each path's state and index entry before the first apply that touched it,
// and after the last.
func mergeRecords(folded []ApplyRecord, id string) ApplyRecord {
	first, last := folded[0], folded[len(folded)-1]
	m := ApplyRecord{
		ID: id, Status: ApplyDone, Time: last.Time,
		HeadRef: first.HeadRef, HeadBefore: first.HeadBefore, SaveCommit: first.SaveCommit,
		IndexBefore: map[string][]string{}, IndexAfter: map[string][]string{},
	}
	at := map[string]int{}
	var sums []string
	for _, rec := range folded {
		sums = append(sums, rec.Summary)
		for _, f := range rec.Files {
			if i, ok := at[f.Path]; ok {
				m.Files[i].After = f.After
				m.Files[i].Ignored = m.Files[i].Ignored || f.Ignored
				continue
			}
			at[f.Path] = len(m.Files)
			m.Files = append(m.Files, f)
		}
		for p, e := range rec.IndexBefore {
			if _, ok := m.IndexBefore[p]; !ok {
				m.IndexBefore[p] = e
				if slices.Contains(rec.SkipWorktree, p) {
					m.SkipWorktree = append(m.SkipWorktree, p)
				}
			}
		}
		for p, e := range rec.IndexAfter {
			m.IndexAfter[p] = e
		}
		m.Warnings = append(m.Warnings, rec.Warnings...)
	}
	m.Summary = fmt.Sprintf("%d applies: %s", len(folded), strings.Join(sums, "; "))
	return m
}

// squashMessage is the folded commit's message: one subject, each apply's
// summary, and every apply's trailer (the folded ones' too, so `git log
// --grep` still finds them).
func squashMessage(merged ApplyRecord, folded []ApplyRecord) string {
	var b strings.Builder
	fmt.Fprintf(&b, "AI: %d applies squashed\n\n", len(folded))
	for _, rec := range folded {
		fmt.Fprintf(&b, "- %s\n", rec.Summary)
	}
	b.WriteString("\n")
	for _, rec := range folded {
		fmt.Fprintf(&b, "Clada-Squashed: %s\n", rec.ID)
	}
	fmt.Fprintf(&b, "Clada-Apply: %s\n", merged.ID)
	return b.String()
}

// commitAuthor is the author of commit c.
func (r *repo) commitAuthor(ctx context.Context, c string) (ident, error) {
	out, err := r.git(ctx, gitCall{}, "log", "-1", "--format=%an%x00%ae", c)
	if err != nil {
		return ident{}, err
	}
	name, email, ok := strings.Cut(strings.TrimRight(out, "\n"), "\x00")
	if !ok {
		return ident{}, fmt.Errorf("git log %s: no author in %q", c, out)
	}
	return ident{name: name, email: email}, nil
}

// describeCommit names commit c for a refusal: its short id and subject.
func describeCommit(ctx context.Context, r *repo, c string) string {
	out, err := r.git(ctx, gitCall{}, "log", "-1", "--format=%h %s (%an)", c)
	if err != nil {
		return fmt.Sprintf("%.12s", c)
	}
	return "your commit " + strings.TrimSpace(out)
}
