package lsp

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// ladderFile has a line for each step of the tolerance ladder: one a hunk
// matches exactly, one with trailing blanks, one indented, one with
// typographic quotes.
const ladderFile = "def f():\n    return 1   \n  x = 1\ns = “hi”\n"

// A V4A hunk is found by the tolerance ladder, so hover on it says which
// step matched (what applying reports as data.match), not "matches
// nowhere" as a byte search would for every step after the first.
func TestHoverV4AHunkNamesTheStepThatMatched(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "app.py"), []byte(ladderFile), 0o644); err != nil {
		t.Fatal(err)
	}
	c := start(t, root, false)
	uri := pathURI(filepath.Join(root, "fix.patch"))
	c.open(uri, "*** Begin Patch\n*** Update File: app.py\n"+
		"@@\n-def f():\n+def g():\n"+ // lines 2-4
		"@@\n-    return 1\n+    return 2\n"+ // 5-7
		"@@\n-x = 1\n+x = 2\n"+ // 8-10
		"@@\n-s = \"hi\"\n+s = \"ho\"\n"+ // 11-13
		"@@\n-nowhere\n+x\n"+ // 14-16
		"@@ def h():\n-def f():\n+def g():\n"+ // 17-19
		"*** End Patch\n")
	for _, tc := range []struct {
		line uint32
		want string
	}{
		{3, "matches line 1 of app.py exactly"},
		{6, `matches once in app.py only ignoring trailing whitespace (tolerance step "trailing-whitespace", reported as data.match): the file's lines differ from the hunk's there`},
		{9, `matches once in app.py only ignoring leading and trailing whitespace (tolerance step "whitespace", reported as data.match): the file's lines differ from the hunk's there`},
		{12, `matches once in app.py only also reading typographic quotes, dashes and spaces as ASCII (tolerance step "unicode", reported as data.match): the file's lines differ from the hunk's there`},
		{15, "matches nowhere in app.py; no lines in the file resemble old_text; copy old_text exactly from the file (file_read_numbered shows it)"},
		{18, "its @@ line \"def h():\" matches nowhere in app.py; closest match at line 1: line 1 differs at column 5: the file has `f():` where old_text has `h():`; copy old_text exactly from the file:\n1: def f():"},
	} {
		var h protocol.Hover
		c.call(protocol.MethodTextDocumentHover, at(uri, tc.line, 2), &h)
		if got := hoverText(&h); got != tc.want {
			t.Errorf("hover on line %d = %q, want %q", tc.line, got, tc.want)
		}
	}
}

// The ladder lang documents is the engine's: a hunk written for each step
// is reported by the engine as matched at that step, in that order.
func TestToleranceStepsAreTheEngines(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "app.py"), []byte(ladderFile), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := engine.DefaultConfig(root)
	base, err := engine.NewOS(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer base.Close()
	olds := []string{"def f():\n", "    return 1\n", "x = 1\n", "s = \"hi\"\n"}
	steps := lang.ToleranceSteps()
	if len(steps) != len(olds) {
		t.Fatalf("%d steps documented, the test knows %d", len(steps), len(olds))
	}
	for i, old := range olds {
		r := engine.Do(context.Background(), fsys.NewOverlay(base), cfg, lang.OpFileReplaceText,
			map[string]string{"path": "app.py", "old_text": old, "new_text": "y\n", "tolerance": lang.V4ATolerance})
		if got := r.Data["match"]; !r.Success || got != steps[i].Match {
			t.Errorf("%q: engine matched %v (%s), lang documents step %d as %q", old, got, r.Error, i+1, steps[i].Match)
		}
	}
}

// old_text is documented as it is matched: exactly in clada's own syntaxes
// and the foreign formats that say nothing of tolerance (aider here), by
// the ladder, step by step, in a V4A hunk.
func TestHoverDocOfOldTextPerSyntax(t *testing.T) {
	exact := "Exact text to find; must match exactly once (whitespace counts)."
	ladder := `Lines to find, whole lines (a V4A hunk's context and '-' lines), after the anchor lines when there are any; ` +
		`matched with tolerance="whitespace", as Codex's apply_patch does: each step is tried in turn, ` +
		`exact (the lines exactly), then trailing-whitespace (ignoring trailing whitespace), then whitespace (ignoring leading and trailing whitespace), ` +
		`then unicode (also reading typographic quotes, dashes and spaces as ASCII), and the first step that finds the text must find it exactly once ` +
		`(two candidates are an error, never a guess). The result's data.match names the step that matched.`
	for _, tc := range []struct{ name, src, want string }{
		{"sham", replaceDoc, exact},
		{"csl", "<---SEARCH file=\"app.js\"--->\ntwo\n<---REPLACE--->\n2\n<---END--->\n", exact},
		{"cml", "<edit path=\"app.js\"><search>two</search><replace>2</replace></edit>\n", exact},
		{"aider", "app.js\n```\n<<<<<<< SEARCH\ntwo\n=======\n2\n>>>>>>> REPLACE\n```\n", exact},
		{"v4a", "*** Begin Patch\n*** Update File: app.js\n@@\n-two\n+2\n*** End Patch\n", ladder},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := lang.Parse(source.NewFile("answer.md", []byte(tc.src)))
			var a *lang.Action
			for x := range doc.Actions() {
				a = x
			}
			if a == nil || a.HasErrors() {
				t.Fatalf("no clean action in %q", tc.src)
			}
			spec := lang.Lookup(a.Op)
			if got := paramDoc(a, spec.Param("old_text")); got != "**old_text** (string, required)\n\n"+tc.want {
				t.Errorf("param hover = %q", got)
			}
			if line := "- `old_text` string, required: " + tc.want + "\n"; !strings.Contains(opDoc(spec, a), line) {
				t.Errorf("op hover lacks %q:\n%s", line, opDoc(spec, a))
			}
		})
	}
}

// The "*** Update File:" line heads its hunks but lies in none of them:
// hover there documents the path, as over any block's path.
func TestHoverV4AUpdateHeader(t *testing.T) {
	c := start(t, t.TempDir(), false)
	uri := pathURI("/tmp/fix.patch")
	c.open(uri, "*** Begin Patch\n*** Update File: app.py\n@@\n-a\n+b\n*** End Patch\n")
	var h protocol.Hover
	c.call(protocol.MethodTextDocumentHover, at(uri, 1, 5), &h)
	if got, want := hoverText(&h), "**path** (path, required)\n\nFile to edit."; got != want {
		t.Fatalf("hover = %q, want %q", got, want)
	}
	if h.Range == nil || *h.Range != rng(1, 0, 1, 23) {
		t.Errorf("range = %+v, want the header line", h.Range)
	}
}
