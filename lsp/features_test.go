package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"
)

const replaceDoc = "#!SHAM [@three-char-SHA-256: rpl]\naction = \"file_replace_text\"\npath = \"app.js\"\nold_text = \"two\"\nnew_text = \"2\"\n#!END_SHAM_rpl\n"

func TestHover(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "app.js"), []byte("one\ntwo\nthree\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := start(t, root, false)
	uri := pathURI(filepath.Join(root, "a.sham"))
	c.open(uri, replaceDoc)
	for _, tc := range []struct {
		line, char uint32
		want       string
	}{
		{3, 12, "matches line 2 of app.js"},
		{3, 2, "**old_text** (string, required)\n\nExact text to find; must match exactly once (whitespace counts)."},
		{1, 12, "**file_replace_text** (write)"},
	} {
		var h protocol.Hover
		c.call(protocol.MethodTextDocumentHover, at(uri, tc.line, tc.char), &h)
		if got := hoverText(&h); !strings.HasPrefix(got, tc.want) {
			t.Errorf("hover %d:%d = %q, want prefix %q", tc.line, tc.char, got, tc.want)
		}
	}
	var h *protocol.Hover
	c.call(protocol.MethodTextDocumentHover, at(uri, 6, 0), &h)
	if h != nil {
		t.Errorf("hover outside a block = %+v, want null", h)
	}
}

func TestSymbolsAndFolding(t *testing.T) {
	c := start(t, t.TempDir(), false)
	uri := pathURI("/tmp/a.sham")
	c.open(uri, "prose\n"+replaceDoc)
	var syms []protocol.DocumentSymbol
	c.call(protocol.MethodTextDocumentDocumentSymbol, &protocol.DocumentSymbolParams{TextDocument: docID(uri)}, &syms)
	detail := "sham block rpl"
	want := []protocol.DocumentSymbol{{
		Name: "file_replace_text app.js", Detail: &detail, Kind: protocol.SymbolKindFunction,
		Range:          rng(1, 0, 6, 14),
		SelectionRange: rng(2, 10, 2, 27),
	}}
	if diff := cmp.Diff(want, syms, protoCmp); diff != "" {
		t.Errorf("symbols (-want +got):\n%s", diff)
	}
	var folds []protocol.FoldingRange
	c.call(protocol.MethodTextDocumentFoldingRange, &protocol.FoldingRangeParams{TextDocument: docID(uri)}, &folds)
	if diff := cmp.Diff([]protocol.FoldingRange{{StartLine: 1, EndLine: 6, Kind: protocol.FoldingRangeKindRegion}}, folds, protoCmp); diff != "" {
		t.Errorf("folds (-want +got):\n%s", diff)
	}
}

// Formatting prints each block the way lang.Print does (catalog param order)
// and leaves a canonical document alone.
func TestFormatting(t *testing.T) {
	c := start(t, t.TempDir(), false)
	uri := pathURI("/tmp/a.sham")
	messy := strings.Replace(replaceDoc, "path = \"app.js\"\nold_text = \"two\"\n", "old_text = \"two\"\npath = \"app.js\"\n", 1)
	c.open(uri, "Intro.\n"+messy+"Bye.\n")
	format := func(u protocol.TextDocumentIdentifier) *protocol.DocumentFormattingParams {
		return &protocol.DocumentFormattingParams{TextDocument: u, Options: protocol.FormattingOptions{TabSize: 2}}
	}
	var edits []protocol.TextEdit
	c.call(protocol.MethodTextDocumentFormatting, format(docID(uri)), &edits)
	if len(edits) != 1 {
		t.Fatalf("edits = %+v, want one", edits)
	}
	f := c.srv.docs[uri].file
	m := mapper{f: f}
	e := edits[0]
	got := string(f.Src[:m.offset(e.Range.Start)]) + e.NewText + string(f.Src[m.offset(e.Range.End):])
	if want := "Intro.\n" + replaceDoc + "Bye.\n"; got != want {
		t.Fatalf("formatted:\n%s\nwant:\n%s", got, want)
	}
	c.open(pathURI("/tmp/b.sham"), replaceDoc)
	c.call(protocol.MethodTextDocumentFormatting, format(docID(pathURI("/tmp/b.sham"))), &edits)
	if len(edits) != 0 {
		t.Fatalf("canonical document got edits %+v", edits)
	}
}

// The simulation runs the ops in order: the second replace fails because the
// first already changed "two", and the diagnostic sits on its search text.
func TestWorkspaceDiagnostics(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "app.js"), []byte("one\ntwo\nthree\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := start(t, root, false)
	uri := pathURI(filepath.Join(root, "a.sham"))
	// A new_text of its own: a repeat of the first edit would be already applied.
	second := strings.ReplaceAll(strings.ReplaceAll(replaceDoc, "rpl", "rp2"), `new_text = "2"`, `new_text = "II"`)
	missing := strings.ReplaceAll(strings.ReplaceAll(replaceDoc, "rpl", "rp3"), "app.js", "gone.js")
	p := c.open(uri, replaceDoc+second+missing)
	if len(p.Diagnostics) != 2 {
		t.Fatalf("diagnostics = %+v, want 2", p.Diagnostics)
	}
	d0, d1 := p.Diagnostics[0], p.Diagnostics[1]
	if codeOf(d0) != CodeWorkspace || d0.Range != rng(9, 11, 9, 16) {
		t.Errorf("second replace: %+v", d0)
	}
	if codeOf(d1) != CodeWorkspace || d1.Range != rng(14, 7, 14, 16) || !strings.Contains(messageOf(d1), "gone.js") {
		t.Errorf("missing file: %+v", d1)
	}
	if b, _ := os.ReadFile(filepath.Join(root, "app.js")); string(b) != "one\ntwo\nthree\n" {
		t.Errorf("simulation touched the disk: %q", b)
	}
}

func TestDefinition(t *testing.T) {
	root := t.TempDir()
	target := filepath.Join(root, "app.js")
	if err := os.WriteFile(target, []byte("one\ntwo\nthree\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := start(t, root, false)
	uri := pathURI(filepath.Join(root, "a.sham"))
	c.open(uri, replaceDoc)
	var locs []protocol.Location
	c.call(protocol.MethodTextDocumentDefinition, at(uri, 3, 12), &locs)
	if diff := cmp.Diff([]protocol.Location{{URI: pathURI(target), Range: rng(1, 0, 1, 3)}}, locs); diff != "" {
		t.Errorf("search definition (-want +got):\n%s", diff)
	}
	c.call(protocol.MethodTextDocumentDefinition, at(uri, 2, 9), &locs)
	if diff := cmp.Diff([]protocol.Location{{URI: pathURI(target)}}, locs); diff != "" {
		t.Errorf("path definition (-want +got):\n%s", diff)
	}
}

func TestSemanticTokens(t *testing.T) {
	c := start(t, t.TempDir(), false)
	uri := pathURI("/tmp/a.sham")
	c.open(uri, "#!SHAM [@three-char-SHA-256: rpl]\naction = \"ls\"\npath = \"src\"\n#!END_SHAM_rpl\n")
	var res protocol.SemanticTokens
	c.call(protocol.MethodTextDocumentSemanticTokensFull, &protocol.SemanticTokensParams{TextDocument: docID(uri)}, &res)
	want := []uint32{
		1, 10, 2, tokOp, 0, // ls (the action line is the op, not a param)
		1, 0, 4, tokKey, 0, // path
		0, 7, 5, tokValue, 0, // "src"
	}
	if diff := cmp.Diff(want, res.Data); diff != "" {
		t.Errorf("tokens (-want +got):\n%s", diff)
	}
}

// Dry-run answers with the engine's report and leaves the disk alone.
func TestExecuteDryRun(t *testing.T) {
	root := t.TempDir()
	target := filepath.Join(root, "app.js")
	if err := os.WriteFile(target, []byte("one\ntwo\nthree\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := start(t, root, false)
	uri := pathURI(filepath.Join(root, "a.sham"))
	c.open(uri, replaceDoc)
	var rep struct {
		Success bool `json:"success"`
	}
	c.call(protocol.MethodWorkspaceExecuteCommand, command("clada.dryRun", uri), &rep)
	if !rep.Success {
		t.Fatalf("dry run report: %+v", rep)
	}
	if b, _ := os.ReadFile(target); string(b) != "one\ntwo\nthree\n" {
		t.Fatalf("dry run wrote %q", b)
	}
	if err := c.callErr(protocol.MethodWorkspaceExecuteCommand, command("clada.nope", uri), nil); err == nil || !strings.Contains(err.Error(), `unknown command "clada.nope"`) {
		t.Fatalf("unknown command: %v", err)
	}
}

// A CML value in a list item whose later lines lost the item's indentation
// is a warning at the first such line, with its hint, as in clada check.
func TestShallowLinesDiagnostic(t *testing.T) {
	c := start(t, t.TempDir(), false)
	u := pathURI("/tmp/answer.md")
	p := c.open(u, "- Guard:\n\n    <edit path=\"calc.py\">\n      <search><![CDATA[    return x]]></search>\n"+
		"      <replace><![CDATA[    if not xs:\n        return 0.0\n    return x]]></replace>\n    </edit>\n")
	var shallow []protocol.Diagnostic
	for _, d := range p.Diagnostics {
		if codeOf(d) == "SHALLOW_LINES" {
			shallow = append(shallow, d)
		}
	}
	if len(shallow) != 1 {
		t.Fatalf("diagnostics: %+v", p.Diagnostics)
	}
	d := shallow[0]
	want := protocol.Range{Start: protocol.Position{Line: 6, Character: 0}, End: protocol.Position{Line: 6, Character: 12}}
	if codeOf(d) != "SHALLOW_LINES" || d.Severity != protocol.DiagnosticSeverityWarning || d.Range != want ||
		!strings.Contains(messageOf(d), "loses the block's indentation (4 spaces)") {
		t.Errorf("diagnostic %+v, want SHALLOW_LINES warning at %+v", d, want)
	}
}
