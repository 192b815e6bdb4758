package source

import (
	"fmt"
	"sort"
)

// Range is a half-open span of byte offsets [Start, End) into a File's source.
// Line/column are derived on demand through File, so a parsed block can be
// moved (cached and relocated) by adding a delta to its offsets.
type Range struct {
	Start int `json:"start"`
	End   int `json:"end"`
}

// Shift returns r moved by delta bytes.
func (r Range) Shift(delta int) Range { return Range{r.Start + delta, r.End + delta} }

// Contains reports whether off lies inside r (an empty range contains its start).
func (r Range) Contains(off int) bool {
	return off >= r.Start && (off < r.End || (r.Start == r.End && off == r.Start))
}

// Severity orders diagnostics; Error stops an action from running.
type Severity uint8

const (
	Error Severity = iota + 1
	Warning
	Info
)

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	case Info:
		return "info"
	}
	return fmt.Sprintf("severity(%d)", s)
}

// MarshalText makes severities read as words in JSON.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Diagnostic is the one problem type every layer reports: parse errors,
// validation errors and workspace checks alike. It is returned beside values,
// never thrown. Code is a stable machine-readable identifier (SHAM codes are
// nesl-js's); Message says what is wrong in plain words; Hint says how to fix it.
type Diagnostic struct {
	Severity Severity `json:"severity"`
	Code     string   `json:"code"`
	Message  string   `json:"message"`
	Hint     string   `json:"hint,omitempty"`
	Range    Range    `json:"range"`
}

// Diagnostics is an ordered list of problems.
type Diagnostics []Diagnostic

// HasErrors reports whether any diagnostic is an error.
func (ds Diagnostics) HasErrors() bool {
	for _, d := range ds {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// Count returns how many diagnostics have severity s.
func (ds Diagnostics) Count(s Severity) int {
	n := 0
	for _, d := range ds {
		if d.Severity == s {
			n++
		}
	}
	return n
}

// Sort orders by position, then severity, then code, so output is stable.
func (ds Diagnostics) Sort() {
	sort.SliceStable(ds, func(i, j int) bool {
		a, b := ds[i], ds[j]
		if a.Range.Start != b.Range.Start {
			return a.Range.Start < b.Range.Start
		}
		if a.Severity != b.Severity {
			return a.Severity < b.Severity
		}
		return a.Code < b.Code
	})
}
