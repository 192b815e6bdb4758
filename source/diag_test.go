package source

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Capped keeps the first limit of each code and severity in order and
// folds the rest of each into one closing diagnostic spanning them, with
// the first folded one's hint; a list within the limit comes back as it is.
func TestCapped(t *testing.T) {
	var ds Diagnostics
	for i := range 5 {
		ds = append(ds, Diagnostic{Severity: Warning, Code: "W", Message: fmt.Sprint("w", i), Hint: fmt.Sprint("h", i), Range: Range{10 * i, 10*i + 2}})
		ds = append(ds, Diagnostic{Severity: Error, Code: "E", Message: fmt.Sprint("e", i), Range: Range{10*i + 5, 10*i + 6}})
	}
	ds = append(ds, Diagnostic{Severity: Error, Code: "W", Message: "an error of code W", Range: Range{99, 100}})
	got := ds.Capped(2)
	want := Diagnostics{
		ds[0], ds[1], ds[2], ds[3],
		{Severity: Warning, Code: "W", Hint: "h2", Range: Range{20, 42}, Folded: 3,
			Message: "and 3 more W warnings like these in this block (clada lists the first 2 of a kind per block)"},
		{Severity: Error, Code: "E", Range: Range{25, 46}, Folded: 3,
			Message: "and 3 more E errors like these in this block (clada lists the first 2 of a kind per block)"},
		ds[10],
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Capped(2) (-want +got):\n%s", diff)
	}
	if got := ds.Capped(5); len(got) != len(ds) {
		t.Errorf("Capped(5) folded a list within the limit: %d of %d", len(got), len(ds))
	}
	if got := ds[:2].Capped(1); len(got) != 2 {
		t.Errorf("Capped(1) of two codes folded: %v", got)
	}
}

// Folding an answer's diagnostics counts a block's own closing diagnostic
// as the ones it stands for: one block's fold stays as it is, and the folds
// of several blocks add up (the report said "and 1 more" for a block that
// had folded 4).
func TestCappedPerCountsBlockFolds(t *testing.T) {
	block := func(start, n int) Diagnostics {
		var ds Diagnostics
		for i := range n {
			ds = append(ds, Diagnostic{Severity: Warning, Code: "UNKNOWN_PARAM", Message: "m", Range: Range{Start: start + i, End: start + i + 1}})
		}
		return ds.Capped(10)
	}
	one := block(0, 14)
	if got := one.CappedPer(10, "answer"); len(got) != 11 || got[10].Message != "and 4 more UNKNOWN_PARAM warnings like these in this block (clada lists the first 10 of a kind per block)" {
		t.Fatalf("one block: %d diagnostics, last %q", len(got), got[len(got)-1].Message)
	}
	two := append(block(0, 14), block(100, 14)...)
	got := two.CappedPer(10, "answer")
	if len(got) != 11 || got[10].Message != "and 18 more UNKNOWN_PARAM warnings like these in this answer (clada lists the first 10 of a kind per answer)" {
		t.Fatalf("two blocks: %d diagnostics, last %q", len(got), got[len(got)-1].Message)
	}
	if got[10].Range != (Range{Start: 10, End: 114}) {
		t.Fatalf("two blocks: closing range %v", got[10].Range)
	}
	var many Diagnostics
	for i := range 13 {
		many = append(many, block(10*i, 1)...)
	}
	if got := many.CappedPer(10, "answer"); len(got) != 11 || got[10].Message != "and 3 more UNKNOWN_PARAM warnings like these in this answer (clada lists the first 10 of a kind per answer)" {
		t.Fatalf("13 blocks: %d diagnostics, last %q", len(got), got[len(got)-1].Message)
	}
	// the count is the closing diagnostic's Folded, not read from its
	// words: a message that reads like one counts as one diagnostic
	var worded Diagnostics
	for i := range 11 {
		worded = append(worded, Diagnostic{Severity: Warning, Code: "UNKNOWN_PARAM", Range: Range{Start: i, End: i + 1},
			Message: "and 40 more UNKNOWN_PARAM warnings like these in this block (clada lists the first 10 of a kind per block)"})
	}
	worded[10].Folded, worded[10].Message = 7, "seven more"
	if got := append(worded, worded[10]).CappedPer(10, "answer"); len(got) != 11 || got[10].Folded != 14 || got[10].Message != "and 14 more UNKNOWN_PARAM warnings like these in this answer (clada lists the first 10 of a kind per answer)" {
		t.Fatalf("by the field: %d diagnostics, last %+v", len(got), got[len(got)-1])
	}
}
