package v4a

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/clada-dev/clada/grammar/internal/lines"
	"github.com/clada-dev/clada/source"
)

// Split delimits each envelope: to its End Patch (bad lines inside are
// Parse's), or, unclosed, to the last line a patch may hold; an indented
// marker is left to lang's indented view.
func TestSplit(t *testing.T) {
	src := "prose\n*** Begin Patch\n*** Add File: a\n+x\nbad line\n*** End Patch\nmid\n" +
		"*** Begin Patch  \n*** Delete File: b\nThanks!\n  *** Begin Patch\n"
	var got []string
	for _, s := range Split([]byte(src)) {
		got = append(got, src[s.Start:s.End])
	}
	want := []string{
		"*** Begin Patch\n*** Add File: a\n+x\nbad line\n*** End Patch",
		"*** Begin Patch  \n*** Delete File: b",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("spans (-want +got):\n%s", diff)
	}
}

// Parse keeps the hunks' lines exactly, splits hunks at @@, takes each
// @@ text as an anchor, and reports a bad line at its bytes.
func TestParseHunks(t *testing.T) {
	src := "*** Begin Patch\n*** Update File: f\n@@ class A\n@@ def g(): @@\n ctx\n-old \n+new\n\n@@\n+added\n*** End of File\n*** End Patch"
	p := Parse([]byte(src))
	if len(p.Diags) != 0 || len(p.Files) != 1 {
		t.Fatalf("errs %+v files %d", p.Diags, len(p.Files))
	}
	type hunk struct {
		Anchors  []string
		Old, New string
		AtEnd    bool
	}
	var got []hunk
	for _, h := range p.Files[0].Hunks {
		got = append(got, hunk{h.Anchors, h.Old, h.New, h.AtEnd})
	}
	want := []hunk{
		{[]string{"class A", "def g():"}, "ctx\nold \n\n", "ctx\nnew\n\n", false},
		{nil, "", "added\n", true},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("hunks (-want +got):\n%s", diff)
	}
	// Lines without their prefix (as Copilot's model writes context) are
	// read as context, with one warning over each run of them.
	bareSrc := "*** Begin Patch\n*** Update File: f\n@@\nno prefix\nnor this\n-x\n+y\n\tthird\n*** End Patch\n"
	bare := Parse([]byte(bareSrc))
	var warns []string
	for _, d := range bare.Diags {
		warns = append(warns, d.Severity.String()+" "+d.Code+" "+bareSrc[d.Range.Start:d.Range.End]+": "+d.Message)
	}
	wantWarns := []string{
		"warning V4A_UNPREFIXED_CONTEXT no prefix\nnor this: 2 hunk lines start with neither ' ', '-' nor '+'; they are read as context lines",
		"warning V4A_UNPREFIXED_CONTEXT \tthird: hunk line `\tthird` starts with neither ' ', '-' nor '+'; it is read as a context line",
	}
	if diff := cmp.Diff(wantWarns, warns); diff != "" {
		t.Fatalf("unprefixed lines' diagnostics (-want +got):\n%s", diff)
	}
	if h := bare.Files[0].Hunks[0]; h.Old != "no prefix\nnor this\nx\n\tthird\n" || h.New != "no prefix\nnor this\ny\n\tthird\n" {
		t.Fatalf("unprefixed hunk old %q new %q", h.Old, h.New)
	}
}

// The grammar's hunk boundaries: `@@` lines before any hunk line (an
// unprefixed line among them is its context) head one hunk, which may
// start without `@@`; after `*** End
// of File` every line is misplaced until the next `@@`; an End of File
// before any hunk is misplaced too. Each error is at its line.
func TestParseHunkBoundaries(t *testing.T) {
	src := "*** Begin Patch\n*** Update File: f\n*** End of File\nbad\n@@ a\n ctx\n*** End of File\n+late\n@@\n*** End Patch\n"
	p := Parse([]byte(src))
	type hunk struct {
		At       string
		Anchors  []string
		Old, New string
		AtEnd    bool
	}
	var got []hunk
	for _, h := range p.Files[0].Hunks {
		got = append(got, hunk{src[h.Start:h.End], h.Anchors, h.Old, h.New, h.AtEnd})
	}
	want := []hunk{
		{"bad\n@@ a\n ctx\n*** End of File\n+late", []string{"a"}, "bad\nctx\n", "bad\nctx\n", true},
		{"@@", nil, "", "", false},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("hunks (-want +got):\n%s", diff)
	}
	var errs []string
	for _, e := range p.Diags {
		errs = append(errs, e.Code+" "+src[e.Range.Start:e.Range.End]+": "+e.Message)
	}
	wantErrs := []string{
		"V4A_BAD_HUNK_LINE *** End of File: `*** End of File` outside a hunk",
		"V4A_UNPREFIXED_CONTEXT bad: hunk line `bad` starts with neither ' ', '-' nor '+'; it is read as a context line",
		"V4A_BAD_HUNK_LINE +late: a hunk line after `*** End of File`",
		"V4A_EMPTY_UPDATE @@: the hunk has no lines",
	}
	if diff := cmp.Diff(wantErrs, errs); diff != "" {
		t.Fatalf("errors (-want +got):\n%s", diff)
	}
}

// A text that does not start with `*** Begin Patch` is the one stream the
// grammar refuses; it is reported in the scanner's words, at the start.
func TestParseNoBegin(t *testing.T) {
	for _, src := range []string{"", "*** Add File: a\n+x\n*** End Patch\n", "  \n*** Begin Patch\n*** End Patch"} {
		p := Parse([]byte(src))
		want := source.Diagnostics{{Severity: source.Error, Code: MissingEnd, Message: "the patch does not start with `*** Begin Patch`", Hint: "start the patch with a line `*** Begin Patch`"}}
		if diff := cmp.Diff(want, p.Diags); diff != "" || len(p.Files) != 0 {
			t.Fatalf("%q: files %d, errors (-want +got):\n%s", src, len(p.Files), diff)
		}
	}
}

// An apply_patch_call's path is read as a patch header's is: the blanks
// around it are padding, so " a.py " names a.py (and editors point at the
// name itself); a path of blanks is no path, and a line break is refused.
func TestParseCallsPathBlanks(t *testing.T) {
	src := `[{"type":"reasoning"},{"type":"apply_patch_call","operation":{"type":"update_file","path":" a.py ","diff":"@@\n-0\n+1\n"}},` +
		`{"type":"apply_patch_call","operation":{"type":"delete_file","path":"  "}},` +
		`{"type":"apply_patch_call","operation":{"type":"delete_file","path":"b\nc"}}]`
	p := ParseCalls([]byte(src))
	if len(p.Files) != 1 || p.Files[0].Path != "a.py" {
		t.Fatalf("files %+v, want one for a.py", p.Files)
	}
	if sp := p.Files[0].PathSpan; src[sp.Start:sp.End] != "a.py" {
		t.Errorf("path span covers %q, want a.py", src[sp.Start:sp.End])
	}
	var got []string
	for _, d := range p.Diags {
		got = append(got, d.Code+": "+d.Message)
	}
	want := []string{
		"V4A_BAD_CALL: the apply_patch_call has no operation path",
		`V4A_BAD_CALL: the operation path "b\nc" holds a line break`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
}

// A patch of more than MaxSteps hunks and file sections is refused whole,
// at its Begin line, before the grammar runs; one at the cap is read. The
// items of one apply_patch_call set count together.
func TestPatchTooBig(t *testing.T) {
	patch := func(hunks int) []byte {
		var b strings.Builder
		b.WriteString("*** Begin Patch\n*** Update File: a.txt\n@@ one hunk\n@@ narrowed twice\n-x\n+y\n")
		for i := 1; i < hunks; i++ {
			fmt.Fprintf(&b, "@@\n-l%d\n+m%d\n", i, i)
		}
		b.WriteString("*** Add File: b.txt\n+b\n*** End Patch\n")
		return []byte(b.String())
	}
	p := Parse(patch(MaxSteps - 2)) // the hunks, the Update and the Add
	if len(p.Diags) != 0 || len(p.Files) != 2 || len(p.Files[0].Hunks) != MaxSteps-2 {
		t.Fatalf("at the cap: diags %v, %d files", p.Diags, len(p.Files))
	}
	p = Parse(patch(MaxSteps - 1))
	want := source.Diagnostics{{Severity: source.Error, Code: TooBig, Range: source.Range{Start: 0, End: 15},
		Message: "the patch holds 20001 hunks and file sections; clada reads at most 20000 in one patch",
		Hint:    "split the work into patches of at most 20000 hunks each; nothing of this patch is applied"}}
	if diff := cmp.Diff(want, p.Diags); diff != "" || len(p.Files) != 0 {
		t.Fatalf("over the cap: %d files, diags (-want +got):\n%s", len(p.Files), diff)
	}

	var items []string
	for i := range MaxSteps/2 + 1 {
		items = append(items, fmt.Sprintf(`{"type":"apply_patch_call","operation":{"type":"update_file","path":"f%d","diff":"@@\n-a\n+b\n@@\n-c\n+d\n"}}`, i))
	}
	p = ParseCalls([]byte("[" + strings.Join(items, ",") + "]"))
	if len(p.Files) != 0 || len(p.Diags) != 1 || p.Diags[0].Code != TooBig {
		t.Fatalf("items over the cap: %d files, diags %v", len(p.Files), p.Diags)
	}
}

// The same error on a run of lines is one diagnostic over the run, saying
// how many lines; the same error elsewhere is its own.
func TestParseErrorRuns(t *testing.T) {
	src := "*** Begin Patch\n*** Update File: f\n@@\n-a\n+b\n*** End of File\n+x1\n+x2\n+x3\n@@\n c\n*** End of File\n+y\n*** End Patch\n"
	p := Parse([]byte(src))
	var got []string
	for _, d := range p.Diags {
		got = append(got, src[d.Range.Start:d.Range.End]+": "+d.Message)
	}
	want := []string{
		"+x1\n+x2\n+x3: a hunk line after `*** End of File` (on 3 lines in a row)",
		"+y: a hunk line after `*** End of File`",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("diagnostics (-want +got):\n%s", diff)
	}
}

// A patch of only the common lines skips participle (parseSimple); it must
// read exactly as the grammar reads it. Random patches of every kind of
// line, the uncommon ones included (which send the patch to the grammar),
// are read both ways.
func TestParseSimple(t *testing.T) {
	kinds := []string{"*** End Patch", "*** Add File: a.txt", "*** Delete File: b.txt", "*** Update File: c.txt",
		"@@", "@@ def f():", " context", "-removed", "+added", "", "   ", "  *** Update File: d.txt",
		"*** Move to: e.txt", " *** Move to: e.txt", "*** End of File", "\t", "no prefix", "*** Other", "*** Begin Patch"}
	simple := 0
	for seed := range uint64(3000) {
		rng := rand.New(rand.NewPCG(seed, 5))
		var b strings.Builder
		b.WriteString("*** Begin Patch\n")
		n := 1 + rng.IntN(14)
		common := 12 // the kinds before this index are the common ones
		if seed%3 == 0 {
			common = len(kinds)
		}
		for range n {
			b.WriteString(kinds[rng.IntN(common)] + "\n")
		}
		if rng.IntN(4) > 0 {
			b.WriteString("*** End Patch\n")
		}
		src := []byte(b.String())
		want, got := parse(src, false), parse(src, true)
		if diff := cmp.Diff(want, got, cmp.AllowUnexported(Patch{})); diff != "" {
			t.Fatalf("%q: (-grammar +simple):\n%s", src, diff)
		}
		if parseSimple(lexPatch(src, lines.Split(src))) != nil {
			simple++
		}
	}
	if simple < 500 {
		t.Fatalf("only %d of 3000 patches took the simple parse", simple)
	}
}
