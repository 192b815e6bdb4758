package engine

import "testing"

// TestCommitSummary: the commit subject counts the actions and names those
// that ran, each by its Subject; skipped ones are left out, and counted as
// not run rather than failed.
func TestCommitSummary(t *testing.T) {
	rep := &Report{Results: []ActionResult{
		{Action: "file_write", Primary: "path", Params: map[string]string{"path": "a.txt"}, Result: Result{Success: true}},
		{Action: "file_replace_text", Primary: "path", Params: map[string]string{"path": "b.txt"}, Result: Result{Error: "no match"}},
		{Action: "exec", Primary: "code", Params: map[string]string{"code": "make\nmake test"}, Skipped: true,
			Result: Result{Success: true, Data: map[string]any{"skipped": "commands are not run in a dry run"}}},
	}}
	if got, want := rep.CommitSummary(), "3 actions, 1 failed, 1 not run: file_write a.txt, file_replace_text b.txt"; got != want {
		t.Errorf("CommitSummary() = %q, want %q", got, want)
	}
	if got, want := rep.Results[2].Subject(), "exec make…"; got != want {
		t.Errorf("Subject() = %q, want %q", got, want)
	}
}
