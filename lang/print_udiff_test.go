package lang

import (
	"strings"
	"testing"

	"github.com/clada-dev/clada/source"
)

// A section after a delete or a rename (a git header alone) gets a
// "diff --git" line of its own: printed bare, its "--- " lines were read
// as the header's, and a delete then a new file at the same path parsed
// back as the new file alone (FuzzParseUDiff).
func TestPrintUDiffSectionAfterHeaderOnly(t *testing.T) {
	in := "diff --git a/t b/t\ndeleted file mode 100644\ndiff --git a/t b/t\nnew file mode 100644\n--- /dev/null\n+++ b/t\n@@ -0,0 +1,1 @@\n+x\n" +
		"diff --git a/a b/b\nrename from a\nrename to b\ndiff --git a/b b/b\n--- a/b\n+++ b/b\n@@ @@\n-1\n+2\n"
	doc := Parse(source.NewFile("in.diff", []byte(in)))
	if ds := doc.Diagnostics(); len(ds) != 0 {
		t.Fatalf("input has diagnostics: %v", ds)
	}
	var sb strings.Builder
	if err := Print(&sb, doc, UDiff); err != nil {
		t.Fatal(err)
	}
	want := "diff --git a/t b/t\ndeleted file mode 100644\ndiff --git a/t b/t\nnew file mode 100644\n--- /dev/null\n+++ b/t\n@@ -0,0 +1,1 @@\n+x\n" +
		"diff --git a/a b/b\nrename from a\nrename to b\ndiff --git a/b b/b\n--- a/b\n+++ b/b\n@@ @@\n-1\n+2\n"
	if sb.String() != want {
		t.Fatalf("printed\n%s\nwant\n%s", sb.String(), want)
	}
	var ops []string
	for a := range Parse(source.NewFile("out.diff", []byte(sb.String()))).Actions() {
		ops = append(ops, a.Op)
	}
	if got := strings.Join(ops, " "); got != "file_delete file_write file_move file_replace_text" {
		t.Fatalf("printed diff parses back as %s", got)
	}
}
