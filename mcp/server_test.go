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
	if !tools["file_read"].Annotations.ReadOnlyHint || tools["file_write"].Annotations.ReadOnlyHint {
		t.Errorf("read-only hints: file_read %v, file_write %v", tools["file_read"].Annotations.ReadOnlyHint, tools["file_write"].Annotations.ReadOnlyHint)
	}
}

// TestWriteEditRead: the three calls an agent makes most, with their
// reports as structured content and summary text.
func TestWriteEditRead(t *testing.T) {
	root := tempRoot(t, nil)
	cs := connect(t, Options{Session: testSession(t, testConfig(root))}, nil)

	res := call(t, cs, "file_write", map[string]any{"path": "src/app.js", "content": "const port = 3000;\nlisten(port);\n"})
	if res.IsError {
		t.Fatalf("file_write failed: %s", text(res))
	}
	if got, want := text(res), "=== CLADA RESULTS ===\ntask-1 ✅ file_write src/app.js\n=== END ===\n"; got != want {
		t.Errorf("file_write text:\n%s\nwant:\n%s", got, want)
	}

	res = call(t, cs, "file_replace_text", map[string]any{"path": "src/app.js", "old_text": "const port = 3000;", "new_text": "const port = 8080;"})
	if res.IsError {
		t.Fatalf("file_replace_text failed: %s", text(res))
	}
	if got := firstResult(t, res)["data"].(map[string]any)["replacements"]; got != 1.0 {
		t.Errorf("replacements = %v, want 1", got)
	}
	if got, want := readFile(t, filepath.Join(root, "src/app.js")), "const port = 8080;\nlisten(port);\n"; got != want {
		t.Errorf("file after edit = %q, want %q", got, want)
	}

	res = call(t, cs, "file_read", map[string]any{"path": "src/app.js"})
	if res.IsError {
		t.Fatalf("file_read failed: %s", text(res))
	}
	if got := firstResult(t, res)["data"].(map[string]any)["content"]; got != "const port = 8080;\nlisten(port);\n" {
		t.Errorf("structured content = %q", got)
	}
	wantText := "=== CLADA RESULTS ===\ntask-1 ✅ file_read src/app.js\n=== END ===\n\n" +
		"=== OUTPUT task-1: file_read src/app.js ===\nconst port = 8080;\nlisten(port);\n=== END OUTPUT ===\n"
	if got := text(res); got != wantText {
		t.Errorf("file_read text:\n%s\nwant:\n%s", got, wantText)
	}

	// An integer argument given as a JSON number reaches clada as its text.
	res = call(t, cs, "file_read_numbered", map[string]any{"path": "src/app.js", "lines": "2", "delimiter": "| "})
	if got := firstResult(t, res)["data"].(map[string]any)["content"]; got != "2| listen(port);" {
		t.Errorf("numbered read = %q", got)
	}
	res = call(t, cs, "file_replace_all_text", map[string]any{"path": "src/app.js", "old_text": "port", "new_text": "p", "count": 2})
	if res.IsError || readFile(t, filepath.Join(root, "src/app.js")) != "const p = 8080;\nlisten(p);\n" {
		t.Errorf("count as a JSON integer: %s", text(res))
	}
}

// TestFailingEditHint: an edit whose old_text is not in the file fails with
// its fixed error text (DESIGN.md, "Edits"), the type, and the closest line
// as the hint, in both the
// structured report and the text; the file is untouched.
func TestFailingEditHint(t *testing.T) {
	root := tempRoot(t, map[string]string{"a.txt": "one\ntwo\nthree\n"})
	cs := connect(t, Options{Session: testSession(t, testConfig(root))}, nil)
	res := call(t, cs, "file_replace_text", map[string]any{"path": "a.txt", "old_text": "twoo", "new_text": "2"})
	if !res.IsError {
		t.Fatal("a failed edit must be an error result")
	}
	r := firstResult(t, res)
	hint := "closest match at line 2: line 2 ends at column 4 in the file where old_text's line goes on with `o`; copy old_text exactly from the file:\n2: two"
	if d := cmp.Diff(map[string]any{
		"error": "file_replace_text: old_text not found in file", "type": "search_not_found", "hint": hint, "success": false,
	}, map[string]any{"error": r["error"], "type": r["type"], "hint": r["hint"], "success": r["success"]}); d != "" {
		t.Errorf("result (-want +got):\n%s", d)
	}
	wantText := "=== CLADA RESULTS ===\n" +
		"task-1 ❌ file_replace_text a.txt - file_replace_text: old_text not found in file\n" +
		"   hint: closest match at line 2: line 2 ends at column 4 in the file where old_text's line goes on with `o`; copy old_text exactly from the file:\n" +
		"     2: two\n=== END ===\n"
	if got := text(res); got != wantText {
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
		r := firstResult(t, res)
		if !res.IsError || r["type"] != "path_escape" {
			t.Errorf("file_write %s: type %v, error result %v; want path_escape", p, r["type"], res.IsError)
		}
		if want := "file_write: path '" + p + "' is outside the project root " + root; r["error"] != want {
			t.Errorf("error = %q, want %q", r["error"], want)
		}
	}
	if _, err := os.Stat(filepath.Join(outer, "x.txt")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a file was written outside the root: %v", err)
	}
	res := call(t, cs, "file_read", map[string]any{"path": "../secret.txt"})
	if r := firstResult(t, res); r["type"] != "path_escape" || r["data"] != nil {
		t.Errorf("file_read ../secret.txt: %v", r)
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
	cs := connect(t, Options{Session: testSession(t, testConfig(tempRoot(t, nil)))}, nil)
	res := call(t, cs, "file_write", map[string]any{"path": map[string]any{"x": 1}, "content": "x"})
	if got, want := text(res), `clada: file_write: argument "path": give a string, number or boolean, not a JSON object`; !res.IsError || got != want {
		t.Errorf("object argument: %q, want %q", got, want)
	}
	res = call(t, cs, "file_write", map[string]any{"path": "a.txt"})
	if r := firstResult(t, res); r["error"] != "Missing required parameter 'content' for action 'file_write'" {
		t.Errorf("missing param: %v", r["error"])
	}
	res = call(t, cs, "file_read", map[string]any{"path": "a.txt", "paht": "b.txt"})
	if want := "- ⚠️ warning line 1: Unknown parameter 'paht' for action 'file_read'; it is ignored (did you mean path?)\n"; !strings.Contains(text(res), want) {
		t.Errorf("an unknown argument is warned about like an unknown param:\n%s", text(res))
	}
	res = call(t, cs, "files_read", map[string]any{"paths": []string{"a.txt", "b.txt"}})
	if r := firstResult(t, res); r["params"].(map[string]any)["paths"] != "a.txt\nb.txt" {
		t.Errorf("a list of paths is one per line: %v", r["params"])
	}
}
