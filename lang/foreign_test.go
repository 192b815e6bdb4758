package lang

import (
	"strings"
	"testing"

	"github.com/clada-dev/clada/corpus"
)

// TestCorpusForeignParse checks the parse.json golden of every case of the
// foreign edit formats (corpus/aider, udiff, jsoncall, replacer), and that
// every block of each is read as its own format.
func TestCorpusForeignParse(t *testing.T) {
	cases, err := corpus.Load()
	if err != nil {
		t.Fatal(err)
	}
	dirs := map[string]Syntax{"aider/": Aider, "udiff/": UDiff, "jsoncall/": JSONCall, "replacer/": Replacer,
		"cline/": Cline, "roo/": Roo, "zed/": Zed, "wholefile/": WholeFile}
	seen := map[Syntax]int{}
	for _, c := range cases {
		var want Syntax
		for prefix, s := range dirs {
			if strings.HasPrefix(c.Name, prefix) {
				want = s
			}
		}
		if want == 0 {
			continue
		}
		seen[want]++
		t.Run(c.Name, func(t *testing.T) {
			doc := parseGolden(t, c, "CorpusForeign")
			for _, g := range doc.Groups {
				// those answers also hold a diff, and a write_to_file read as Cline's
				if g.Syntax != want && c.Name != "aider/indented-in-list" && !(c.Name == "roo/mixed-answer" && g.Syntax == Cline) {
					t.Errorf("a block at %d reads as %s, want %s", g.Range.Start, g.Syntax, want)
				}
			}
		})
	}
	for _, s := range dirs {
		if seen[s] == 0 {
			t.Errorf("no corpus case for %s", s)
		}
	}
}

// foreignCase reports whether a corpus case is read at column 1 only: a
// JSON call behind a list or quote prefix is not looked for.
func foreignCase(name string) bool {
	for _, p := range []string{"jsoncall/"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}
