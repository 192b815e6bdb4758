package engine

import (
	"iter"
	"strconv"
	"strings"

	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/engine/textedit"
	"github.com/clada-dev/clada/lang"
)

// The fast path for many file_replace_text actions on one file in one apply
// (textedit/index.go says how the index works): when an apply holds a file
// it already wrote (fsys/writeback.go), or a simulation's overlay holds one
// (fsys/overlay.go: an all-or-nothing trial, --atomic, --dry-run, the
// language server), and the document has at least fsys.MinIndexed
// searches for it, the file gets a textedit.Index, and each such edit that
// occurs exactly once is carried out there. Anything else
// goes the ordinary way (op_replace.go) on the same text, with the same
// Result.

// editPlan is, per absolute path, the searches the document's
// file_replace_text actions make in it, to be indexed.
type editPlan map[string][]string

// planEdits collects the searches of doc's file_replace_text actions by the
// file they name, keeping only files with at least fsys.MinIndexed of them.
func planEdits(doc *lang.Document, cfg *Config) editPlan {
	if doc == nil {
		return editPlan{}
	}
	return planActions(doc.Actions(), cfg)
}

// planActions is planEdits over some actions (an all-or-nothing group's,
// the groups a simulation runs again).
func planActions(actions iter.Seq[*lang.Action], cfg *Config) editPlan {
	return planValid(func(yield func(*lang.Action, *lang.OpSpec) bool) {
		for a := range actions {
			if a.HasErrors() {
				continue
			}
			// The op alone, not its whole validation (run_validate.go, which
			// the run does anyway): an invalid edit planned here only means
			// an index that one search never asks of.
			if !yield(a, lang.Lookup(a.Op)) {
				return
			}
		}
	}, cfg)
}

// planValid is planActions over actions already validated, each with its
// op: a group's items, which runGroup validated (validating ten thousand
// diff hunks once more cost the trial 18 ms before its first file).
func planValid(actions iter.Seq2[*lang.Action, *lang.OpSpec], cfg *Config) editPlan {
	plan := editPlan{}
	if cfg.ordinaryOnly {
		return plan
	}
	for a, spec := range actions {
		if spec == nil || spec.ID != lang.OpFileReplaceText {
			continue
		}
		// The values it needs, not a map of every param: this runs over
		// every hunk of a diff, twice an apply.
		old := valueOf(a, lang.ParamOldText)
		if tolerant(a) { // a V4A hunk: its exact rung's search
			if old = hunkOld(a.ParamMap()); old == "" {
				continue
			}
		}
		if len(old) < textedit.KeyLen {
			continue
		}
		abs, err := cfg.Resolve(valueOf(a, lang.ParamPath))
		if err != nil {
			continue
		}
		plan[abs] = append(plan[abs], old)
	}
	for p, olds := range plan {
		if len(olds) < fsys.MinIndexed {
			delete(plan, p)
		}
	}
	return plan
}

// replaceOnceFast is file_replace_text on an indexed file of the apply's
// write-back; false means the ordinary path must run (it has changed
// nothing). Called after the params are checked, it returns what the
// ordinary path would.
//
// An edit with near_line (a unified diff's hunk) takes only a match that
// starts a line, as pickNear does, and its result says how far from
// near_line the match was ("offset", edit_near.go); a near_line that is no
// line number is left to the ordinary path, which reports it.
func (x *opRun) replaceOnceFast(old, repl string) (Result, bool) {
	if !fsys.Indexes(x.ws) {
		return Result{}, false
	}
	want := 0
	if s := x.params[lang.ParamNearLine]; s != "" {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 1 {
			return Result{}, false
		}
		want = n
	}
	abs, p, bad := x.path(lang.ParamPath, true)
	if bad != nil {
		return Result{}, false
	}
	x.seedIndex(abs, p)
	r, line := fsys.ReplaceIndexed(x.ws, abs, old, repl, want)
	switch r {
	case textedit.Declined:
		return Result{}, false
	case textedit.Replayed:
		return appliedAlready(p), true
	}
	return ok(nearLine{want: want, got: line}.report(map[string]any{"path": p, "replacements": 1})), true
}

// valueOf is a's value of param k, "" when not given.
func valueOf(a *lang.Action, k string) string {
	v, _ := a.Value(k)
	return v
}

// tolerant reports whether file_replace_text a goes through the tolerant
// matcher (match_tolerance.go) rather than the plain search.
func tolerant(a *lang.Action) bool {
	return valueOf(a, lang.ParamTolerance) != "" || valueOf(a, lang.ParamAnchor) != "" || valueOf(a, lang.ParamAtEnd) != ""
}

// hunkLines is a tolerant file_replace_text (a V4A hunk) as the index's
// exact rung takes it (textedit.Index.ReplaceLines): its old and new lines,
// each ending in "\n"; false for a hunk that always climbs the ladder
// (anchors, at_end, no old lines, a tolerance the ladder must report).
func hunkLines(params map[string]string) (old, repl string, ok bool) {
	if old = hunkOld(params); old == "" {
		return "", "", false
	}
	return old, linesText(params[lang.ParamNewText]), true
}

// hunkOld is hunkLines's old alone ("" for a hunk the index never takes),
// what the plan indexes.
func hunkOld(params map[string]string) string {
	switch params[lang.ParamTolerance] {
	case "", "exact", "whitespace":
	default:
		return ""
	}
	if params[lang.ParamAnchor] != "" || params[lang.ParamAtEnd] == "true" {
		return ""
	}
	return linesText(params[lang.ParamOldText])
}

// linesText is joinLines(textedit.TextLines(s)) without splitting s when it
// has no CR: then it is s with its final "\n" (one per hunk, twice per
// apply, for 5,000 hunks).
func linesText(s string) string {
	switch {
	case s == "":
		return ""
	case strings.IndexByte(s, '\r') >= 0:
		return joinLines(textedit.TextLines(s))
	case strings.HasSuffix(s, "\n"):
		return s
	}
	return s + "\n"
}

// joinLines is lines, each ending in "\n".
func joinLines(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	return strings.Join(lines, "\n") + "\n"
}

// replaceLinesFast is a V4A hunk's exact rung on an indexed file of the
// apply's write-back or a simulation's overlay (hunkLines); false means
// the ladder must run (nothing changed). It returns what the ladder's
// exact rung would.
func (x *opRun) replaceLinesFast() (Result, bool) {
	if !fsys.Indexes(x.ws) {
		return Result{}, false
	}
	abs, p, bad := x.path(lang.ParamPath, true)
	if bad != nil {
		return Result{}, false
	}
	return x.replaceLinesFastAt(abs, p)
}

// seedIndex reads the file at abs (p as written) the ordinary way, with
// every check and the read cap, when the workspace would index it but
// holds none of it yet (fsys.Unseeded), and gives it the bytes: the file's
// first edit is then made on the index too. A read that fails seeds
// nothing; the ordinary path reads again and says why.
func (x *opRun) seedIndex(abs, p string) {
	if !fsys.Unseeded(x.ws, abs) {
		return
	}
	if data, bad := x.readCapped(abs, p); bad == nil {
		fsys.SeedIndexed(x.ws, abs, data)
	}
}

// replaceLinesFastAt is replaceLinesFast on the file abs (p as written),
// whose path checks passed: the hunks of one run of a batch name one path,
// checked once (replacing text in the file changes none of what they check).
func (x *opRun) replaceLinesFastAt(abs, p string) (Result, bool) {
	old, repl, found := hunkLines(x.params)
	if !found || len(old) < textedit.KeyLen {
		return Result{}, false
	}
	if _, bad := x.textParam(lang.ParamOldText); bad != nil {
		return Result{}, false
	}
	if _, bad := x.textParam(lang.ParamNewText); bad != nil {
		return Result{}, false
	}
	x.seedIndex(abs, p)
	if fsys.ReplaceLinesIndexed(x.ws, abs, old, repl) != textedit.Replaced {
		return Result{}, false
	}
	return ok(map[string]any{"path": p, "replacements": 1, "match": "exact"}), true
}
