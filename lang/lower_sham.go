package lang

import "github.com/clada-dev/clada/grammar/sham"

// shamFrontEnd reads SHAM: every block is a standalone group of one action.
var shamFrontEnd = frontEnd{
	syntax: SHAM,
	split:  splitSHAM,
	lower:  lowerSHAM,
}

// splitSHAM finds SHAM block spans; headers that cannot be read become
// document diagnostics.
func splitSHAM(src []byte) ([]Range, Diagnostics) {
	spans, errs := sham.Split(src)
	out := make([]Range, len(spans))
	for i, s := range spans {
		out[i] = Range{s.Start, s.End}
	}
	return out, shamDiags(errs, 0)
}

// lowerSHAM parses one block text into a Group with ranges relative to the
// block start. The "action" key becomes the op; other keys become params.
func lowerSHAM(text []byte) *Group {
	b := sham.ParseBlock(text)
	whole := Range{0, b.End}
	a := &Action{
		Syntax:  SHAM,
		ID:      b.ID,
		IDRange: Range{b.IDStart, b.IDEnd},
		Range:   whole,
		Closed:  b.Closed,
		Diags:   shamDiags(b.Errors, 0),
		Params:  make([]*Param, 0, len(b.Params)),
	}
	for _, p := range b.Params {
		if p.Key == "action" {
			a.Op, a.OpRange = p.Value, Range{p.ContentStart, p.ContentEnd}
			continue
		}
		form := Quoted
		if p.Heredoc {
			form = Heredoc
		}
		a.Params = append(a.Params, &Param{
			Key:          p.Key,
			KeyRange:     Range{p.KeyStart, p.KeyEnd},
			Value:        p.Value,
			ValueRange:   Range{p.ValueStart, p.ValueEnd},
			ContentRange: Range{p.ContentStart, p.ContentEnd},
			Form:         form,
		})
	}
	return &Group{Syntax: SHAM, Kind: Standalone, Range: whole, Actions: []*Action{a}}
}

// shamDiags turns grammar errors into Diagnostics moved by delta bytes.
func shamDiags(errs []sham.Error, delta int) Diagnostics {
	if len(errs) == 0 {
		return nil
	}
	out := make(Diagnostics, len(errs))
	for i, e := range errs {
		out[i] = Diagnostic{Severity: Error, Code: e.Code, Message: e.Message, Hint: e.Hint,
			Range: Range{e.Start + delta, e.End + delta}}
	}
	return out
}
