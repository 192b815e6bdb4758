package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
	"github.com/google/go-cmp/cmp"
)

// sampleReport has one of each kind of outcome the renderers distinguish.
func sampleReport() *engine.Report {
	return &engine.Report{
		TotalBlocks: 4, ExecutedActions: 2,
		Results: []engine.ActionResult{
			{Seq: 1, Task: "task-1", BlockID: "w1", Action: "file_write", Primary: "path",
				Params: map[string]string{"action": "file_write", "path": "a.txt", "content": "x"},
				Result: engine.Result{Success: true}},
			{Seq: 2, Task: "task-2", BlockID: "r1", Action: "file_replace_text", Primary: "path",
				Params: map[string]string{"action": "file_replace_text", "path": "b.txt"},
				Result: engine.Result{Error: "file_replace_text: old_text not found in file", Type: fault.SearchNotFound, Hint: "closest line 3: foo"}},
			{Seq: 3, Task: "task-3", BlockID: "ex", Action: "exec", Primary: "code",
				Params:  map[string]string{"action": "exec", "code": "make\nmake test"},
				Skipped: true, Result: engine.Result{Success: true, Data: map[string]any{"skipped": "commands are not run in a dry run"}}},
		},
		DryRun:      true,
		ParseErrors: []engine.ParseError{{BlockID: "bad", Code: "UNCLOSED_QUOTE", Message: "no closing quote", Hint: "close it", Line: 9, Column: 11}},
	}
}

func TestSummary(t *testing.T) {
	var b bytes.Buffer
	if err := Summary(&b, nil, sampleReport(), Options{}); err != nil {
		t.Fatal(err)
	}
	want := `=== CLADA RESULTS ===
dry run: nothing was changed; ✅ means the action would succeed
bad ❌ syntax line 9: no closing quote (close it)
w1 ✅ file_write a.txt
r1 ❌ file_replace_text b.txt - file_replace_text: old_text not found in file
   hint: closest line 3: foo
ex ⏭ exec make… - not run (dry run)
=== END ===
`
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("summary (-want +got):\n%s", diff)
	}
}

func TestWriteTextFull(t *testing.T) {
	var b bytes.Buffer
	if err := Text(&b, nil, sampleReport(), Options{Full: true, Stable: true}); err != nil {
		t.Fatal(err)
	}
	want := `9:11: syntax error in block bad: no closing quote (UNCLOSED_QUOTE)
    hint: close it
[task-1] Success: file_write a.txt
[task-2] Error: search_not_found: file_replace_text b.txt — file_replace_text: old_text not found in file
    hint: closest line 3: foo
[task-3] Skipped: exec make… (commands are not run in a dry run)
FAILED (dry run): 3 actions, 1 would succeed, 1 failed, 1 not run, 1 syntax errors
`
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("text (-want +got):\n%s", diff)
	}
}

// TestFullShowsSource: --error-detail full adds the failed action's source
// text (and only the failed one's) to the text and JSON reports.
func TestFullShowsSource(t *testing.T) {
	src := "#!SHAM [@three-char-SHA-256: r1]\naction = \"file_read\"\npath = \"nope\"\n#!END_SHAM_r1\n"
	doc := lang.Parse(source.NewFile("in.sham", []byte(src)))
	rep := &engine.Report{Results: []engine.ActionResult{{Seq: 1, Task: "task-1", BlockID: "r1", Action: "file_read", Primary: "path",
		Params: map[string]string{"action": "file_read", "path": "nope"}, Range: source.Range{Start: 0, End: len(src)},
		Result: engine.Result{Error: "ENOENT: no such file or directory, open 'nope'", Type: fault.FileNotFound}}}}
	var b bytes.Buffer
	if err := Text(&b, doc, rep, Options{Full: true, Stable: true}); err != nil {
		t.Fatal(err)
	}
	want := `[task-1] Error: file_not_found: file_read nope — ENOENT: no such file or directory, open 'nope'
    source:
        #!SHAM [@three-char-SHA-256: r1]
        action = "file_read"
        path = "nope"
        #!END_SHAM_r1
FAILED: 1 actions, 0 succeeded, 1 failed, 0 syntax errors
`
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("text (-want +got):\n%s", diff)
	}
	b.Reset()
	if err := JSON(&b, doc, rep, Options{Full: true, Stable: true}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `"source": "#!SHAM [@three-char-SHA-256: r1]\naction = \"file_read\"\npath = \"nope\"\n#!END_SHAM_r1\n"`) {
		t.Errorf("JSON lacks the source:\n%s", b.String())
	}
}

// TestSummaryOutputs: after the results, the summary shows what the LLM
// asked to see (reads, listings, searches, command output), each under its
// own header; writes and edits show nothing.
func TestSummaryOutputs(t *testing.T) {
	rep := &engine.Report{Results: []engine.ActionResult{
		{BlockID: "r1", Action: "file_read", Primary: "path", Params: map[string]string{"path": "a.txt"},
			Result: engine.Result{Success: true, Data: map[string]any{"path": "a.txt", "content": "alpha\nbeta"}}},
		{BlockID: "w1", Action: "file_write", Primary: "path", Params: map[string]string{"path": "b.txt"},
			Result: engine.Result{Success: true, Data: map[string]any{"path": "b.txt", "bytesWritten": 3}}},
		{BlockID: "g1", Action: "grep", Primary: "pattern", Params: map[string]string{"pattern": "beta"},
			Result: engine.Result{Success: true, Data: map[string]any{"matches": []engine.GrepMatch{{File: "a.txt", LineNumber: 2, Line: "beta"}}}}},
		{BlockID: "x1", Action: "exec", Primary: "code", Params: map[string]string{"code": "make"},
			Result: engine.Result{Error: "exec: command exited with code 2", Type: fault.ExecFailed,
				Data: map[string]any{"stdout": "building\n", "stderr": "no rule\n", "exit_code": 2}}},
	}}
	var b bytes.Buffer
	if err := Summary(&b, nil, rep, Options{}); err != nil {
		t.Fatal(err)
	}
	want := `=== CLADA RESULTS ===
r1 ✅ file_read a.txt
w1 ✅ file_write b.txt
g1 ✅ grep beta
x1 ❌ exec make - exec: command exited with code 2
=== END ===

=== OUTPUT r1: file_read a.txt ===
alpha
beta
=== END OUTPUT ===

=== OUTPUT g1: grep beta ===
a.txt:2: beta
=== END OUTPUT ===

=== OUTPUT x1: exec make ===
building
--- stderr ---
no rule
--- exit code 2 ---
=== END OUTPUT ===
`
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("summary (-want +got):\n%s", diff)
	}
}

// Every format meant for a person or an LLM says when an edit matched with
// a tolerance, away from a diff's header, or had a Makefile's recipes given
// tabs (the JSON report has it in data).
func TestMatchNoteInEveryFormat(t *testing.T) {
	rep := &engine.Report{Success: true, TotalBlocks: 2, ExecutedActions: 2, Results: []engine.ActionResult{
		{Seq: 1, Task: "task-1", Action: "file_replace_text", Primary: "path", Syntax: lang.V4A,
			Params: map[string]string{"action": "file_replace_text", "path": "Makefile"},
			Result: engine.Result{Success: true, Data: map[string]any{"path": "Makefile", "replacements": 1, "match": "whitespace"}}},
		{Seq: 2, Task: "task-2", Action: "file_replace_text", Primary: "path", Syntax: lang.UDiff,
			Params: map[string]string{"action": "file_replace_text", "path": "a.go"},
			Result: engine.Result{Success: true, Data: map[string]any{"path": "a.go", "replacements": 1, "offset": -2}}},
		{Seq: 3, Task: "task-3", Action: "file_merge", Primary: "path", Syntax: lang.WholeFile,
			Params: map[string]string{"action": "file_merge", "path": "build/Makefile"},
			Result: engine.Result{Success: true, Data: map[string]any{"path": "build/Makefile", "recipeTabs": "2, 5"}}},
	}}
	tolerance := "matched with tolerance whitespace (ignoring indentation; the file's lines kept, added lines indented as the file)"
	offset := "found 2 lines above where the answer placed it"
	tabs := "recipe lines 2, 5 indented with make's tab, not the answer's spaces"
	for name, render := range map[string]func(*bytes.Buffer) error{
		"summary": func(b *bytes.Buffer) error { return Summary(b, nil, rep, Options{}) },
		"text":    func(b *bytes.Buffer) error { return Text(b, nil, rep, Options{Stable: true}) },
		"csl":     func(b *bytes.Buffer) error { return CSL(b, nil, rep, Options{}) },
		"cml":     func(b *bytes.Buffer) error { return CML(b, nil, rep, Options{}) },
	} {
		var b bytes.Buffer
		if err := render(&b); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), tolerance) || !strings.Contains(b.String(), offset) || !strings.Contains(b.String(), tabs) {
			t.Errorf("%s report does not say how the edits matched:\n%s", name, b.String())
		}
	}
}
