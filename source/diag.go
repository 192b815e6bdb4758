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
	// Folded is, on the closing diagnostic of a cap ("and N more … like
	// these", CappedPer), the N it stands for, so that a cap over a larger
	// scope counts it as them; 0 on any other. No output prints it (its
	// message says it): it is not in the JSON.
	Folded int `json:"-"`
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
			n += max(1, d.Folded) // a cap's closing diagnostic stands for those it folded
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

// Capped keeps, of each code (and severity), the first limit diagnostics in
// ds's order and folds the rest into one closing diagnostic of that code,
// "and N more … in this block", spanning from the first it leaves out to
// the last, with that first one's hint: a block with 60,000 unknown
// attributes says so in eleven lines, not 60,000, as go/scanner stops
// listing errors after ten. ds is the diagnostics of one block; it is
// returned as it is when nothing needs folding.
func (ds Diagnostics) Capped(limit int) Diagnostics { return ds.CappedPer(limit, "block") }

// CappedPer is Capped over a scope other than a block ("answer": a report
// of a whole answer, where a diff of 10,000 hunks with wrong counts gave
// 10,000 copies of one warning), named in the closing diagnostic. A
// closing diagnostic of a smaller scope (a block's "and 4 more") counts as
// the diagnostics it stands for: one block's own fold is left as it is,
// and folds of several blocks add up.
func (ds Diagnostics) CappedPer(limit int, scope string) Diagnostics {
	if len(ds) <= limit {
		return ds
	}
	type kind struct {
		code string
		sev  Severity
	}
	lines, folds := map[kind]int{}, map[kind]int{}
	over := false
	for _, d := range ds {
		k := kind{d.Code, d.Severity}
		lines[k]++
		if d.Folded > 0 {
			folds[k]++
		}
		// A kind's lines fit when they are at most limit plus one closing
		// diagnostic of a smaller scope.
		over = over || lines[k] > limit+1 || lines[k] == limit+1 && folds[k] != 1
	}
	if !over {
		return ds
	}
	out := make(Diagnostics, 0, len(lines)*(limit+1))
	folded := map[kind]int{} // index in out of each kind's closing diagnostic
	kept, more := map[kind]int{}, map[kind]int{}
	for _, d := range ds {
		k := kind{d.Code, d.Severity}
		if d.Folded == 0 && kept[k] < limit {
			kept[k]++
			out = append(out, d)
			continue
		}
		more[k] += max(1, d.Folded)
		i, ok := folded[k]
		if !ok {
			folded[k] = len(out)
			out = append(out, Diagnostic{Severity: d.Severity, Code: d.Code, Hint: d.Hint, Range: d.Range})
			i = len(out) - 1
		}
		c := &out[i]
		c.Range.Start, c.Range.End = min(c.Range.Start, d.Range.Start), max(c.Range.End, d.Range.End)
	}
	for k, i := range folded {
		out[i].Folded = more[k]
		out[i].Message = fmt.Sprintf("and %d more %s %ss like these in this %s (clada lists the first %d of a kind per %s)", more[k], k.code, k.sev, scope, limit, scope)
	}
	return out
}
