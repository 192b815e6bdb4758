package lsp

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
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
// does not refuse). The markdown fence around the block is the target's
// too: a fence that holds the block alone gets the target's info string
// (lang.SyntaxDef.Fence: ```sh sham, ```xml, ```json), and a block that
// owns its fence (an aider block) becomes the target's block in the
// target's fence. On top of fmt's checks the edited document is read back:
// a conversion is offered only when it parses to the same actions, run the
// same way, so a block clada would not find where it stands (a bare JSON
// array among prose, with no fence to put it in) is never offered.
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
	info, fenced := fenceAround(d.file.Src, r)
	owned := g.Syntax.Def().OwnsFence && hasLine(d.file.Text(r), isFence)
	before := meaningOf(d.doc)
	for _, to := range convertTargets() {
		if to == g.Syntax || len(lang.ConvertLosses(one, to)) > 0 {
			continue // the group would run differently there (clada fmt refuses it too)
		}
		var b bytes.Buffer
		if err := lang.Print(&b, one, to); err != nil {
			continue // an op or a value with no form in that syntax: nothing to offer
		}
		printed, fence := b.String(), "```"+to.Def().Fence+"\n"
		er, text := r, ""
		switch {
		case fenced: // the fence's info string and the block, as one edit
			er.Start = info.Start
			text = to.Def().Fence + string(d.file.Src[info.End:r.Start]) + placeText(d.file, r, printed)
		case owned:
			text = placeText(d.file, r, fence+withNewline(printed)+"```\n")
		default:
			text = placeText(d.file, r, printed)
		}
		if !keepsMeaning(d, before, er, text) {
			if fenced || owned {
				continue
			}
			// a block among prose that the target reads only in its fence
			if text = placeText(d.file, r, fence+withNewline(printed)+"```\n"); !keepsMeaning(d, before, er, text) {
				continue
			}
		}
		out = append(out, editAction("Convert block to "+to.Def().Title, protocol.CodeActionKindRefactorRewrite, d.uri,
			[]protocol.TextEdit{{Range: m.rng(er), NewText: text}}))
	}
	return out
}

// withNewline is s ending with a line end.
func withNewline(s string) string {
	if strings.HasSuffix(s, "\n") {
		return s
	}
	return s + "\n"
}

// fenceAround finds the markdown fence that holds r and nothing else: an
// opening fence on the line right above r's first line, its closing fence
// on the line right after r's last. info is the range of the opening
// line's info string (from after the backticks or tildes to the line end);
// ok is false when r is not alone in a fence.
func fenceAround(src []byte, r source.Range) (info source.Range, ok bool) {
	ls := bytes.LastIndexByte(src[:r.Start], '\n') + 1
	if ls == 0 || len(bytes.Trim(src[ls:r.Start], " \t>")) > 0 {
		return source.Range{}, false // r starts mid-line, or on the first line
	}
	open := bytes.LastIndexByte(src[:ls-1], '\n') + 1
	line := bytes.TrimRight(src[open:ls-1], "\r")
	body := bytes.TrimLeft(line, " \t>")
	run := fenceRun(body)
	if run == 0 || !opensFence(src, open) {
		return source.Range{}, false
	}
	start := open + len(line) - len(body) + run
	info = source.Range{Start: start, End: open + len(line)}
	// the closing fence: the line after r (after r's own line end, when r
	// does not end with one)
	next := r.End
	if next > 0 && src[next-1] != '\n' {
		i := bytes.IndexByte(src[next:], '\n')
		if i < 0 || len(bytes.TrimSpace(src[next:next+i])) > 0 {
			return source.Range{}, false
		}
		next += i + 1
	}
	closing, _, _ := bytes.Cut(src[next:], []byte("\n"))
	closing = bytes.TrimLeft(bytes.TrimRight(closing, " \t\r"), " \t>")
	if c := fenceRun(closing); c < run || c != len(closing) || closing[0] != body[0] {
		return source.Range{}, false
	}
	return info, true
}

// opensFence reports whether the fence line starting at off opens a fence
// rather than closing one: the fences above it, read from the top of the
// text, leave none open.
func opensFence(src []byte, off int) bool {
	var char byte // the open fence's character, 0 when none is open
	n := 0        // and its length
	for at := 0; at < off; {
		line, _, _ := bytes.Cut(src[at:], []byte("\n"))
		body := bytes.TrimLeft(bytes.TrimRight(line, " \t\r"), " \t>")
		if k := fenceRun(body); k > 0 {
			switch {
			case char == 0:
				char, n = body[0], k
			case body[0] == char && k >= n && k == len(body):
				char = 0
			}
		}
		at += len(line) + 1
	}
	return char == 0
}

// fenceRun is the length of the run of three or more backticks or tildes
// that starts b, 0 when there is none.
func fenceRun(b []byte) int {
	if len(b) < 3 || b[0] != '`' && b[0] != '~' {
		return 0
	}
	n := 0
	for n < len(b) && b[n] == b[0] {
		n++
	}
	if n < 3 {
		return 0
	}
	return n
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

// docMeaning is what a document does: its actions in source order, how
// they run together, and how many errors it has.
type docMeaning struct {
	actions []*lang.Action
	// runs is how the actions run together, group by group: a group's kind
	// and size, except that every action that runs on its own is "one": a
	// group of one action, of any kind (a patch of one change applies or
	// fails as that change does), and each action of a standalone group
	// (an aider block's edits, a JSON array), as the blocks it prints as in
	// another syntax do.
	runs   []string
	errors int
}

func meaningOf(doc *lang.Document) docMeaning {
	m := docMeaning{errors: errorCount(doc)}
	for _, g := range doc.Groups {
		if g.Kind == lang.Standalone || len(g.Actions) == 1 {
			for range g.Actions {
				m.runs = append(m.runs, "one")
			}
			continue
		}
		m.runs = append(m.runs, fmt.Sprintf("kind %d of %d", g.Kind, len(g.Actions)))
	}
	for a := range doc.Actions() {
		m.actions = append(m.actions, a)
	}
	return m
}

// keepsMeaning reports whether replacing r with text leaves a document
// whose actions (catalog op, params) are the same, in the same order, run
// the same way (docMeaning.runs), with no more errors than it had (before).
func keepsMeaning(d *document, before docMeaning, r source.Range, text string) bool {
	src := make([]byte, 0, len(d.file.Src)-r.End+r.Start+len(text))
	src = append(append(append(src, d.file.Src[:r.Start]...), text...), d.file.Src[r.End:]...)
	// The document's own parser: its cache serves every block but the
	// printed one, so this costs a scan of the text, not a parse of it all.
	after := meaningOf(d.parser.Parse(source.NewFile(d.file.Name, src)))
	if !slices.Equal(after.runs, before.runs) || after.errors != before.errors || len(after.actions) != len(before.actions) {
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
