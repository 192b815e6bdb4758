package report

import (
	"bytes"
	"testing"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
	"github.com/google/go-cmp/cmp"
)

// render runs one format on rep and returns what it wrote.
func render(t *testing.T, format string, doc *lang.Document, rep *engine.Report, o Options) string {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, format, doc, rep, o); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestAlreadyApplied: an edit the file already held is its own status in
// every format, never a plain success.
func TestAlreadyApplied(t *testing.T) {
	res := engine.ActionResult{Seq: 1, Task: "task-1", Action: "file_replace_text", Primary: "path",
		Params: map[string]string{"action": "file_replace_text", "path": "a.txt", "old_text": "old", "new_text": "new"},
		Result: engine.Result{Success: true, AlreadyApplied: true, Data: map[string]any{"path": "a.txt", "replacements": 0}}}
	sham := res
	sham.BlockID = "e1"
	rep := func(r engine.ActionResult) *engine.Report {
		return &engine.Report{Success: true, TotalBlocks: 1, ExecutedActions: 1, Results: []engine.ActionResult{r}}
	}
	csl := lang.Parse(source.NewFile("in.csl", []byte("<---SEARCH file=\"a.txt\"--->\nold\n<---REPLACE--->\nnew\n<---END--->\n")))
	cml := lang.Parse(source.NewFile("in.cml", []byte(`<edit path="a.txt"><search>old</search><replace>new</replace></edit>`+"\n")))
	tests := []struct {
		format string
		doc    *lang.Document
		rep    *engine.Report
		want   string
	}{
		{"summary", nil, rep(sham), `=== CLADA RESULTS ===
e1 ✅ file_replace_text a.txt - already applied: the file already holds this change; nothing was written
=== END ===
`},
		{"text", nil, rep(res), `[task-1] Already applied: file_replace_text a.txt (the file already holds this change; nothing was written)
ok: 1 actions, 1 succeeded (1 already applied), 0 failed, 0 syntax errors
`},
		{"csl", csl, rep(res), `[task-1] ALREADY_APPLIED: SEARCH - a.txt (nothing was written)
1 tasks: 1 succeeded (1 already applied), 0 failed, 0 skipped
`},
		{"cml", cml, rep(res), `[task-1] Already applied: edited a.txt (nothing was written)

<result blocks="1" tasks="1" succeeded="1" failed="0" already_applied="1">
  <block index="0" status="success" tasks="1"/>
</result>
`},
		{"json", nil, rep(sham), `{
  "version": 1,
  "success": true,
  "totalBlocks": 1,
  "executedActions": 1,
  "results": [
    {
      "seq": 1,
      "task": "task-1",
      "blockId": "e1",
      "action": "file_replace_text",
      "params": {
        "action": "file_replace_text",
        "new_text": "new",
        "old_text": "old",
        "path": "a.txt"
      },
      "success": true,
      "alreadyApplied": true,
      "data": {
        "path": "a.txt",
        "replacements": 0
      }
    }
  ],
  "parseErrors": []
}
`},
	}
	for _, tc := range tests {
		t.Run(tc.format, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, render(t, tc.format, tc.doc, tc.rep, Options{Stable: true})); diff != "" {
				t.Errorf("%s report (-want +got):\n%s", tc.format, diff)
			}
		})
	}
}

// TestNoBlocks: prose without a block says so in every format instead of
// an empty report.
func TestNoBlocks(t *testing.T) {
	doc := lang.Parse(source.NewFile("answer.md", []byte("Sure! I changed the port to 8080.\n")))
	rep := &engine.Report{Success: true}
	line := "no action blocks found: the input has no block of a format clada reads, so nothing was done (clada prompt shows how to write one)\n"
	want := map[string]string{
		"summary": "=== CLADA RESULTS ===\n" + line + "=== END ===\n",
		"text":    line + "ok: 0 actions, 0 succeeded, 0 failed, 0 syntax errors\n",
		"csl":     line + "0 tasks: 0 succeeded, 0 failed, 0 skipped\n",
		"cml":     line + "<result blocks=\"0\" tasks=\"0\" succeeded=\"0\" failed=\"0\">\n</result>\n",
		"json": `{
  "version": 1,
  "success": true,
  "totalBlocks": 0,
  "executedActions": 0,
  "results": [],
  "parseErrors": [],
  "notice": "no action blocks found",
  "noticeHint": "the input has no block of a format clada reads, so nothing was done (clada prompt shows how to write one)"
}
`,
	}
	for format, w := range want {
		if diff := cmp.Diff(w, render(t, format, doc, rep, Options{Stable: true})); diff != "" {
			t.Errorf("%s report (-want +got):\n%s", format, diff)
		}
	}
}

// TestRefusedAtomic: when --atomic refuses, the actions that would have
// succeeded are shown as not applied, never as done.
func TestRefusedAtomic(t *testing.T) {
	rep := &engine.Report{DryRun: true, Refused: true, Blocked: "task-2",
		Fatal: "task-2 (file_replace_text b.txt) would fail: file_replace_text: old_text not found in file; --atomic changed nothing (fix it and apply again)",
		Results: []engine.ActionResult{
			{Seq: 1, Task: "task-1", BlockID: "w1", Action: "file_write", Primary: "path", Params: map[string]string{"path": "a.txt"},
				Result: engine.Result{Success: true}},
			{Seq: 2, Task: "task-2", BlockID: "r1", Action: "file_replace_text", Primary: "path", Params: map[string]string{"path": "b.txt"},
				Result: engine.Result{Error: "file_replace_text: old_text not found in file", Type: fault.SearchNotFound, Hint: "closest line 3: foo"}},
			{Seq: 3, Task: "task-3", BlockID: "x1", Action: "exec", Primary: "code", Params: map[string]string{"code": "make"}, Skipped: true,
				Result: engine.Result{Success: true, Data: map[string]any{"skipped": "commands are not run in a dry run"}}},
		}}
	want := map[string]string{
		"summary": `=== CLADA RESULTS ===
❌ task-2 (file_replace_text b.txt) would fail: file_replace_text: old_text not found in file; --atomic changed nothing (fix it and apply again)
w1 ⏸ file_write a.txt - not applied: --atomic refused the apply because another action would fail
r1 ❌ file_replace_text b.txt - would fail: file_replace_text: old_text not found in file
   hint: closest line 3: foo
x1 ⏸ exec make - not applied: --atomic refused the apply because another action would fail
=== END ===
`,
		"text": `Fatal: task-2 (file_replace_text b.txt) would fail: file_replace_text: old_text not found in file; --atomic changed nothing (fix it and apply again)
[task-1] Not applied: file_write a.txt (--atomic refused the apply)
[task-2] Error: search_not_found: file_replace_text b.txt — file_replace_text: old_text not found in file
    hint: closest line 3: foo
[task-3] Not applied: exec make (--atomic refused the apply)
FAILED (--atomic: nothing applied): 3 actions, 0 applied, 1 failed, 2 not run, 0 syntax errors
`,
	}
	for format, w := range want {
		if diff := cmp.Diff(w, render(t, format, nil, rep, Options{Stable: true})); diff != "" {
			t.Errorf("%s report (-want +got):\n%s", format, diff)
		}
	}
}

// TestWarnings: an unknown param stops nothing, but the summary and the
// text report show it with its hint so the LLM can fix it.
func TestWarnings(t *testing.T) {
	src := "#!SHAM [@three-char-SHA-256: w1]\naction = \"file_write\"\npath = \"a.txt\"\ncontents = \"x\"\n#!END_SHAM_w1\n"
	doc := lang.Parse(source.NewFile("in.sham", []byte(src)))
	rep := &engine.Report{Results: []engine.ActionResult{{Seq: 1, Task: "task-1", BlockID: "w1", Action: "file_write", Primary: "path",
		Params: map[string]string{"path": "a.txt"}, Skipped: true,
		Result: engine.Result{Error: "Missing required parameter 'content' for action 'file_write'"}}}}
	want := map[string]string{
		"summary": `=== CLADA RESULTS ===
w1 ⚠️ warning line 4: Unknown parameter 'contents' for action 'file_write'; it is ignored (did you mean content?)
w1 ❌ file_write a.txt - Missing required parameter 'content' for action 'file_write'
=== END ===
`,
		"text": `4:1: warning in block w1: Unknown parameter 'contents' for action 'file_write'; it is ignored (UNKNOWN_PARAM)
    hint: did you mean content?
[task-1] Error: file_write a.txt — Missing required parameter 'content' for action 'file_write'
FAILED: 1 actions, 0 succeeded, 1 failed, 0 syntax errors
`,
	}
	for format, w := range want {
		if diff := cmp.Diff(w, render(t, format, doc, rep, Options{Stable: true})); diff != "" {
			t.Errorf("%s report (-want +got):\n%s", format, diff)
		}
	}
}

// A delete that is already applied (a replayed patch's file already gone)
// says so in its own words, not that the file holds a change.
func TestAlreadyAppliedDelete(t *testing.T) {
	res := engine.ActionResult{Seq: 1, Task: "task-1", BlockID: "d1", Action: "file_delete", Primary: "path",
		Params: map[string]string{"action": "file_delete", "path": "old.txt"},
		Result: engine.Result{Success: true, AlreadyApplied: true, Data: map[string]any{"path": "old.txt"}}}
	rep := &engine.Report{Success: true, TotalBlocks: 1, ExecutedActions: 1, Results: []engine.ActionResult{res}}
	if got, want := render(t, "summary", nil, rep, Options{}), "=== CLADA RESULTS ===\nd1 ✅ file_delete old.txt - already applied: the file is already gone; nothing was done\n=== END ===\n"; got != want {
		t.Errorf("summary:\n%s\nwant\n%s", got, want)
	}
	if got, want := render(t, "text", nil, rep, Options{}), "[task-1] Already applied: file_delete old.txt (the file is already gone; nothing was done)\nok: 1 actions, 1 succeeded (1 already applied), 0 failed, 0 syntax errors\n"; got != want {
		t.Errorf("text:\n%s\nwant\n%s", got, want)
	}
}
