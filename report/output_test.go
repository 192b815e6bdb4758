package report

import (
	"fmt"
	"strings"
	"testing"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
	"github.com/google/go-cmp/cmp"
)

// bigReport reads a 3000-line file and runs a command printing 3000 lines
// of stdout and a line of stderr, failing with exit code 1.
func bigReport() (*lang.Document, *engine.Report) {
	src := `<file_read path="big.txt"/>` + "\n" + `<run>gen</run>` + "\n"
	doc := lang.Parse(source.NewFile("in.cml", []byte(src)))
	rep := &engine.Report{TotalBlocks: 2, ExecutedActions: 2, Results: []engine.ActionResult{
		{Seq: 1, Task: "task-1", Action: "file_read", Primary: "path", Params: map[string]string{"action": "file_read", "path": "big.txt"},
			Result: engine.Result{Success: true, Data: map[string]any{"path": "big.txt", "content": numbered(3000)}}},
		{Seq: 2, Task: "task-2", Action: "exec", Primary: "code", Params: map[string]string{"action": "exec", "code": "gen"},
			Result: engine.Result{Error: "exec: command exited with code 1", Type: fault.ExecFailed,
				Data: map[string]any{"stdout": numbered(3000), "stderr": "boom\n", "exit_code": 1}}},
	}}
	return doc, rep
}

// TestBoundedInEveryFormat: every format meant for an LLM shows each
// action's output as head and tail around the same marker; JSON keeps it
// whole.
func TestBoundedInEveryFormat(t *testing.T) {
	doc, rep := bigReport()
	readMarker := "[clada cut 2926 lines (38-2963 of 3000), 23408 bytes, to fit --max-report; to see them: file_read_numbered path=\"big.txt\" lines=\"38-2963\"]\n"
	// a command keeps a short head and a long tail (its last lines)
	execMarker := "[clada cut 2927 lines (15-2941 of 3000), 23416 bytes, to fit --max-report; to see them: run the command again with stdout sent to a file (add > out.txt), then file_read_numbered path=\"out.txt\" lines=\"15-2941\"]\n"
	for _, format := range []string{"summary", "text", "csl", "cml"} {
		for _, inline := range []bool{false, true} {
			out := render(t, format, doc, rep, Options{Stable: true, MaxReport: 1000, Output: inline})
			if !strings.Contains(out, readMarker) || !strings.Contains(out, execMarker) {
				t.Errorf("%s (inline %v) lacks a marker:\n%s", format, inline, out)
			}
			limit := 3000 // two bounded outputs and the status lines
			if inline {
				limit = 5000 // each kept line also carries its "[task-N:exec] " prefix
			}
			if len(out) > limit {
				t.Errorf("%s (inline %v) is %d bytes, more than %d", format, inline, len(out), limit)
			}
			if !strings.Contains(out, "0002999\n") || !strings.Contains(out, "0000002\n") || !strings.Contains(out, "boom") {
				t.Errorf("%s (inline %v) lacks the head, the tail or stderr:\n%s", format, inline, out)
			}
		}
	}
	if out := render(t, "json", doc, rep, Options{Stable: true, MaxReport: 1000}); strings.Contains(out, "[clada cut") || !strings.Contains(out, "0001500\\n") {
		t.Errorf("the JSON report is not complete")
	}
}

// TestSummarySection shows one bounded command output exactly: stdout's
// short head and long tail, stderr whole (it fits in its share), the exit
// code.
func TestSummarySection(t *testing.T) {
	doc, rep := bigReport()
	rep.Results = rep.Results[1:]
	rep.Results[0].Data["stdout"] = numbered(200)
	out := render(t, "summary", doc, rep, Options{MaxReport: 500})
	want := `=== CLADA RESULTS ===
task-2 ❌ exec gen - exec: command exited with code 1
=== END ===

=== OUTPUT task-2: exec gen ===
0000001
0000002
[clada cut 189 lines (3-191 of 200), 1512 bytes, to fit --max-report; to see them: run the command again with stdout sent to a file (add > out.txt), then file_read_numbered path="out.txt" lines="3-191"]
0000192
0000193
0000194
0000195
0000196
0000197
0000198
0000199
0000200
--- stderr ---
boom
--- exit code 1 ---
=== END OUTPUT ===
`
	if diff := cmp.Diff(want, out); diff != "" {
		t.Errorf("summary (-want +got):\n%s", diff)
	}
}

// TestAdvice: the marker's advice names lines of the file for reads (a
// numbered read of lines="S-E" starts at S), says to read files one at a
// time for files_read, and to narrow listings and searches.
func TestAdvice(t *testing.T) {
	read := func(action string, params map[string]string, data map[string]any) engine.ActionResult {
		params["action"] = action
		return engine.ActionResult{Action: action, Primary: "path", Params: params, Result: engine.Result{Success: true, Data: data}}
	}
	entries := make([]engine.LsEntry, 200)
	for i := range entries {
		entries[i] = engine.LsEntry{Name: fmt.Sprintf("f%03d.txt", i), Type: "file", Size: int64(i), Modified: "2026-01-02T03:04:05Z"}
	}
	tests := []struct {
		name   string
		res    engine.ActionResult
		marker string
	}{
		{"numbered read of a range", read("file_read_numbered", map[string]string{"path": "a.go", "lines": "1001-1300"},
			map[string]any{"content": numbered(300)}),
			`[clada cut 264 lines (19-282 of 300), 2112 bytes, to fit --max-report; to see them: file_read_numbered path="a.go" lines="1019-1282"]`},
		{"files_read", read("files_read", map[string]string{"paths": "a\nb"}, map[string]any{"content": numbered(300)}),
			`[clada cut 264 lines (19-282 of 300), 2112 bytes, to fit --max-report; to see them: read the files one at a time with file_read_numbered and lines= (the cut is lines 19-282 of the joined output)]`},
		{"ls", read("ls", map[string]string{"path": "."}, map[string]any{"entries": entries}),
			`[clada cut 193 lines (5-197 of 200), 7425 bytes, to fit --max-report; to see them: narrow the pattern or the path (entries 5-197 were cut)]`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, ok := actionOutput(tc.res, 700)
			if !ok {
				t.Fatal("no output")
			}
			if !strings.Contains(out, "\n"+tc.marker+"\n") {
				t.Errorf("output lacks the marker line %s:\n%s", tc.marker, out)
			}
		})
	}
	out, _ := actionOutput(tests[2].res, 0)
	if want := "f000.txt\tfile\t0\t2026-01-02T03:04:05Z\nf001.txt\tfile\t1\t2026-01-02T03:04:05Z\n"; !strings.HasPrefix(out, want) {
		t.Errorf("ls listing starts %q, want %q", out[:80], want)
	}
}
