package lsp

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Keystrokes typed into an answer (characters, Enter, deletions, in
// blocks' contents and elsewhere) publish exactly the diagnostics, range
// for range, that opening the edited text afresh publishes: the parser's
// incremental path (lang/parse_incremental.go) and the server's passing
// it the change are held to a full parse through the protocol.
func TestKeystrokesMatchReopen(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "a.txt"), []byte("alpha\nbeta\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	block := func(id, body string) string {
		return "#!SHAM [@three-char-SHA-256: " + id + "]\naction = \"file_write\"\npath = \"" + id + ".txt\"\ncontent = <<'EOT_SHAM_" + id + "'\n" +
			body + "\nEOT_SHAM_" + id + "\n#!END_SHAM_" + id + "\n"
	}
	body := strings.Repeat("one\ntwo\nthree\nfour\nfive\n", 6) + "six"
	text := "Here is the change.\n\n" + block("aa1", body) + "\nThen a replace that finds nothing:\n\n" +
		"#!SHAM [@three-char-SHA-256: bb2]\naction = \"file_replace_text\"\npath = \"a.txt\"\nold_text = \"gamma\"\nnew_text = \"delta\"\n#!END_SHAM_bb2\n\n" +
		block("cc3", body) + "\nAnd a stray end:\n#!END_SHAM_zz9\n\n" + block("dd4", body) + "\nDone.\n"
	c := start(t, root, false)
	fresh := start(t, root, false)
	uri := pathURI(filepath.Join(root, "answer.md"))
	c.open(uri, text)
	rnd := rand.New(rand.NewPCG(3, 27))
	typed := "abcxyz 09,(=\n"
	seen := 0   // keystrokes with diagnostics to compare
	reused := 0 // keystrokes whose text went into the spare buffer
	at := len(text) / 2
	for i := range 150 {
		// Mostly typing on where the last key was, sometimes elsewhere.
		if rnd.IntN(4) == 0 {
			at = rnd.IntN(len(text) + 1)
		}
		at = min(at, len(text))
		del := 0
		ins := string(typed[rnd.IntN(len(typed))])
		if rnd.IntN(4) == 0 {
			ins, del = "", min(1, len(text)-at)
		}
		l1, c1 := lineCol(text, at)
		l2, c2 := lineCol(text, at+del)
		text = text[:at] + ins + text[at+del:]
		at += len(ins)
		spare := c.srv.docs[uri].spare
		c.change(uri, int32(i+2), edit(rng(l1, c1, l2, c2), ins))
		got := c.nextDiags(uri)
		if d := c.srv.docs[uri]; string(d.file.Src) != text {
			t.Fatalf("keystroke %d: the server holds %q, want %q", i, d.file.Src, text)
		} else if cap(spare) >= len(text) && &d.file.Src[0] == &spare[:1][0] {
			reused++
		}
		other := pathURI(filepath.Join(root, fmt.Sprintf("fresh%d.md", i)))
		want := fresh.open(other, text)
		fresh.close(other)
		fresh.nextDiags(other)
		// %+v reaches the unexported fields of the protocol's types.
		if w, g := fmt.Sprintf("%+v", want.Diagnostics), fmt.Sprintf("%+v", got.Diagnostics); w != g {
			t.Fatalf("keystroke %d (%q at %d, %d deleted): diagnostics differ from a fresh open:\nfresh: %s\ntyped: %s\ntext:\n%s", i, ins, at, del, w, g, text)
		}
		if len(got.Diagnostics) > 0 {
			seen++
		}
	}
	if seen < 100 {
		t.Fatalf("only %d of 150 keystrokes had diagnostics to compare", seen)
	}
	if reused < 140 {
		t.Fatalf("only %d of 150 keystrokes wrote their text into the spare buffer", reused)
	}
	if n := c.srv.docs[uri].parser.Incrementals(); n < 30 {
		t.Fatalf("only %d of 150 keystrokes took the incremental parse", n)
	}
}

// lineCol is the protocol position of byte offset off in an ASCII text.
func lineCol(text string, off int) (uint32, uint32) {
	line := strings.Count(text[:off], "\n")
	return uint32(line), uint32(off - (strings.LastIndexByte(text[:off], '\n') + 1))
}
