package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/clada-dev/clada/lang"
	"github.com/google/go-cmp/cmp"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestListTools: one tool per catalog op, named and described from it,
// with typed input schemas, then the answer tools.
func TestListTools(t *testing.T) {
	cs := connect(t, Options{Session: testSession(t, testConfig(tempRoot(t, nil)))}, nil)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	tools := map[string]*sdk.Tool{}
	for _, tl := range res.Tools {
		names = append(names, tl.Name)
		tools[tl.Name] = tl
	}
	var want []string
	for _, op := range lang.Ops() {
		want = append(want, op.Name)
	}
	want = append(want, "apply", "check", "undo")
	slices.Sort(names)
	slices.Sort(want)
	if d := cmp.Diff(want, names); d != "" {
		t.Fatalf("tools (-want +got):\n%s", d)
	}

	rat := tools["file_replace_all_text"]
	if rat.Description != lang.Lookup("file_replace_all_text").Doc {
		t.Errorf("description = %q, want the catalog's doc", rat.Description)
	}
	var schema struct {
		Type       string                    `json:"type"`
		Required   []string                  `json:"required"`
		Properties map[string]map[string]any `json:"properties"`
	}
	data, _ := json.Marshal(rat.InputSchema)
	if err := json.Unmarshal(data, &schema); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]string{"path", "old_text", "new_text"}, schema.Required); d != "" {
		t.Errorf("required (-want +got):\n%s", d)
	}
	if got := schema.Properties["count"]["type"]; got != "integer" {
		t.Errorf("count type = %v, want integer", got)
	}
	if got := schema.Properties["path"]["type"]; got != "string" {
		t.Errorf("path type = %v, want string", got)
	}

	data, _ = json.Marshal(tools["exec"].InputSchema)
	schema.Properties = nil
	json.Unmarshal(data, &schema)
	if d := cmp.Diff([]any{"bash", "sh", "python", "javascript", "argv"}, schema.Properties["lang"]["enum"]); d != "" {
		t.Errorf("exec lang enum (-want +got):\n%s", d)
	}
	data, _ = json.Marshal(tools["file_read_numbered"].InputSchema)
	schema.Properties = nil
	json.Unmarshal(data, &schema)
	if got := schema.Properties["delimiter"]["default"]; got != ": " {
		t.Errorf("delimiter default = %q, want \": \"", got)
	}
	for _, tl := range res.Tools {
		var closed struct {
			AdditionalProperties *bool `json:"additionalProperties"`
		}
		data, _ := json.Marshal(tl.InputSchema)
		if err := json.Unmarshal(data, &closed); err != nil || closed.AdditionalProperties == nil || *closed.AdditionalProperties {
			t.Errorf("%s: the input schema must say additionalProperties: false, it is %s", tl.Name, data)
		}
	}
	for _, s := range lang.Syntaxes() {
		if !strings.Contains(tools["apply"].Description, s.Def().Title) {
			t.Errorf("apply's description does not name %s:\n%s", s.Def().Title, tools["apply"].Description)
		}
	}
	if !tools["file_read"].Annotations.ReadOnlyHint || tools["file_write"].Annotations.ReadOnlyHint {
		t.Errorf("read-only hints: file_read %v, file_write %v", tools["file_read"].Annotations.ReadOnlyHint, tools["file_write"].Annotations.ReadOnlyHint)
	}
}

// TestWriteEditRead: the three calls an agent makes most, with their
// summary reports as the one text content.
func TestWriteEditRead(t *testing.T) {
	root := tempRoot(t, nil)
	cs := connect(t, Options{Session: testSession(t, testConfig(root))}, nil)

	res := call(t, cs, "file_write", map[string]any{"path": "src/app.js", "content": "const port = 3000;\nlisten(port);\n"})
	if res.IsError {
		t.Fatalf("file_write failed: %s", text(t, res))
	}
	if got, want := text(t, res), "=== CLADA RESULTS ===\ntask-1 ✅ file_write src/app.js\n=== END ===\n"; got != want {
		t.Errorf("file_write text:\n%s\nwant:\n%s", got, want)
	}

	res = call(t, cs, "file_replace_text", map[string]any{"path": "src/app.js", "old_text": "const port = 3000;", "new_text": "const port = 8080;"})
	if res.IsError {
		t.Fatalf("file_replace_text failed: %s", text(t, res))
	}
	if got, want := text(t, res), "=== CLADA RESULTS ===\ntask-1 ✅ file_replace_text src/app.js\n=== END ===\n"; got != want {
		t.Errorf("file_replace_text text:\n%s\nwant:\n%s", got, want)
	}
	if got, want := readFile(t, filepath.Join(root, "src/app.js")), "const port = 8080;\nlisten(port);\n"; got != want {
		t.Errorf("file after edit = %q, want %q", got, want)
	}

	res = call(t, cs, "file_read", map[string]any{"path": "src/app.js"})
	if res.IsError {
		t.Fatalf("file_read failed: %s", text(t, res))
	}
	wantText := "=== CLADA RESULTS ===\ntask-1 ✅ file_read src/app.js\n=== END ===\n\n" +
		"=== OUTPUT task-1: file_read src/app.js ===\nconst port = 8080;\nlisten(port);\n=== END OUTPUT ===\n"
	if got := text(t, res); got != wantText {
		t.Errorf("file_read text:\n%s\nwant:\n%s", got, wantText)
	}

	// An integer argument given as a JSON number reaches clada as its text.
	res = call(t, cs, "file_read_numbered", map[string]any{"path": "src/app.js", "lines": "2", "delimiter": "| "})
	if got, want := text(t, res), "=== CLADA RESULTS ===\ntask-1 ✅ file_read_numbered src/app.js\n=== END ===\n\n"+
		"=== OUTPUT task-1: file_read_numbered src/app.js ===\n2| listen(port);\n=== END OUTPUT ===\n"; got != want {
		t.Errorf("numbered read:\n%s\nwant:\n%s", got, want)
	}
	res = call(t, cs, "file_replace_all_text", map[string]any{"path": "src/app.js", "old_text": "port", "new_text": "p", "count": 2})
	if res.IsError || readFile(t, filepath.Join(root, "src/app.js")) != "const p = 8080;\nlisten(p);\n" {
		t.Errorf("count as a JSON integer: %s", text(t, res))
	}
}

// TestResultsSizedForAModel: a result never echoes what the call sent (a
// 200 KB write answers in one line), a read's content comes back once, and
// every output is bounded by --max-report with report.Bound's marker.
func TestResultsSizedForAModel(t *testing.T) {
	root := tempRoot(t, nil)
	cs := connect(t, Options{Session: testSessionMax(t, testConfig(root), 4096)}, nil)
	big := strings.Repeat("const x = \"0123456789abcdef\";\n", 200<<10/28)
	res := call(t, cs, "file_write", map[string]any{"path": "big.js", "content": big})
	if got, want := text(t, res), "=== CLADA RESULTS ===\ntask-1 ✅ file_write big.js\n=== END ===\n"; res.IsError || got != want {
		t.Errorf("file_write of %d bytes answers %d bytes:\n%.300s", len(big), len(got), got)
	}
	res = call(t, cs, "file_replace_all_text", map[string]any{"path": "big.js", "old_text": "0123456789abcdef", "new_text": "fedcba9876543210"})
	if got := text(t, res); res.IsError || strings.Contains(got, "0123456789abcdef") || strings.Contains(got, "fedcba9876543210") {
		t.Errorf("the edit's texts are echoed:\n%.300s", got)
	}

	small := strings.Repeat("line of a file\n", 200) // 3000 bytes, under the bound
	if err := os.WriteFile(filepath.Join(root, "small.txt"), []byte(small), 0o644); err != nil {
		t.Fatal(err)
	}
	res = call(t, cs, "file_read", map[string]any{"path": "small.txt"})
	want := "=== CLADA RESULTS ===\ntask-1 ✅ file_read small.txt\n=== END ===\n\n=== OUTPUT task-1: file_read small.txt ===\n" + small + "=== END OUTPUT ===\n"
	if got := text(t, res); got != want {
		t.Errorf("a read comes back as its content once, in the summary; got %d bytes for a %d-byte file", len(got), len(small))
	}

	res = call(t, cs, "file_read", map[string]any{"path": "big.js"})
	got := text(t, res)
	if len(got) > 4096+200 || !strings.Contains(got, "[clada cut ") || !strings.Contains(got, "to fit --max-report; to see them: file_read_numbered path=\"big.js\" lines=\"62-7253\"]\n") {
		t.Errorf("a read over --max-report is cut with the report's marker; got %d bytes:\n%.600s", len(got), got)
	}
}

// TestFailingEditHint: an edit whose old_text is not in the file fails with
// its fixed error text (DESIGN.md, "Edits") and the closest line as the
// hint; the file is untouched.
func TestFailingEditHint(t *testing.T) {
	root := tempRoot(t, map[string]string{"a.txt": "one\ntwo\nthree\n"})
	cs := connect(t, Options{Session: testSession(t, testConfig(root))}, nil)
	res := call(t, cs, "file_replace_text", map[string]any{"path": "a.txt", "old_text": "twoo", "new_text": "2"})
	if !res.IsError {
		t.Fatal("a failed edit must be an error result")
	}
	wantText := "=== CLADA RESULTS ===\n" +
		"task-1 ❌ file_replace_text a.txt - file_replace_text: old_text not found in file\n" +
		"   hint: closest match at line 2: line 2 ends at column 4 in the file where old_text's line goes on with `o`; copy old_text exactly from the file:\n" +
		"     2: two\n=== END ===\n"
	if got := text(t, res); got != wantText {
		t.Errorf("text:\n%s\nwant:\n%s", got, wantText)
	}
	if got := readFile(t, filepath.Join(root, "a.txt")); got != "one\ntwo\nthree\n" {
		t.Errorf("file changed: %q", got)
	}
}

// TestPathEscapeRefused: a path outside the root fails as path_escape,
// whether a tool writes it or a resource read names it, and nothing is
// written outside.
func TestPathEscapeRefused(t *testing.T) {
	outer := tempRoot(t, map[string]string{"secret.txt": "s3cret\n"})
	root := filepath.Join(outer, "project")
	if err := os.Mkdir(root, 0o755); err != nil {
		t.Fatal(err)
	}
	cs := connect(t, Options{Session: testSession(t, testConfig(root))}, nil)
	for _, p := range []string{"../x.txt", filepath.Join(outer, "x.txt")} {
		res := call(t, cs, "file_write", map[string]any{"path": p, "content": "x"})
		want := "task-1 ❌ file_write " + p + " - file_write: path '" + p + "' is outside the project root\n"
		if got := text(t, res); !res.IsError || !strings.Contains(got, want) {
			t.Errorf("file_write %s: error result %v, text:\n%s\nwant the line %q", p, res.IsError, got, want)
		}
	}
	if _, err := os.Stat(filepath.Join(outer, "x.txt")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a file was written outside the root: %v", err)
	}
	res := call(t, cs, "file_read", map[string]any{"path": "../secret.txt"})
	if got := text(t, res); !res.IsError || strings.Contains(got, "s3cret") || !strings.Contains(got, "is outside the project root") {
		t.Errorf("file_read ../secret.txt:\n%s", got)
	}
	_, err := cs.ReadResource(context.Background(), &sdk.ReadResourceParams{URI: "clada://file/..%2Fsecret.txt"})
	if err == nil || !strings.Contains(err.Error(), "is outside the project root") {
		t.Errorf("resource read outside the root: %v", err)
	}
}

// TestResourcesAndPrompt: a file under the root reads as a resource; the
// prompt is `clada prompt`'s text.
func TestResourcesAndPrompt(t *testing.T) {
	root := tempRoot(t, map[string]string{"src/a.go": "package a\n", "big.txt": strings.Repeat("x", maxResource+1)})
	cs := connect(t, Options{Session: testSession(t, testConfig(root))}, nil)
	ctx := context.Background()
	tpl, err := cs.ListResourceTemplates(ctx, nil)
	if err != nil || len(tpl.ResourceTemplates) != 1 || tpl.ResourceTemplates[0].URITemplate != "clada://file/{+path}" {
		t.Fatalf("templates: %+v, %v", tpl, err)
	}
	rr, err := cs.ReadResource(ctx, &sdk.ReadResourceParams{URI: "clada://file/src/a.go"})
	if err != nil {
		t.Fatal(err)
	}
	if len(rr.Contents) != 1 || rr.Contents[0].Text != "package a\n" || rr.Contents[0].URI != "clada://file/src/a.go" {
		t.Errorf("contents: %+v", rr.Contents[0])
	}
	if _, err := cs.ReadResource(ctx, &sdk.ReadResourceParams{URI: "clada://file/missing.txt"}); err == nil || !strings.Contains(err.Error(), "Resource not found") {
		t.Errorf("missing file: %v", err)
	}
	if _, err := cs.ReadResource(ctx, &sdk.ReadResourceParams{URI: "clada://file/big.txt"}); err == nil || !strings.Contains(err.Error(), "file_read_numbered") {
		t.Errorf("file over the cap: %v", err)
	}
	if err := os.Symlink(filepath.Join(root, "src/a.go"), filepath.Join(root, "link.go")); err != nil {
		t.Fatal(err)
	}
	if _, err := cs.ReadResource(ctx, &sdk.ReadResourceParams{URI: "clada://file/link.go"}); err == nil || !strings.Contains(err.Error(), "symlink") {
		t.Errorf("read through a symlink: %v", err)
	}

	pr, err := cs.GetPrompt(ctx, &sdk.GetPromptParams{Name: "clada", Arguments: map[string]string{"syntax": "csl"}})
	if err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	if err := lang.Prompt(&want, lang.CSL); err != nil {
		t.Fatal(err)
	}
	if got := pr.Messages[0].Content.(*sdk.TextContent).Text; got != want.String() {
		t.Errorf("prompt text differs from clada prompt --syntax csl (%d vs %d bytes)", len(got), want.Len())
	}
	if _, err := cs.GetPrompt(ctx, &sdk.GetPromptParams{Name: "clada", Arguments: map[string]string{"syntax": "xml"}}); err == nil {
		t.Error("unknown syntax accepted")
	}
}

// TestBadArguments: arguments the catalog cannot take are an error result
// naming the argument, and a missing required param is the engine's own
// validation error.
func TestBadArguments(t *testing.T) {
	root := tempRoot(t, nil)
	cs := connect(t, Options{Session: testSession(t, testConfig(root))}, nil)
	res := call(t, cs, "file_write", map[string]any{"path": map[string]any{"x": 1}, "content": "x"})
	if got, want := text(t, res), `clada: file_write: argument "path": give a string, number or boolean, not a JSON object`; !res.IsError || got != want {
		t.Errorf("object argument: %q, want %q", got, want)
	}
	res = call(t, cs, "file_write", map[string]any{"path": "a.txt"})
	if got := text(t, res); !res.IsError || !strings.Contains(got, "task-1 ❌ file_write a.txt - Missing required parameter 'content' for action 'file_write'\n") {
		t.Errorf("missing param:\n%s", got)
	}
	if err := os.WriteFile(filepath.Join(root, "a.txt"), []byte("A\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "b.txt"), []byte("B\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res = call(t, cs, "files_read", map[string]any{"paths": []string{"a.txt", "b.txt"}})
	if got := text(t, res); res.IsError || !strings.Contains(got, "=== a.txt ===\nA\n") || !strings.Contains(got, "=== b.txt ===\nB\n") {
		t.Errorf("a list of paths is one per line:\n%s", got)
	}
}

// TestUnknownArguments: an argument the tool's schema does not list is
// refused before anything runs, as additionalProperties: false says, with
// what the tool takes and the closest param or the tool that takes it; the
// answer tools refuse theirs too, while an unknown param inside an answer's
// block stays the answer's warning.
func TestUnknownArguments(t *testing.T) {
	root := tempRoot(t, map[string]string{"a.txt": "one two two\n"})
	cs := connect(t, Options{Session: testSession(t, testConfig(root))}, nil)
	for _, tc := range []struct {
		tool string
		args map[string]any
		want string
	}{
		{"file_replace_text", map[string]any{"path": "a.txt", "old_text": "one", "new_text": "1", "count": 1},
			`clada: file_replace_text: unknown argument "count": nothing was done (the tool takes path, old_text, new_text, near_line, anchor, at_end, tolerance, line_ends); count is an argument of file_replace_all_text`},
		{"file_replace_text", map[string]any{"path": "a.txt", "old_txt": "one", "new_text": "1"},
			`clada: file_replace_text: unknown argument "old_txt": nothing was done (the tool takes path, old_text, new_text, near_line, anchor, at_end, tolerance, line_ends); did you mean old_text?`},
		{"file_read", map[string]any{"path": "a.txt", "zzz": "b.txt"},
			`clada: file_read: unknown argument "zzz": nothing was done (the tool takes path)`},
		{"apply", map[string]any{"text": "x", "dryrun": true},
			`clada: apply: unknown argument "dryrun": nothing was done (the tool takes text, dry_run, atomic)`},
		{"check", map[string]any{"text": "x", "strict": true},
			`clada: check: unknown argument "strict": nothing was done (the tool takes text)`},
		{"undo", map[string]any{"steps": 2},
			`clada: undo: unknown argument "steps": nothing was done (the tool takes no arguments)`},
	} {
		res := call(t, cs, tc.tool, tc.args)
		if got := text(t, res); !res.IsError || got != tc.want {
			t.Errorf("%s %v: error %v, text\n%s\nwant\n%s", tc.tool, tc.args, res.IsError, got, tc.want)
		}
	}
	if got := readFile(t, filepath.Join(root, "a.txt")); got != "one two two\n" {
		t.Errorf("a refused call changed the file: %q", got)
	}
	res := call(t, cs, "apply", map[string]any{"text": "#!SHAM [@three-char-SHA-256: u1]\naction = \"file_read\"\npath = \"a.txt\"\npaht = \"b\"\n#!END_SHAM_u1\n"})
	if want := "u1 ⚠️ warning line 4: Unknown parameter 'paht' for action 'file_read'; it is ignored (did you mean path?)\n"; res.IsError || !strings.Contains(text(t, res), want) {
		t.Errorf("an unknown param in an answer's block is its warning:\n%s", text(t, res))
	}
}
