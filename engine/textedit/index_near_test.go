package textedit

import (
	"strings"
	"testing"
)

// A unified diff's hunk states its line (near): a match starting there is
// the one PickNear takes however many others there are, so the index
// takes it without a search; elsewhere it searches as before.
func TestReplaceOnceAtStatedLine(t *testing.T) {
	const dup = "return nil, err // the same line thrice\n"
	text := "package p\n" + dup + "x := 1\n" + dup + "y := 2\n" + dup + "z := 3 // unique line here\n"
	cases := []struct {
		name     string
		old      string
		near     int
		want     Indexed
		wantLine int
		wantText string
	}{
		{"duplicate at its stated line", dup, 4, Replaced, 4,
			"package p\n" + dup + "x := 1\n" + "ERR\n" + "y := 2\n" + dup + "z := 3 // unique line here\n"},
		{"duplicate, line states none of them", dup, 3, Declined, 0, text},
		{"unique, line off by two", "z := 3 // unique line here\n", 5, Replaced, 7,
			"package p\n" + dup + "x := 1\n" + dup + "y := 2\n" + dup + "ERR\n"},
		{"unique, line past the end", "z := 3 // unique line here\n", 40, Replaced, 7,
			"package p\n" + dup + "x := 1\n" + dup + "y := 2\n" + dup + "ERR\n"},
		{"mid-line text at its line", "nil, err // the same line thrice\n", 2, Declined, 0, text},
	}
	for _, c := range cases {
		x := NewIndex([]byte(text), []string{c.old})
		got, line := x.ReplaceOnce(c.old, "ERR\n", c.near)
		if got != c.want || line != c.wantLine {
			t.Errorf("%s: got %v at line %d, want %v at line %d", c.name, got, line, c.want, c.wantLine)
		}
		if s := string(x.Bytes()); s != c.wantText {
			t.Errorf("%s: text\n%q\nwant\n%q", c.name, s, c.wantText)
		}
	}
}

// Hunks that each match at their stated line never make the index scan the
// file: the scan was most of a thousand-file diff's trial. A later search
// the lines do not settle scans the text as the earlier hunks left it.
func TestHunksAtTheirLinesNeedNoScan(t *testing.T) {
	var b strings.Builder
	for i := range 200 {
		b.WriteString("line " + strings.Repeat("x", i%7) + " of the file, number " + string(rune('a'+i%26)) + "\n")
	}
	text := b.String()
	lines := strings.SplitAfter(text, "\n")
	olds := []string{lines[10] + lines[11], lines[50], lines[120] + lines[121] + lines[122]}
	x := NewIndex([]byte(text), append(olds, "MADE BY AN EDIT, found by a scan\n"))
	// Each hunk's line counts the lines earlier hunks added or removed.
	for i, h := range []struct {
		old, repl string
		near      int
	}{
		{olds[0], "one\n", 11},
		{olds[1], "MADE BY AN EDIT, found by a scan\nand more\n", 50},
		{olds[2], "", 121},
	} {
		if got, line := x.ReplaceOnce(h.old, h.repl, h.near); got != Replaced || line != h.near {
			t.Fatalf("hunk %d: %v at line %d, want Replaced at %d", i, got, line, h.near)
		}
	}
	if x.scanned || x.ids != nil {
		t.Fatal("the index scanned the file, or made its searches' tables, for hunks that matched at their lines")
	}
	if got, line := x.ReplaceOnce("MADE BY AN EDIT, found by a scan\n", "found\n", 0); got != Replaced || line != 50 {
		t.Fatalf("search after the hunks: %v at line %d, want Replaced at line 50", got, line)
	}
	want := strings.Join(lines[:10], "") + "one\n" + strings.Join(lines[12:50], "") + "found\nand more\n" +
		strings.Join(lines[51:120], "") + strings.Join(lines[123:], "")
	if got := string(x.Bytes()); got != want {
		t.Fatalf("text differs:\n%q\nwant\n%q", got, want)
	}
}
