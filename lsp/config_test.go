package lsp

import (
	"os"
	"path/filepath"
	"testing"
)

// TestConfigDiagnostics: the workspace's .clada.yaml refuses an action the
// way apply would, at the action's op name.
func TestConfigDiagnostics(t *testing.T) {
	root := t.TempDir()
	cfg := filepath.Join(root, ".clada.yaml")
	if err := os.WriteFile(cfg, []byte("allowed-actions: [file_write]\ndeny: [secret]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := start(t, root, false)
	u := pathURI(filepath.Join(root, "a.sham"))
	doc := "#!SHAM [@three-char-SHA-256: ok1]\naction = \"file_write\"\npath = \"a.txt\"\ncontent = \"x\"\n#!END_SHAM_ok1\n" +
		"#!SHAM [@three-char-SHA-256: no1]\naction = \"exec\"\nlang = \"sh\"\ncode = \"ls\"\n#!END_SHAM_no1\n" +
		"#!SHAM [@three-char-SHA-256: no2]\naction = \"file_write\"\npath = \"secret/k\"\ncontent = \"x\"\n#!END_SHAM_no2\n"
	p := c.open(u, doc)
	var got []string
	for _, d := range p.Diagnostics {
		if codeOf(d) == "NOT_ALLOWED" {
			got = append(got, messageOf(d))
			if d.Range.Start.Line != 6 && d.Range.Start.Line != 11 {
				t.Errorf("range %+v: want the op line of a refused action", d.Range)
			}
		}
	}
	want := []string{
		"action exec is not allowed by " + cfg + " (allowed-actions: file_write)\nhint: the project's .clada.yaml forbids this; ask for another action or path",
		"path 'secret/k' matches the deny pattern \"secret\" of " + cfg + "\nhint: the project's .clada.yaml forbids this; ask for another action or path",
	}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("NOT_ALLOWED diagnostics = %q, want %q", got, want)
	}
}
