package engine

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/engine/textedit"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
	"github.com/google/go-cmp/cmp"
)

// The indexed fast path (edit_index.go) must give exactly what the ordinary
// path gives: every result and the final file. Random documents of many
// edits to one file, on texts made of few words so that searches often occur
// twice, overlap, or appear only after an earlier edit, run once for real
// (write-back and index) and once on an Overlay (neither), and must agree.
func TestEditIndexAgreesWithOrdinaryPath(t *testing.T) {
	words := []string{"alpha ", "beta ", "gamma\n", "delta ", "alpha beta ", "é ", "\r\n", "x"}
	seeds := uint64(200)
	if testing.Short() {
		seeds = 40
	}
	for seed := range seeds {
		rng := rand.New(rand.NewPCG(seed, 17))
		words := words
		if seed%2 == 1 { // no CRLF: edits that add or remove lines take the index too
			words = append(words[:6:6], "\n", "x")
		}
		var text strings.Builder
		if seed%5 == 0 {
			text.WriteString(textedit.BOM)
		}
		for text.Len() < 1400 { // 60 searches of 1,400 bytes: worth an index (fsys.indexWorth)
			text.WriteString(words[rng.IntN(len(words))])
			if rng.IntN(4) == 0 {
				fmt.Fprintf(&text, "%d ", rng.IntN(40))
			}
		}
		content := text.String()
		var doc strings.Builder
		pool := make([]string, 10)
		poolLine := make([]int, 10) // the line a search from a line's start starts on, before any edit
		for i := range pool {
			start := rng.IntN(len(content) - 30)
			if i%2 == 0 { // from a line's start, as a diff's hunk is
				start = strings.LastIndexByte(content[:start], '\n') + 1
				poolLine[i] = 1 + strings.Count(content[:start], "\n")
			}
			pool[i] = content[start : start+16+rng.IntN(10)]
		}
		var old, repl string
		for i := range 60 {
			if i > 0 && rng.IntN(8) == 0 { // the edit before, replayed
				fmt.Fprintf(&doc, "#!SHAM [@three-char-SHA-256: k%d]\naction = \"file_replace_text\"\npath = \"f.txt\"\nold_text = %s\nnew_text = %s\n#!END_SHAM_k%d\n\n",
					i, jsonish(old), jsonish(repl), i)
				continue
			}
			k := rng.IntN(len(pool))
			old = pool[k]
			switch rng.IntN(8) {
			case 6: // an edit that adds after its search: replayed, it is already applied
				repl = old + words[rng.IntN(len(words))]
			case 7: // one that adds before it
				repl = words[rng.IntN(len(words))] + old
			case 0:
				repl = ""
			case 1:
				repl = strings.ToUpper(old)
			case 2: // the tail of a search: with what precedes it, it may make one
				p := pool[rng.IntN(len(pool))]
				repl = p[rng.IntN(len(p)):]
			case 3:
				p := pool[rng.IntN(len(pool))]
				repl = p[:rng.IntN(len(p))]
			default:
				repl = pool[rng.IntN(len(pool))] + words[rng.IntN(len(words))]
			}
			op := "file_replace_text"
			if rng.IntN(10) == 0 {
				op = "file_read"
			}
			near := "" // a unified diff's hunk line, right or off: its result says so
			switch {
			case op != "file_replace_text":
			case poolLine[k] > 0 && rng.IntN(2) == 0: // the line it started on, or one off
				near = fmt.Sprintf("near_line = \"%d\"\n", max(1, poolLine[k]+rng.IntN(3)-1))
			case rng.IntN(3) == 0:
				near = fmt.Sprintf("near_line = \"%d\"\n", 1+rng.IntN(12))
			}
			fmt.Fprintf(&doc, "#!SHAM [@three-char-SHA-256: k%d]\naction = %q\npath = \"f.txt\"\nold_text = %s\nnew_text = %s\n%s#!END_SHAM_k%d\n\n",
				i, op, jsonish(old), jsonish(repl), near, i)
		}
		agree(t, fmt.Sprint("seed ", seed), content, doc.String())
	}
}

// agree runs doc on content on an Overlay the ordinary way alone (the
// reference), on an Overlay with the fast path, and for real (write-back
// and fast path), and fails unless all three give the same results and the
// same file.
func agree(t *testing.T, name, content, src string) {
	t.Helper()
	parsed := lang.Parse(source.NewFile("a.sham", []byte(src)))
	if parsed.Diags.HasErrors() {
		t.Fatalf("%s: the test's document does not parse: %v", name, parsed.Diags)
	}
	root := t.TempDir()
	file := filepath.Join(root, "f.txt")
	if err := os.WriteFile(file, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig(root)
	cfg.NoGit, cfg.OutputMode = true, OutputSilent
	base, err := NewOS(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer base.Close()
	ordinary := *cfg
	ordinary.ordinaryOnly = true
	ov := fsys.NewOverlay(base)
	want := Run(context.Background(), parsed, ov, &ordinary, nil)
	wantFile, _ := ov.ReadFile(file)
	ov = fsys.NewOverlay(base)
	sim := Run(context.Background(), parsed, ov, cfg, nil)
	simFile, _ := ov.ReadFile(file)
	got := Run(context.Background(), parsed, base, cfg, nil)
	gotFile, _ := os.ReadFile(file)
	for _, run := range []struct {
		name string
		rep  *Report
		file []byte
	}{{"simulated", sim, simFile}, {"applied", got, gotFile}} {
		for i := range want.Results {
			if diff := cmp.Diff(want.Results[i].Result, run.rep.Results[i].Result); diff != "" {
				t.Fatalf("%s, %s: results differ (-ordinary +%s, indexed):\n%s", name, want.Results[i].Task, run.name, diff)
			}
		}
		if string(run.file) != string(wantFile) {
			t.Fatalf("%s: files differ:\nordinary %q\n%s, indexed  %q", name, wantFile, run.name, run.file)
		}
	}
}

// Occurrences right at an edit's ends: kept when they only touch it, made
// when the new text completes them.
func TestEditIndexAtTheEdges(t *testing.T) {
	const p = "pattern-one-xyz!"
	pad := "first-edit-here!\n" + p + "\n"
	cases := []struct{ name, content, old, repl string }{
		{"starts at the end", pad + "0123456789abcdef" + p, "0123456789abcdef", "Z"},
		{"ends at the start", pad + p + "0123456789abcdef", "0123456789abcdef", "Z"},
		{"made inside", pad + "0123456789abcdef", "0123456789abcdef", p},
		{"made from the last byte", pad + "0123456789abcdef" + p[1:], "0123456789abcdef", "p"},
		{"made up to the first byte", pad + p[:15] + "0123456789abcdef", "0123456789abcdef", "!"},
		{"made by a deletion", pad + "pattern-0123456789abcdefone-xyz!", "0123456789abcdef", ""},
	}
	for _, c := range cases {
		edit := func(b *strings.Builder, i int, old, repl string) {
			fmt.Fprintf(b, "#!SHAM [@three-char-SHA-256: k%d]\naction = \"file_replace_text\"\npath = \"f.txt\"\nold_text = %s\nnew_text = %s\n#!END_SHAM_k%d\n\n", i, jsonish(old), jsonish(repl), i)
		}
		var b strings.Builder
		edit(&b, 0, "first-edit-here!", "FIRST-EDIT-HERE!")
		edit(&b, 1, c.old, c.repl)
		edit(&b, 2, p, "P")
		edit(&b, 3, p, "P")
		for i := 4; i < 12; i++ {
			edit(&b, i, fmt.Sprintf("absent-search%03d", i), "x")
		}
		agree(t, c.name, c.content, b.String())
	}
}

// jsonish writes s as a SHAM quoted value (JSON escapes).
func jsonish(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`, "\r", `\r`)
	return `"` + r.Replace(s) + `"`
}

// V4A hunks take the index's exact rung (textedit.Index.ReplaceLines) and
// must give what the ladder on line tables gives: random patches of many
// hunks on files of few distinct lines (a hunk often matches twice, or
// only after an earlier hunk; some files have CRLF or no final newline),
// with hunks that delete, replace, add around their lines or repeat an
// earlier hunk, each patch once on an Overlay the ordinary way, once on an
// Overlay with the index and once for real.
func TestEditIndexV4AAgreesWithLadder(t *testing.T) {
	// Some lines end others: a match must start a line.
	words := []string{"alpha beta gamma", "delta epsilon zeta", "eta theta iota kappa", "kappa lambda mu nu", "nu xi omicron pi", "pi rho sigma tau",
		"x alpha beta gamma", "the nu xi omicron pi"}
	seeds := uint64(300)
	if testing.Short() {
		seeds = 60
	}
	for seed := range seeds {
		rng := rand.New(rand.NewPCG(seed, 23))
		eol := "\n"
		if seed%7 == 3 {
			eol = "\r\n"
		}
		var lines []string
		for range 40 {
			l := words[rng.IntN(len(words))]
			if rng.IntN(6) > 0 { // mostly one line in one place, as in code
				l += fmt.Sprintf(" %d", rng.IntN(1000))
			}
			lines = append(lines, l)
		}
		if seed%5 == 4 { // the last line, with no line end, also earlier
			lines[len(lines)-1] = lines[rng.IntN(len(lines)-1)]
		}
		// Lines no hunk touches first, so that the file is worth an index
		// (fsys.indexWorth: searches × bytes).
		var pad strings.Builder
		for i := range 400 {
			fmt.Fprintf(&pad, "padding line %03d%s", i, eol)
		}
		content := pad.String() + strings.Join(lines, eol) + eol
		if seed%7 == 5 { // mixed line ends
			content = pad.String()
			for _, l := range lines {
				content += l + []string{"\n", "\r\n"}[rng.IntN(2)]
			}
		}
		if seed%5 == 4 {
			content = strings.TrimSuffix(content, eol)
		}
		var doc strings.Builder
		doc.WriteString("*** Begin Patch\n*** Update File: f.txt\n")
		var prevOld, prevNew []string
		for h := range 12 {
			var old, repl []string
			if h > 0 && rng.IntN(10) == 0 {
				old, repl = prevOld, prevNew // the hunk before, again
			} else {
				i := rng.IntN(len(lines) - 2)
				if rng.IntN(8) == 0 { // a line of a line: "alpha beta gamma" in "x alpha beta gamma"
					lines[i] = words[rng.IntN(2)*6]
				}
				old = lines[i : i+1+rng.IntN(2)]
				if seed%5 == 4 && rng.IntN(3) == 0 { // the last line, which has no line end
					old = lines[len(lines)-1:]
				}
				switch rng.IntN(5) {
				case 0:
					repl = nil
				case 1:
					repl = append(append([]string{}, old...), "added "+old[0])
				case 2:
					repl = append([]string{"before " + old[0]}, old...)
				default:
					repl = []string{strings.ToUpper(old[0]) + fmt.Sprint(h)}
				}
			}
			doc.WriteString("@@\n")
			for _, l := range old {
				doc.WriteString("-" + l + "\n")
			}
			for _, l := range repl {
				doc.WriteString("+" + l + "\n")
			}
			prevOld, prevNew = old, repl
		}
		doc.WriteString("*** End Patch\n")
		agree(t, fmt.Sprint("seed ", seed), content, doc.String())
	}
}

// linesText is what it shortens: TextLines joined, each line ending in "\n".
func TestLinesText(t *testing.T) {
	for _, s := range []string{"", "\n", "\n\n", "a", "a\n", "a\nb", "a\nb\n", "a\n\n", "a\r\nb\r\n", "a\r", "\r\n", " x \n\ty"} {
		if got, want := linesText(s), joinLines(textedit.TextLines(s)); got != want {
			t.Errorf("linesText(%q) = %q, want %q", s, got, want)
		}
	}
}
