package engine

import (
	"github.com/clada-dev/clada/engine/textedit"
	"github.com/clada-dev/clada/lang"
)

// The fast path for many file_replace_text actions on one file in one apply
// (textedit/index.go says how the index works): when an apply holds a file
// it already wrote (workspace_cache.go) and the document has at least
// minIndexed searches for it, the file gets a textedit.Index, and each such
// edit that occurs exactly once is carried out there. Anything else goes
// the ordinary way (op_replace.go) on the same text, with the same Result.

// minIndexed is how many searches the document must make in one file for an
// index to pay for its one pass; searches shorter than textedit.KeyLen are
// left out.
const minIndexed = 8

// editPlan is, per absolute path, the searches the document's
// file_replace_text actions make in it, to be indexed.
type editPlan map[string][]string

// planEdits collects the searches of doc's file_replace_text actions by the
// file they name, keeping only files with at least minIndexed of them.
func planEdits(doc *lang.Document, cfg *Config) editPlan {
	plan := editPlan{}
	if doc == nil {
		return plan
	}
	for a := range doc.Actions() {
		if a.HasErrors() {
			continue
		}
		spec, verr, _ := validate(a)
		if verr != "" || spec == nil || spec.Name != "file_replace_text" {
			continue
		}
		params := a.ParamMap()
		old := params["old_text"]
		if len(old) < textedit.KeyLen {
			continue
		}
		abs, err := cfg.Resolve(params["path"])
		if err != nil {
			continue
		}
		plan[abs] = append(plan[abs], old)
	}
	for p, olds := range plan {
		if len(olds) < minIndexed {
			delete(plan, p)
		}
	}
	return plan
}

// replaceOnceFast is file_replace_text on an indexed file of the apply's
// write-back; false means the ordinary path must run (it has changed
// nothing). Called after the params are checked, it returns what the
// ordinary path would.
func (x *opRun) replaceOnceFast(old, repl string) (Result, bool) {
	w, isOS := x.ws.(*OSWorkspace)
	if !isOS || w.wb == nil {
		return Result{}, false
	}
	abs, p, bad := x.path("path", true)
	if bad != nil {
		return Result{}, false
	}
	f := w.wb.files[abs]
	if f == nil {
		return Result{}, false
	}
	if f.idx == nil {
		olds := w.wb.plan[abs]
		if olds == nil || f.skip > 0 {
			f.skip = max(f.skip-1, 0)
			return Result{}, false
		}
		if f.idx = textedit.NewIndex(f.data, olds); f.idx == nil {
			delete(w.wb.plan, abs)
			return Result{}, false
		}
	}
	switch f.idx.ReplaceOnce(old, repl) {
	case textedit.Declined:
		return Result{}, false
	case textedit.Replayed:
		return appliedAlready(p), true
	}
	f.data = nil
	w.pending(abs, f)
	return ok(map[string]any{"path": p, "replacements": 1}), true
}
