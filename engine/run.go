package engine

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/clada-dev/clada/engine/command"
	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/engine/textedit"
	"github.com/clada-dev/clada/internal/state"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/sandbox"
	"github.com/clada-dev/clada/source"
)

// profile is what differs between the syntaxes' execution models (DESIGN.md,
// "Three syntaxes, one AST"): whether a syntax error stops everything, and
// how tasks are numbered. Grouping itself is the same for all: a Tasks group
// runs in order, stops at the first failure, and is skipped whole when any of
// its actions fails validation; standalone actions stand alone.
type profile struct {
	// fatalSyntax: a syntax error in a block of this syntax means nothing
	// runs (CSL; CML when the block cannot be delimited, see fatalSyntax).
	// SHAM skips only the broken block.
	fatalSyntax bool
	// nested numbers actions inside a Tasks group task-N.M (CSL).
	nested bool
}

func profileOf(s lang.Syntax) profile {
	d := s.Def()
	return profile{fatalSyntax: d.Fatal != lang.FatalNever, nested: d.NestedLabels}
}

// Run carries out doc in ws and reports every action's outcome. It never
// panics and never stops at a failed action except inside a Tasks group. On
// an OS workspace it takes the root's lock and tells obs (when not nil)
// what it is about to change, so the git model (history.Tracker) commits
// exactly what the apply changed; on an Overlay it only simulates (exec ops
// are reported as skipped) and obs hears nothing.
func Run(ctx context.Context, doc *lang.Document, ws fsys.Workspace, cfg *Config, obs Observer) *Report {
	start := time.Now()
	rep := &Report{}
	rep.DryRun = fsys.IsDryRun(ws)
	defer func() { rep.Duration = time.Since(start) }()

	collectParseErrors(doc, rep)
	rep.TotalBlocks = countActions(doc)
	if msg := fatalSyntax(doc); msg != "" {
		rep.Fatal = msg
		return rep
	}

	if !rep.DryRun {
		if !cfg.locked {
			release, pinned, err := lockRoot(ctx, cfg, rep)
			if err != nil {
				rep.Fatal = err.Error()
				return rep
			}
			defer release()
			cfg = pinned
		}
		if obs != nil { // the git model: observer.go
			cfg.obs = obs
			defer obs.Finish(rep)
		}
	}

	cfg = gateConfig(cfg, doc) // the gate's default for a mixed answer (approve.go)
	cfg = withRunCaches(cfg)   // final_newline.go
	cfg.plan = planEdits(doc, cfg)
	cfg.chains = newReplayChains(doc) // replay_chain.go
	if rep.DryRun {
		fsys.PlanEdits(ws, cfg.plan) // edit_index.go
	} else {
		// One read and one write per file (fsys/writeback.go); the observer
		// hears of each change on disk.
		var hook func(string, bool)
		if obs != nil {
			hook = obs.BeforeChange
		}
		wb := fsys.NewWriteBack(ws, cfg.plan, hook)
		ws = wb
		defer func() {
			for _, e := range wb.Settle() {
				flushFailed(rep, cfg, e)
			}
			rep.Success = rep.Success && rep.Failed() == 0
		}()
	}

	n := 0 // running task number for flat profiles
	for gi, g := range doc.Groups {
		runGroup(ctx, g, gi+1, &n, ws, cfg, rep)
	}
	rep.Success = rep.Fatal == "" && len(rep.ParseErrors) == 0 && rep.Failed() == 0
	return rep
}

// countActions is how many actions doc holds (Report.TotalBlocks).
func countActions(doc *lang.Document) int {
	n := 0
	for range doc.Actions() {
		n++
	}
	return n
}

// lockRoot takes the root's lock for a real run and pins the root (the
// copy of cfg it returns), removing what a killed apply left (a warning in
// rep). release gives the lock back.
func lockRoot(ctx context.Context, cfg *Config, rep *Report) (release func(), pinned *Config, err error) {
	lock, err := state.AcquireLock(ctx, cfg.Root, cfg.LockFile, cfg.LockTimeout)
	if err != nil {
		return nil, nil, err
	}
	if pinned, err = pinRoot(cfg); err != nil { // exec.go
		lock.Release()
		return nil, nil, err
	}
	if lock.Interrupted { // a killed apply may have left temp files
		if gone, err := state.CleanTemps(cfg.Root); len(gone) > 0 || err != nil {
			rep.Warnings = append(rep.Warnings, state.TempsWarning(gone, err))
		}
	}
	pinned.locked = true
	return func() { lock.Release() }, pinned, nil
}

// item is one action of a group on its way through a run: the action, its
// op (nil when it failed validation) and its result in the report.
type item struct {
	a    *lang.Action
	spec *lang.OpSpec
	res  *ActionResult
}

// runGroup validates then runs one group, appending its results.
func runGroup(ctx context.Context, g *lang.Group, gnum int, n *int, ws fsys.Workspace, cfg *Config, rep *Report) {
	prof := profileOf(g.Syntax)
	// Room for the group's results at once: grown result by result, a
	// diff of ten thousand hunks copied its results eleven times over.
	rep.Results = slices.Grow(rep.Results, len(g.Actions))
	items := make([]item, 0, len(g.Actions))
	invalid := ""
	if g.Diags.HasErrors() { // a group error that did not stop the document
		invalid = "this group has a syntax error"
	}
	for mi, a := range g.Actions {
		if a.HasErrors() {
			// Reported in ParseErrors; SHAM gives such a block no result.
			if g.Kind != lang.Standalone && invalid == "" {
				invalid = "a task in this group has a syntax error"
			}
			continue
		}
		*n++
		var label string
		if prof.nested { // CSL numbers blocks: task-N, and task-N.M inside TASKS
			label = lang.NestedLabel(gnum, g, mi)
		} else {
			label = fmt.Sprintf("task-%d", *n)
		}
		spec, verr, hint := validate(a)
		switch {
		case lang.GroupSaysWhatIsMissing(g):
			// Not run whatever it lacks: the group's own error says why
			// (lang.validateGroup leaves it out of check alike).
			verr, hint = "", ""
		case verr == "" && cfg.Refuse != nil:
			verr = cfg.Refuse(a)
		}
		res := newResult(a, spec, len(rep.Results)+1, label)
		if verr != "" {
			res.Error, res.Hint, res.Skipped = verr, hint, true
			if invalid == "" {
				invalid = fmt.Sprintf("%s failed validation", label)
			}
		}
		rep.Results = append(rep.Results, res)
		items = append(items, item{a, spec, &rep.Results[len(rep.Results)-1]})
	}
	// Results were appended by value; re-point after all appends are done.
	base := len(rep.Results) - len(items)
	for i := range items {
		items[i].res = &rep.Results[base+i]
	}
	defer writtenParams(items)

	if g.Kind != lang.Standalone && invalid != "" {
		for _, it := range items {
			if it.res.Error == "" {
				it.res.Skipped = true
				it.res.Error = "not run: " + invalid + "; the whole group is skipped"
			}
		}
		return
	}
	if blockedWhole(ctx, g, items, ws, cfg, rep) { // a patch or diff: all or nothing (group_all_or_nothing.go)
		return
	}
	runItems(ctx, g, items, ws, cfg, rep)
}

// runItems carries out a validated group's items in order, filling in
// their results; a Tasks or Patch group stops at its first failure.
func runItems(ctx context.Context, g *lang.Group, items []item, ws fsys.Workspace, cfg *Config, rep *Report) {
	runItemsThen(ctx, g, items, ws, cfg, rep, nil)
}

// runItemsThen is runItems, calling after (when not nil) with each item's
// index once its result is in (an all-or-nothing trial writes a file out
// as soon as its last step is done: group_all_or_nothing.go).
func runItemsThen(ctx context.Context, g *lang.Group, items []item, ws fsys.Workspace, cfg *Config, rep *Report, after func(i int)) {
	stopped := ""
	batch := newHunkBatch(g)
	for i, it := range items {
		switch {
		case it.res.Error != "": // invalid standalone action
			continue
		case stopped != "":
			it.res.Skipped = true
			it.res.Error = "not run: " + stopped
			continue
		case ctx.Err() != nil:
			it.res.Skipped = true
			it.res.Error = "not run: apply cancelled"
			continue
		}
		t0 := time.Now()
		isCommand := it.spec.Kind == lang.Exec
		fsys.BeginAction(ws, it.res.Seq-1, isCommand) // a command sees every write on disk
		obs := cfg.obs
		if !isCommand || fsys.IsDryRun(ws) {
			obs = nil
		}
		if obs != nil {
			obs.BeforeCommand()
		}
		if r, ok := batch.result(ctx, it.a, ws, cfg); ok { // hunk_batch.go
			it.res.Result = r
		} else {
			it.res.Result = runActionSafe(ctx, it.spec, it.a, streamLabel(cfg, it.res), ws, cfg)
			it.res.Result, _ = cfg.chains.supersededReplay(it.a, it.res.Result, ws, cfg)
		}
		if obs != nil {
			obs.AfterCommand()
		}
		it.res.Duration = time.Since(t0)
		if w := notSearchedWarning(it.res); w != "" { // read_cap.go
			rep.Warn(w)
		}
		for _, w := range sandboxDeniedWarnings(it.res) { // exec.go
			rep.Warn(w)
		}
		if w := sharedProcWarning(it.res); w != "" { // exec.go
			rep.Warn(w)
		}
		if w := shellWarning(it.res, it.a); w != "" { // exec.go
			rep.Warn(w)
		}
		if _, started := it.res.Data["exit_code"]; started && it.spec.Kind == lang.Exec {
			if w := command.UnconfinedWarning(cfg.Sandbox, sandbox.ABI()); w != "" {
				rep.Warn(w)
			}
		}
		if it.spec.Kind == lang.Exec && it.res.Data["skipped"] == nil {
			if w := approveWarning(cfg); w != "" { // approve.go
				rep.Warn(w)
			}
		}
		if it.res.Data != nil && it.res.Data["skipped"] != nil {
			it.res.Skipped = true
		} else {
			rep.ExecutedActions++
		}
		if !it.res.Success && g.Kind != lang.Standalone {
			stopped = fmt.Sprintf("%s failed and its group stops at the first failure", it.res.Task)
		}
		if after != nil {
			after(i)
		}
	}
}

// flushFailed makes a write the write-back could not put on disk the
// failure of every action whose change it held (e.Owners are their indexes
// in Results, as runItems numbers them): none of them reached the file.
func flushFailed(rep *Report, cfg *Config, e fsys.FlushError) {
	for _, o := range e.Owners {
		if o >= len(rep.Results) {
			continue
		}
		r := &rep.Results[o]
		r.Success = false
		r.Error = fmt.Sprintf("%s: saving '%s' failed: %v", r.Action, shownPath(cfg, e.Path), e.Err)
		r.Hint = "the file was left as it was before this action; free space or fix permissions and apply again"
	}
}

// shownPath is name relative to the root when inside it, as results name paths.
func shownPath(cfg *Config, name string) string {
	if rel, err := filepath.Rel(cfg.Root, name); err == nil && filepath.IsLocal(rel) {
		return filepath.ToSlash(rel)
	}
	return name
}

// streamLabel is the name a command's streamed lines carry: the one the
// report's status line gives the action (Config.StreamByBlockID).
func streamLabel(cfg *Config, res *ActionResult) string {
	if cfg.StreamByBlockID && res.BlockID != "" {
		return res.BlockID
	}
	return res.Task
}

// runAction dispatches one validated action: exec here, everything else to
// the op layer. On an Overlay commands are not run.
func runAction(ctx context.Context, spec *lang.OpSpec, a *lang.Action, label string, ws fsys.Workspace, cfg *Config) Result {
	params := a.ParamMap()
	if spec.Kind == lang.Exec {
		if fsys.IsDryRun(ws) {
			return Result{Success: true, Data: map[string]any{"skipped": "commands are not run in a dry run"}}
		}
		return execOp(ctx, cfg, a.Syntax, params, label)
	}
	return Do(ctx, ws, cfg, spec.ID, params)
}

// newResult starts an action's result with the params as written.
func newResult(a *lang.Action, spec *lang.OpSpec, seq int, label string) ActionResult {
	res := ActionResult{Seq: seq, Task: label, BlockID: a.ID, Syntax: a.Syntax, Action: a.Op, Range: a.Range}
	if spec != nil {
		res.Primary = spec.Primary
	}
	return res
}

// writtenParams gives each item's result its action's params as written,
// plus "action", for the reports, once the group has run: the steps read
// their params from the action, and a diff's trial held ten thousand such
// maps beside the files it changed (a tenth of its live heap).
func writtenParams(items []item) {
	for _, it := range items {
		if it.a.TextsDeferred() { // ActionResult.Texts: read when a report asks
			it.res.Texts = it.a
			continue
		}
		it.res.Params = paramsWritten(it.a)
	}
}

// paramsWritten is a's params as written, plus "action" (a param written
// "action" wins, as it always has): what a result reports.
func paramsWritten(a *lang.Action) map[string]string {
	params := a.ParamMap()
	if _, set := params["action"]; !set {
		params["action"] = a.Op
	}
	return params
}

// collectParseErrors turns every syntax error diagnostic into a ParseError.
func collectParseErrors(doc *lang.Document, rep *Report) {
	add := func(id string, d source.Diagnostic) {
		if d.Severity != source.Error {
			return
		}
		pe := ParseError{BlockID: id, Code: d.Code, Message: d.Message, Hint: d.Hint}
		if doc.File != nil {
			pos := doc.File.Position(d.Range.Start)
			pe.Line, pe.Column = pos.Line, pos.Column
		}
		rep.ParseErrors = append(rep.ParseErrors, pe)
	}
	for _, d := range doc.Diags {
		add("", d)
	}
	for _, g := range doc.Groups {
		for _, d := range g.Diags {
			add("", d)
		}
		for _, a := range g.Actions {
			for _, d := range a.Diags {
				add(a.ID, d)
			}
		}
	}
}

// fatalSyntax returns why nothing may run when a block of a fatal-syntax
// profile has a syntax error (lang.SyntaxDef.StopsAll), or "". A CML
// document runs its independent blocks even if one fails, unless the error
// leaves the block's extent unknown.
func fatalSyntax(doc *lang.Document) string {
	for _, g := range doc.Groups {
		// A marker no block reads (a stray END, a marker after a list
		// bullet) may have changed what a block of an always-fatal syntax
		// (CSL) means.
		if d := g.Syntax.Def(); d.Fatal == lang.FatalAlways && doc.Diags.HasErrors() {
			return d.FatalReport + "; nothing was run (fix the errors listed and apply again)"
		}
	}
	for _, g := range doc.Groups {
		if !profileOf(g.Syntax).fatalSyntax {
			continue
		}
		if d := g.Syntax.Def(); d.StopsAll(g) {
			return d.FatalReport + "; nothing was run (fix the errors listed and apply again)"
		}
	}
	return ""
}

// CommitSummary is the "AI: …" commit subject: counts and the first ops.
func (r *Report) CommitSummary() string {
	var parts []string
	for _, res := range r.Results {
		if res.Skipped {
			continue
		}
		s := res.Action
		if v, _ := res.Value(res.Primary); v != "" {
			s += " " + textedit.FirstLine(v, 40)
		}
		parts = append(parts, s)
	}
	noun := "actions"
	if len(r.Results) == 1 {
		noun = "action"
	}
	sum := fmt.Sprintf("%d %s, %s", len(r.Results), noun, r.Counts())
	if len(parts) > 0 {
		sum += ": " + strings.Join(parts, ", ")
	}
	return textedit.FirstLine(sum, 200)
}

// Mode says how Apply treats the real tree.
type Mode uint8

const (
	// Real carries the document out on the tree.
	Real Mode = iota
	// DryRun simulates on an Overlay and touches nothing.
	DryRun
	// Atomic simulates first and applies for real only if every action would
	// succeed; otherwise nothing changes and the report names the blocker.
	Atomic
)

// Apply opens the root and runs doc in the given mode, telling obs (nil
// for none; history.Tracker for the git model) what the real run does. For
// DryRun (and a blocked Atomic run) it also returns what the simulation
// would change, so callers can show a diff. The error is for a root that
// cannot be opened.
func Apply(ctx context.Context, doc *lang.Document, cfg *Config, mode Mode, obs Observer) (*Report, []textedit.Change, error) {
	base, err := NewOS(cfg)
	if err != nil {
		return nil, nil, fmt.Errorf("apply: open root %s: %w", cfg.Root, err)
	}
	defer base.Close()
	if mode == Real {
		return Run(ctx, doc, base, cfg, obs), nil, nil
	}
	if mode == DryRun {
		ov := fsys.NewOverlay(base)
		sim := Run(ctx, doc, ov, cfg, nil)
		return sim, ov.Changes(), nil
	}
	// --atomic holds the root's lock from its simulation to its last
	// write, so no other apply changes what the simulation saw.
	var warned Report
	release, cfg, err := lockRoot(ctx, cfg, &warned)
	if err != nil {
		return &Report{Fatal: err.Error(), TotalBlocks: countActions(doc)}, nil, nil
	}
	defer release()
	ov := fsys.NewOverlay(base)
	sim := Run(ctx, doc, ov, cfg, nil)
	sim.Warnings = append(warned.Warnings, sim.Warnings...)
	if !sim.Success {
		sim.Blocked, sim.Fatal = blocker(sim)
		sim.Refused = true
		return sim, ov.Changes(), nil
	}
	if task := firstCommand(sim); task != nil { // atomic.go
		sim.Blocked, sim.Fatal, sim.Refused, sim.Success = task.Task, atomicCommandRefusal(task), true, false
		return sim, ov.Changes(), nil
	}
	if rep, ok := commitSimulated(sim, ov, base, cfg, obs); ok { // atomic_commit.go
		return rep, nil, nil
	}
	rep := Run(ctx, doc, base, cfg, obs)
	rep.Warnings = append(warned.Warnings, rep.Warnings...)
	return rep, nil, nil
}

// blocker names what stopped an --atomic apply: the first failed action or
// syntax error, and the sentence the report leads with.
func blocker(sim *Report) (task, fatal string) {
	const tail = "; --atomic changed nothing (fix it and apply again)"
	if sim.Fatal != "" {
		return "", sim.Fatal + tail
	}
	if len(sim.ParseErrors) > 0 {
		pe := sim.ParseErrors[0]
		return "", fmt.Sprintf("syntax error at line %d: %s%s", pe.Line, pe.Message, tail)
	}
	for _, res := range sim.Results {
		// an action not run (its group stopped, or a patch all or nothing)
		// names its blocker in its own error: name that one
		if !res.Success && !(res.Skipped && strings.HasPrefix(res.Error, "not run: ")) {
			return res.Task, fmt.Sprintf("%s (%s) would fail: %s%s", res.Task, res.Subject(), res.Error, tail)
		}
	}
	return "", "the simulation failed" + tail
}
