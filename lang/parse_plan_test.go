package lang

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/clada-dev/clada/corpus"
	"github.com/clada-dev/clada/internal/benchdoc"
	"github.com/clada-dev/clada/source"
)

// serialPlan parses the way Parse did before it shared its work: one
// goroutine, every block lowered alone (a grammar call each). Every other
// plan must give exactly its documents.
var serialPlan = plan{workers: 1, scanMin: math.MaxInt, lowerMin: math.MaxInt, runMax: 1}

// testPlans drive every shared path on small texts: the splitters and
// marker searches as parallel jobs, resumable splits in pieces of a line
// or more (parse_chunks.go) or not, lowering on several workers, and runs
// of blocks cut at various lengths.
var testPlans = []plan{
	{workers: 1, scanMin: math.MaxInt, lowerMin: math.MaxInt, runMax: 32},
	{workers: 1, scanMin: math.MaxInt, lowerMin: math.MaxInt, runMax: 2},
	{workers: 3, scanMin: 0, chunkMin: 1, lowerMin: 0, runMax: 32},
	{workers: 2, scanMin: 0, chunkMin: 64, lowerMin: 0, runMax: 5},
	{workers: 4, scanMin: 0, chunkMin: 1 << 30, lowerMin: 0, runMax: 1},
}

// samePlanResults checks that src parses to the same groups and document
// diagnostics (every range, message and param) under every plan, with and
// without a block cache, as under serialPlan.
func samePlanResults(t *testing.T, name string, src []byte) {
	t.Helper()
	f := source.NewFile(name, src)
	want := parseWith(f, nil, serialPlan)
	// A cached group's copy has empty slices where a fresh one has nil.
	wantCached := parseWith(f, NewParser(0), serialPlan)
	for _, p := range testPlans {
		got := parseWith(f, nil, p)
		if d := cmp.Diff(want.Groups, got.Groups); d != "" {
			t.Fatalf("%s under %+v: groups differ from a serial parse (-serial +plan):\n%s", name, p, d)
		}
		if d := cmp.Diff(want.Diags, got.Diags); d != "" {
			t.Fatalf("%s under %+v: diagnostics differ from a serial parse (-serial +plan):\n%s", name, p, d)
		}
		c := NewParser(0)
		for range 2 { // a cold cache, then a warm one
			got := parseWith(f, c, p)
			if d := cmp.Diff(wantCached.Groups, got.Groups); d != "" {
				t.Fatalf("%s under %+v with a cache: groups differ from a serial parse (-serial +plan):\n%s", name, p, d)
			}
		}
	}
}

// Every corpus input, alone, parses the same under every plan.
func TestPlansCorpus(t *testing.T) {
	cases, err := corpus.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		samePlanResults(t, c.Name, c.Input)
	}
}

// Documents made of many corpus inputs (good and broken blocks of every
// syntax, indented ones, CRLF) one after another, and random stretches of
// them, so runs of blocks hold broken ones at every position and the
// scan's jobs find many of each kind.
func TestPlansMixedDocuments(t *testing.T) {
	cases, err := corpus.Load()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(17, 2))
	seps := []string{"\n", "\n\n", "", "\r\n", "\nSome prose.\n"}
	for n := range 80 {
		var doc bytes.Buffer
		for range 2 + rng.IntN(40) {
			doc.Write(cases[rng.IntN(len(cases))].Input)
			doc.WriteString(seps[rng.IntN(len(seps))])
		}
		src := doc.Bytes()
		samePlanResults(t, fmt.Sprintf("mix%d", n), src)
		i := rng.IntN(len(src) + 1)
		j := i + rng.IntN(len(src)-i+1)
		samePlanResults(t, fmt.Sprintf("mix%d[%d:%d]", n, i, j), src[i:j])
	}
	samePlanResults(t, "load", benchdoc.SHAM(70, 5))
	samePlanResults(t, "load-small", genSHAMSmall(300))
}

// FuzzParsePlans: any text parses the same under every plan as serially.
// Run: go test ./lang -run '^$' -fuzz FuzzParsePlans -fuzztime 2m
func FuzzParsePlans(f *testing.F) {
	cases, err := corpus.Load()
	if err != nil {
		f.Fatal(err)
	}
	for _, c := range cases {
		f.Add(c.Input)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		samePlanResults(t, "fuzz", src)
	})
}
