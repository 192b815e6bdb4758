package lsp

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/clada-dev/clada/lang"
	"go.lsp.dev/protocol"
)

// convertTargets is every syntax `clada fmt --to` prints, in the order the
// "Convert block to…" actions are offered: clada's own syntaxes, then the
// foreign formats.
func convertTargets() []lang.Syntax {
	return []lang.Syntax{lang.SHAM, lang.CSL, lang.CML, lang.V4A, lang.Aider, lang.UDiff, lang.JSONCall, lang.Replacer}
}

// syntaxTitle is how a target is named in a code action's title.
func syntaxTitle(s lang.Syntax) string {
	switch s {
	case lang.V4A:
		return "V4A (apply_patch)"
	case lang.Aider:
		return "aider SEARCH/REPLACE"
	case lang.UDiff:
		return "unified diff"
	case lang.JSONCall:
		return "JSON tool calls"
	case lang.Replacer:
		return "replacer"
	}
	return strings.ToUpper(s.String())
}

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
	orig := d.file.Text(r)
	for _, to := range convertTargets() {
		if to == g.Syntax || len(lang.ConvertLosses(one, to)) > 0 {
			continue // the group would run differently there (clada fmt refuses it too)
		}
		var b bytes.Buffer
		if err := lang.Print(&b, one, to); err != nil {
			continue // an op or a value with no form in that syntax: nothing to offer
		}
		text := b.String()
		if !strings.HasSuffix(orig, "\n") {
			text = strings.TrimRight(text, "\n") // a block followed by prose stays on its own line
		}
		if strings.Contains(orig, "\r\n") && !strings.Contains(text, "\r") {
			text = strings.ReplaceAll(text, "\n", "\r\n") // the block keeps the document's line ends
		}
		if !keepsMeaning(d, r, text) {
			continue
		}
		out = append(out, editAction("Convert block to "+syntaxTitle(to), protocol.CodeActionKindRefactorRewrite, d.uri,
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
// and for an aider block, whose range starts at its file name and so holds
// the opening fence, the closing fence line right after it too, so the
// converted block is not left with a stray fence.
func convertRange(f *lang.File, g *lang.Group) lang.Range {
	r := g.Range
	if g.Syntax != lang.Aider || !hasLine(f.Text(r), isFence) {
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

// keepsMeaning reports whether replacing r with text leaves a document
// with the same groups, the same actions (catalog op, params) in the same
// order, and no more errors than it had.
func keepsMeaning(d *document, r lang.Range, text string) bool {
	src := make([]byte, 0, len(d.file.Src)-r.End+r.Start+len(text))
	src = append(append(append(src, d.file.Src[:r.Start]...), text...), d.file.Src[r.End:]...)
	after := lang.Parse(lang.NewFile(d.file.Name, src))
	if len(after.Groups) != len(d.doc.Groups) || errorCount(after) != errorCount(d.doc) {
		return false
	}
	return slices.Equal(actionKeys(d.doc), actionKeys(after))
}

// errorCount is the number of error diagnostics in doc.
func errorCount(doc *lang.Document) int {
	n := 0
	for _, dg := range doc.Diagnostics() {
		if dg.Severity == lang.Error {
			n++
		}
	}
	return n
}

// actionKeys is each action of doc as "op\x00key=value\x00…", its catalog
// op name and params in key order (a param at its default left out): what
// it does, whatever its syntax.
func actionKeys(doc *lang.Document) []string {
	var out []string
	for a := range doc.Actions() {
		op, spec := a.Op, lang.Lookup(a.Op)
		if spec != nil {
			op = spec.Name
		}
		p := a.ParamMap()
		for k, v := range p {
			if spec == nil {
				break
			}
			if ps := spec.Param(k); ps != nil && ps.Default != "" && ps.Default == v {
				delete(p, k) // overwrite="true" said or left out is one meaning
			}
		}
		var b strings.Builder
		b.WriteString(op)
		for _, k := range slices.Sorted(maps.Keys(p)) {
			fmt.Fprintf(&b, "\x00%s=%s", k, p[k])
		}
		out = append(out, b.String())
	}
	return out
}
