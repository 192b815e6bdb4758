package engine

import (
	"strings"

	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/engine/textedit"
	"github.com/clada-dev/clada/lang"
)

// An answer may edit the same lines twice: a first step, then a later one
// whose search is the first one's result (two diffs, the second on top of
// the first). Sent again, every later step reports already applied, but
// the first finds neither its search nor its result, both changed by the
// later step, and failed as not found: the whole answer, applied, read as
// broken. A first step is already applied when following its result
// through the later steps of the same file that search for it ends in text
// the file holds (textedit's AlreadyApplied: exactly once, and not
// trivially short).

// replayChains finds, for a step whose search failed, the later plain
// file_replace_text steps of the same file. It indexes the answer only
// when a search first fails, and reads a diff's deferred hunk texts only
// for the steps it follows (lang.Action.WrittenValue), so a run with no
// failure pays nothing.
type replayChains struct {
	doc    *lang.Document
	byPath map[string][]*lang.Action // nil until the first failure
}

func newReplayChains(doc *lang.Document) *replayChains { return &replayChains{doc: doc} }

// steps is the answer's plain file_replace_text steps on abs, in order.
func (c *replayChains) steps(abs string, cfg *Config) []*lang.Action {
	if c.byPath == nil {
		c.byPath = map[string][]*lang.Action{}
		for a := range c.doc.Actions() {
			if spec := lang.Lookup(a.Op); spec == nil || spec.ID != lang.OpFileReplaceText || tolerant(a) {
				continue
			}
			if p, err := cfg.Resolve(valueOf(a, lang.ParamPath)); err == nil {
				c.byPath[p] = append(c.byPath[p], a)
			}
		}
	}
	return c.byPath[abs]
}

// supersededReplay turns res, a failed search of step a, into already
// applied when later steps of the same file took a's result further and
// the file holds where that chain ends; otherwise it returns res.
func (c *replayChains) supersededReplay(a *lang.Action, res Result, ws fsys.Workspace, cfg *Config) (Result, bool) {
	if c == nil || res.Success || res.Type != fault.SearchNotFound || res.Param != lang.ParamOldText {
		return res, false
	}
	p := valueOf(a, lang.ParamPath)
	abs, err := cfg.Resolve(p)
	if err != nil {
		return res, false
	}
	steps := c.steps(abs, cfg)
	at := -1
	for i, s := range steps {
		if s == a {
			at = i
		}
	}
	if at < 0 || at == len(steps)-1 {
		return res, false
	}
	cur, _ := steps[at].WrittenValue(lang.ParamNewText)
	if textedit.Trivial(cur) {
		return res, false
	}
	followed := false
	for _, s := range steps[at+1:] {
		if old, _ := s.WrittenValue(lang.ParamOldText); strings.Contains(old, cur) {
			cur, _ = s.WrittenValue(lang.ParamNewText)
			followed = true
		}
	}
	if !followed {
		return res, false
	}
	data, err := ws.ReadFile(abs)
	if err != nil {
		return res, false
	}
	t, err := textedit.Decode(data)
	if err != nil || !t.AlreadyApplied(cur, 1) {
		return res, false
	}
	return appliedAlready(p), true
}
