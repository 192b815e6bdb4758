package engine

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/clada-dev/clada/engine/approval"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// promptTree is a project in which every example of every prompt succeeds,
// run in order: the files the examples edit, move, read and delete.
func promptTree() map[string]string {
	var app strings.Builder
	app.WriteString("const port = 3000;\nvar a = 1;\nvar b = 2;\nvar c = 3;\n")
	for i := 5; i <= 22; i++ {
		fmt.Fprintf(&app, "// line %d\n", i)
	}
	return map[string]string{
		"src/app.js":     app.String(),
		"main.py":        "import sys\n\ndef process_data(items):\n    result = list(items)\n    return result\n\nprint(process_data(sys.argv))\n",
		"README.md":      "# Title\n\nold third line\nold fourth line\nlast line\n",
		"old/unused.txt": "unused\n",
		"build/out.o":    "object\n",
		"src/old.js":     "// old\n",
		"src/a.js":       "// TODO: a\n",
		"src/b.js":       "// b\n",
		"src/unused/":    "",
	}
}

// TestPromptExamplesApply applies each syntax's instructions, as an LLM
// that copied every example would send them, to promptTree: every action
// must succeed. The exec example runs `go test ./...`; a stub `go` first on
// PATH stands in for the toolchain, so the test checks clada, not Go.
func TestPromptExamplesApply(t *testing.T) {
	bin := t.TempDir()
	if err := os.WriteFile(filepath.Join(bin, "go"), []byte("#!/bin/sh\necho \"ok $*\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	for _, s := range []lang.Syntax{lang.SHAM, lang.CSL, lang.CML} {
		t.Run(s.String(), func(t *testing.T) {
			var b bytes.Buffer
			if err := lang.Prompt(&b, s); err != nil {
				t.Fatal(err)
			}
			cfg, root, _ := testRoot(t)
			cfg.NoGit, cfg.OutputMode, cfg.Timeout = true, OutputBuffer, 20*time.Second
			// CSL commands need the user's first-use approval (the gate);
			// the user here approves, as --approve always does.
			cfg.Approve = approval.Always
			writeTree(t, root, promptTree())
			ws, err := NewOS(cfg)
			if err != nil {
				t.Fatal(err)
			}
			defer ws.Close()
			doc := lang.Parse(source.NewFile("prompt.md", b.Bytes()))
			rep := Run(context.Background(), doc, ws, cfg, nil)
			if want := len(lang.Ops()) + map[lang.Syntax]int{lang.SHAM: 1, lang.CSL: 2, lang.CML: 2}[s]; len(rep.Results) != want {
				t.Errorf("%d results, want %d (each op's example plus the format example)", len(rep.Results), want)
			}
			for _, r := range rep.Results {
				if !r.Success {
					t.Errorf("%s %s failed: %s (%s)", r.Task, r.Action, r.Error, r.Hint)
				}
			}
			if !rep.Success || rep.Fatal != "" {
				t.Errorf("report not successful: fatal %q", rep.Fatal)
			}
			got, err := os.ReadFile(filepath.Join(root, "src/hello.txt"))
			if err != nil || string(got) != "Hello, world!\n" {
				t.Errorf("src/hello.txt = %q, %v; want the file_write example's content", got, err)
			}
		})
	}
}
