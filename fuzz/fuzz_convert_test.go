package fuzz

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/clada-dev/clada/corpus"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// op is what a conversion must keep of an action: its op (aliases resolved
// to catalog names) and its params. Ids and layout are not meaning.
type op struct {
	Op     string
	Params map[string]string
}

func meaning(d *lang.Document) []op {
	var out []op
	for a := range d.Actions() {
		v := op{Op: a.Op, Params: map[string]string{}}
		if s := lang.Lookup(a.Op); s != nil {
			v.Op = s.Name
		}
		for _, p := range a.Params {
			v.Params[p.Key] = p.Value
		}
		out = append(out, v)
	}
	return out
}

// TestConvertCorpusChain converts every corpus case without syntax errors
// sham → csl → cml → sham (starting from its own syntax) and checks each step
// keeps the ops and params. A case whose values a syntax cannot hold must be
// refused by that printer with an error, never printed lossily; such cases
// are listed so a regression that refuses more shows up.
func TestConvertCorpusChain(t *testing.T) {
	cases, err := corpus.Load()
	if err != nil {
		t.Fatal(err)
	}
	chain := []lang.Syntax{lang.CSL, lang.CML, lang.SHAM, lang.CSL}
	converted, refused := 0, []string{}
	for _, c := range cases {
		doc := lang.Parse(source.NewFile(c.InputName, c.Input))
		if doc.Diagnostics().HasErrors() || len(doc.Groups) == 0 {
			continue
		}
		want := meaning(doc)
		cur := doc
		ok := true
		for _, to := range chain {
			var sb strings.Builder
			if err := lang.Print(&sb, cur, to); err != nil {
				refused = append(refused, c.Name+" → "+to.String()+": "+err.Error())
				ok = false
				break
			}
			next := lang.Parse(source.NewFile("converted."+to.String(), []byte(sb.String())))
			if ds := next.Diagnostics(); ds.HasErrors() {
				t.Errorf("%s: printed as %s has errors %v:\n%s", c.Name, to, ds, sb.String())
				ok = false
				break
			}
			if diff := cmp.Diff(want, meaning(next)); diff != "" {
				t.Errorf("%s: converting to %s changed the meaning (-want +got):\n%s\nprinted:\n%s", c.Name, to, diff, sb.String())
				ok = false
				break
			}
			cur = next
		}
		if ok {
			converted++
		}
	}
	for _, r := range refused {
		t.Log("refused: " + r)
	}
	if converted == 0 {
		t.Fatal("no corpus case converted; the test checked nothing")
	}
	t.Logf("%d cases converted through sham/csl/cml, %d refused", converted, len(refused))
}

// FuzzConvert checks that any document without errors (syntax or validation),
// converted to each syntax, parses back to the same ops and params (or is
// refused by the printer with an error).
// Run: go test ./fuzz -run XXX -fuzz FuzzConvert -fuzztime 1m
func FuzzConvert(f *testing.F) {
	cases, err := corpus.Load()
	if err != nil {
		f.Fatal(err)
	}
	for _, c := range cases {
		f.Add(c.Input)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		doc := lang.Parse(source.NewFile("fuzz", src))
		if lang.Check(doc).HasErrors() {
			return // syntax or validation errors: the printers may refuse such actions
		}
		for _, to := range []lang.Syntax{lang.SHAM, lang.CSL, lang.CML} {
			roundTrip(t, doc, to)
		}
	})
}
