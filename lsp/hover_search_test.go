package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// A search text that is not in the file gets the engine's closest-match hint.
func TestHoverSearchMissShowsClosestLines(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "app.js"), []byte("one\nfunction go() {\nthree\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := start(t, root, false)
	uri := pathURI(filepath.Join(root, "a.sham"))
	c.open(uri, strings.Replace(replaceDoc, `"two"`, `"function  go() {"`, 1))
	var h protocol.Hover
	c.call(protocol.MethodTextDocumentHover, at(uri, 3, 14), &h)
	want := "matches nowhere in app.js; closest match at line 2: line 2 differs in whitespace at column 10; copy old_text exactly from the file:\n2: function go() {"
	if got := hoverText(&h); got != want {
		t.Fatalf("hover = %q, want %q", got, want)
	}
}

// A replayed edit (old text gone, new text there once) is already applied:
// no diagnostic, and hover says so instead of calling it a miss. (new_text
// "2nd", not replaceDoc's "2": a text that short is no evidence.)
func TestReplayedEditIsNoError(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "app.js"), []byte("one\n2nd\nthree\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := start(t, root, false)
	uri := pathURI(filepath.Join(root, "a.sham"))
	if p := c.open(uri, strings.Replace(replaceDoc, `"2"`, `"2nd"`, 1)); len(p.Diagnostics) != 0 {
		t.Fatalf("diagnostics = %+v, want none", p.Diagnostics)
	}
	var h protocol.Hover
	c.call(protocol.MethodTextDocumentHover, at(uri, 3, 12), &h)
	want := "matches nowhere in app.js; the edit is already applied: new_text is in the file, so applying leaves it as it is"
	if got := hoverText(&h); got != want {
		t.Fatalf("hover = %q, want %q", got, want)
	}
}

// A replayed edit that adds to its search still finds the search, inside
// the copy of new_text the first apply left: hover says it is already
// applied, not where it matches.
func TestReplayedExtendingEditHover(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "app.js"), []byte("one\ntwo\ntwo and more\nthree\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := start(t, root, false)
	uri := pathURI(filepath.Join(root, "a.sham"))
	doc := strings.Replace(replaceDoc, `new_text = "2"`, `new_text = "two\ntwo and more"`, 1)
	doc = strings.Replace(doc, `old_text = "two"`, `old_text = "two\n"`, 1)
	if p := c.open(uri, doc); len(p.Diagnostics) != 0 {
		t.Fatalf("diagnostics = %+v, want none", p.Diagnostics)
	}
	var h protocol.Hover
	c.call(protocol.MethodTextDocumentHover, at(uri, 3, 12), &h)
	want := "matches line 2 of app.js, inside a copy of new_text: the edit is already applied, so applying leaves it as it is"
	if got := hoverText(&h); got != want {
		t.Fatalf("hover = %q, want %q", got, want)
	}
}

// A search written with \n over a CRLF file is one the engine matches: hover
// does not call it a miss.
func TestHoverSearchCRLFMatches(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "app.js"), []byte("one\r\ntwo\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := start(t, root, false)
	uri := pathURI(filepath.Join(root, "a.sham"))
	c.open(uri, strings.Replace(replaceDoc, `"two"`, `"one\ntwo"`, 1))
	var h protocol.Hover
	c.call(protocol.MethodTextDocumentHover, at(uri, 3, 12), &h)
	if got, want := hoverText(&h), `matches in app.js once its line endings are the file's (\r\n)`; got != want {
		t.Fatalf("hover = %q, want %q", got, want)
	}
}
