package watch

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/internal/testfs"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// The output file a .clada.yaml names is written through the root: a
// directory on the way that is a symlink out is refused and nothing is
// written outside (README, ".clada.yaml"); a plain output is written.
func TestWriteOutputNoSymlinkOut(t *testing.T) {
	root, outside := t.TempDir(), t.TempDir()
	testfs.Symlink(t, outside, filepath.Join(root, "out"))
	err := writeOutput(root, filepath.Join(root, "out", "results.md"), resultsStart+"\nx\n")
	if err == nil || !strings.Contains(err.Error(), string(filepath.Separator)+"out is a symlink; clada never follows one for its own files") {
		t.Fatalf("err = %v", err)
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 0 {
		t.Fatalf("wrote %d entries outside the root", len(entries))
	}
	if err := writeOutput(root, filepath.Join(root, "docs", "results.md"), resultsStart+"\nx\n"); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(root, "docs", "results.md")); string(b) != resultsStart+"\nx\n" {
		t.Fatalf("results.md = %q", b)
	}
}

// The full report of .clada/last-output.md is, without --format, the
// answer's first block's syntax's (lang.SyntaxDef.ReportFormat, read by
// report.Write): the summary for an aider answer, JSON for SHAM.
func TestLastOutputDefaultFormat(t *testing.T) {
	for _, tc := range []struct{ answer, want string }{
		{"a.txt\n```\n<<<<<<< SEARCH\none\n=======\n1\n>>>>>>> REPLACE\n```\n", "=== CLADA RESULTS ===\ntask-1 ✅ file_replace_text a.txt\n=== END ===\n"},
		{"#!SHAM [@three-char-SHA-256: e1]\naction = \"file_replace_text\"\npath = \"a.txt\"\nold_text = \"one\"\nnew_text = \"1\"\n#!END_SHAM_e1\n", "{\n  \"version\": 1,\n"},
	} {
		doc := lang.Parse(source.NewFile("in", []byte(tc.answer)))
		rep := &engine.Report{Success: true, TotalBlocks: 1, ExecutedActions: 1, Results: []engine.ActionResult{{
			Seq: 1, Task: "task-1", BlockID: doc.Groups[0].Actions[0].ID, Action: "file_replace_text", Primary: "path",
			Params: map[string]string{"path": "a.txt"}, Result: engine.Result{Success: true}}}}
		var b bytes.Buffer
		if err := writeFull(&b, doc, rep, "", 0); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(b.String(), tc.want) {
			t.Errorf("last-output for %s:\n%s\nwant it to start with:\n%s", doc.Groups[0].Syntax, b.String(), tc.want)
		}
	}
}
