package watch

import (
	"reflect"
	"strings"
	"testing"

	"github.com/clada-dev/clada/session"
)

func TestResultRegions(t *testing.T) {
	n := "0123456789abcdef"
	nonces := map[string]bool{n: true}
	// the output of a read of an older input file quotes a start line and a
	// foreign end line: neither ends the section early
	section := resultsStart + "\nab1 ✅ file_read a.txt\n=== END ===\n\n=== OUTPUT ab1: file_read a.txt ===\n" +
		resultsStart + "\n" + endMarker("fedcba9876543210") + "\n=== END OUTPUT ===\n" + endMarker(n) + "\n"
	crlf := strings.ReplaceAll(section, "\n", "\r\n")
	for _, tc := range []struct {
		name, text string
		regions    [][2]int
		top        int
		lost       bool
	}{
		{"no section", "answer\n", nil, 0, false},
		{"section then answer", section + "\nanswer\n", [][2]int{{0, len(section)}}, len(section), false},
		{"CRLF", crlf + "x", [][2]int{{0, len(crlf)}}, len(crlf), false},
		{"BOM and blank lines first", "\ufeff\n" + section + "x", [][2]int{{4, 4 + len(section)}}, 4 + len(section), false},
		{"answer pasted above the results", "answer\n" + section + "more\n", [][2]int{{7, 7 + len(section)}}, 0, false},
		{"only a foreign end line", resultsStart + "\n" + endMarker("fedcba9876543210") + "\nanswer", nil, 0, true},
		{"end line edited away", resultsStart + "\nab1 ✅\n\nanswer\n", nil, 0, true},
	} {
		regions, lost := resultRegions([]byte(tc.text), nonces)
		top := topResults(regions, []byte(tc.text))
		if !reflect.DeepEqual(regions, tc.regions) || top != tc.top || lost != tc.lost {
			t.Errorf("%s: regions %v, top %d, lost %v; want %v, %d, %v", tc.name, regions, top, lost, tc.regions, tc.top, tc.lost)
		}
	}
}

func TestBlankOutKeepsLines(t *testing.T) {
	got := string(blankOut([]byte("#!SHAM x\r\nab\nkeep"), [][2]int{{0, 12}}))
	if got != "        \r\n  \nkeep" {
		t.Fatalf("blankOut = %q", got)
	}
}

func TestNewBlocksOnlyOnce(t *testing.T) {
	s, err := session.Open(session.Input{Root: t.TempDir()}, session.NoHooks, session.NoPassEnv)
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewRunner(s)
	if err != nil {
		t.Fatal(err)
	}
	block := func(id, path string) string {
		return "#!SHAM [@three-char-SHA-256: " + id + "]\naction = \"file_write\"\npath = \"" + path + "\"\ncontent = \"x\"\n#!END_SHAM_" + id + "\n"
	}
	text := "prose\n" + block("a1", "a") + block("a1", "a") + block("b2", "b") + "#!SHAM [@bad header\n"
	b, problem := r.newBlocks("in.md", []byte(text))
	if problem != "" {
		t.Fatal(problem)
	}
	if b.blocks != 2 || len(b.doc.Diags) != 1 || b.pending {
		t.Fatalf("first: %d blocks (want 2: a duplicate runs once), %d stray diagnostics (want 1), pending %v", b.blocks, len(b.doc.Diags), b.pending)
	}
	for _, k := range b.keys {
		kind, v, _ := strings.Cut(k, " ")
		r.st.add(kind, v)
	}
	b, _ = r.newBlocks("in.md", []byte(text+block("c3", "c")))
	if b.blocks != 1 || len(b.doc.Diags) != 0 || b.doc.Groups[0].Actions[0].ID != "c3" {
		t.Fatalf("second: %d blocks, %d diagnostics; want only c3", b.blocks, len(b.doc.Diags))
	}
	b, _ = r.newBlocks("in.md", []byte(block("d4", "d")[:60]))
	if !b.pending {
		t.Fatal("a block cut short is not pending")
	}
	// Complete answers whose last block has an error are not pending: a
	// JSON call of a tool clada does not read, an aider edit that changes
	// nothing. An aider block cut before its REPLACE marker is.
	for text, want := range map[string]bool{
		"a.txt\n```\nhello\n```\n\n```json\n{\"name\": \"Bash\", \"input\": {\"command\": \"make test\"}}\n```\n": false,
		"a.txt\n```\n<<<<<<< SEARCH\nx\n=======\nx\n>>>>>>> REPLACE\n```\n\nDone.\n":                              false,
		"a.txt\n```\n<<<<<<< SEARCH\nx\n=======\ny\n":                                                             true,
	} {
		b, _ := r.newBlocks("in.md", []byte(text))
		if b.pending != want {
			t.Errorf("pending = %v, want %v, for %q", b.pending, want, text)
		}
	}
}
