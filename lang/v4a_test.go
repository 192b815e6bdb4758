package lang

import (
	"strings"
	"testing"

	"github.com/clada-dev/clada/corpus"
	"github.com/clada-dev/clada/source"
	"github.com/google/go-cmp/cmp"
)

// TestV4ACorpus checks every corpus/v4a case's parse.json golden.
func TestV4ACorpus(t *testing.T) {
	cases, err := corpus.Load()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range cases {
		if !strings.HasPrefix(c.Name, "v4a/") {
			continue
		}
		n++
		t.Run(c.Name, func(t *testing.T) { parseGolden(t, c, "TestV4ACorpus") })
	}
	if n == 0 {
		t.Fatal("no corpus/v4a case")
	}
}

// TestV4ALowering checks what each section lowers into, in order, with the
// params the engine reads.
func TestV4ALowering(t *testing.T) {
	src := "prose\n*** Begin Patch\n*** Add File: n.txt\n+a\n+b\n*** Delete File: d.txt\n" +
		"  *** Update File: u.txt\n*** Move to: v/u.txt\n@@ class A\n@@ def f():\n x\n-y\n+z\n*** End of File\n@@ -7,2 +7,3 @@\n+tail\n*** End Patch\nmore prose\n"
	doc := Parse(source.NewFile("a.md", []byte(src)))
	if ds := doc.Diagnostics(); len(ds) != 0 {
		t.Fatalf("diagnostics: %+v", ds)
	}
	if len(doc.Groups) != 1 || doc.Groups[0].Kind != Patch || doc.Groups[0].Syntax != V4A {
		t.Fatalf("groups = %+v", doc.Groups)
	}
	type act struct {
		Op     string
		Params map[string]string
	}
	var got []act
	for a := range doc.Actions() {
		m := map[string]string{}
		for _, p := range a.Params {
			m[p.Key] = p.Value
		}
		got = append(got, act{a.Op, m})
	}
	want := []act{
		{"file_write", map[string]string{"path": "n.txt", "content": "a\nb\n"}},
		{"file_delete", map[string]string{"path": "d.txt"}},
		{"file_replace_text", map[string]string{"path": "u.txt", "old_text": "x\ny\n", "new_text": "x\nz\n", "anchor": "class A\ndef f():", "at_end": "true", "tolerance": "whitespace"}},
		{"file_replace_text", map[string]string{"path": "u.txt", "old_text": "", "new_text": "tail\n", "tolerance": "whitespace"}},
		{"file_move", map[string]string{"old_path": "u.txt", "new_path": "v/u.txt"}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("actions (-want +got):\n%s", diff)
	}
	g := doc.Groups[0]
	if s := src[g.Range.Start:g.Range.End]; !strings.HasPrefix(s, "*** Begin Patch") || !strings.HasSuffix(s, "*** End Patch") {
		t.Errorf("group range covers %q", s)
	}
	if p := g.Actions[2].Param("path"); src[p.ValueRange.Start:p.ValueRange.End] != "u.txt" {
		t.Errorf("path range covers %q", src[p.ValueRange.Start:p.ValueRange.End])
	}
}

// A whole input that is a JSON array of Responses API output items reads
// its apply_patch_call items and passes over the others.
func TestV4ACallsWholeInput(t *testing.T) {
	src := `[{"type": "message", "content": []},
 {"type": "apply_patch_call", "call_id": "c1", "operation": {"type": "delete_file", "path": "a <b>.txt"}}]`
	doc := Parse(source.NewFile("out.json", []byte(src)))
	if ds := doc.Diagnostics(); len(ds) != 0 {
		t.Fatalf("diagnostics: %+v", ds)
	}
	var got []string
	for a := range doc.Actions() {
		p := a.Param("path")
		got = append(got, a.Op+" "+p.Value+" @ "+doc.File.Text(p.ContentRange))
	}
	if want := []string{"file_delete a <b>.txt @ a <b>.txt"}; !cmp.Equal(want, got) {
		t.Fatalf("actions = %q, want %q", got, want)
	}
}
