package lang

import (
	"strconv"

	"github.com/clada-dev/clada/source"
)

// Helpers the foreign edit formats (aider, unified diff, JSON tool calls,
// the replacer format, Cline, Roo, Zed) share to build actions: none of them has keys of its
// own, so each lowers into catalog ops and params directly.

// foreignAction starts an action of syntax s for op (0: not known yet),
// covering rng, its op word at opRng.
func foreignAction(s Syntax, op OpID, rng, opRng source.Range) *Action {
	a := &Action{Syntax: s, Range: rng, OpRange: opRng, Closed: true}
	if op != 0 {
		a.Op = op.String()
	}
	return a
}

// set adds param key with value v, written at content (the value's own
// text) inside written (its whole notation: quotes, markers).
func (a *Action) set(key, v string, form ValueForm, written, content source.Range) {
	// No key is written: an empty KeyRange at the value, so hover and
	// completion treat the whole range as the value.
	a.addParam(&Param{Key: key, KeyRange: source.Range{Start: written.Start, End: written.Start}, Value: v, ValueRange: written, ContentRange: content, Form: form})
}

// errorAt is an error diagnostic.
func errorAt(code, msg, hint string, r source.Range) source.Diagnostic {
	return source.Diagnostic{Severity: source.Error, Code: code, Message: msg, Hint: hint, Range: r}
}

// findReplace is one find-and-replace edit of the SEARCH/REPLACE-shaped
// formats (Cline, Roo, Zed): file_replace_text of search by replace in
// path, where search must occur once (line, when > 0, is near_line: it only
// chooses among several exact matches). Ranges with Start < 0 were not
// written.
type findReplace struct {
	syntax          Syntax
	rng, head       source.Range // the edit's whole text; its opening marker or tag
	diags           source.Diagnostics
	path            string
	pathRange       source.Range
	search, replace string
	searchRange     source.Range
	replaceRange    source.Range
	line            int
	lineRange       source.Range
}

// action lowers e. An edit whose search equals its replacement is an
// error (noChange): it would change nothing, so the model meant something
// else, as Roo and the JSON calls' own tools say too.
func (e findReplace) action() *Action {
	a := foreignAction(e.syntax, OpFileReplaceText, e.rng, e.head)
	a.Diags = e.diags
	a.Closed = len(e.diags) == 0
	if e.pathRange.Start >= 0 {
		a.set(ParamPath, e.path, Text, e.pathRange, e.pathRange)
	}
	a.set(ParamOldText, e.search, Body, e.searchRange, e.searchRange)
	a.set(ParamNewText, e.replace, Body, e.replaceRange, e.replaceRange)
	noChange(a)
	if e.line > 0 {
		a.set(ParamNearLine, strconv.Itoa(e.line), Attribute, e.lineRange, e.lineRange)
	}
	return a
}
