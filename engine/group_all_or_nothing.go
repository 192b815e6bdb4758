package engine

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/engine/textedit"
	"github.com/clada-dev/clada/lang"
)

// wholeGroup names the groups that apply whole or not at all, by the word
// their reports use: a V4A patch and a unified diff are each one change to
// the tree, and stopping at the third hunk would leave files half patched
// (Codex's applier and patch(1) do; clada does not). Other groups run step
// by step and stop at their first failure.
func wholeGroup(g *lang.Group) string {
	if g.Kind == lang.Standalone {
		return ""
	}
	return g.Syntax.Def().AllOrNothing
}

// blockedWhole is the all-or-nothing rule, after validation passed: the
// group's items run first on an Overlay of ws (the same steps, the hunk
// batch included). If one would fail, nothing runs for real: that item
// gets the trial's failure, every other item is reported not run, naming
// it, and true says the group is done. On an Overlay (dry run, --atomic's
// trial, the language server) the trial runs on an overlay of that
// overlay, so a dry run reports what apply does.
//
// The trial writes into the items' own results, which are what a group
// whose trial succeeds reports (trialCommit); wherever a step must run
// again for real, its result is first made as runGroup made it (unrun).
// A copy of ten thousand hunks' results was a fifteenth of a big diff's
// live heap.
func blockedWhole(ctx context.Context, g *lang.Group, items []item, ws fsys.Workspace, cfg *Config, rep *Report) bool {
	noun := wholeGroup(g)
	if noun == "" || len(items) == 0 {
		loadToRun(items, cfg)
		return false
	}
	for _, it := range items {
		if it.res.Error != "" || it.res.Skipped {
			loadToRun(items, cfg)
			return false // runGroup skips a group with an invalid step before this
		}
	}
	sim := &Report{}
	ov := fsys.NewOverlay(ws)
	c := newTrialCommit(items, ov, ws, cfg)
	if c == nil || !textsDeferred(items) {
		loadTexts(items)
		fsys.PlanEdits(ov, planItems(items, cfg)) // the trial costs what the apply costs (edit_index.go)
	} else {
		// Each file's hunks are read and planned just before its steps,
		// and let go once it is staged (stepDone).
		c.plan = editPlan{}
		fsys.PlanEdits(ov, c.plan)
		c.loadFile(items, 0, cfg)
	}
	runItemsThen(ctx, g, items, ov, cfg, sim, c.stepDone(items, cfg))
	bad := -1
	for i, it := range items {
		if !it.res.Success && !it.res.Skipped {
			bad = i
			break
		}
	}
	if bad < 0 {
		if c != nil && ctx.Err() == nil {
			return c.commit(ctx, g, items, ws, cfg, sim, rep)
		}
		c.abort()
		unrun(items)
		loadToRun(items, cfg)
		return false
	}
	c.abort()
	failed, took := items[bad].res.Result, items[bad].res.Duration
	unrun(items)
	loadTexts(items) // a replay is tried on every step (replayedWhole)
	if replay, ok := replayedWhole(ctx, g, items, ws, cfg); ok {
		for i, it := range items {
			it.res.Result, it.res.Duration = replay[i].Result, replay[i].Duration
		}
		return true
	}
	why := fmt.Sprintf("not run: %s would fail and a %s applies all or nothing; nothing of it was changed", items[bad].res.Task, noun)
	for i, it := range items {
		if i == bad {
			it.res.Result, it.res.Duration = failed, took
			continue
		}
		it.res.Skipped, it.res.Error = true, why
	}
	for _, w := range sim.Warnings {
		rep.Warn(w)
	}
	return true
}

// planItems is the edit plan of a group's validated items (planValid).
func planItems(items []item, cfg *Config) editPlan {
	return planValid(func(yield func(*lang.Action, *lang.OpSpec) bool) {
		for _, it := range items {
			if !yield(it.a, it.spec) {
				return
			}
		}
	}, cfg)
}

// textsDeferred reports whether a step's texts were left unread by the
// parse (lang.ParseOptions.DeferHunkTexts: `clada apply` of a unified
// diff), to be read when the step runs.
func textsDeferred(items []item) bool {
	for _, it := range items {
		if it.a.TextsDeferred() {
			return true
		}
	}
	return false
}

// loadTexts reads every step's deferred texts (lang.Action.LoadTexts):
// wherever steps run other than file by file in a trial.
func loadTexts(items []item) {
	for _, it := range items {
		it.a.LoadTexts()
	}
}

// loadToRun reads every step's deferred texts for the ordinary run on the
// run's workspace, and plans them there as Run would have planned them
// had the parse read them.
func loadToRun(items []item, cfg *Config) {
	if !textsDeferred(items) {
		return
	}
	loadTexts(items)
	if cfg.plan == nil {
		return
	}
	for abs, olds := range planItems(items, cfg) {
		cfg.plan[abs] = append(cfg.plan[abs], olds...)
	}
}

// unrun makes each item's result what it was before the trial ran it:
// runGroup's, with no outcome (blockedWhole runs only such items).
func unrun(items []item) {
	for _, it := range items {
		it.res.Result, it.res.Duration, it.res.Skipped = Result{}, 0, false
	}
}

// trialCommit carries out a group whose trial succeeds by writing what the
// trial left, once per file, instead of running every step again: the
// trial of a V4A patch or unified diff cost as much as the apply, and the
// two were the whole cost (a diff of 500 hunks was matched twice, hunk by
// hunk). It does so only for a group of file_replace_text steps (V4A
// Update hunks, unified diff hunks) whose steps on each file are
// consecutive, so that the order of writes is the ordinary run's; each
// step gets its trial result, as the same steps on the same files give.
//
// Each file is staged as soon as the trial is done with it (its last step
// succeeded): on the real tree its temp file is written then, and the
// trial's copy dropped, so a diff of a thousand files holds one file's
// text at a time; the batch is made durable and renamed into place only
// when the whole trial succeeded (fsys/batch.go), and removed otherwise.
//
// A diff parsed with its hunks' texts deferred (lang.ParseOptions) has
// each file's texts read just before the file's first step and planned
// then (plan, loadFile), and let go once the file is staged: a git diff
// of ten thousand hunks held 8 MB of them through its whole trial, a third
// of what was live. The steps, their results and the plan are the same
// as with every text read up front.
type trialCommit struct {
	// plan is the trial's edit plan when the texts are deferred, filled
	// file by file; nil when it was made for every step at once.
	plan   editPlan
	ov     *fsys.Overlay
	abs    []string       // each step's file
	last   map[string]int // the last step of each file's run of steps
	batch  *fsys.Batch
	firsts []int // the first step of each staged file
	// refused is the first step of the file the batch would not take (-1:
	// none); no file after it is staged.
	refused int
}

// newTrialCommit is nil when the group must run the ordinary way after
// its trial (it is not all file_replace_text, a file's steps are not
// consecutive, or the run takes only the ordinary path).
func newTrialCommit(items []item, ov *fsys.Overlay, ws fsys.Workspace, cfg *Config) *trialCommit {
	if cfg.ordinaryOnly {
		return nil
	}
	c := &trialCommit{ov: ov, abs: make([]string, len(items)), last: map[string]int{}, refused: -1}
	for i, it := range items {
		if it.res.Error != "" || it.spec == nil || it.spec.ID != lang.OpFileReplaceText {
			return nil
		}
		p, _ := it.a.Value(lang.ParamPath)
		a, err := cfg.Resolve(p)
		if err != nil {
			return nil
		}
		if j, seen := c.last[a]; seen && j != i-1 {
			return nil // the file's steps are not consecutive
		}
		c.abs[i], c.last[a] = a, i
	}
	c.batch = fsys.NewBatch(ws)
	c.batch.AllOrNothing, c.batch.FailRename = true, cfg.failRename
	return c
}

// stepDone is the trial's word after each step (runItemsThen): at the last
// step of a file whose steps all succeeded, the file is staged.
func (c *trialCommit) stepDone(items []item, cfg *Config) func(int) {
	if c == nil {
		return nil
	}
	return func(i int) {
		file := c.abs[i]
		if c.plan != nil && i+1 < len(items) && c.abs[i+1] != file && items[i].res.Success {
			c.loadFile(items, i+1, cfg) // the next step starts the next file
		}
		if c.last[file] != i || c.refused >= 0 {
			return
		}
		first := i
		for first > 0 && c.abs[first-1] == file {
			first--
		}
		for _, it := range items[first : i+1] {
			if !it.res.Success && !it.res.Skipped {
				return // the trial fails: nothing will be written
			}
		}
		data, held := c.ov.Held(file)
		if !held {
			c.dropTexts(items[first : i+1])
			return // every step was already applied: nothing to write
		}
		if err := c.batch.Add(file, data); err != nil {
			c.refused = first // reported by that step's ordinary run (commit)
			return
		}
		c.firsts = append(c.firsts, first)
		c.ov.Forget(file)
		shareData(items[first : i+1])
		c.dropTexts(items[first : i+1])
	}
}

// loadFile reads the deferred texts of the file's steps from items[first]
// on (its steps are consecutive) and plans them, as planItems would have.
func (c *trialCommit) loadFile(items []item, first int, cfg *Config) {
	end := first
	for end < len(items) && c.abs[end] == c.abs[first] {
		items[end].a.LoadTexts()
		end++
	}
	for abs, olds := range planItems(items[first:end], cfg) {
		c.plan[abs] = olds
	}
}

// dropTexts lets go of a staged file's deferred texts: its steps are done
// with them, and a step run again (commit) or reported reads them again.
func (c *trialCommit) dropTexts(items []item) {
	if c.plan == nil {
		return
	}
	for _, it := range items {
		it.a.DropTexts()
	}
}

// shareData gives the results of one file's steps that say the same thing
// one map of data between them: a diff of ten thousand hunks held ten
// thousand {"path", "replacements": 1} maps until its report was written
// (a tenth of its live heap). The maps are only read from here on (the
// reports print them), and a result's bytes in every report are the same.
func shareData(items []item) {
	var shared map[string]any
	for _, it := range items {
		d := it.res.Data
		if len(d) != 2 || d["replacements"] != 1 {
			continue
		}
		p, isPath := d["path"].(string)
		if !isPath {
			continue
		}
		if shared == nil || shared["path"] != p {
			shared = d
			continue
		}
		it.res.Data = shared
	}
}

// abort removes what was staged.
func (c *trialCommit) abort() {
	if c != nil {
		c.batch.Abort()
	}
}

// commit writes the staged files; each step keeps its trial result. A file
// that cannot be written fails the first step that changed it, run again
// the ordinary way, and the steps after it are not run.
func (c *trialCommit) commit(ctx context.Context, g *lang.Group, items []item, ws fsys.Workspace, cfg *Config, sim, rep *Report) bool {
	// done counts step j's result, as runItems counts a result.
	done := func(j int) {
		if res := items[j].res; res.Data != nil && res.Data["skipped"] != nil {
			res.Skipped = true
		} else {
			rep.ExecutedActions++
		}
	}
	fsys.BeginAction(ws, items[len(items)-1].res.Seq-1, false)
	n, err := c.batch.Commit()
	if undone := c.batch.Undone(); undone != nil {
		c.commitFailed(g, items, cfg, n, err, undone)
		for _, w := range sim.Warnings {
			rep.Warn(w)
		}
		return true
	}
	// Elsewhere than on the real tree (the batch writes file by file), a
	// file not written is run again the ordinary way below, which says why
	// in its own words.
	upTo := len(items) // the steps whose files are written (or need no write)
	switch {
	case n < len(c.firsts):
		upTo = c.firsts[n]
	case c.refused >= 0:
		upTo = c.refused
	}
	for j := range upTo {
		done(j)
	}
	if upTo < len(items) {
		// The file of step upTo was not written, nor any after it.
		loadTexts(items[upTo:]) // its steps and those after it run again
		i, end := upTo, c.last[c.abs[upTo]]
		k := i // the first step that changed the file: its write failed
		for k < end && items[k].res.AlreadyApplied {
			k++
		}
		for j := i; j < k; j++ {
			done(j)
		}
		// That step runs the ordinary way on the file as it was (the steps
		// before it on the file changed nothing), and fails as it does.
		took := items[k].res.Duration
		unrun(items[k:])
		fsys.BeginAction(ws, items[k].res.Seq-1, false)
		items[k].res.Result = runActionSafe(ctx, items[k].spec, items[k].a, streamLabel(cfg, items[k].res), ws, cfg)
		items[k].res.Result, _ = cfg.chains.supersededReplay(items[k].a, items[k].res.Result, ws, cfg)
		items[k].res.Duration = took
		done(k)
		if items[k].res.Success { // the write went through this time: go on the ordinary way
			runItems(ctx, g, items[k+1:], ws, cfg, rep)
		} else {
			why := fmt.Sprintf("not run: %s failed and its group stops at the first failure", items[k].res.Task)
			for _, it := range items[k+1:] {
				it.res.Skipped, it.res.Error = true, why
			}
		}
	}
	for _, w := range sim.Warnings {
		rep.Warn(w)
	}
	return true
}

// commitFailed reports a group whose commit on the real tree failed at its
// n-th staged file (err), all or nothing (fsys/batch_undo.go): the first
// step that changed that file fails as its own write would have; a file
// renamed before it was put back, and its steps say so, or could not be,
// and its steps say where its old content is; every other step is not run.
func (c *trialCommit) commitFailed(g *lang.Group, items []item, cfg *Config, n int, err error, undone []fsys.Undone) {
	noun := wholeGroup(g)
	steps := func(f int) (int, int) { // file f's first and last step
		first := c.firsts[f]
		return first, c.last[c.abs[first]]
	}
	first, end := steps(n)
	k := first // the first step that changed the file
	for k < end && items[k].res.AlreadyApplied {
		k++
	}
	p, _ := items[k].a.Value(lang.ParamPath)
	x := &opRun{cfg: cfg, op: items[k].a.Op}
	failed := x.fail("open", p, err)
	failed.Param = lang.ParamPath
	stuck := notPutBack(undone) // atomic_commit.go
	rest := "nothing of it was changed"
	if stuck > 0 {
		rest = fmt.Sprintf("its files were put back but %d, whose steps say where their old content is", stuck)
	}
	why := fmt.Sprintf("not run: %s failed and a %s applies all or nothing; %s", items[k].res.Task, noun, rest)
	set := make([]bool, len(items))
	for f, u := range undone {
		from, to := steps(f)
		shown := shownPath(cfg, u.Name)
		for j := from; j <= to; j++ {
			r := items[j].res
			if r.AlreadyApplied {
				continue
			}
			set[j] = true
			switch {
			case u.Err == nil:
				r.Result = Result{Error: fmt.Sprintf("undone: %s failed and a %s applies all or nothing; '%s' was put back as it was", items[k].res.Task, noun, shown)}
				r.Skipped = true
			default:
				msg, hint := keptNew(cfg, u, items[k].res.Task, "step")
				r.Result = Result{Error: r.Action + ": " + msg, Hint: hint, Param: lang.ParamPath}
			}
		}
	}
	if stuck == 0 {
		failed.Hint = strings.TrimPrefix(failed.Hint+"; nothing of the "+noun+" was changed", "; ")
	}
	items[k].res.Result, set[k] = failed, true
	for j, it := range items {
		if !set[j] {
			it.res.Result = Result{}
			it.res.Skipped, it.res.Error = true, why
		}
	}
}

// replayedWhole recognises a patch or diff answered a second time: it
// deletes files that are already gone, adds files that already hold exactly
// what it adds, and every other step is already applied (textedit/replay.go).
// The first
// apply made exactly this state, so the whole group is already applied, the
// deletes included, and nothing is written. At least one step other than a
// delete must be such a replay: a patch that only deletes missing files
// shows no sign of having run, and its path may simply be wrong.
func replayedWhole(ctx context.Context, g *lang.Group, items []item, ws fsys.Workspace, cfg *Config) ([]ActionResult, bool) {
	results := make([]ActionResult, len(items))
	var trial []item
	deletes := 0
	for i, it := range items {
		results[i] = *it.res
		if p, gone := deletedAlready(it.a, ws, cfg); gone {
			results[i].Result = Result{Success: true, AlreadyApplied: true, Data: map[string]any{"path": p}}
			deletes++
			continue
		}
		if from, to, moved := movedAlready(it.a, ws, cfg); moved {
			// A rename done: like a delete, no sign of its own that this
			// patch made it, so it counts with the deletes.
			results[i].Result = Result{Success: true, AlreadyApplied: true, Data: map[string]any{"old_path": from, "new_path": to}}
			deletes++
			continue
		}
		if p, held := writtenAlready(it.a, ws, cfg); held {
			results[i].Result = Result{Success: true, AlreadyApplied: true, Data: map[string]any{"path": p, "bytesWritten": 0}}
			continue
		}
		trial = append(trial, item{it.a, it.spec, &results[i]})
	}
	if deletes == 0 || deletes == len(items) {
		return nil, false
	}
	runItems(ctx, g, trial, fsys.NewOverlay(ws), cfg, &Report{})
	for _, r := range results {
		if !r.Success || !r.AlreadyApplied {
			return nil, false
		}
	}
	return results, true
}

// deletedAlready says whether a is a file_delete whose file is not there.
func deletedAlready(a *lang.Action, ws fsys.Workspace, cfg *Config) (string, bool) {
	if a.Op != lang.OpFileDelete.String() {
		return "", false
	}
	p, _ := a.Value(lang.ParamPath)
	abs, err := cfg.Resolve(p)
	if err != nil {
		return "", false
	}
	_, err = ws.Lstat(abs)
	return p, errors.Is(err, fs.ErrNotExist)
}

// movedAlready says whether a is a file_move whose file is gone from its
// old path and a regular file stands at its new one (a diff's rename,
// answered again). The steps after it then find their edits made there.
func movedAlready(a *lang.Action, ws fsys.Workspace, cfg *Config) (from, to string, ok bool) {
	if a.Op != lang.OpFileMove.String() {
		return "", "", false
	}
	from, _ = a.Value(lang.ParamOldPath)
	to, _ = a.Value(lang.ParamNewPath)
	oldAbs, err := cfg.Resolve(from)
	if err != nil {
		return "", "", false
	}
	newAbs, err := cfg.Resolve(to)
	if err != nil || strings.HasSuffix(to, "/") {
		return "", "", false // a move into a folder: where it went is not to say
	}
	if _, err := ws.Lstat(oldAbs); !errors.Is(err, fs.ErrNotExist) {
		return "", "", false
	}
	fi, err := ws.Lstat(newAbs)
	return from, to, err == nil && fi.Mode().IsRegular()
}

// writtenAlready says whether a is a file_write whose file already holds
// exactly what it writes (in the file's line ends).
func writtenAlready(a *lang.Action, ws fsys.Workspace, cfg *Config) (string, bool) {
	if a.Op != lang.OpFileWrite.String() {
		return "", false
	}
	p, _ := a.Value(lang.ParamPath)
	content, _ := a.Value(lang.ParamContent)
	abs, err := cfg.Resolve(p)
	if err != nil {
		return "", false
	}
	if fi, err := ws.Lstat(abs); err != nil || !fi.Mode().IsRegular() || fi.Size() > int64(len(content))*2+16 {
		return "", false
	}
	old, err := ws.ReadFile(abs)
	return p, err == nil && string(old) == textedit.FileEOL(old, content)
}
