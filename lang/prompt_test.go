package lang

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/clada-dev/clada/source"
)

// TestPromptExamplesAreValid parses each syntax's instructions as if an LLM
// had copied them: every example must parse and check with no diagnostic at
// all, and the examples must cover each catalog op exactly once (after the
// format example at the top), in catalog order. engine's
// TestPromptExamplesApply applies them.
func TestPromptExamplesAreValid(t *testing.T) {
	tests := []struct {
		syntax Syntax
		title  string
		format []string // ops of the format example
		musts  []string // how file_write's path is described, syntax rules
	}{
		{SHAM, "# Writing actions for clada (SHAM syntax)\n\n", []string{"file_write"}, []string{"- `path` (path, required): File to write.\n", "column 1", "`count = \"3\"`", "leave one empty line before `EOT_SHAM_ID`"}},
		{CSL, "# Writing actions for clada (CSL syntax)\n\n", []string{"file_write", "file_replace_text"}, []string{"- attribute `file` (path, required): File to write.\n", "column 1", "`count=\"3\"`", "its last line's newline is part of it"}},
		{CML, "# Writing actions for clada (CML syntax)\n\n", []string{"file_write", "file_replace_text"}, []string{"- attribute `path` (path, required): File to write.\n", "`count=\"3\"`", "the one line break right after an opening tag", "`]]&gt;`"}},
	}
	for _, tt := range tests {
		t.Run(tt.syntax.String(), func(t *testing.T) {
			var b bytes.Buffer
			if err := Prompt(&b, tt.syntax); err != nil {
				t.Fatal(err)
			}
			doc := Parse(source.NewFile("prompt.md", b.Bytes()))
			for _, d := range Check(doc) {
				p := doc.File.Position(d.Range.Start)
				t.Errorf("prompt.md:%d:%d: %s [%s]", p.Line, p.Column, d.Message, d.Code)
			}
			var got []string
			for a := range doc.Actions() {
				if a.Syntax != tt.syntax {
					t.Errorf("an example block in %s", a.Syntax)
				}
				got = append(got, Lookup(a.Op).Name)
			}
			want := append([]string(nil), tt.format...)
			for _, op := range Ops() {
				want = append(want, op.Name)
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("example ops:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			text := b.String()
			for _, op := range Ops() {
				if !strings.Contains(text, "\n### "+op.Name+"\n\n"+op.Doc+"\n") {
					t.Errorf("no section for %s with its catalog doc", op.Name)
				}
			}
			for _, must := range append(tt.musts, tt.title, "## Commands\n", "no input", "time limit", "`[output truncated]`", "=== CLADA RESULTS ===\n") {
				if !strings.Contains(text, must) {
					t.Errorf("prompt lacks %q", must)
				}
			}
			if !strings.HasPrefix(text, tt.title) {
				t.Errorf("prompt starts %q", text[:60])
			}
		})
	}
}

// TestPromptSHAMIDs: the SHAM examples carry ids e01, e02, … after k7m, all
// different, as the rules ask.
func TestPromptSHAMIDs(t *testing.T) {
	var b bytes.Buffer
	if err := Prompt(&b, SHAM); err != nil {
		t.Fatal(err)
	}
	var got []string
	for a := range Parse(source.NewFile("p.md", b.Bytes())).Actions() {
		got = append(got, a.ID)
	}
	want := []string{"k7m"}
	for i := range Ops() {
		want = append(want, fmt.Sprintf("e%02d", i+1))
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("ids %v, want %v", got, want)
	}
}

// TestPromptUnknownSyntax: a syntax without a printer is an error, and
// nothing is written.
func TestPromptUnknownSyntax(t *testing.T) {
	var b bytes.Buffer
	err := Prompt(&b, Syntax(99))
	if err == nil || !strings.Contains(err.Error(), "supported: sham, csl, cml") {
		t.Errorf("error = %v, want one naming the supported syntaxes", err)
	}
	if b.Len() != 0 {
		t.Errorf("wrote %d bytes", b.Len())
	}
}

// Each syntax's prompt opens its first example with the syntax's fence
// (SyntaxDef.Fence), the one the editor writes over a converted block.
// A whole-file block is its own fence, whose info string is the file's
// language: its prompt opens with ```python and its Fence is "".
func TestPromptFencesAreTheSyntaxs(t *testing.T) {
	for _, s := range Syntaxes() {
		if s == WholeFile {
			continue
		}
		var b strings.Builder
		if err := Prompt(&b, s); err != nil {
			t.Fatal(err)
		}
		for l := range strings.SplitSeq(b.String(), "\n") {
			if strings.HasPrefix(l, "```") {
				if want := "```" + s.Def().Fence; l != want {
					t.Errorf("%s: the first fence of its prompt is %q, its descriptor says %q", s, l, want)
				}
				break
			}
		}
	}
}
