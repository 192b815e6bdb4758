package lsp

import (
	"context"
	"path/filepath"
	"strings"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// CodeWorkspace marks diagnostics that come from simulating the document on
// the workspace rather than from checking its text.
const CodeWorkspace = "WORKSPACE"

// The simulation runs the document's file ops in order on a copy-on-write
// overlay of the workspace root, so each op sees the files as the ops before
// it left them, and reports each op that would fail. Exec ops are not run;
// nothing touches the disk.
//
// Running every op again after every keystroke is what the first version did,
// and on a 1 MB answer (7,000 ops) it was half the cost of an edit, though a
// one-line edit changes one op. So the simulation is incremental, and exact:
// it publishes the very diagnostics a full run would. It rests on two facts.
//
//  1. An op's result depends only on its inputs (op name and params) and on
//     what the ops before it did to the paths it touches. Ops whose paths
//     are not related (engine.Footprint says what that means and why it
//     holds) cannot change each other's results, so the ops fall into
//     groups of related ops, and each op's result is what running its group
//     alone would give.
//  2. The parse cache hands out the same strings for unchanged blocks, so
//     comparing an action's inputs with last time's is cheap.
//
// After an edit, the actions the edit left alone form a common prefix and
// suffix with the last run's; the ones in between are the edit's. Only the
// groups holding one of the edit's new ops, or touching a path one of the
// ops it replaced touched, can give different results. Their ops all run
// again, in order, on one fresh overlay (the groups do not disturb each
// other). Every other op keeps its result: its group is made of the same
// ops, in the same order, as last time.
//
// The disk is the one input the document does not show. A result is reused
// only while the server knows it would hear of a change on disk (the client
// accepted the file watcher; see Server.diskState), and any change it hears
// of, or makes itself (clada.apply), makes the next run a full one.

// simulation is what one document's last run leaves for the next.
type simulation struct {
	gen uint64  // the disk generation the results were computed in
	ops []simOp // one per action of the document, in source order
	ran int     // how many ops this run simulated (the rest were reused)
}

// simOp is one action's inputs and outcome. An entry carries over to a later
// document's action when sameInputs holds, so nothing here may depend on
// where the action sits in the text (blame finds the range afresh).
type simOp struct {
	a    *lang.Action   // the latest action with these inputs
	run  bool           // the op is simulated: known file op, no syntax or validation problem
	name string         // catalog name (the op may be written as an alias)
	fail *engine.Result // its failure (Error, Hint, Type), nil when it succeeded or is not run
	// paths is what it touches (engine.Footprint), worked out (pathsDone)
	// only when an edit needs it: a full run does not.
	paths     []string
	pathsDone bool
}

// footprint returns the paths o touches.
func (o *simOp) footprint(cfg *engine.Config) []string {
	if !o.pathsDone {
		o.paths, o.pathsDone = engine.Footprint(cfg, o.name, o.a.ParamMap()), true
	}
	return o.paths
}

// sameInputs reports whether two actions would be simulated alike: the same
// op, params and syntax errors decide whether an op runs (lang.Validate reads
// nothing else) and what engine.Do does with it. Unchanged blocks share their
// strings, so the comparisons are pointer checks.
func sameInputs(a, b *lang.Action) bool {
	if a == b {
		return true
	}
	if a.Op != b.Op || len(a.Params) != len(b.Params) || a.HasErrors() != b.HasErrors() {
		return false
	}
	for i, p := range a.Params {
		if q := b.Params[i]; p.Key != q.Key || p.Value != q.Value {
			return false
		}
	}
	return true
}

// simulate returns the workspace diagnostics of d and keeps what the next
// call can reuse in d.sim.
func (s *Server) simulate(ctx context.Context, d *document) source.Diagnostics {
	if s.root == "" {
		return nil
	}
	trusted, gen := s.diskState()
	prev := d.sim
	if !trusted || prev == nil || prev.gen != gen {
		prev = nil
	}
	cfg := engine.DefaultConfig(s.root)
	// Nothing is kept for a client whose changes on disk go unreported.
	ds, next := simulateDoc(ctx, cfg, d.doc, prev, gen, trusted, func() (fsys.Workspace, func(), error) {
		base, err := engine.NewOS(cfg)
		if err != nil {
			s.log.Printf("simulate %s: %v", d.uri, err)
			return nil, nil, err
		}
		return base, func() { base.Close() }, nil
	})
	d.sim = next
	return ds
}

// simulateDoc simulates doc, reusing what prev (nil: nothing) says about
// unchanged ops, and returns the diagnostics and, when keep is set, the state
// for the next call (nil when it must not be reused). open opens the base
// workspace, only when some op has to run.
func simulateDoc(ctx context.Context, cfg *engine.Config, doc *lang.Document, prev *simulation, gen uint64, keep bool,
	open func() (fsys.Workspace, func(), error)) (source.Diagnostics, *simulation) {
	var out source.Diagnostics
	var ws *fsys.Overlay
	var closeBase func()
	defer func() {
		if closeBase != nil {
			closeBase()
		}
	}()
	ran := 0
	// step runs o if run is set, then reports o's failure, if any: called
	// for every op in document order.
	step := func(o *simOp, run bool) error {
		if run && o.run {
			if ws == nil {
				base, done, err := open()
				if err != nil {
					return err
				}
				closeBase, ws = done, fsys.NewOverlay(base)
			}
			o.fail = nil
			ran++
			if r := engine.Do(ctx, ws, cfg, o.name, o.a.ParamMap()); !r.Success {
				o.fail = &engine.Result{Error: r.Error, Hint: r.Hint, Type: r.Type}
			}
		}
		if o.fail != nil {
			out = append(out, source.Diagnostic{Severity: source.Error, Code: CodeWorkspace,
				Message: o.fail.Error, Hint: o.fail.Hint, Range: blame(o.a, *o.fail)})
		}
		return nil
	}

	if !keep {
		// Nothing of this run will be reused: a plain full run, which
		// keeps nothing. Each op is planned just before it runs, while its
		// action is still in the processor's cache.
		for a := range doc.Actions() {
			o := planOp(a)
			if step(&o, true) != nil {
				return nil, nil
			}
		}
		return out, nil
	}

	var acts []*lang.Action
	for a := range doc.Actions() {
		acts = append(acts, a)
	}
	ops := make([]simOp, len(acts))
	full := prev == nil
	var dirty []bool // which ops run again; every op does in a full run
	if !full {
		old := prev.ops
		// The common prefix and suffix: actions with the inputs they had
		// last time, in the same order around the edit.
		pre := 0
		for pre < len(acts) && pre < len(old) && sameInputs(old[pre].a, acts[pre]) {
			pre++
		}
		suf := 0
		for suf < len(acts)-pre && suf < len(old)-pre && sameInputs(old[len(old)-1-suf].a, acts[len(acts)-1-suf]) {
			suf++
		}
		for i, a := range acts {
			switch {
			case i < pre:
				ops[i] = old[i]
			case i >= len(acts)-suf:
				ops[i] = old[len(old)-len(acts)+i]
			default:
				ops[i] = planOp(a)
				continue
			}
			ops[i].a = a // keep the current action, so the old document can be freed
		}
		var seeds []string // the paths of the ops the edit removed, changed or added
		for i := pre; i < len(old)-suf; i++ {
			if o := &old[i]; o.run {
				seeds = append(seeds, o.footprint(cfg)...)
			}
		}
		for i := pre; i < len(ops)-suf; i++ {
			if o := &ops[i]; o.run {
				seeds = append(seeds, o.footprint(cfg)...)
			}
		}
		dirty = make([]bool, len(ops))
		if len(seeds) > 0 {
			dirty = affected(cfg, ops, seeds)
		}
		for i := pre; i < len(ops)-suf; i++ {
			dirty[i] = true // the edit's own ops, even those whose paths do not resolve
		}
	}
	for i := range ops {
		o := &ops[i]
		if full {
			*o = planOp(acts[i]) // here, not in a pass of its own: see above
		}
		if step(o, full || dirty[i]) != nil {
			return nil, nil
		}
	}
	if ctx.Err() != nil {
		// Ops that saw the cancelled context report "not started", which
		// says nothing about the next run.
		return out, nil
	}
	return out, &simulation{gen: gen, ops: ops, ran: ran}
}

// planOp looks at an action the last run did not see: whether it is
// simulated, and as which op.
func planOp(a *lang.Action) simOp {
	o := simOp{a: a}
	spec := lang.Lookup(a.Op)
	if spec == nil || spec.Kind == lang.Exec || a.HasErrors() || len(lang.Validate(a)) > 0 {
		return o
	}
	o.run, o.name = true, spec.Name
	return o
}

// blame picks the param a failed result is about: the search text for a
// failed match, the line range for lines beyond the file, else the path; the
// op name when the action has none of those.
func blame(a *lang.Action, r engine.Result) source.Range {
	var keys []string
	switch {
	case r.Type == "search_not_found" || strings.Contains(r.Error, "match"):
		keys = []string{"old_text", "old_text_beginning", "old_text_end"}
	case strings.Contains(strings.ToLower(r.Error), "line"):
		keys = []string{"lines"}
	}
	keys = append(keys, "path", "old_path", "paths", "base_path")
	for _, k := range keys {
		if p := a.Param(k); p != nil {
			return p.ValueRange
		}
	}
	return a.OpRange
}

// affected marks every op related, directly or through other ops, to one of
// the seed paths (those of the ops an edit added, changed or removed). It is
// a union-find over paths: each op joins its own paths, and each path joins
// the nearest of its parents that is also a path of some op or seed (which
// in turn joins its own nearest one), so related paths end up in one set.
func affected(cfg *engine.Config, ops []simOp, seeds []string) []bool {
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

	for i := range ops {
		if o := &ops[i]; o.run {
			ps := o.footprint(cfg)
			for _, p := range ps {
				union(node(p), node(ps[0]))
			}
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
	dirty := make([]bool, len(ops))
	for i := range ops {
		if o := &ops[i]; o.run && len(o.paths) > 0 {
			dirty[i] = hit[find(id[o.paths[0]])]
		}
	}
	return dirty
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
