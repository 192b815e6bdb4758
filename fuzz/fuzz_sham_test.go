package fuzz

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/clada-dev/clada/corpus"
	"github.com/clada-dev/clada/grammar/sham"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// FuzzParseSHAM checks that any input parses without panic, that every
// diagnostic range lies inside the input, that parsing is deterministic, and
// that an error-free document printed as SHAM parses back to the same ops,
// ids and params. Run: go test ./fuzz -run XXX -fuzz FuzzParseSHAM -fuzztime 1m
func FuzzParseSHAM(f *testing.F) {
	for _, s := range seedInputs(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		doc := lang.Parse(source.NewFile("fuzz", src))
		for _, d := range doc.Diagnostics() {
			if d.Range.Start < 0 || d.Range.Start > d.Range.End || d.Range.End > len(src) {
				t.Fatalf("%s range %v outside input of %d bytes", d.Code, d.Range, len(src))
			}
			if shamCodes[d.Code] && (d.Message == "" || d.Hint == "") {
				t.Fatalf("%s without message or hint: %+v", d.Code, d)
			}
		}
		first := lang.DocumentJSON(doc)
		again := lang.DocumentJSON(lang.Parse(source.NewFile("fuzz", src)))
		if diff := cmp.Diff(first, again); diff != "" {
			t.Fatalf("two parses differ:\n%s", diff)
		}
		if len(doc.Diagnostics()) > 0 {
			return
		}
		var sb strings.Builder
		if err := lang.Print(&sb, doc, lang.SHAM); err != nil {
			t.Fatal(err)
		}
		printed := lang.Parse(source.NewFile("printed", []byte(sb.String())))
		if ds := printed.Diagnostics(); len(ds) > 0 {
			t.Fatalf("printed text has diagnostics %v:\n%s", ds, sb.String())
		}
		before, after := view(doc), view(printed)
		for i := range min(len(before), len(after)) {
			if before[i].ID == "" { // CSL/CML actions get a fresh id
				after[i].ID = ""
			}
		}
		if diff := cmp.Diff(before, after); diff != "" {
			t.Fatalf("print then parse changed the AST (-before +after):\n%s\nprinted:\n%s", diff, sb.String())
		}
	})
}

// shamCodes are the codes the SHAM front-end reports; each must carry a
// message and a hint.
var shamCodes = map[string]bool{
	sham.MalformedHeader: true, sham.InvalidBlockID: true, sham.UnclosedBlock: true,
	sham.UnclosedHeredoc: true, sham.MismatchedEnd: true, sham.MalformedAssignment: true,
	sham.EmptyKey: true, sham.InvalidAssignmentOperator: true, sham.InvalidValue: true,
	sham.UnclosedQuote: true, sham.TrailingContent: true, sham.InvalidKey: true,
	sham.DuplicateKey: true, sham.InvalidHeredocDelimiter: true, sham.StrayMarker: true,
}

type action struct {
	ID, Op string
	Params map[string]string
}

// view lists actions without positions. A repeated id is blanked: the
// printer must give the repeat a fresh id.
func view(d *lang.Document) []action {
	var out []action
	seen := map[string]bool{}
	for a := range d.Actions() {
		v := action{ID: a.ID, Op: a.Op, Params: map[string]string{}}
		if seen[a.ID] {
			v.ID = ""
		}
		seen[a.ID] = true
		for _, p := range a.Params {
			v.Params[p.Key] = p.Value
		}
		out = append(out, v)
	}
	return out
}

// seedInputs returns the corpus/sham inputs and every nesl-js suite input.
func seedInputs(f *testing.F) [][]byte {
	cases, err := corpus.Load()
	if err != nil {
		f.Fatal(err)
	}
	var out [][]byte
	for _, c := range cases {
		if strings.HasPrefix(c.Name, "sham/") {
			out = append(out, c.Input)
		}
	}
	_, file, _, _ := runtime.Caller(0)
	suite := filepath.Join(filepath.Dir(file), "..", "..", "shared", "conformance", "nesl-js", "sham-integration.json")
	if data, err := os.ReadFile(suite); err == nil {
		var nesl []struct {
			Input string `json:"input"`
		}
		if err := json.Unmarshal(data, &nesl); err != nil {
			f.Fatalf("read %s: %v", suite, err)
		}
		for _, c := range nesl {
			out = append(out, []byte(c.Input))
		}
	}
	return out
}
