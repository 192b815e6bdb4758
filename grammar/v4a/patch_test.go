package v4a

import (
	"testing"

	"github.com/google/go-cmp/cmp"
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
	if len(p.Errs) != 0 || len(p.Files) != 1 {
		t.Fatalf("errs %+v files %d", p.Errs, len(p.Files))
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
	bad := Parse([]byte("*** Begin Patch\n*** Update File: f\n@@\nno prefix\n*** End Patch\n"))
	if len(bad.Errs) != 1 || bad.Errs[0].Code != BadHunkLine || src2(bad, "*** Begin Patch\n*** Update File: f\n@@\nno prefix\n*** End Patch\n") != "no prefix" {
		t.Fatalf("errs = %+v", bad.Errs)
	}
}

func src2(p *Patch, s string) string { return s[p.Errs[0].Start:p.Errs[0].End] }
