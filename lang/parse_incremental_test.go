package lang

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/clada-dev/clada/corpus"
	"github.com/clada-dev/clada/internal/benchdoc"
	"github.com/clada-dev/clada/source"
)

// sameAsFull checks that p's parse of src (incremental when p's last
// parse allows it) is exactly a full parse's: the kept spans, every group
// (every range, message and param), the document's diagnostics and
// Check's. It returns whether the incremental path was taken.
func sameAsFull(t *testing.T, name string, p *Parser, src []byte, edit ...int) bool {
	t.Helper()
	before := p.incrementals
	f := source.NewFile(name, src)
	var got *Document
	if len(edit) == 3 {
		got = p.ParseEdit(f, p.last.doc.File, edit[0], edit[1], edit[2])
	} else {
		got = p.Parse(f)
	}
	took := p.incrementals > before
	full := NewParser(0)
	want := full.Parse(source.NewFile(name, src))
	if d := cmp.Diff(spanList(full.last.spans), spanList(p.last.spans)); d != "" {
		t.Fatalf("%s (incremental: %v): spans differ from a full parse (-full +got):\n%s", name, took, d)
	}
	if d := cmp.Diff(want.Groups, got.Groups); d != "" {
		t.Fatalf("%s (incremental: %v): groups differ from a full parse (-full +got):\n%s", name, took, d)
	}
	if d := cmp.Diff(want.Diags, got.Diags); d != "" {
		t.Fatalf("%s (incremental: %v): diagnostics differ from a full parse (-full +got):\n%s", name, took, d)
	}
	if d := cmp.Diff(Check(want), Check(got)); d != "" {
		t.Fatalf("%s (incremental: %v): Check differs from a full parse's (-full +got):\n%s", name, took, d)
	}
	return took
}

// spanList is spans in a form cmp can compare: range, syntax and prefix.
func spanList(spans []blockSpan) []string {
	out := make([]string, len(spans))
	for i, s := range spans {
		out[i] = fmt.Sprintf("%d-%d %s %q", s.Start, s.End, s.def.ID, s.prefix)
	}
	return out
}

// inertBytes and structuralBytes are what the random edits type: mostly
// what the incremental path takes, and every byte a marker, fence, tag,
// string or heredoc is made of, so its fallback is exercised too.
const (
	inertBytes      = "abcxyzEOTSHAM_019 \t.,;:!?'()=/\n\n"
	structuralBytes = "#!<>-+*@`~[]{}\"\\|=\r$%&é"
)

// snippets are pasted whole: markers, fences and terminators of every
// syntax, which an edit inside a block may complete or break.
var snippets = []string{
	"EOT_SHAM_", "#!END_SHAM_", "#!SHAM [@three-char-SHA-256: q1]\n", "```", "```\n", "~~~",
	"<<<<<<< SEARCH\n", "=======\n", ">>>>>>> REPLACE\n", "*** Begin Patch\n", "*** End Patch",
	"--- a/x\n+++ b/x\n@@ -1 +1 @@\n", "<---WRITE--->", "<edits>", "</file_write>", "\"}]",
	"  ", "> ", "- ", "\n\n", "ORIGINAL", "<invoke name=\"x\">", "...", "existing", "\nEOT_SHAM_", "\n\n\n",
}

// randomEdit returns src with one random edit, most of them inside one of
// spans' blocks (where a keystroke in a large answer usually lands), and
// the edit as ParseEdit takes it.
func randomEdit(rng *rand.Rand, src []byte, spans []blockSpan, typing bool) ([]byte, []int) {
	at := rng.IntN(len(src) + 1)
	if len(spans) > 0 {
		s := spans[rng.IntN(len(spans))]
		switch rng.IntN(8) {
		case 0, 1: // anywhere
		case 2: // the prose before a block (or after the last)
			from := 0
			if i := slices.IndexFunc(spans, func(b blockSpan) bool { return b.Start == s.Start }); i > 0 {
				from = spans[i-1].End
			}
			if rng.IntN(5) == 0 {
				from, s.Start = spans[len(spans)-1].End, len(src)
			}
			at = from + rng.IntN(s.Start-from+1)
		case 3: // near a marker: a block's first or last lines
			lines := bytes.SplitAfter(src[s.Start:s.End], []byte("\n"))
			n := rng.IntN(min(len(lines), 5))
			if rng.IntN(2) == 0 {
				n = len(lines) - 1 - n
			}
			off := s.Start
			for _, l := range lines[:n] {
				off += len(l)
			}
			at = off + rng.IntN(len(lines[n])+1)
		default: // a block's contents
			at = s.Start + rng.IntN(s.End-s.Start+1)
		}
	}
	var ins string
	del := 0
	r := rng.IntN(14)
	if typing && r >= 8 && r < 12 { // typing: a character typed, one deleted, or a line
		r = 0
	}
	switch {
	case r >= 12: // a line added (Enter) or removed (a newline deleted)
		if r == 12 {
			ins = "\n"
		} else if i := bytes.IndexByte(src[at:], '\n'); i >= 0 {
			at, del = at+i, 1
		}
	case r < 7:
		ins = string(inertBytes[rng.IntN(len(inertBytes))])
		if rng.IntN(2) == 0 {
			del = 1
		}
	case r < 8:
		del = 1 + rng.IntN(3)
	case r < 10:
		ins = string(structuralBytes[rng.IntN(len(structuralBytes))])
		if ins == "é" || ins == "\xc3" {
			ins = "é"
		}
	default:
		ins = snippets[rng.IntN(len(snippets))]
	}
	del = min(del, len(src)-at)
	out := make([]byte, 0, len(src)+len(ins))
	out = append(out, src[:at]...)
	out = append(out, ins...)
	return append(out, src[at+del:]...), []int{at, at + del, at + len(ins)}
}

// editChain parses src, then n random edits of it one after another, each
// against the text the one before left, every parse held to a full one.
// It returns how many took the incremental path, and how many of those
// were held to sameInWindow (in prose, near a marker).
func editChain(t *testing.T, rng *rand.Rand, name string, src []byte, n int, typing bool) (int, int) {
	t.Helper()
	p := NewParser(0)
	sameAsFull(t, name, p, src)
	took := 0
	for i := range n {
		next, edit := randomEdit(rng, src, p.last.spans, typing)
		if i%2 == 0 {
			edit = nil // found by comparing the texts
		}
		if sameAsFull(t, fmt.Sprintf("%s edit %d", name, i), p, next, edit...) {
			took++
		}
		src = next
	}
	return took, p.windowed
}

// Random edits of every corpus answer, of answers made of many of them
// (every syntax, indented blocks, CRLF), and of a generated SHAM answer:
// the incremental parse is always the full parse.
func TestIncrementalMatchesFull(t *testing.T) {
	cases, err := corpus.Load()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(27, 4))
	took, total, windowed := 0, 0, 0
	chain := func(name string, src []byte, n int, typing bool) {
		k, w := editChain(t, rng, name, src, n, typing)
		took, total, windowed = took+k, total+n, windowed+w
	}
	for _, c := range cases {
		chain(c.Name, c.Input, 12, false)
	}
	seps := []string{"\n", "\n\n", "", "\r\n", "\nSome prose.\n"}
	for n := range 40 {
		var doc bytes.Buffer
		for range 2 + rng.IntN(30) {
			doc.Write(cases[rng.IntN(len(cases))].Input)
			doc.WriteString(seps[rng.IntN(len(seps))])
		}
		chain(fmt.Sprintf("mix%d", n), doc.Bytes(), 30, n%2 == 0)
	}
	chain("load", benchdoc.SHAM(40, 12), 400, false)
	chain("long blocks", benchdoc.SHAM(30, 60), 1000, true)
	t.Logf("%d of %d edits took the incremental path, %d of them held to every splitter over their window", took, total, windowed)
	if took < 600 || windowed < 200 { // the rest fell back: the test must exercise both
		t.Fatalf("only %d of %d edits took the incremental path, %d of them windowed", took, total, windowed)
	}
}

// The 5.6 MB load answer: keystrokes in its blocks' contents take the
// incremental path and give the full parse's result.
func TestIncrementalLoadDocument(t *testing.T) {
	if testing.Short() {
		t.Skip("5.6 MB parses skipped in -short")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	took, _ := editChain(t, rng, "load5MB", []byte(benchdoc.Load()), 12, true)
	if took == 0 {
		t.Fatal("no keystroke took the incremental path")
	}
}

// FuzzIncremental: any text, edited at any place, parses incrementally to
// exactly what a full parse gives. The fuzzer picks the text and the edit.
// Run: go test ./lang -run '^$' -fuzz FuzzIncremental -fuzztime 2m
func FuzzIncremental(f *testing.F) {
	cases, err := corpus.Load()
	if err != nil {
		f.Fatal(err)
	}
	for i, c := range cases {
		f.Add(c.Input, uint32(i*7919), uint8(i%4), "x")
	}
	// Edits the incremental path takes: in prose, Enter in prose, in a
	// path near its marker, a terminator's line.
	doc := benchdoc.SHAM(3, 4)
	for _, e := range []struct {
		at, ins string
		del     uint8
	}{{"write the next", "x", 0}, {"write the next", "\n", 0}, {"\n\nStep 2", "", 1}, {"file_1.go", "y", 1}, {"EOT_SHAM_b0001\n#", "x", 1}} {
		f.Add(doc, uint32(bytes.Index(doc, []byte(e.at))), e.del, e.ins)
	}
	f.Fuzz(func(t *testing.T, src []byte, at uint32, del uint8, ins string) {
		p := NewParser(0)
		sameAsFull(t, "fuzz", p, src)
		a := int(at % uint32(len(src)+1))
		d := min(int(del%4), len(src)-a)
		next := append(append(append([]byte(nil), src[:a]...), ins...), src[a+d:]...)
		sameAsFull(t, "fuzz edited", p, next)
		p = NewParser(0)
		sameAsFull(t, "fuzz", p, src)
		sameAsFull(t, "fuzz edited, told the edit", p, next, a, a+d, a+len(ins))
	})
}

// ParseEdit told a change against a text the Parser has not parsed last
// (a language server parses a code action's text with the document's
// Parser in between) compares the texts instead of trusting the change.
func TestParseEditAfterAnotherText(t *testing.T) {
	a := benchdoc.SHAM(10, 20)
	at := bytes.Index(a, []byte("\tv = 9\n")) + len("\tv = ")
	b := bytes.Clone(a)
	b[at] = '8' // a keystroke in the first block
	h := bytes.Clone(a)
	h[bytes.LastIndex(h, []byte("\tv = 9\n"))+len("\tv = ")] = '7' // the last block, elsewhere
	p := NewParser(0)
	fa := source.NewFile("a", a)
	p.Parse(fa)
	p.Parse(source.NewFile("h", h))
	got := p.ParseEdit(source.NewFile("b", b), fa, at, at+1, at+1)
	want := NewParser(0).Parse(source.NewFile("b", b))
	if d := cmp.Diff(want.Groups, got.Groups); d != "" {
		t.Fatalf("groups differ from a full parse (-full +got):\n%s", d)
	}
}

// Keystrokes whose effect reaches past the line they change: each must
// give the full parse's result, by the incremental path or the fallback.
func TestIncrementalReach(t *testing.T) {
	block := func(id string, body ...string) string {
		return "#!SHAM [@three-char-SHA-256: " + id + "]\naction = \"file_write\"\npath = \"" + id + ".txt\"\ncontent = <<'EOT_SHAM_" + id + "'\n" +
			strings.Join(body, "\n") + "\nEOT_SHAM_" + id + "\n#!END_SHAM_" + id + "\n"
	}
	filler := []string{"one", "two", "three", "four", "five", "six"}
	for _, c := range []struct {
		name, doc, from, to string
		takes               bool // the incremental path must take it
	}{{
		// The heredoc now ends early, and the end marker it held ends the
		// block: the block is shorter, and what followed is prose.
		name: "a heredoc terminator completed above a held end marker",
		doc: "Intro.\n\n" + block("aa1", append(append(append([]string{}, filler...), "EOT_SHAM_aa"), append(filler, "#!END_SHAM_aa1", "then more")...)...) +
			"\nMiddle.\n\n" + block("bb2", filler...),
		from: "EOT_SHAM_aa\n", to: "EOT_SHAM_aa1\n",
	}, {
		name: "a heredoc terminator broken",
		doc:  "Intro.\n\n" + block("cc3", filler...) + "\n" + block("dd4", filler...),
		from: "EOT_SHAM_cc3\n", to: "EOT_SHAM_cc\n",
	}, {
		name: "a word typed above a fence in the contents",
		doc:  "Intro.\n\n" + block("ee5", append(append(append([]string{}, filler...), "src/x.go", "```go", "package x", "```"), filler...)...),
		from: "src/x.go\n", to: "src/xy.go\n",
	}, {
		// The fence now opened in the contents pairs with the first fence
		// after the block, so the whole-file block there is one no more.
		name: "a fence completed in the contents",
		doc: "Intro.\n\n" + block("gg7", append(append(append([]string{}, filler...), "``"), filler...)...) +
			"\nThen:\n\nsrc/a.go\n```go\npackage a\n```\n\nsrc/b.go\n```go\npackage b\n```\n",
		from: "``\n", to: "```\n",
	}, {
		name: "a list bullet's indent in the contents",
		doc:  "- Step:\n\n  " + strings.ReplaceAll(block("hh8", filler...), "\n", "\n  ") + "\n- Next.\n",
		from: "  four\n", to: "  fouur\n",
	}, {
		name: "Enter in the contents",
		doc:  "Intro.\n\n" + block("jj9", filler...) + "\n" + block("kk1", filler...),
		from: "three\n", to: "th\nree\n", takes: true,
	}, {
		// The new line is the terminator: the heredoc ends there, and the
		// end marker it held ends the block.
		name: "Enter that makes a terminator line",
		doc: "Intro.\n\n" + block("ll2", append(append(append([]string{}, filler...), "xEOT_SHAM_ll2"), append(filler, "#!END_SHAM_ll2", "more")...)...) +
			"\n" + block("mm3", filler...),
		from: "xEOT_SHAM_ll2\n", to: "x\nEOT_SHAM_ll2\n",
	}, {
		// The heredoc's terminator broken: the heredoc now runs to the
		// same terminator in a later copy of the block, far below.
		name: "a terminator broken with its copy far below",
		doc:  "Intro.\n\n" + block("nn4", filler...) + "\nMiddle.\n\n" + block("oo5", filler...) + "\nAgain.\n\n" + block("nn4", filler...),
		from: "six\nEOT_SHAM_nn4\n", to: "six\nEOT_SHAM_nn\n",
	}, {
		// A heredoc left open stops at its block's end marker; its
		// terminator typed in prose far below closes it there instead.
		name: "a terminator typed in prose far below an open heredoc",
		doc: "Intro.\n\n" + strings.Replace(block("pp6", filler...), "EOT_SHAM_pp6\n", "", 1) + "\nMiddle.\n\n" + block("qq7", filler...) +
			"\nThen EOT_SHAM_pp6 and more.\n\n" + block("rr8", filler...),
		from: "Then EOT_SHAM_pp6 and more.\n", to: "EOT_SHAM_pp6\n",
	}, {
		name: "an unread format's gate word typed",
		doc:  "<<<<<<< ORIGINAL\n\n" + block("ff6", filler...),
		from: "four\n", to: "ORIGINAL\n",
	}} {
		t.Run(c.name, func(t *testing.T) {
			if !strings.Contains(c.doc, c.from) {
				t.Fatalf("the document holds no %q", c.from)
			}
			p := NewParser(0)
			sameAsFull(t, c.name, p, []byte(c.doc))
			if took := sameAsFull(t, c.name, p, []byte(strings.Replace(c.doc, c.from, c.to, 1))); c.takes && !took {
				t.Fatal("the keystroke took the full parse")
			}
		})
	}
}

// The parser keeps nothing of a text but the text itself (last.src): a
// language server writes its next text over the buffer of the one before
// last. The spans an incremental parse carries over keep their container
// prefix as a copy.
func TestSpansHoldNoOldText(t *testing.T) {
	src := []byte("- Step:\n\n  #!SHAM [@three-char-SHA-256: hh8]\n  action = \"file_write\"\n  path = \"a.txt\"\n  content = \"x\"\n  #!END_SHAM_hh8\n")
	p := NewParser(0)
	p.Parse(source.NewFile("a", src))
	if len(p.last.spans) != 1 || string(p.last.spans[0].prefix) != "  " {
		t.Fatalf("spans %v, want one with the prefix \"  \"", spanList(p.last.spans))
	}
	for i := range src {
		src[i] = 'x'
	}
	if got := string(p.last.spans[0].prefix); got != "  " {
		t.Fatalf("the span's prefix is %q after its text was written over, want \"  \"", got)
	}
}

// Keystrokes a full parse used to take: in prose between blocks, near a
// marker (a block's first and last lines of contents, a SHAM value), a
// line added or removed in prose, also in a text holding a diff's "@@".
// Each takes the incremental path and gives the full parse's result.
func TestIncrementalTakesProseAndMarkerEdits(t *testing.T) {
	base := string(benchdoc.SHAM(12, 6))
	diff := "Then the diff:\n\n```diff\n--- a/x.go\n+++ b/x.go\n@@ -1,2 +1,2 @@\n one\n-two\n+TWO\n```\n\n"
	mid := strings.Index(base, "Step 6:")
	withDiff := base[:mid] + diff + base[mid:]
	code := strings.Replace(base, "b0007'\n\tv = 0\n", "b0007'\n\tv = 0\nfunc add(a, b int) int { return a + b }\n", 1)
	marked := strings.Replace(base, "Step 5: write the next file.", "Step 5: write the **next** file in `src/x.go`, then test it.", 1)
	for _, c := range []struct {
		name, doc, from, to string
	}{
		{"a word typed in prose", base, "Step 5: write the next", "Step 5: write the nexts"},
		{"a word deleted in prose", base, "Step 5: write the next", "Step 5: write the nex"},
		{"Enter in prose", base, "Step 5: write the next file.", "Step 5: write the\nnext file."},
		{"a blank line added between blocks", base, "```\n\nStep 5:", "```\n\n\nStep 5:"},
		{"a blank line removed between blocks", base, "```\n\nStep 5:", "```\nStep 5:"},
		{"prose after the last block", base + "Done.\n", "Done.", "Done, all."},
		{"prose before the first block", base, "Step 0: write", "Step 0: now write"},
		{"the first line of contents", base, "b0005'\n\tv = 0\n", "b0005'\n\tv = 10\n"},
		{"the last line of contents", base, "\tv = 5\nEOT_SHAM_b0005", "\tv = 15\nEOT_SHAM_b0005"},
		{"a path's value", base, "src/pkg5/file_5.go", "src/pkg5/file_55.go"},
		{"a path's value shortened", base, "src/pkg5/file_5.go", "src/pkg5/file.go"},
		{"Enter in prose with a diff", withDiff, "Step 8: write the next file.", "Step 8: write the\nnext file."},
		{"a line removed in prose with a diff", withDiff, "```\n\nStep 8:", "```\nStep 8:"},
		{"prose next to a diff", withDiff, "Then the diff:", "Then the new diff:"},
		{"a word typed in prose with backticks", marked, "then test it", "then retest it"},
		{"a word added in prose with backticks", marked, "then test it", "then test all of it"},
		{"a word typed in code in a heredoc", code, "return a + b }", "return a + bc }"},
		{"Enter in a block's contents with a diff", withDiff, "\tv = 4\n\tv = 5\nEOT_SHAM_b0009", "\tv = 4\n\tv = 45\n\tv = 5\nEOT_SHAM_b0009"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if strings.Count(c.doc, c.from) != 1 {
				t.Fatalf("the document holds %d of %q, want 1", strings.Count(c.doc, c.from), c.from)
			}
			next := strings.Replace(c.doc, c.from, c.to, 1)
			for _, told := range []bool{false, true} {
				p := NewParser(0)
				sameAsFull(t, c.name, p, []byte(c.doc))
				var edit []int
				if told {
					at := strings.Index(c.doc, c.from)
					pre := sharedPrefix([]byte(c.from), []byte(c.to))
					suf := sharedSuffix([]byte(c.from[pre:]), []byte(c.to[pre:]))
					edit = []int{at + pre, at + len(c.from) - suf, at + len(c.to) - suf}
				}
				if !sameAsFull(t, c.name, p, []byte(next), edit...) {
					t.Fatalf("the keystroke took the full parse (told the edit: %v)", told)
				}
			}
		})
	}
}
