package history

import (
	"context"
	"errors"
	"fmt"
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
}

// Squash folds the run of clada's own apply commits at the top of HEAD into
// one commit with the same tree, authored as the newest of them, whose
// message lists each apply's summary and keeps every Clada-Apply trailer.
// count 0 takes the whole run; count N takes exactly the newest N and
// refuses when the run is shorter, naming the commit that ends it (a user
// commit, or clada's save commit of the user's work: neither is ever folded
// into clada's). The folded applies become one record, so `clada undo`
// afterwards undoes them together, exactly as it would have undone them one
// by one. Files, index and work tree are untouched: only HEAD moves.
func Squash(ctx context.Context, cfg *engine.Config, count int) (*SquashResult, error) {
	r, err := findRepo(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("squash: %s is not inside a git work tree; clada squashes only the commits it recorded there", cfg.Root)
	}
	lock, err := state.AcquireLock(ctx, cfg.Root, cfg.LockFile, cfg.LockTimeout)
	if err != nil {
		return nil, fmt.Errorf("squash: %w", err)
	}
	defer lock.Release()

	recs, err := readHistory(r.gitDir)
	if err != nil {
		return nil, fmt.Errorf("squash: %w", err)
	}
	byCommit := map[string]int{}
	for i, rec := range recs {
		if rec.Status == ApplyDone && rec.ApplyCommit != "" {
			byCommit[rec.ApplyCommit] = i
		}
	}
	head, ref, err := r.head(ctx)
	if err != nil {
		return nil, fmt.Errorf("squash: %w", err)
	}
	// Walk down from HEAD while each commit is an apply commit clada
	// recorded, whose parent is the previous apply's commit (no save commit
	// of the user's work in between).
	var run []int // indexes into recs, newest first
	stop := ""    // why the run ended
	for c := head; c != ""; {
		i, ok := byCommit[c]
		if !ok {
			stop = describeCommit(ctx, r, c)
			break
		}
		rec := recs[i]
		if rec.HeadRef != ref {
			stop = fmt.Sprintf("apply %s, made on %s", rec.ID, onRef(rec.HeadRef))
			break
		}
		run = append(run, i)
		if count > 0 && len(run) == count {
			break
		}
		if rec.SaveCommit != "" {
			stop = fmt.Sprintf("%.12s, your work that clada saved before apply %s", rec.SaveCommit, rec.ID)
			break
		}
		c = rec.HeadBefore
		if c == "" {
			stop = "the start of the branch"
		}
	}
	switch {
	case count > 0 && len(run) < count:
		return nil, fmt.Errorf("squash: only %d of clada's apply commits are on top of HEAD, not %d: below them is %s, which squash never folds", len(run), count, stop)
	case len(run) < 2:
		if len(run) == 1 {
			return nil, fmt.Errorf("squash: %w: only one of clada's apply commits is on top of HEAD (below it is %s)", ErrNothingToSquash, stop)
		}
		return nil, fmt.Errorf("squash: %w: HEAD is %s, not one of clada's apply commits", ErrNothingToSquash, stop)
	}

	folded := make([]ApplyRecord, len(run))
	for k, i := range run {
		folded[len(run)-1-k] = recs[i]
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
	// The parent is what the first folded apply committed on: its save
	// commit when it made one, else the commit before it.
	parent := first.HeadBefore
	if first.SaveCommit != "" {
		parent = first.SaveCommit
	}
	commit, err := r.commitTree(ctx, strings.TrimSpace(tree), parent, squashMessage(merged, folded), who)
	if err != nil {
		return nil, fmt.Errorf("squash: %w", err)
	}
	merged.ApplyCommit, merged.HeadAfter = commit, commit
	// Record first: if moving HEAD fails, the new record names a commit no
	// branch has, and undo refuses it (HEAD elsewhere) rather than guessing.
	if _, err := appendRecord(r.gitDir, &merged); err != nil {
		return nil, fmt.Errorf("squash: %w", err)
	}
	if err := r.moveHead(ctx, ref, commit, head, "clada squash "+merged.ID); err != nil {
		merged.Status = ApplyUndone
		_, _ = appendRecord(r.gitDir, &merged)
		return nil, fmt.Errorf("squash: move HEAD: %w", err)
	}
	for _, rec := range folded {
		rec.Status = ApplySquashed
		rec.Warnings = append(rec.Warnings, "squashed into "+merged.ID)
		if _, err := appendRecord(r.gitDir, &rec); err != nil {
			return nil, fmt.Errorf("squash: HEAD is at the squashed commit %.12s, but the history could not mark apply %s as folded: %w", commit, rec.ID, err)
		}
	}
	return &SquashResult{Apply: merged, Folded: folded}, nil
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
