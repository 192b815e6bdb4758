package lang

import "github.com/clada-dev/clada/source"

// Helpers the foreign edit formats (aider, unified diff, JSON tool calls,
// the replacer format) share to build actions: none of them has keys of its
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
