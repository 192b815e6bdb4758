package fuzz

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/clada-dev/clada/corpus"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// FuzzParseCSL checks that any input parses without panic, that every
// diagnostic lies inside the input with a plain code and message, that
// parsing is deterministic, and that a CSL document without errors printed
// as CSL parses back to the same ops and params (or is refused by the
// printer with an error, for values CSL cannot hold).
// Run: go test ./fuzz -run XXX -fuzz FuzzParseCSL -fuzztime 1m
func FuzzParseCSL(f *testing.F) {
	cases, err := corpus.Load()
	if err != nil {
		f.Fatal(err)
	}
	for _, c := range cases {
		if strings.HasPrefix(c.Name, "csl/") {
			f.Add(c.Input)
		}
	}
	for _, s := range []string{
		"<---WRITE file=\"a\"--->\r\nx\r\n\r\n<---END--->\r\n",
		"<---TASKS version='1'--->\n<---SEARCH file=\"a\" count=\"2\"--->\nx\n<---TO--->\ny\n<---REPLACE--->\n<---END--->\n<---END--->",
		"<---RUN dir=\"d\" timeout=\"3\"--->\necho 'a b'\n<---END--->\n<---MOVE from=\"a\" to=\"b\"--->\n<---END--->",
		"<---WRITE file=\"a\"--->\n<---FOO--->\nmid <---END---> line\n<---TASKS--->\n",
		"<---WRITE file=\"a\" append=\"x\"---> tail\n<---END",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		doc := lang.Parse(source.NewFile("fuzz.csl", src))
		for _, d := range doc.Diagnostics() {
			if d.Range.Start < 0 || d.Range.Start > d.Range.End || d.Range.End > len(src) {
				t.Fatalf("%s range %v outside input of %d bytes", d.Code, d.Range, len(src))
			}
			if d.Code == "" || d.Message == "" || strings.Contains(d.Message, "unexpected token") {
				t.Fatalf("diagnostic without a plain code and message: %+v", d)
			}
		}
		if diff := cmp.Diff(lang.DocumentJSON(doc), lang.DocumentJSON(lang.Parse(source.NewFile("fuzz.csl", src)))); diff != "" {
			t.Fatalf("two parses differ:\n%s", diff)
		}
		if doc.Diagnostics().HasErrors() || !allSyntax(doc, lang.CSL) {
			return
		}
		roundTrip(t, doc, lang.CSL)
	})
}

// allSyntax reports whether every action of d was written in s.
func allSyntax(d *lang.Document, s lang.Syntax) bool {
	for a := range d.Actions() {
		if a.Syntax != s {
			return false
		}
	}
	return true
}

// roundTrip prints doc as syntax to, parses the output, and fails unless it
// has no errors and the same meaning. A printer refusal (a value the target
// cannot hold, an unknown op) is allowed: it is an error, never a lossy print.
func roundTrip(t *testing.T, doc *lang.Document, to lang.Syntax) {
	t.Helper()
	var sb strings.Builder
	if err := lang.Print(&sb, doc, to); err != nil {
		if !strings.HasPrefix(err.Error(), "print ") {
			t.Fatalf("printer error without its prefix: %v", err)
		}
		return
	}
	printed := lang.Parse(source.NewFile("printed", []byte(sb.String())))
	if ds := printed.Diagnostics(); ds.HasErrors() {
		t.Fatalf("printed %s has diagnostics %v:\n%s", to, ds, sb.String())
	}
	if diff := cmp.Diff(meaning(doc), meaning(printed)); diff != "" {
		t.Fatalf("print as %s then parse changed the meaning (-before +after):\n%s\nprinted:\n%s", to, diff, sb.String())
	}
}
