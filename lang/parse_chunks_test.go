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

// resumable lists the syntaxes whose split findSpans scans in pieces.
func resumable(t testing.TB) []*SyntaxDef {
	var out []*SyntaxDef
	for i := range syntaxes {
		if syntaxes[i].splitFrom != nil {
			out = append(out, &syntaxes[i])
		}
	}
	if len(out) < 2 {
		t.Fatalf("only %d resumable splits", len(out))
	}
	return out
}

// samePieces checks that def's split of src scanned in the pieces that
// start at borders (line starts, ascending, after 0) and joined is the
// split of the whole text: every span and diagnostic, in order.
func samePieces(t *testing.T, name string, def *SyntaxDef, src []byte, borders []int) {
	t.Helper()
	at := append(append([]int{0}, borders...), len(src))
	pieces := make([]splitPiece, len(at)-1)
	for k := range pieces {
		pieces[k] = scanPiece(def, src, at[k], at[k+1])
	}
	wr, wd := def.split(src)
	gr, gd := joinPieces(def, src, at, pieces)
	if d := cmp.Diff(wr, gr); d != "" {
		t.Fatalf("%s, %s in pieces at %v: spans differ from the whole split (-whole +pieces):\n%s", name, def.Name, borders, d)
	}
	if d := cmp.Diff(wd, gd); d != "" {
		t.Fatalf("%s, %s in pieces at %v: diagnostics differ from the whole split (-whole +pieces):\n%s", name, def.Name, borders, d)
	}
}

// lineStarts are the starts of src's lines after the first.
func lineStarts(src []byte) []int {
	var out []int
	for i, c := range src {
		if c == '\n' && i+1 < len(src) {
			out = append(out, i+1)
		}
	}
	return out
}

// randomBorders picks up to n of src's line starts.
func randomBorders(rng *rand.Rand, src []byte, n int) []int {
	ls := lineStarts(src)
	if len(ls) == 0 {
		return nil
	}
	var out []int
	for range 1 + rng.IntN(n) {
		out = append(out, ls[rng.IntN(len(ls))])
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// straddling is an answer whose blocks hold what reads as other blocks'
// starts and ends when a scan begins inside them: SHAM headers, end
// markers and fences in heredocs, fences and path lines in fences, CSL
// and CML blocks, blocks indented in lists, a bad header with its end
// marker, and a stray end marker.
func straddling(i int) string {
	id := fmt.Sprintf("s%02x", i%256)
	var b strings.Builder
	fmt.Fprintf(&b, "Step %d.\n\n```sh sham\n#!SHAM [@three-char-SHA-256: %s]\naction = \"file_write\"\npath = \"a%d.md\"\ncontent = <<'EOT_SHAM_%s'\n", i, id, i, id)
	fmt.Fprintf(&b, "#!SHAM [@three-char-SHA-256: x%02d]\naction = \"file_write\"\n```python\n**b.py**\n```\n#!END_SHAM_x%02d\nEOT_SHAM_%s\n#!END_SHAM_%s\n```\n\n", i%100, i%100, id, id)
	fmt.Fprintf(&b, "`src/f%d.py`\n~~~python\n```\n#!SHAM [@three-char-SHA-256: y%02d]\n```go\n~~~\n\n", i, i%100)
	fmt.Fprintf(&b, "1. First:\n   ```sh sham\n   #!SHAM [@three-char-SHA-256: i%02d]\n   action = \"exec\"\n   cmd = <<'EOT_SHAM_i%02d'\n   echo hi\n   #!END_SHAM_q%02d\n   EOT_SHAM_i%02d\n   #!END_SHAM_i%02d\n   ```\n", i%100, i%100, i%100, i%100, i%100)
	fmt.Fprintf(&b, "<---WRITE file=c%d.txt--->\nline ``` one\n#!END_SHAM_zz\n<---END--->\n\n", i)
	fmt.Fprintf(&b, "<write_file path=\"d%d.txt\">\n```\n#!SHAM [@three-char-SHA-256: w%02d]\n</write_file>\n\n", i, i%100)
	switch i % 4 {
	case 0:
		b.WriteString("#!SHAM [@three-char-SHA-256: bad header\n#!END_SHAM_bad\n\n")
	case 1:
		b.WriteString("#!END_SHAM_zzz\n\n")
	case 2:
		fmt.Fprintf(&b, "**e%d.go**\n```go\npackage e\n", i) // never closed until the next fence
	}
	return b.String()
}

// Every corpus input, documents made of many of them, and answers whose
// blocks hold other blocks' markers, scanned in pieces cut at every line
// (one border) and at random sets of lines: always the whole split.
func TestPiecesJoinToWholeSplit(t *testing.T) {
	cases, err := corpus.Load()
	if err != nil {
		t.Fatal(err)
	}
	defs := resumable(t)
	rng := rand.New(rand.NewPCG(5, 27))
	check := func(name string, src []byte, every bool) {
		for _, def := range defs {
			if every {
				for _, b := range lineStarts(src) {
					samePieces(t, name, def, src, []int{b})
				}
			}
			for range 20 {
				samePieces(t, name, def, src, randomBorders(rng, src, 12))
			}
		}
	}
	for _, c := range cases {
		check(c.Name, c.Input, true)
	}
	seps := []string{"\n", "\n\n", "", "\r\n", "\nSome prose.\n"}
	for n := range 40 {
		var doc bytes.Buffer
		for range 2 + rng.IntN(30) {
			doc.Write(cases[rng.IntN(len(cases))].Input)
			doc.WriteString(seps[rng.IntN(len(seps))])
		}
		check(fmt.Sprintf("mix%d", n), doc.Bytes(), n < 5)
	}
	var doc strings.Builder
	for i := range 12 {
		doc.WriteString(straddling(i))
	}
	check("straddling", []byte(doc.String()), true)
	check("straddling CRLF", []byte(strings.ReplaceAll(doc.String(), "\n", "\r\n")), true)
	check("load", benchdoc.SHAM(6, 8), true)
}

// findSpans over long answers, in pieces of many sizes (the workers and
// the least piece vary where the borders fall): the spans and diagnostics
// of one scan of the whole text.
func TestFindSpansInPieces(t *testing.T) {
	cases, err := corpus.Load()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(8, 27))
	var mixed bytes.Buffer
	for i := range 300 {
		if i%3 == 0 {
			mixed.WriteString(straddling(i))
		} else {
			mixed.Write(cases[rng.IntN(len(cases))].Input)
			mixed.WriteString("\n")
		}
	}
	// blocks far apart, after a header that cannot be read: a catch-up
	// reads on past its first window, the header's error in both
	prose := bytes.Repeat([]byte("Some prose, and more of it.\n"), 2000)
	var sparse []byte
	for i := range 8 {
		sparse = append(append(append(sparse, "#!SHAM [@three-char-SHA-256: bad\n"...), prose...), straddling(i)...)
	}
	for _, doc := range []struct {
		name string
		src  []byte
	}{
		{"mixed", mixed.Bytes()},
		{"load", benchdoc.SHAM(200, 30)},
		{"small blocks", genSHAMSmall(2000)},
		{"sparse", sparse},
	} {
		ws, wd := findSpans(doc.src, 1, 0)
		pieced := 0
		for workers := 2; workers <= 16; workers++ {
			for _, least := range []int{1, 1000, 10000} {
				if len(chunkBorders(doc.src, 4*workers, least)) > 2 {
					pieced++
				}
				gs, gd := findSpans(doc.src, workers, least)
				if d := cmp.Diff(spanList(ws), spanList(gs)); d != "" {
					t.Fatalf("%s, %d workers, pieces of %d bytes: spans differ (-whole +pieces):\n%s", doc.name, workers, least, d)
				}
				if d := cmp.Diff(wd, gd); d != "" {
					t.Fatalf("%s, %d workers, pieces of %d bytes: diagnostics differ (-whole +pieces):\n%s", doc.name, workers, least, d)
				}
			}
		}
		if pieced == 0 {
			t.Fatalf("%s was never cut into pieces", doc.name)
		}
	}
}

// FuzzSplitPieces: any text, cut into pieces at any lines, joins to the
// whole split of every resumable syntax.
// Run: go test ./lang -run '^$' -fuzz FuzzSplitPieces -fuzztime 2m
func FuzzSplitPieces(f *testing.F) {
	cases, err := corpus.Load()
	if err != nil {
		f.Fatal(err)
	}
	for i, c := range cases {
		f.Add(c.Input, uint64(i)*0x9E3779B97F4A7C15)
	}
	f.Add([]byte(straddling(0)+straddling(1)+straddling(2)), uint64(7))
	defs := resumable(f)
	f.Fuzz(func(t *testing.T, src []byte, seed uint64) {
		rng := rand.New(rand.NewPCG(seed, seed>>7))
		for _, def := range defs {
			samePieces(t, "fuzz", def, src, randomBorders(rng, src, 8))
		}
	})
}

// orderSpans merges lists in order, and sorts lists out of order, into
// what sortSpans gives: at a tie, the syntax first in the registry first.
func TestOrderSpansIsSortSpans(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	for n := range 2000 {
		var ranges [len(syntaxes)][]source.Range
		for i := range ranges {
			if rng.IntN(3) == 0 {
				continue
			}
			at := 0
			for range rng.IntN(20) {
				at += rng.IntN(4)
				if n%7 == 0 && rng.IntN(10) == 0 {
					at -= 2 // now and then out of order
				}
				ranges[i] = append(ranges[i], source.Range{Start: at, End: at + rng.IntN(5)})
			}
		}
		var want []blockSpan
		for i, rs := range ranges {
			for _, r := range rs {
				want = append(want, blockSpan{Range: r, def: &syntaxes[i]})
			}
		}
		sortSpans(want)
		if d := cmp.Diff(spanList(want), spanList(orderSpans(&ranges))); d != "" {
			t.Fatalf("case %d: orderSpans differs from sortSpans (-sort +order):\n%s", n, d)
		}
	}
}
