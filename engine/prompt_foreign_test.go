package engine

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// TestForeignPromptExamplesApply applies each foreign format's
// instructions, every example as written, to a tree holding the file they
// edit: every block reads as that format, every action succeeds, and the
// edited file ends as the examples say.
func TestForeignPromptExamplesApply(t *testing.T) {
	cases := []struct {
		s       lang.Syntax
		actions int
		hello   string
	}{
		{lang.Aider, 2, "def greet(name):\n    print(\"hello\", name)\n"},
		{lang.UDiff, 2, "def greet():\n    print(\"hello, world\")\n"},
		{lang.JSONCall, 4, "def greet():\n    print(\"hello\")\n"},
		{lang.Replacer, 2, "def greet(name):\n    print(\"hello\", name)\n"},
	}
	for _, c := range cases {
		t.Run(c.s.String(), func(t *testing.T) {
			var b bytes.Buffer
			if err := lang.Prompt(&b, c.s); err != nil {
				t.Fatal(err)
			}
			cfg, root, _ := testRoot(t)
			cfg.NoGit = true
			writeTree(t, root, map[string]string{"src/hello.py": "def greet():\n    print(\"hello\")\n"})
			ws, err := NewOS(cfg)
			if err != nil {
				t.Fatal(err)
			}
			defer ws.Close()
			doc := lang.Parse(source.NewFile("prompt.md", b.Bytes()))
			if ds := lang.Check(doc); len(ds) > 0 {
				t.Fatalf("the instructions do not check clean: %v", ds)
			}
			for _, g := range doc.Groups {
				if g.Syntax != c.s {
					t.Errorf("a block reads as %s", g.Syntax)
				}
			}
			rep := Run(context.Background(), doc, ws, cfg, nil)
			if len(rep.Results) != c.actions || !rep.Success {
				t.Errorf("%d results (want %d), success %v", len(rep.Results), c.actions, rep.Success)
			}
			for _, r := range rep.Results {
				if !r.Success {
					t.Errorf("%s %s failed: %s (%s)", r.Task, r.Action, r.Error, r.Hint)
				}
			}
			if got, _ := os.ReadFile(filepath.Join(root, "src/hello.py")); string(got) != c.hello {
				t.Errorf("src/hello.py = %q, want %q", got, c.hello)
			}
			if _, err := os.Stat(filepath.Join(root, "docs/notes.md")); err != nil {
				t.Errorf("docs/notes.md: %v", err)
			}
		})
	}
}
