package aider

import (
	"github.com/clada-dev/clada/grammar/internal/lines"
	"github.com/clada-dev/clada/source"
)

// checkShape runs a complete block through the SEARCH/REPLACE grammar the
// SEARCH/REPLACE formats share (lines.CheckSearchReplace); nil when it fits.
func checkShape(e Edit) *source.Diagnostic {
	if e.HeadEnd <= e.SearchStart && e.SearchStart <= e.SearchEnd && e.SearchEnd <= e.ReplaceStart && e.ReplaceStart <= e.ReplaceEnd {
		// The parts in the grammar's order, as the scanner finds them: the
		// grammar would take them (a participle parse per block was a tenth
		// of reading 5,000 blocks).
		return nil
	}
	b := lines.SearchReplace{Head: e.HeadStart, Search: e.Search, SearchStart: e.SearchStart, SearchEnd: e.SearchEnd,
		Replace: e.Replace, ReplaceStart: e.ReplaceStart, ReplaceEnd: e.ReplaceEnd}
	if lines.CheckSearchReplace(b) == nil {
		return nil
	}
	d := errorAt("MALFORMED_BLOCK", e.HeadStart, e.HeadEnd, "this SEARCH/REPLACE block is malformed",
		"write <<<<<<< SEARCH, the text, =======, the replacement, >>>>>>> REPLACE, each marker on its own line")
	return &d
}
