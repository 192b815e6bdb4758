package replacer

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestBlocks(t *testing.T) {
	src := "<<<EXPLANATION>>>\nwhy\n<<<FILE>>>\n\n  a.py  \n\n<<<SEARCH>>>\nx\n\n<<<REPLACE>>>\n \n<<<END>>>\n" +
		"<<<FILE>>>\nb.txt\n<<<OVERWRITE>>>\n<<<END>>>\n"
	type view struct {
		Path, Search, Replace, Content string
		Overwrite, Closed              bool
	}
	var got []view
	for _, b := range Scan([]byte(src)) {
		if len(b.Diags) > 0 {
			t.Errorf("%s: %+v", b.Path, b.Diags)
		}
		got = append(got, view{b.Path, b.Search, b.Replace, b.Content, b.Overwrite, b.Closed})
	}
	want := []view{{Path: "a.py", Search: "x\n", Closed: true}, {Path: "b.txt", Overwrite: true, Closed: true}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("blocks (-want +got):\n%s", diff)
	}
	if spans := Spans([]byte(src)); len(spans) != 2 || spans[0][0] != 0 || spans[1][0] != spans[0][1] {
		t.Errorf("spans = %v (the first starts at its EXPLANATION)", spans)
	}
}

func TestErrors(t *testing.T) {
	for _, tc := range []struct{ src, code string }{
		{"<<<FILE>>>\n<<<SEARCH>>>\nx\n<<<REPLACE>>>\ny\n<<<END>>>\n", "MISSING_PATH"},
		{"<<<FILE>>>\na\nhello\n<<<END>>>\n", "MISSING_SECTION"},
		{"<<<FILE>>>\na\n<<<SEARCH>>>\n\n<<<REPLACE>>>\ny\n<<<END>>>\n", "EMPTY_SEARCH"},
		{"<<<FILE>>>\na\n<<<SEARCH>>>\nx\n<<<REPLACE>>>\ny\n", "UNCLOSED_BLOCK"},
		{"<<<FILE>>>\na\n<<<OVERWRITE>>>\ny\n<<<END>>>\n", ""},
	} {
		bs := Scan([]byte(tc.src))
		got := ""
		if len(bs) > 0 && len(bs[0].Diags) > 0 {
			got = bs[0].Diags[0].Code
		}
		if got != tc.code {
			t.Errorf("%q: %q, want %q", tc.src, got, tc.code)
		}
	}
}
