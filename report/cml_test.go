package report

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
	"github.com/google/go-cmp/cmp"
)

const cmlReportDoc = `<tasks version="1.0">
  <write path="file.txt">x</write>
  <run>npm install</run>
  <edit path="src/app.js"><search>a</search><replace>b</replace></edit>
</tasks>
<remove path="temp/"/>
<tasks>
  <edit path="app.js"><search>x</search><replace>y</replace></edit>
  <move from="a" to="b"/>
</tasks>
`

func TestCML(t *testing.T) {
	doc := lang.Parse(source.NewFile("in.cml", []byte(cmlReportDoc)))
	if ds := doc.Diagnostics(); len(ds) != 0 {
		t.Fatalf("fixture has diagnostics: %v", ds)
	}
	ok := func(task, op, primary string, params map[string]string, data map[string]any) engine.ActionResult {
		params["action"] = op
		return engine.ActionResult{Task: task, Action: op, Primary: primary, Params: params, Result: engine.Result{Success: true, Data: data}}
	}
	rep := &engine.Report{Results: []engine.ActionResult{
		ok("task-1", "file_write", "path", map[string]string{"path": "file.txt"}, nil),
		ok("task-2", "exec", "code", map[string]string{"code": "npm install"}, map[string]any{"stdout": "added 3 packages\n", "stderr": "", "exit_code": 0}),
		ok("task-3", "file_replace_text", "path", map[string]string{"path": "src/app.js"}, nil),
		ok("task-4", "remove", "path", map[string]string{"path": "temp/"}, nil),
		{Task: "task-5", Action: "file_replace_text", Primary: "path", Params: map[string]string{"path": "app.js"},
			Result: engine.Result{Error: "Found 2 matches", Type: fault.SearchAmbiguous, Hint: "lines 1 and 4"}},
		{Task: "task-6", Action: "file_move", Primary: "old_path", Params: map[string]string{"old_path": "a", "new_path": "b"}, Skipped: true,
			Result: engine.Result{Error: "not run: task-5 failed and its group stops at the first failure"}},
	}}
	want := `[task-1] Success: created file.txt
[task-2:exec] added 3 packages
[task-2] Success: ran npm install (exit 0)
[task-3] Success: edited src/app.js
[task-4] Success: removed temp/
[task-5] Error: search_not_found in app.js (found 2 matches)
    hint: lines 1 and 4
[task-6] Skipped: task-5 failed and its group stops at the first failure

<result blocks="3" tasks="6" succeeded="4" failed="1" skipped="1">
  <block index="0" status="success" tasks="3"/>
  <block index="1" status="success" tasks="1"/>
  <block index="2" status="failed" tasks="2">
    <task index="4" status="error">
      <error type="search_not_found">Found 2 matches</error>
    </task>
    <task index="5" status="skipped"/>
  </block>
</result>
`
	var sb strings.Builder
	if err := CML(&sb, doc, rep, Options{Output: true}); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, sb.String()); diff != "" {
		t.Errorf("report (-want +got):\n%s", diff)
	}
}

// TestCMLErrorTypes shows every CML error type, escaped, in both the
// task line and the <result>.
func TestCMLErrorTypes(t *testing.T) {
	types := []fault.Kind{fault.SearchNotFound, fault.FileNotFound, fault.PermissionDenied, fault.SymlinkNotAllowed,
		fault.ExecTimeout, fault.ExecFailed, fault.PathEscape}
	var src strings.Builder
	rep := &engine.Report{}
	for i, typ := range types {
		src.WriteString(`<remove path="p"/>` + "\n")
		rep.Results = append(rep.Results, engine.ActionResult{Task: "task-" + string(rune('1'+i)), Action: "remove", Primary: "path",
			Params: map[string]string{"path": "p"}, Result: engine.Result{Error: "Bad <" + typ.String() + ">", Type: typ}})
	}
	src.WriteString("<run>exit 3</run>\n")
	rep.Results = append(rep.Results, engine.ActionResult{Task: "task-8", Action: "exec", Primary: "code",
		Params: map[string]string{"code": "exit 3"}, Result: engine.Result{Error: "Exit code 3", Type: fault.ExecFailed}})
	doc := lang.Parse(source.NewFile("in.cml", []byte(src.String())))
	var sb strings.Builder
	if err := CML(&sb, doc, rep, Options{}); err != nil {
		t.Fatal(err)
	}
	out := sb.String()
	if line := "[task-8] Error: exec_failed running exit 3 (exit code 3)\n"; !strings.Contains(out, line) {
		t.Errorf("report lacks %q:\n%s", line, out)
	}
	for i, kind := range types {
		typ := kind.String()
		line := "[task-" + string(rune('1'+i)) + "] Error: " + typ + " in p (bad <" + typ + ">)\n"
		xml := `<error type="` + typ + `">Bad &lt;` + typ + `&gt;</error>`
		if !strings.Contains(out, line) || !strings.Contains(out, xml) {
			t.Errorf("report lacks %q or %q:\n%s", line, xml, out)
		}
	}
}

func TestCMLMalformed(t *testing.T) {
	doc := lang.Parse(source.NewFile("in.cml", []byte("<tasks>\n  <write path=\"a\">a</write>\n  <run>npm test\n</tasks>\n")))
	rep := &engine.Report{
		Fatal: "malformed_xml: the CML has syntax errors; nothing was run (fix the errors listed and apply again)",
		ParseErrors: []engine.ParseError{{Code: "UNCLOSED_ELEMENT", Message: "element <run> is not closed before </tasks>",
			Hint: "add </run> after its content", Line: 3, Column: 3}},
	}
	want := `[error] malformed_xml: UNCLOSED_ELEMENT at line 3, column 3: element <run> is not closed before </tasks> (add </run> after its content)
[error] malformed_xml: the CML has syntax errors; nothing was run (fix the errors listed and apply again)

<result blocks="1" tasks="0" succeeded="0" failed="0">
  <error type="malformed_xml" code="UNCLOSED_ELEMENT" line="3" column="3">element &lt;run&gt; is not closed before &lt;/tasks&gt;</error>
</result>
`
	var sb strings.Builder
	if err := CML(&sb, doc, rep, Options{}); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, sb.String()); diff != "" {
		t.Errorf("report (-want +got):\n%s", diff)
	}
}

// TestCMLFromRun checks the renderer against the real runner: the
// unknown version is fatal and the report says malformed_xml.
func TestCMLFromRun(t *testing.T) {
	doc := lang.Parse(source.NewFile("in.cml", []byte("<tasks version=\"2.0\">\n  <write path=\"a\">a</write>\n</tasks>\n")))
	cfg := engine.DefaultConfig(t.TempDir())
	cfg.NoGit = true
	rep, _, err := engine.Apply(context.Background(), doc, cfg, engine.DryRun, nil)
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	if err := CML(&sb, doc, rep, Options{}); err != nil {
		t.Fatal(err)
	}
	if want := `<error type="malformed_xml" code="UNKNOWN_VERSION" line="1" column="16">unknown CML version &quot;2.0&quot;; nothing in this document runs</error>`; !strings.Contains(sb.String(), want) {
		t.Errorf("report lacks %s:\n%s", want, sb.String())
	}
}

// TestCMLCountsInvalidBlocks: blocks="N" is the number of blocks in the
// answer. A block a syntax error kept from running is listed in its place
// (status="invalid", no task ran), counted in invalid_blocks, and the
// blocks after it keep their positions in the answer; a <tasks> group with
// one broken task is a block whose other tasks were skipped.
func TestCMLCountsInvalidBlocks(t *testing.T) {
	src := "Sure! Here are the changes:\n\n<write path=\"b.txt\">hi\n</write>\n\nThen:\n\n" +
		"<edit path=\"a.txt\">\n  <search>hello</search>\n</edit>\n\n" +
		"<tasks>\n  <write path=\"d.txt\">d</write>\n  <edit path=\"a.txt\"><search>x</search></edit>\n</tasks>\n\n" +
		"And finally:\n\n<write path=\"c.txt\">c\n</write>\n"
	doc := lang.Parse(source.NewFile("answer.md", []byte(src)))
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "a.txt"), []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := engine.DefaultConfig(root)
	cfg.NoGit = true
	rep, _, err := engine.Apply(context.Background(), doc, cfg, engine.Real, nil)
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	if err := CML(&sb, doc, rep, Options{}); err != nil {
		t.Fatal(err)
	}
	want := `[error] MISSING_ELEMENT at line 8, column 2: <edit> needs a <replace> element (add <replace><![CDATA[…]]></replace>)
[error] MISSING_ELEMENT at line 14, column 4: <edit> needs a <replace> element (add <replace><![CDATA[…]]></replace>)
[task-1] Success: created b.txt
[task-2] Skipped: a task in this group has a syntax error; the whole group is skipped
[task-3] Success: created c.txt

<result blocks="4" tasks="3" succeeded="2" failed="0" skipped="1" invalid_blocks="1">
  <block index="0" status="success" tasks="1"/>
  <block index="1" status="invalid" tasks="0"/>
  <block index="2" status="skipped" tasks="1">
    <task index="1" status="skipped"/>
  </block>
  <block index="3" status="success" tasks="1"/>
  <error type="syntax" code="MISSING_ELEMENT" line="8" column="2">&lt;edit&gt; needs a &lt;replace&gt; element</error>
  <error type="syntax" code="MISSING_ELEMENT" line="14" column="4">&lt;edit&gt; needs a &lt;replace&gt; element</error>
</result>
`
	if diff := cmp.Diff(want, sb.String()); diff != "" {
		t.Errorf("report (-want +got):\n%s", diff)
	}
}
