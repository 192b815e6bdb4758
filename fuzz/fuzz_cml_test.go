package fuzz

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/clada-dev/clada/corpus"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// FuzzParseCML checks that any input parses without panic, that every
// diagnostic lies inside the input and says something, that parsing is
// deterministic, and that a CML document without errors printed as CML
// parses back to the same ops and params.
// Run: go test ./fuzz -run XXX -fuzz FuzzParseCML -fuzztime 1m
func FuzzParseCML(f *testing.F) {
	cases, err := corpus.Load()
	if err != nil {
		f.Fatal(err)
	}
	for _, c := range cases {
		if strings.HasPrefix(c.Name, "cml/") {
			f.Add(c.Input)
		}
	}
	for _, s := range []string{
		`<write path="a"><![CDATA[x]]&gt;y]]>&lt;&#x41;&amp</write>`,
		`<tasks version="1.0"><deploy/><edit path="a" count="2"><search> s </search><replace/></edit></tasks>`,
		`<file_create path='a'>x</file_create><run lang="python" timeout="3">print(1)</run>`,
		`<tasks><write path="a">x</tasks`,
		"<move from=\"a\nb\" to=\"c\"/>",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		doc := lang.Parse(source.NewFile("fuzz.cml", src))
		for _, d := range doc.Diagnostics() {
			if d.Range.Start < 0 || d.Range.Start > d.Range.End || d.Range.End > len(src) {
				t.Fatalf("%s range %v outside input of %d bytes", d.Code, d.Range, len(src))
			}
			if d.Code == "" || d.Message == "" || strings.Contains(d.Message, "unexpected token") {
				t.Fatalf("diagnostic without a plain code and message: %+v", d)
			}
		}
		if diff := cmp.Diff(lang.DocumentJSON(doc), lang.DocumentJSON(lang.Parse(source.NewFile("fuzz.cml", src)))); diff != "" {
			t.Fatalf("two parses differ:\n%s", diff)
		}
		if doc.Diagnostics().HasErrors() || !allCML(doc) {
			return
		}
		var sb strings.Builder
		if err := lang.Print(&sb, doc, lang.CML); err != nil {
			t.Fatal(err)
		}
		printed := lang.Parse(source.NewFile("printed.cml", []byte(sb.String())))
		if ds := printed.Diagnostics(); ds.HasErrors() {
			t.Fatalf("printed text has diagnostics %v:\n%s", ds, sb.String())
		}
		if diff := cmp.Diff(canonView(doc), canonView(printed)); diff != "" {
			t.Fatalf("print then parse changed the AST (-before +after):\n%s\nprinted:\n%s", diff, sb.String())
		}
	})
}

// allCML reports whether every action of d was written in CML (the round
// trip is checked for CML sources; other syntaxes have their own fuzzers).
func allCML(d *lang.Document) bool {
	for a := range d.Actions() {
		if a.Syntax != lang.CML {
			return false
		}
	}
	return true
}

// canonView is view with aliases resolved: the printer writes an alias
// (<file_create>) with its op's native word (<write>).
func canonView(d *lang.Document) []action {
	out := view(d)
	for i := range out {
		if spec := lang.Lookup(out[i].Op); spec != nil {
			out[i].Op = spec.Name
		}
	}
	return out
}
