package fuzz

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/clada-dev/clada/corpus"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// fuzzForeign is the check every foreign format's target makes: any input
// parses without panic; every diagnostic lies inside the input with a code
// and a message and none of participle's wording; parsing is
// deterministic; and an error-free document of that format printed in it
// parses back to the same ops and params (or the printer refuses, with
// its prefix).
func fuzzForeign(f *testing.F, dir string, s lang.Syntax, seeds ...string) {
	cases, err := corpus.Load()
	if err != nil {
		f.Fatal(err)
	}
	for _, c := range cases {
		if strings.HasPrefix(c.Name, dir) {
			f.Add(c.Input)
		}
	}
	for _, seed := range seeds {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		doc := lang.Parse(source.NewFile("fuzz", src))
		for _, d := range doc.Diagnostics() {
			if d.Range.Start < 0 || d.Range.Start > d.Range.End || d.Range.End > len(src) {
				t.Fatalf("%s range %v outside input of %d bytes", d.Code, d.Range, len(src))
			}
			if d.Code == "" || d.Message == "" || strings.Contains(d.Message, "unexpected token") {
				t.Fatalf("diagnostic without a plain code and message: %+v", d)
			}
		}
		if diff := cmp.Diff(lang.DocumentJSON(doc), lang.DocumentJSON(lang.Parse(source.NewFile("fuzz", src)))); diff != "" {
			t.Fatalf("two parses differ:\n%s", diff)
		}
		if lang.Check(doc).HasErrors() || !allSyntax(doc, s) {
			return
		}
		roundTrip(t, doc, s)
	})
}

// FuzzParseAider: go test ./fuzz -run XXX -fuzz FuzzParseAider -fuzztime 1m
func FuzzParseAider(f *testing.F) {
	fuzzForeign(f, "aider/", lang.Aider,
		"a.txt\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n<<<<<<< SEARCH\n=======\n>>>>>>> REPLACE",
		"```\n<<<<<<< SEARCH>\n=======\n=======\n")
}

// FuzzParseUDiff: go test ./fuzz -run XXX -fuzz FuzzParseUDiff -fuzztime 1m
func FuzzParseUDiff(f *testing.F) {
	fuzzForeign(f, "udiff/", lang.UDiff,
		"--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n",
		"diff --git a/x b/y\nrename from x\nrename to y\n--- a/x\n+++ b/y\n@@ @@\n-x\n+y\n\n \n")
}

// FuzzParseJSONCall: go test ./fuzz -run XXX -fuzz FuzzParseJSONCall -fuzztime 1m
func FuzzParseJSONCall(f *testing.F) {
	fuzzForeign(f, "jsoncall/", lang.JSONCall,
		`[{"command":"view","path":"a","view_range":[1,-1]},{"path":"a","content":"\u00e9\n"}]`,
		"```json\n{\"name\":\"x\",\"arguments\":{\"path\":\"a\",\"old_string\":\"\\\"\",\"new_string\":1}}\n```\n")
}

// FuzzParseReplacer: go test ./fuzz -run XXX -fuzz FuzzParseReplacer -fuzztime 1m
func FuzzParseReplacer(f *testing.F) {
	fuzzForeign(f, "replacer/", lang.Replacer,
		"<<<EXPLANATION>>>\nx\n<<<FILE>>>\n\na b\n\n<<<SEARCH>>>\n\n<<<REPLACE>>>\n \n<<<END>>>\n",
		"<<<FILE>>>\n<<<OVERWRITE>>>\n<<<END>>>")
}
