package engine

import (
	"context"
	"path/filepath"
	"strings"

	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/lang"
)

// Simulate tells what a run of doc would fail on, without touching the disk:
// the language server shows it under each block as the document is edited.
// It runs the document's groups on an Overlay exactly as Run does: a syntax
// error of a fatal syntax (CSL; CML whose blocks cannot be delimited) means
// nothing runs; each group is validated first (cfg.Refuse included) and a
// Tasks group with an invalid action is skipped whole; a Tasks group stops
// at its first failure, the rest "not run"; a V4A patch or unified diff
// applies all or nothing (group_all_or_nothing.go); commands are not run.
// The failures are the actions that ran and failed: what validation
// refuses is the linter's to report, and an action not run failed nowhere.
//
// Running every group again after every keystroke is what the language
// server first did, and on a 1 MB answer (7,000 actions) it was half the
// cost of an edit, though a one-line edit changes one action. So the
// simulation is incremental, and exact: it finds the very failures a full
// run would. It rests on two facts.
//
//  1. A group's outcome depends only on its inputs (its kind and syntax,
//     and its actions' ops, params and syntax errors) and on what the groups
//     before it did to the paths its actions touch. Groups whose paths are
//     not related (Footprint says what that means and why it holds for ops;
//     a group touches the union of its actions' paths) cannot change each
//     other's outcomes, so the groups fall into sets of related groups, and
//     each group's outcome is what running its set alone would give.
//  2. The parse cache hands out the same strings for unchanged blocks, so
//     comparing a group's inputs with last time's is cheap.
//
// After an edit, the groups the edit left alone form a common prefix and
// suffix with the last run's; the ones in between are the edit's. Only the
// groups the edit added or changed, and those touching a path related to
// one of theirs or of the groups it replaced, can have a different outcome.
// They all run again, in order, on one fresh overlay (the sets do not
// disturb each other). Every other group keeps its outcome: its set is made
// of the same groups, in the same order, as last time.
//
// The disk is the one input the document does not show: the caller passes
// prev only while it knows the disk is as it was (the language server hears
// of every change from its client's file watcher), and nil otherwise.
//
// keep says whether the state for the next call is wanted: without it the
// run is a plain full one, which keeps nothing. open opens the workspace the
// overlay reads through, only when some group has to run; its error is
// returned as is.
func Simulate(ctx context.Context, doc *lang.Document, cfg *Config, prev *Simulation, keep bool,
	open func() (fsys.Workspace, func(), error)) ([]Failure, *Simulation, error) {
	if fatalSyntax(doc) != "" {
		// Nothing runs. The last state still describes its own groups.
		if keep && prev != nil {
			return nil, &Simulation{groups: prev.groups}, nil
		}
		return nil, nil, nil
	}
	// One final-newline convention cache per simulation, as per run
	// (final_newline.go): a document of thousands of new files walks the
	// tree once per extension, not once per file.
	r := &simRun{ctx: ctx, cfg: withRunCaches(cfg), open: open}
	defer r.close()
	if !keep {
		// Nothing of this run will be reused: every group runs, planned
		// just before it runs, while its actions are still in the
		// processor's cache.
		r.plan = planEdits(doc, cfg)
		for gi, g := range doc.Groups {
			sg := planGroup(g)
			if err := r.run(&sg, gi); err != nil {
				return nil, nil, err
			}
			r.report(&sg)
		}
		return r.out, nil, nil
	}

	gs := make([]simGroup, len(doc.Groups))
	full := prev == nil
	var dirty []bool  // which groups run again; every group does in a full run
	var comps []int32 // the groups' path sets (affected), when reuse knows them
	if !full {
		dirty, comps = reuse(cfg, doc.Groups, prev, gs)
	}
	r.plan = planActions(func(yield func(*lang.Action) bool) { // edit_index.go
		for gi, g := range doc.Groups {
			if full || dirty[gi] {
				for _, a := range g.Actions {
					if !yield(a) {
						return
					}
				}
			}
		}
	}, cfg)
	for gi := range gs {
		sg := &gs[gi]
		if full {
			*sg = planGroup(doc.Groups[gi]) // here, not in a pass of its own: see above
		}
		if full || dirty[gi] {
			if err := r.run(sg, gi); err != nil {
				return nil, nil, err
			}
		} else {
			r.n += sg.tasks
		}
		r.report(sg)
	}
	if ctx.Err() != nil {
		// Actions that saw the cancelled context report "not run", which
		// says nothing about the next run.
		return r.out, nil, nil
	}
	return r.out, &Simulation{groups: gs, ran: r.ran, comps: comps}, nil
}

// Failure is one action a simulated run carried out and saw fail.
type Failure struct {
	Action *lang.Action
	Result Result // its Error, Hint, Type and Param
}

// Simulation is what one Simulate leaves for the next call on a later
// version of the same document.
type Simulation struct {
	groups []simGroup // one per group of the document, in order
	ran    int        // how many groups this call ran (the rest were reused)
	// comps[i] is the set of related paths (affected) group i's paths
	// belong to, -1 for a group without paths; nil when not computed.
	comps []int32
}

// Ran is how many groups the call that made s ran; the others kept the
// outcome of an earlier call.
func (s *Simulation) Ran() int { return s.ran }

// simGroup is one group's inputs and outcome. An entry carries over to a
// later document's group when sameGroup holds, so nothing here may depend
// on where the group sits in the text.
type simGroup struct {
	g     *lang.Group // the latest group with these inputs
	run   bool        // some action may run: a known file op without a syntax error
	tasks int         // actions without a syntax error: each takes a task number
	fails []simFail   // its failures, in order
	// paths is what its actions touch (Footprint), worked out (pathsDone)
	// only when an edit needs it: a full run does not.
	paths     []string
	pathsDone bool
}

// simFail is a failure of the group's idx-th action.
type simFail struct {
	idx int
	r   Result
}

// planGroup looks at a group the last run did not see. Whether an action
// is valid is left to runGroup: run only says whether running can find
// anything at all.
func planGroup(g *lang.Group) simGroup {
	sg := simGroup{g: g}
	for _, a := range g.Actions {
		if a.HasErrors() {
			continue
		}
		sg.tasks++
		if spec := lang.Lookup(a.Op); spec != nil && spec.Kind != lang.Exec {
			sg.run = true
		}
	}
	return sg
}

// footprint returns the paths sg's actions touch. Actions that fail
// validation add theirs too: a superset only makes more groups related.
func (sg *simGroup) footprint(cfg *Config) []string {
	if sg.pathsDone || !sg.run {
		return sg.paths
	}
	for _, a := range sg.g.Actions {
		if a.HasErrors() {
			continue
		}
		if spec := lang.Lookup(a.Op); spec != nil && spec.Kind != lang.Exec {
			sg.paths = append(sg.paths, Footprint(cfg, spec.ID, a.ParamMap())...)
		}
	}
	sg.pathsDone = true
	return sg.paths
}

// sameGroup reports whether two groups would be simulated alike: the same
// kind and syntax, group syntax errors, and actions with the same inputs.
func sameGroup(a, b *lang.Group) bool {
	if a == b {
		return true
	}
	if a.Kind != b.Kind || a.Syntax != b.Syntax || len(a.Actions) != len(b.Actions) || a.Diags.HasErrors() != b.Diags.HasErrors() {
		return false
	}
	for i, x := range a.Actions {
		if !sameInputs(x, b.Actions[i]) {
			return false
		}
	}
	return true
}

// sameInputs reports whether two actions would run alike: the same syntax,
// op, params and syntax errors decide whether an action runs (lang.Validate
// reads nothing else) and what it does. Unchanged blocks share their
// strings, so the comparisons are pointer checks.
func sameInputs(a, b *lang.Action) bool {
	if a == b {
		return true
	}
	if a.Syntax != b.Syntax || a.Op != b.Op || len(a.Params) != len(b.Params) || a.HasErrors() != b.HasErrors() {
		return false
	}
	for i, p := range a.Params {
		if q := b.Params[i]; p.Key != q.Key || p.Value != q.Value {
			return false
		}
	}
	return true
}

// reuse fills gs for groups from prev, the last run's: the common prefix
// and suffix keep their outcomes, the groups between are planned afresh,
// and the result says which groups must run again, and the sets of
// related paths they fall in (affected), for the next run.
func reuse(cfg *Config, groups []*lang.Group, prev *Simulation, gs []simGroup) ([]bool, []int32) {
	old := prev.groups
	pre := 0
	for pre < len(groups) && pre < len(old) && sameGroup(old[pre].g, groups[pre]) {
		pre++
	}
	suf := 0
	for suf < len(groups)-pre && suf < len(old)-pre && sameGroup(old[len(old)-1-suf].g, groups[len(groups)-1-suf]) {
		suf++
	}
	for i, g := range groups {
		switch {
		case i < pre:
			gs[i] = old[i]
		case i >= len(groups)-suf:
			gs[i] = old[len(old)-len(groups)+i]
		default:
			gs[i] = planGroup(g)
			continue
		}
		gs[i].g = g // keep the current group, so the old document can be freed
	}
	// An edit that leaves every group's paths as they were (a keystroke in
	// a file's contents) leaves the sets of related paths as they were:
	// the groups to run again are those in the sets of the edited groups,
	// found without building the sets again (a tenth of a keystroke in a
	// 5,000-block answer).
	if comps := prev.comps; comps != nil && len(groups) == len(old) && samePaths(cfg, old[pre:len(old)-suf], gs[pre:len(gs)-suf]) {
		hit := map[int32]bool{}
		for i := pre; i < len(gs)-suf; i++ {
			hit[comps[i]] = true
		}
		dirty := make([]bool, len(gs))
		for i := range gs {
			dirty[i] = comps[i] >= 0 && hit[comps[i]] || i >= pre && i < len(gs)-suf
		}
		return dirty, comps
	}
	var seeds []string // the paths of the groups the edit removed, changed or added
	for i := pre; i < len(old)-suf; i++ {
		seeds = append(seeds, old[i].footprint(cfg)...)
	}
	for i := pre; i < len(gs)-suf; i++ {
		seeds = append(seeds, gs[i].footprint(cfg)...)
	}
	dirty, comps := affected(cfg, gs, seeds)
	for i := pre; i < len(gs)-suf; i++ {
		dirty[i] = true // the edit's own groups, even those whose paths do not resolve
	}
	return dirty, comps
}

// samePaths says whether groups a and b, pairwise, have the same paths.
func samePaths(cfg *Config, a, b []simGroup) bool {
	for i := range a {
		pa, pb := a[i].footprint(cfg), b[i].footprint(cfg)
		if len(pa) != len(pb) {
			return false
		}
		for j := range pa {
			if pa[j] != pb[j] {
				return false
			}
		}
	}
	return true
}

// simRun is one Simulate's progress: the overlay, opened at the first group
// that runs, the task counter runGroup numbers with, and the failures.
type simRun struct {
	ctx       context.Context
	cfg       *Config
	open      func() (fsys.Workspace, func(), error)
	ws        *fsys.Overlay
	plan      editPlan // the searches to index in the overlay (edit_index.go)
	closeBase func()
	rep       Report // scratch: one group's results
	n         int    // running task number, as Run keeps it
	ran       int
	out       []Failure
}

// run carries sg's group out on the overlay, as the gi-th group of the
// document, and records its failures.
func (r *simRun) run(sg *simGroup, gi int) error {
	if !sg.run {
		r.n += sg.tasks // validation alone cannot fail at run time
		sg.fails = nil
		return nil
	}
	if r.ws == nil {
		base, done, err := r.open()
		if err != nil {
			return err
		}
		r.closeBase, r.ws = done, fsys.NewOverlay(base)
		fsys.PlanEdits(r.ws, r.plan)
	}
	r.ran++
	r.rep.Results, r.rep.Warnings = r.rep.Results[:0], r.rep.Warnings[:0]
	runGroup(r.ctx, sg.g, gi+1, &r.n, r.ws, r.cfg, &r.rep)
	// runGroup gives each action without a syntax error one result, in order.
	sg.fails = nil
	k := 0
	for i, a := range sg.g.Actions {
		if a.HasErrors() {
			continue
		}
		if res := &r.rep.Results[k]; !res.Success && !res.Skipped {
			sg.fails = append(sg.fails, simFail{i, Result{Error: res.Error, Hint: res.Hint, Type: res.Type, Param: res.Param}})
		}
		k++
	}
	return nil
}

// report adds sg's failures to the output, on its current actions.
func (r *simRun) report(sg *simGroup) {
	for _, f := range sg.fails {
		r.out = append(r.out, Failure{Action: sg.g.Actions[f.idx], Result: f.r})
	}
}

func (r *simRun) close() {
	if r.closeBase != nil {
		r.closeBase()
	}
}

// affected marks every group related, directly or through other groups, to
// one of the paths in seeds (those of the groups an edit added, changed or
// removed). It is a union-find over paths: each group joins its own paths,
// and each path joins the nearest of its parents that is also a path of
// some group or seed (which in turn joins its own nearest one), so related
// paths end up in one set.
func affected(cfg *Config, gs []simGroup, seeds []string) ([]bool, []int32) {
	root := filepath.Clean(cfg.Root)
	id := map[string]int32{}
	var parent []int32
	node := func(p string) int32 {
		if i, ok := id[p]; ok {
			return i
		}
		i := int32(len(parent))
		id[p] = i
		parent = append(parent, i)
		return i
	}
	find := func(i int32) int32 {
		for parent[i] != i {
			parent[i] = parent[parent[i]] // path halving keeps the trees flat
			i = parent[i]
		}
		return i
	}
	union := func(a, b int32) { parent[find(a)] = find(b) }

	for i := range gs {
		ps := gs[i].footprint(cfg)
		for _, p := range ps {
			union(node(p), node(ps[0]))
		}
	}
	for _, p := range seeds {
		node(p)
	}
	for p, i := range id {
		// Paths are clean and absolute, and below the root unless the
		// config lets them out; the walk stops at the root or the top.
		for a := p; a != root; {
			up := parentDir(a)
			if up == a {
				break
			}
			if j, ok := id[up]; ok {
				union(i, j)
				break
			}
			a = up
		}
	}

	hit := map[int32]bool{}
	for _, p := range seeds {
		hit[find(id[p])] = true
	}
	dirty := make([]bool, len(gs))
	comps := make([]int32, len(gs))
	for i := range gs {
		comps[i] = -1
		if ps := gs[i].paths; len(ps) > 0 {
			comps[i] = find(id[ps[0]])
			dirty[i] = hit[comps[i]]
		}
	}
	return dirty, comps
}

// parentDir is filepath.Dir for the clean absolute paths Config.Resolve
// returns, without Dir's Clean: affected calls it for every path on every
// edit. The top ("/", or a volume's root) is its own parent.
func parentDir(p string) string {
	i := strings.LastIndexByte(p, filepath.Separator)
	if i < 0 {
		return p
	}
	if i == len(filepath.VolumeName(p)) {
		return p[:i+1]
	}
	return p[:i]
}
