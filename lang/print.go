package lang

import (
	"fmt"
	"io"
)

// Print writes the actions of d as canonical blocks of syntax to. Prose
// between blocks is not kept: the output is the actions only, one block per
// action, in source order. Printing then parsing gives the same ops, ids
// (where the target syntax has ids) and params.
//
// Each syntax has its own printer file (print_sham.go, …), which its
// SyntaxDef names.
func Print(w io.Writer, d *Document, to Syntax) error {
	if p := to.Def().print; p != nil {
		return p(w, d)
	}
	return fmt.Errorf("print: no printer for syntax %s", to)
}

// orderedParams returns a's params with the op's catalog params first, in
// catalog order, then unknown params in source order.
func orderedParams(a *Action) []*Param {
	spec := Lookup(a.Op)
	if spec == nil {
		return a.Params
	}
	out := make([]*Param, 0, len(a.Params))
	for _, ps := range spec.Params {
		if p := a.Param(ps.Name); p != nil {
			out = append(out, p)
		}
	}
	for _, p := range a.Params {
		if spec.Param(p.Key) == nil {
			out = append(out, p)
		}
	}
	return out
}
