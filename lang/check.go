package lang

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
	Diagnostics []DiagJSON  `json:"diagnostics"`
	Summary     CheckCounts `json:"summary"`
}

// CheckCounts summarises a check.
type CheckCounts struct {
	Blocks   int `json:"blocks"`
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
}

// NewCheckReport builds the report for d and its diagnostics ds (usually Check(d)).
func NewCheckReport(d *Document, ds Diagnostics) *CheckReport {
	dj := DocumentJSON(d)
	return &CheckReport{
		Version:     CheckVersion,
		File:        d.File.Name,
		Blocks:      dj.Blocks,
		Diagnostics: DiagnosticsJSON(d.File, ds),
		Summary:     CheckCounts{Blocks: len(dj.Blocks), Errors: ds.Count(Error), Warnings: ds.Count(Warning)},
	}
}
