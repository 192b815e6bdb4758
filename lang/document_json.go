package lang

import "github.com/clada-dev/clada/source"

// DocJSON is the blocks-and-diagnostics part of `clada check --format json`,
// also stored as parse.json in corpus cases. Schema:
//
//	{
//	  "blocks": [{
//	    "syntax": "sham" | "csl" | "cml",
//	    "id": "k7m",               // SHAM block id; omitted for CSL/CML
//	    "op": "file_write",        // as written; "" when missing
//	    "params": {"path": "a.txt", "content": "…"},  // decoded values
//	    "range": {"start": 0, "end": 120},            // byte offsets
//	    "startLine": 1,            // 1-based
//	    "endLine": 6               // null when the block is not closed
//	  }],
//	  "diagnostics": [{
//	    "severity": "error" | "warning" | "info",
//	    "code": "MISMATCHED_END",
//	    "message": "…", "hint": "…",
//	    "line": 3, "column": 1,    // 1-based; columns count characters (runes)
//	    "endLine": 3, "endColumn": 15
//	  }]
//	}
//
// Blocks are actions in source order (a CSL/CML group contributes one entry
// per action). Diagnostics are every syntax diagnostic, sorted by position.
type DocJSON struct {
	Blocks      []BlockJSON `json:"blocks"`
	Diagnostics []DiagJSON  `json:"diagnostics"`
}

// BlockJSON is one action of DocJSON.
type BlockJSON struct {
	Syntax    Syntax            `json:"syntax"`
	ID        string            `json:"id,omitempty"`
	Op        string            `json:"op"`
	Params    map[string]string `json:"params"`
	Range     source.Range      `json:"range"`
	StartLine int               `json:"startLine"`
	EndLine   *int              `json:"endLine"`
}

// DiagJSON is one diagnostic of DocJSON with resolved positions.
type DiagJSON struct {
	Severity  source.Severity `json:"severity"`
	Code      string          `json:"code"`
	Message   string          `json:"message"`
	Hint      string          `json:"hint,omitempty"`
	Line      int             `json:"line"`
	Column    int             `json:"column"`
	EndLine   int             `json:"endLine"`
	EndColumn int             `json:"endColumn"`
}

// DocumentJSON resolves d into its DocJSON form.
func DocumentJSON(d *Document) *DocJSON {
	return &DocJSON{Blocks: blocksJSON(d), Diagnostics: DiagnosticsJSON(d.File, d.Diagnostics())}
}

// blocksJSON is DocJSON's blocks of d.
func blocksJSON(d *Document) []BlockJSON {
	f := d.File
	out := []BlockJSON{}
	for a := range d.Actions() {
		b := BlockJSON{Syntax: a.Syntax, ID: a.ID, Op: a.Op, Params: map[string]string{},
			Range: a.Range, StartLine: f.Line(a.Range.Start)}
		if a.Closed {
			n := f.Line(a.Range.End)
			b.EndLine = &n
		}
		for _, p := range a.Params {
			b.Params[p.Key] = p.Value
		}
		out = append(out, b)
	}
	return out
}

// DiagnosticsJSON resolves diagnostics against f's line table.
func DiagnosticsJSON(f *source.File, ds source.Diagnostics) []DiagJSON {
	out := make([]DiagJSON, 0, len(ds))
	for _, dg := range ds {
		s, e := f.Position(dg.Range.Start), f.Position(dg.Range.End)
		out = append(out, DiagJSON{Severity: dg.Severity, Code: dg.Code,
			Message: dg.Message, Hint: dg.Hint, Line: s.Line, Column: s.Column, EndLine: e.Line, EndColumn: e.Column})
	}
	return out
}
