package history

import (
	"cmp"
	"fmt"
	"path"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/lang"
)

// sparseHints explains each action that failed because its file is not on
// disk when the file is one a sparse checkout leaves out: git keeps it in
// the index with the skip-worktree bit (README "The git model"), so it
// exists for the user, and "no such file" alone would send the model
// looking for another name. It runs git only when such a failure happened.
func (t *applyTracker) sparseHints(rep *engine.Report) {
	at := map[string][]int{} // path from the work tree top → results about it
	for i := range rep.Results {
		r := &rep.Results[i]
		if r.Success || r.Type != fault.FileNotFound {
			continue
		}
		p, _ := r.Value(cmp.Or(r.Param, lang.ParamPath))
		if p == "" {
			continue
		}
		abs, err := t.cfg.Resolve(p)
		if err != nil || !t.open() {
			continue
		}
		if rel, ok := t.rel(abs); ok {
			at[rel] = append(at[rel], i)
		}
	}
	if len(at) == 0 {
		return
	}
	l, err := t.r.indexListing(t.ctx, "", sortedKeys(at), false)
	if err != nil {
		return // only a hint
	}
	for rel, results := range at {
		if !l.skip[rel] {
			continue
		}
		dir := path.Dir(rel)
		if dir == "." {
			dir = "/" + rel
		}
		// In place of "check the path": the path is right.
		hint := fmt.Sprintf("%s is in git but outside this sparse checkout, so it is not on disk: read it with `git show HEAD:%s`, or check it out first with `git sparse-checkout add %s` and apply again; a file_write of it also works (clada commits it, as `git add --sparse` would)",
			rel, rel, dir)
		for _, i := range results {
			rep.Results[i].Hint = hint
		}
	}
}
