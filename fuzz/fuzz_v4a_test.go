package fuzz

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/clada-dev/clada/corpus"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// FuzzParseV4A checks that any input parses without panic, that every
// diagnostic lies inside the input with a plain code and message, that
// parsing is deterministic, and that a V4A patch without errors printed as
// V4A parses back to the same ops and params (or is refused by the printer).
// Run: go test ./fuzz -run XXX -fuzz FuzzParseV4A -fuzztime 1m
func FuzzParseV4A(f *testing.F) {
	cases, err := corpus.Load()
	if err != nil {
		f.Fatal(err)
	}
	for _, c := range cases {
		if strings.HasPrefix(c.Name, "v4a/") {
			f.Add(c.Input)
		}
	}
	for _, s := range []string{
		"*** Begin Patch\r\n*** Update File: a\r\n@@ x\r\n@@ y\r\n-a\r\n+b\r\n*** End of File\r\n*** End Patch\r\n",
		"*** Begin Patch\n*** Update File: a\n*** Move to: b\n*** Add File: c\n+\n*** Delete File: d\n*** End Patch",
		"*** Begin Patch\n*** Update File:\n x\n*** End of File\n y\n*** Begin Patch\n",
		"  *** Begin Patch \n*** Frob: x\n@@\n*** End Patch \n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		doc := lang.Parse(source.NewFile("fuzz.patch", src))
		for _, d := range doc.Diagnostics() {
			if d.Range.Start < 0 || d.Range.Start > d.Range.End || d.Range.End > len(src) {
				t.Fatalf("%s range %v outside input of %d bytes", d.Code, d.Range, len(src))
			}
			if d.Code == "" || d.Message == "" {
				t.Fatalf("diagnostic without a plain code and message: %+v", d)
			}
		}
		for a := range doc.Actions() {
			for _, r := range []source.Range{a.Range, a.OpRange} {
				if r.Start < 0 || r.Start > r.End || r.End > len(src) {
					t.Fatalf("%s range %v outside input of %d bytes", a.Op, r, len(src))
				}
			}
		}
		if diff := cmp.Diff(lang.DocumentJSON(doc), lang.DocumentJSON(lang.Parse(source.NewFile("fuzz.patch", src)))); diff != "" {
			t.Fatalf("two parses differ:\n%s", diff)
		}
		if doc.Diagnostics().HasErrors() || !allSyntax(doc, lang.V4A) {
			return
		}
		roundTrip(t, doc, lang.V4A)
	})
}
