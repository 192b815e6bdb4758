package lang

import "github.com/clada-dev/clada/source"

// CheckVersion is the version of the CheckReport schema; it changes only
// when a field changes meaning or goes away (adding fields keeps it).
const CheckVersion = 1

// CheckReport is what `clada check --format json` prints: the parsed blocks,
// every diagnostic (syntax and validation) with resolved positions, and
// counts. docs/check-json.md documents it.
type CheckReport struct {
	Version     int         `json:"version"`
	File        string      `json:"file"`
	Blocks      []BlockJSON `json:"blocks"`
	Diagnostics []CheckDiag `json:"diagnostics"`
	Summary     CheckCounts `json:"summary"`
}

// CheckDiag is one diagnostic of the check report: the resolved positions of
// DiagJSON plus the byte range, so tools can slice the input without
// re-counting characters.
type CheckDiag struct {
	DiagJSON
	Range source.Range `json:"range"`
}

// CheckCounts summarises a check.
type CheckCounts struct {
	Blocks   int `json:"blocks"`
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
}

// NewCheckReport builds the report for d and its diagnostics ds (usually Check(d)).
func NewCheckReport(d *Document, ds source.Diagnostics) *CheckReport {
	dj := &DocJSON{Blocks: blocksJSON(d)} // the diagnostics are ds, not the syntax ones alone
	diags := make([]CheckDiag, len(ds))
	for i, dg := range DiagnosticsJSON(d.File, ds) {
		diags[i] = CheckDiag{DiagJSON: dg, Range: ds[i].Range}
	}
	return &CheckReport{
		Version:     CheckVersion,
		File:        d.File.Name,
		Blocks:      dj.Blocks,
		Diagnostics: diags,
		Summary:     CheckCounts{Blocks: len(dj.Blocks), Errors: ds.Count(source.Error), Warnings: ds.Count(source.Warning)},
	}
}
