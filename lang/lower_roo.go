package lang

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/clada-dev/clada/grammar/roo"
	"github.com/clada-dev/clada/source"
)

// Roo Code front-end (grammar/roo). A call is one Tasks group that
// applies all or nothing (Roo may leave a call half applied; clada does
// not).
//
// An apply_diff block is file_replace_text of its SEARCH lines, which must
// occur in the file exactly once; :start_line: is near_line, used only to
// choose among several exact matches, as a unified diff's hunk line is
// (Roo instead searches around the line for the most similar text, and
// strips line-number prefixes, re-indents and matches across whitespace;
// clada does none of that).
//
// An insert_content is file_insert after line N-1 for <line>N</line>
// (Roo inserts before line N), or file_append for line 0 (Roo's "append at
// the end"), its content as whole lines: Roo splits the file and the
// content at line ends and joins them again, so the content gets a line end
// after its last line. Several insertions of one call (the older
// <operations> forms) each name a line of the file as the call found it,
// so each is moved down by the lines the earlier ones put above it; the
// ones at line 0 are one file_append of their contents in order.
//
// A search_and_replace is file_replace_all_text: every occurrence of the
// literal, trimmed search (none is an error, as in Roo's last version).
// What clada cannot do exactly is an error at its parameter, never passed
// over: a regular expression, a case-blind search, a line range, and a
// replacement holding $$, $&, $` or $', which JavaScript's replace reads
// as patterns. An item of a JSON <operations> array is file_replace_text
// instead: its search must occur once (roo.Substitution.Once).
func lowerRoo(text []byte, _ *scratch) *Group {
	g := &Group{Syntax: Roo, Kind: Tasks, Range: source.Range{Start: 0, End: len(text)}}
	calls := roo.Scan(text)
	if len(calls) == 0 {
		return g
	}
	c := calls[0]
	g.Range = source.Range{Start: c.Start, End: c.End}
	g.Diags = c.Diags
	for _, e := range c.Edits {
		g.Actions = append(g.Actions, findReplace{syntax: Roo,
			rng: source.Range{Start: e.Start, End: e.End}, head: source.Range{Start: e.HeadStart, End: e.HeadEnd}, diags: e.Diags,
			path: c.Path, pathRange: source.Range{Start: c.PathStart, End: c.PathEnd},
			search: e.Search, searchRange: source.Range{Start: e.SearchStart, End: e.SearchEnd},
			replace: e.Replace, replaceRange: source.Range{Start: e.ReplaceStart, End: e.ReplaceEnd},
			line: e.StartLine, lineRange: source.Range{Start: e.StartLineStart, End: e.StartLineEnd},
		}.action())
	}
	path := func(a *Action) {
		if c.PathStart >= 0 {
			pr := source.Range{Start: c.PathStart, End: c.PathEnd}
			a.set(ParamPath, c.Path, Text, pr, pr)
		}
	}
	var appended *Action
	for i, in := range c.Inserts {
		if in.Line == 0 && appended != nil {
			// Roo adds every line-0 content at the end, one after the
			// other: one append of them all, not a second append of
			// the same text, which would read as already applied
			p := appended.Param(ParamContent)
			p.Value += in.Content + "\n"
			appended.Diags = append(appended.Diags, in.Diags...)
			appended.Closed = len(appended.Diags) == 0
			continue
		}
		rng, head := source.Range{Start: in.Start, End: in.End}, source.Range{Start: in.HeadStart, End: in.HeadEnd}
		a := foreignAction(Roo, OpFileAppend, rng, head)
		if in.Line == 0 {
			appended = a
		}
		path(a)
		if in.Line > 0 {
			a.Op = OpFileInsert.String()
			at := in.Line - 1
			for _, before := range c.Inserts[:i] {
				if before.Line > 0 && before.Line <= in.Line {
					at += strings.Count(before.Content, "\n") + 1
				}
			}
			lr := source.Range{Start: in.LineStart, End: in.LineEnd}
			a.set(ParamLine, strconv.Itoa(at), Text, lr, lr) // Text: not the number written
		}
		cr := source.Range{Start: in.ContentStart, End: in.ContentEnd}
		a.set(ParamContent, in.Content+"\n", Body, cr, cr)
		a.Diags = in.Diags
		a.Closed = len(a.Diags) == 0
		g.Actions = append(g.Actions, a)
	}
	for _, s := range c.Subs {
		op := OpFileReplaceAllText
		if s.Once {
			op = OpFileReplaceText
		}
		a := foreignAction(Roo, op, source.Range{Start: s.Start, End: s.End}, source.Range{Start: s.HeadStart, End: s.HeadEnd})
		path(a)
		sr, rr := source.Range{Start: s.SearchStart, End: s.SearchEnd}, source.Range{Start: s.ReplaceStart, End: s.ReplaceEnd}
		a.set(ParamOldText, s.Search, Body, sr, sr)
		a.set(ParamNewText, s.Replace, Body, rr, rr)
		a.Diags = s.Diags
		for _, o := range s.Options {
			if d, ok := rooOption(o); !ok {
				a.Diags = append(a.Diags, d)
			}
		}
		if p := replacePattern(s.Replace); p != "" && !a.Diags.HasErrors() {
			a.Diags = append(a.Diags, errorAt(codeUnsupportedParam,
				fmt.Sprintf("the replacement holds %s, which Roo Code's replace reads as a pattern (JavaScript's String.replace), not as text", p),
				rooInstead, rr))
		}
		a.Closed = len(a.Diags) == 0
		noChange(a)
		g.Actions = append(g.Actions, a)
	}
	return g
}

// codeUnsupportedParam is a parameter clada reads but cannot carry out
// exactly.
const codeUnsupportedParam = "UNSUPPORTED_PARAM"

// rooInstead is what to send instead of what clada cannot do exactly.
const rooInstead = "send an apply_diff call instead: a SEARCH/REPLACE block with the exact lines to change and their new text (clada prompt --syntax roo)"

// rooOption checks an optional parameter of a search_and_replace: what
// Roo reads as off (use_regex and ignore_case other than "true", an empty
// line number or flags) is fine; anything else is an error at it, since
// no catalog op does it.
func rooOption(o roo.Option) (source.Diagnostic, bool) {
	at := source.Range{Start: o.Start, End: o.End}
	switch o.Key {
	case "use_regex", "ignore_case":
		switch {
		case !o.String && (o.Value == "" || o.Value == "false"):
			return source.Diagnostic{}, true
		case !o.String && o.Value == "true" && o.Key == "use_regex":
			return errorAt(codeUnsupportedParam, "clada does not search with a regular expression: use_regex is not done", rooInstead, at), false
		case !o.String && o.Value == "true":
			return errorAt(codeUnsupportedParam, "clada matches the search's case exactly: ignore_case is not done", rooInstead, at), false
		}
		if o.String {
			return errorAt(roo.InvalidValue, fmt.Sprintf("%s is the string %q, which Roo Code's first form reads as true when it is not empty", o.Key, o.Value),
				"write "+o.Key+" as true or false, unquoted, or leave it out", at), false
		}
		return errorAt(roo.InvalidValue, fmt.Sprintf("%s is %q; Roo Code reads only true as on", o.Key, o.Value),
			"write "+o.Key+" as true or false (unquoted in JSON), or leave it out", at), false
	case "start_line", "end_line":
		if o.Value == "" && !o.String {
			return source.Diagnostic{}, true
		}
		return errorAt(codeUnsupportedParam, fmt.Sprintf("clada does not limit a search_and_replace to lines: %s is not done", o.Key), rooInstead, at), false
	}
	if o.Value == "" && !o.String {
		return source.Diagnostic{}, true
	}
	return errorAt(codeUnsupportedParam, fmt.Sprintf("clada does not search with a regular expression: %s is not done", o.Key), rooInstead, at), false
}

// replacePattern is the first of JavaScript's replacement patterns in s
// that a literal search gives a meaning ($$, $&, $` and $'; $1 and $<name>
// stay text when the search has no groups), "" when none.
func replacePattern(s string) string {
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '$' && strings.IndexByte("$&`'", s[i+1]) >= 0 {
			return s[i : i+2]
		}
	}
	return ""
}

func splitRoo(src []byte) ([]source.Range, source.Diagnostics) {
	return spanRanges(roo.Spans(src)), nil
}
