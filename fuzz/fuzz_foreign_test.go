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

// FuzzParseCline: go test ./fuzz -run XXX -fuzz FuzzParseCline -fuzztime 1m
func FuzzParseCline(f *testing.F) {
	fuzzForeign(f, "cline/", lang.Cline,
		"<replace_in_file>\n<path>a</path>\n<diff>\n--- SEARCH>\nx\n===\n+++ REPLACE\n------- SEARCH\n=======\ny\n+++++++ REPLACE\n</diff>\n</replace_in_file>\n",
		"a.txt\n```\n------- SEARCH\nx\n=======\n<write_to_file>\n<path>b</path>\n<content>\n</content>\n")
}

// FuzzParseRoo: go test ./fuzz -run XXX -fuzz FuzzParseRoo -fuzztime 1m
func FuzzParseRoo(f *testing.F) {
	fuzzForeign(f, "roo/", lang.Roo,
		"<apply_diff>\n<path>a</path>\n<diff>\n<<<<<<< SEARCH>\n:start_line:0\n:end_line:x\n-------\n\\=======\n=======\n\\:start_line:2\n>>>>>>> REPLACE\n</diff>\n</apply_diff>",
		"a.go\n<<<<<<< SEARCH\n-------\n\n=======\n:end_line:3\n>>>>>>>\n")
}

// FuzzParseZed: go test ./fuzz -run XXX -fuzz FuzzParseZed -fuzztime 1m
func FuzzParseZed(f *testing.F) {
	fuzzForeign(f, "zed/", lang.Zed,
		"a.rs\n<edits>\n<old_text line=\"3\">\nx\n</old_text><new_text></new_text>\n<old_text>\n</edits>\n",
		"<edits path=\"b\">\n<old_text line=0></old_text>\n<new_text>\r\n\r\n</new_text></edits>")
}

// FuzzParseWholeFile: go test ./fuzz -run XXX -fuzz FuzzParseWholeFile -fuzztime 1m
func FuzzParseWholeFile(f *testing.F) {
	fuzzForeign(f, "wholefile/", lang.WholeFile,
		"**a.go**\n```go path=b.go\n// filepath: c.go\nx\n````\n\n`d e/f`\n~~~\n# ... existing code ...\n~~~\n",
		"```1:2:a\n```\n```py a.py\n<!-- a.py -->\n")
}
