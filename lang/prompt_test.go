package lang

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// TestPromptExamplesAreValid parses the SHAM instructions as if an LLM had
// copied them: every example block must parse and check with no diagnostic
// at all, and the examples must cover each catalog op exactly once (plus the
// format example at the top), in catalog order.
func TestPromptExamplesAreValid(t *testing.T) {
	var b bytes.Buffer
	if err := Prompt(&b, SHAM); err != nil {
		t.Fatal(err)
	}
	doc := Parse(NewFile("prompt.md", b.Bytes()))
	if ds := Check(doc); len(ds) > 0 {
		for _, d := range ds {
			p := doc.File.Position(d.Range.Start)
			t.Errorf("prompt.md:%d:%d: %s [%s]", p.Line, p.Column, d.Message, d.Code)
		}
	}
	var got []string
	for a := range doc.Actions() {
		got = append(got, a.ID+" "+a.Op)
	}
	want := []string{"k7m file_write"}
	for i, op := range Ops() {
		want = append(want, fmt.Sprintf("e%02d %s", i+1, op.Name))
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("example blocks:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, op := range Ops() {
		if !strings.Contains(b.String(), "\n### "+op.Name+"\n\n"+op.Doc+"\n") {
			t.Errorf("no section for %s with its catalog doc", op.Name)
		}
	}
	if !strings.HasPrefix(b.String(), "# Writing actions for clada (SHAM syntax)\n\n") {
		t.Errorf("prompt starts %q", b.String()[:60])
	}
}

// TestPromptUnsupportedSyntax: CSL/CML instructions do not exist yet; the
// error says which syntax is supported and nothing is written.
func TestPromptUnsupportedSyntax(t *testing.T) {
	for _, s := range []Syntax{CSL, CML} {
		var b bytes.Buffer
		err := Prompt(&b, s)
		if err == nil || !strings.Contains(err.Error(), "supported: sham") {
			t.Errorf("Prompt(%s) error = %v, want one naming the supported syntax", s, err)
		}
		if b.Len() != 0 {
			t.Errorf("Prompt(%s) wrote %d bytes", s, b.Len())
		}
	}
}
