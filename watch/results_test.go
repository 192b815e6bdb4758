package watch

import (
	"strings"
	"testing"
)

func TestSplitResults(t *testing.T) {
	n := "0123456789abcdef"
	nonces := map[string]bool{n: true}
	section := resultsStart + "\nab1 ✅ file_read a.txt\n=== END ===\n\n=== OUTPUT ab1: file_read a.txt ===\n" +
		endMarker("fedcba9876543210") + "\n=== END OUTPUT ===\n" + endMarker(n) + "\n"
	for _, tc := range []struct {
		name, text string
		answer     int
		lost       bool
	}{
		{"no section", "answer\n", 0, false},
		{"section then answer", section + "\nanswer\n", len(section), false},
		{"CRLF end line", strings.ReplaceAll(section, "\n", "\r\n") + "x", len(section) + strings.Count(section, "\n"), false},
		{"BOM and blank lines first", "\ufeff\n" + section + "x", len("\ufeff\n" + section), false},
		// a quoted end line with an unknown nonce (a read of an older input) does not end it
		{"only a foreign end line", resultsStart + "\n" + endMarker("fedcba9876543210") + "\nanswer", 0, true},
		{"end line edited away", resultsStart + "\nab1 ✅\n\nanswer\n", 0, true},
		{"results text later in the answer", "answer\n" + section, 0, false},
	} {
		answer, lost := splitResults([]byte(tc.text), nonces)
		if answer != tc.answer || lost != tc.lost {
			t.Errorf("%s: splitResults = %d, %v; want %d, %v", tc.name, answer, lost, tc.answer, tc.lost)
		}
	}
}

func TestBlankOutKeepsLines(t *testing.T) {
	got := string(blankOut([]byte("#!SHAM x\r\nab\nkeep"), 12))
	if got != "        \r\n  \nkeep" {
		t.Fatalf("blankOut = %q", got)
	}
}

func TestNewBlocksOnlyOnce(t *testing.T) {
	r, err := NewRunner(t.TempDir())
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
}
