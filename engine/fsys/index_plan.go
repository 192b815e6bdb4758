package fsys

import "github.com/clada-dev/clada/engine/textedit"

// MinIndexed is how many searches the document must make in one file for
// an index to pay for its one pass (searches shorter than textedit.KeyLen
// are left out): the plan of NewWriteBack holds only such files.
const MinIndexed = 8

// indexWorth is how much work (searches × the file's bytes) the ordinary
// path must face before an index pays: building one costs a fixed 128 KiB
// bitset (textedit/index.go) and a copy of the file, while the ordinary
// path copies the whole file at every edit. Ten edits of a 12 KB file are
// cheaper indexed (a git diff of a thousand such files allocates 15% less
// and runs faster); eight of a 4 KB file are not.
const indexWorth = 64 << 10

// worthIndexing says whether n searches in size bytes are worth an index.
func worthIndexing(n, size int) bool { return n*size >= indexWorth }

// indexPlan is when a workspace that holds files (a real apply's
// write-back, an overlay) builds, uses and drops their edit indexes
// (ReplaceIndexed); both follow it alike, so a simulation costs what the
// apply costs.
type indexPlan struct {
	// plan is, per absolute path, the searches the run's file_replace_text
	// actions make there (PlanEdits, NewWriteBack).
	plan map[string][]string
	// used counts, per planned path, the edits that asked for the fast
	// path: once all have, the index is dropped (a thousand files'
	// indexes held at once cost more than the files).
	used map[string]int
	// skip counts, per path, the edits left to the ordinary path after one
	// replaced an indexed file the ordinary way (wroteOrdinary).
	skip map[string]int
}

func newIndexPlan(plan map[string][]string) indexPlan {
	return indexPlan{plan: plan, used: map[string]int{}, skip: map[string]int{}}
}

// planned says whether abs is planned and no ordinary write asked for its
// edits to be left alone (indexFor would build its index).
func (p *indexPlan) planned(abs string) bool {
	return p.plan[abs] != nil && p.skip[abs] == 0
}

// asked counts an edit of abs asking for the fast path; every planned
// edit asks, the first (which reads or writes the file) too.
func (p *indexPlan) asked(abs string) { p.used[abs]++ }

// indexFor is the index of abs to edit on: cur when there is one, else one
// built over data when abs is planned, no ordinary write asked for edits
// to be left alone, and the work pays; nil declines (the ordinary path).
func (p *indexPlan) indexFor(abs string, cur *textedit.Index, data []byte) *textedit.Index {
	if cur != nil {
		return cur
	}
	olds := p.plan[abs]
	if olds == nil || p.skip[abs] > 0 {
		p.skip[abs] = max(p.skip[abs]-1, 0)
		return nil
	}
	if !worthIndexing(len(olds), len(data)) {
		delete(p.plan, abs)
		return nil
	}
	x := textedit.NewIndex(data, olds)
	if x == nil {
		delete(p.plan, abs)
	}
	return x
}

// done reports whether every planned edit of abs has asked; abs is then
// no longer planned (later edits go the ordinary way) and the caller
// drops its index.
func (p *indexPlan) done(abs string) bool {
	if p.used[abs] < len(p.plan[abs]) {
		return false
	}
	delete(p.plan, abs)
	return true
}

// wroteOrdinary is a write of abs the ordinary way, over its index: the
// index no longer knows the text, so a few edits are left to that way
// before paying for a new one.
func (p *indexPlan) wroteOrdinary(abs string) { p.skip[abs] = MinIndexed }
