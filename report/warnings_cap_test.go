package report

import (
	"fmt"
	"strings"
	"testing"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// A warning every block of an answer makes (a diff whose every hunk has
// wrong counts) is listed lang.MaxDiagsPerKind times, then once more with
// how many were left out; the 10,000 hunks of a diff gave 10,000 copies.
func TestWarningsCappedPerAnswer(t *testing.T) {
	var b strings.Builder
	b.WriteString("--- a/f.txt\n+++ b/f.txt\n")
	for k := range 13 {
		fmt.Fprintf(&b, "@@ -%d,5 +%d,5 @@\n-line %d\n+LINE %d\n", 10*k+1, 10*k+1, k, k)
	}
	doc := lang.Parse(source.NewFile("a.diff", []byte(b.String())))
	got := warnings(doc)
	if len(got) != lang.MaxDiagsPerKind+1 {
		t.Fatalf("%d warnings, want %d", len(got), lang.MaxDiagsPerKind+1)
	}
	for i, w := range got[:lang.MaxDiagsPerKind] {
		if w.d.Code != "HUNK_RECOUNTED" || w.line != 3+3*i {
			t.Fatalf("warning %d: %s at line %d, want HUNK_RECOUNTED at line %d", i, w.d.Code, w.line, 3+3*i)
		}
	}
	last := got[lang.MaxDiagsPerKind]
	want := "and 3 more HUNK_RECOUNTED warnings like these in this answer (clada lists the first 10 of a kind per answer)"
	if last.d.Message != want || last.line != 33 || last.blockID != "" {
		t.Fatalf("closing warning: %q at line %d (block %q), want %q at line 33", last.d.Message, last.line, last.blockID, want)
	}
	rep := &engine.Report{Success: true, TotalBlocks: 13, ExecutedActions: 13}
	if out := render(t, "summary", doc, rep, Options{}); strings.Count(out, "HUNK_RECOUNTED")+strings.Count(out, "counts were corrected") != 11 {
		t.Fatalf("summary lists the warning %d times, want 11:\n%s", strings.Count(out, "counts were corrected"), out)
	}
}

// clada check's text lists ten of a code and one line for the rest, and
// counts them all in its summary; the machine formats list every one.
func TestCheckTextCapsRepeats(t *testing.T) {
	var b strings.Builder
	b.WriteString("--- a/f.txt\n+++ b/f.txt\n")
	for k := range 13 {
		fmt.Fprintf(&b, "@@ -%d,5 +%d,5 @@\n-line %d\n+LINE %d\n", 10*k+1, 10*k+1, k, k)
	}
	doc := lang.Parse(source.NewFile("a.diff", []byte(b.String())))
	files := []Checked{{Doc: doc, Diags: lang.Check(doc)}}
	var text, js strings.Builder
	if err := WriteCheck(&text, "text", files, CheckOptions{}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(text.String(), "[HUNK_RECOUNTED]"); n != 11 {
		t.Fatalf("text lists %d HUNK_RECOUNTED lines, want 11:\n%s", n, text.String())
	}
	if !strings.Contains(text.String(), "a.diff:33:1: warning: and 3 more HUNK_RECOUNTED warnings like these in this answer") ||
		!strings.HasSuffix(text.String(), "0 errors, 13 warnings in 13 blocks\n") {
		t.Fatalf("text output:\n%s", text.String())
	}
	if err := WriteCheck(&js, "json", files, CheckOptions{}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(js.String(), `"HUNK_RECOUNTED"`); n != 13 {
		t.Fatalf("json lists %d HUNK_RECOUNTED, want 13", n)
	}
}
