package lsp

import (
	"bytes"
	"maps"
	"strings"

	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
	"go.lsp.dev/protocol"
)

// convertTargets is every syntax `clada fmt --to` prints, in the order the
// "Convert block to…" actions are offered: the registry's (clada's own
// syntaxes, then the foreign formats).
func convertTargets() []lang.Syntax { return lang.Syntaxes() }

// convertActions offers g printed in each other syntax: exactly what
// `clada fmt --to` would print for the group alone, and only where fmt
// would print it without --flatten (no lang.ConvertLosses, a printer that
// does not refuse). On top of fmt's checks the printed block is read back
// where it will stand: a conversion is offered only when the edited
// document parses to the same actions, so a block another front-end would
// not find there, or would read differently, is never offered.
func convertActions(d *document, m mapper, g *lang.Group) []protocol.CommandOrCodeAction {
	var out []protocol.CommandOrCodeAction
	if len(g.Actions) == 0 || g.Diags.HasErrors() {
		return nil
	}
	for _, a := range g.Actions {
		if a.HasErrors() {
			return nil // a half-read block would be printed without what the parser could not read
		}
	}
	one := &lang.Document{File: d.file, Groups: []*lang.Group{g}}
	r := convertRange(d.file, g)
	before := meaningOf(d.doc)
	for _, to := range convertTargets() {
		if to == g.Syntax || len(lang.ConvertLosses(one, to)) > 0 {
			continue // the group would run differently there (clada fmt refuses it too)
		}
		var b bytes.Buffer
		if err := lang.Print(&b, one, to); err != nil {
			continue // an op or a value with no form in that syntax: nothing to offer
		}
		text := placeText(d.file, r, b.String()) // formatting.go
		if !keepsMeaning(d, before, r, text) {
			continue
		}
		out = append(out, editAction("Convert block to "+to.Def().Title, protocol.CodeActionKindRefactorRewrite, d.uri,
			[]protocol.TextEdit{{Range: m.rng(r), NewText: text}}))
	}
	return out
}

// groupAt returns the group whose text holds off (the cursor anywhere in a
// block, its header and a diff's file lines included), or nil.
func groupAt(doc *lang.Document, off int) *lang.Group {
	for _, g := range doc.Groups {
		if g.Range.Contains(off) || (off == g.Range.End && off > g.Range.Start) {
			return g
		}
	}
	return nil
}

// convertRange is the text a conversion of g replaces: the group's range,
// and for a block that owns its opening fence (an aider block, whose range
// starts at its file name above the fence; lang.SyntaxDef.OwnsFence), the
// closing fence line right after it too, so the converted block is not
// left with a stray fence.
func convertRange(f *source.File, g *lang.Group) source.Range {
	r := g.Range
	if !g.Syntax.Def().OwnsFence || !hasLine(f.Text(r), isFence) {
		return r
	}
	rest := f.Src[r.End:]
	line, _, found := bytes.Cut(rest, []byte("\n"))
	if !isFence(string(line)) {
		return r
	}
	r.End += len(line)
	if found {
		r.End++
	}
	return r
}

// isFence reports whether a line is a markdown fence (``` or ~~~, with an
// info string or none).
func isFence(l string) bool {
	l = strings.TrimSpace(l)
	return strings.HasPrefix(l, "```") || strings.HasPrefix(l, "~~~")
}

// hasLine reports whether a line of s satisfies f.
func hasLine(s string, f func(string) bool) bool {
	for l := range strings.SplitSeq(s, "\n") {
		if f(l) {
			return true
		}
	}
	return false
}

// docMeaning is what a document does: its actions in source order, and
// how many groups and errors it has.
type docMeaning struct {
	actions        []*lang.Action
	groups, errors int
}

func meaningOf(doc *lang.Document) docMeaning {
	m := docMeaning{groups: len(doc.Groups), errors: errorCount(doc)}
	for a := range doc.Actions() {
		m.actions = append(m.actions, a)
	}
	return m
}

// keepsMeaning reports whether replacing r with text leaves a document
// with the same groups, the same actions (catalog op, params) in the same
// order, and no more errors than it had (before).
func keepsMeaning(d *document, before docMeaning, r source.Range, text string) bool {
	src := make([]byte, 0, len(d.file.Src)-r.End+r.Start+len(text))
	src = append(append(append(src, d.file.Src[:r.Start]...), text...), d.file.Src[r.End:]...)
	// The document's own parser: its cache serves every block but the
	// printed one, so this costs a scan of the text, not a parse of it all.
	after := meaningOf(d.parser.Parse(source.NewFile(d.file.Name, src)))
	if after.groups != before.groups || after.errors != before.errors || len(after.actions) != len(before.actions) {
		return false
	}
	for i, a := range before.actions {
		if !sameAction(a, after.actions[i]) {
			return false
		}
	}
	return true
}

// errorCount is the number of error diagnostics in doc.
func errorCount(doc *lang.Document) int {
	n := 0
	for _, dg := range doc.Diagnostics() {
		if dg.Severity == source.Error {
			n++
		}
	}
	return n
}

// sameAction reports whether a and b do the same, whatever their syntax:
// the same catalog op and params, a param at its default the same as one
// left out (overwrite="true").
func sameAction(a, b *lang.Action) bool {
	if len(a.Params) == len(b.Params) && a.Op == b.Op {
		same := true // an untouched block: the same params in the same order
		for i, p := range a.Params {
			if p.Key != b.Params[i].Key || p.Value != b.Params[i].Value {
				same = false
				break
			}
		}
		if same {
			return true
		}
	}
	sa, sb := lang.Lookup(a.Op), lang.Lookup(b.Op)
	if sa == nil || sa != sb {
		return false
	}
	pa, pb := meaningful(a, sa), meaningful(b, sb)
	return maps.Equal(pa, pb)
}

// meaningful is a's params without those at the catalog default.
func meaningful(a *lang.Action, spec *lang.OpSpec) map[string]string {
	p := a.ParamMap()
	for k, v := range p {
		if ps := spec.Param(k); ps != nil && ps.Default != "" && ps.Default == v {
			delete(p, k) // overwrite="true" said or left out is one meaning
		}
	}
	return p
}
