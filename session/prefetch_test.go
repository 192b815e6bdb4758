package session

import (
	"testing"

	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// Only an answer that writes a file starts the hooks-path lookup: one that
// reads, searches or only runs commands would start a git process that
// nothing waits for (protected is not called for it).
func TestHooksPathPrefetchOnlyForWrites(t *testing.T) {
	block := func(id, body string) string {
		return "#!SHAM [@three-char-SHA-256: " + id + "]\n" + body + "#!END_SHAM_" + id + "\n"
	}
	for _, tc := range []struct {
		name, answer string
		want         Option
	}{
		{"a read", block("r01", "action = \"file_read\"\npath = \"a.txt\"\n"), 0},
		{"a command", block("c01", "action = \"exec\"\nlang = \"bash\"\ncode = \"make test\"\n"), 0},
		{"prose only", "Nothing to do here.\n", 0},
		{"a write", block("w01", "action = \"file_write\"\npath = \"a.txt\"\ncontent = \"x\"\n"), PrefetchHooksPath},
		{"a read, then an edit", block("r02", "action = \"file_read\"\npath = \"a.txt\"\n") +
			block("e01", "action = \"file_replace_text\"\npath = \"a.txt\"\nold_text = \"x\"\nnew_text = \"y\"\n"), PrefetchHooksPath},
		{"a diff", "--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-x\n+y\n", PrefetchHooksPath},
	} {
		doc := lang.Parse(source.NewFile("answer.md", []byte(tc.answer)))
		if got := HooksPathPrefetch(doc); got != tc.want {
			t.Errorf("%s: option %v, want %v", tc.name, got, tc.want)
		}
	}
}

// Without the option no lookup starts, and the apply looks up itself.
func TestNoPrefetchWithoutTheOption(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	s, err := Open(Input{Root: t.TempDir()}, HooksPathPrefetch(lang.Parse(source.NewFile("a.md", []byte("prose\n")))))
	if err != nil {
		t.Fatal(err)
	}
	if s.hooks != nil {
		t.Fatal("a lookup was started for an answer that writes nothing")
	}
}
