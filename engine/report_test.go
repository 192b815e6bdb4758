package engine

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// sampleReport has one of each kind of outcome the renderers distinguish.
func sampleReport() *Report {
	return &Report{
		TotalBlocks: 4, ExecutedActions: 2,
		Results: []ActionResult{
			{Seq: 1, Task: "task-1", BlockID: "w1", Action: "file_write", Primary: "path",
				Params: map[string]string{"action": "file_write", "path": "a.txt", "content": "x"},
				Result: Result{Success: true}},
			{Seq: 2, Task: "task-2", BlockID: "r1", Action: "file_replace_text", Primary: "path",
				Params: map[string]string{"action": "file_replace_text", "path": "b.txt"},
				Result: Result{Error: "file_replace_text: old_text not found in file", Type: "search_not_found", Hint: "closest line 3: foo"}},
			{Seq: 3, Task: "task-3", BlockID: "ex", Action: "exec", Primary: "code",
				Params:  map[string]string{"action": "exec", "code": "make\nmake test"},
				Skipped: true, Result: Result{Success: true, Data: map[string]any{"skipped": "commands are not run in a dry run"}}},
		},
		ParseErrors: []ParseError{{BlockID: "bad", Code: "UNCLOSED_QUOTE", Message: "no closing quote", Hint: "close it", Line: 9, Column: 11}},
	}
}

func TestWriteSummary(t *testing.T) {
	var b bytes.Buffer
	if err := sampleReport().WriteSummary(&b, RenderOptions{}); err != nil {
		t.Fatal(err)
	}
	want := `=== CLADA RESULTS ===
bad ❌ syntax line 9: no closing quote
w1 ✅ file_write a.txt
r1 ❌ file_replace_text b.txt - file_replace_text: old_text not found in file
ex ✅ exec make…
=== END ===
`
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("summary (-want +got):\n%s", diff)
	}
}

func TestWriteTextFull(t *testing.T) {
	var b bytes.Buffer
	if err := sampleReport().WriteText(&b, RenderOptions{Full: true, Stable: true}); err != nil {
		t.Fatal(err)
	}
	want := `9:11: syntax error in block bad: no closing quote (UNCLOSED_QUOTE)
    hint: close it
[task-1] Success: file_write a.txt
[task-2] Error: search_not_found: file_replace_text b.txt — file_replace_text: old_text not found in file
    hint: closest line 3: foo
[task-3] Skipped: exec make… (commands are not run in a dry run)
FAILED: 3 actions, 2 succeeded, 1 failed, 1 syntax errors
`
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("text (-want +got):\n%s", diff)
	}
}

func TestCommitSummary(t *testing.T) {
	got := sampleReport().CommitSummary()
	want := "3 actions, 1 failed: file_write a.txt, file_replace_text b.txt"
	if got != want {
		t.Errorf("CommitSummary() = %q, want %q", got, want)
	}
}
