package jsoncall

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParseErrorsPoint(t *testing.T) {
	for _, tc := range []struct {
		src      string
		off, end int // end 0: off+1
		msg      string
	}{
		{`{"a": 1,}`, 7, 0, "invalid JSON: a comma with no value after it (JSON has no trailing commas)"},
		{`{"a": "x`, 6, 0, "invalid JSON: a character no JSON token starts with (an unescaped control character or newline in a string?)"},
		{`{"a": `, 6, 6, "invalid JSON: it ends before the value is complete"},
		{"[1 2]", 3, 0, `invalid JSON: unexpected "2"`},
		// an escape JSON does not have is pointed at, never read as
		// nothing (a new_string of "x = \q2" would replace with "")
		{`{"new_string": "x = \q2"}`, 20, 22, "invalid JSON: `\\q` is not an escape JSON has (a backslash itself is written \\\\, a character as \\u and four hex digits)"},
		{`["\u00e9", "\u12G4"]`, 12, 17, "invalid JSON: `\\u12G` is not an escape JSON has (a backslash itself is written \\\\, a character as \\u and four hex digits)"},
		{`["\u12"]`, 2, 6, "invalid JSON: `\\u12` is not an escape JSON has (a backslash itself is written \\\\, a character as \\u and four hex digits)"},
		{"[\"\\\u00e9\"]", 2, 5, "invalid JSON: `\\\u00e9` is not an escape JSON has (a backslash itself is written \\\\, a character as \\u and four hex digits)"},
		{"{\"a\": \"x\\\ny\"}", 6, 0, "invalid JSON: a character no JSON token starts with (an unescaped control character or newline in a string?)"},
	} {
		v, ds := Parse([]byte(tc.src))
		if v != nil || len(ds) != 1 {
			t.Fatalf("%q: value %v, diagnostics %+v", tc.src, v, ds)
		}
		if tc.end == 0 {
			tc.end = tc.off + 1
		}
		if d := ds[0]; d.Range.Start != tc.off || d.Range.End != tc.end || d.Message != tc.msg || d.Code != InvalidJSON {
			t.Errorf("%q: %s %d-%d %q, want %d-%d %q", tc.src, d.Code, d.Range.Start, d.Range.End, d.Message, tc.off, tc.end, tc.msg)
		}
	}
}

func TestParseKeepsPositions(t *testing.T) {
	src := `{"path": "a\tb", "n": -1.5e3, "ok": true, "l": [1, null]}`
	v, err := Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	m := v.Object.Get("path")
	if s, _ := Text(*m.Value.Str); s != "a\tb" || src[m.Value.Pos.Offset:m.Value.EndPos.Offset] != `"a\tb"` {
		t.Errorf("path = %q at %d-%d", s, m.Value.Pos.Offset, m.Value.EndPos.Offset)
	}
	if got := *v.Object.Get("n").Value.Num; got != "-1.5e3" {
		t.Errorf("n = %s", got)
	}
	if len(v.Object.Get("l").Value.Array.Items) != 2 || *v.Object.Get("ok").Value.Lit != "true" {
		t.Errorf("l or ok misread")
	}
}

func TestSpans(t *testing.T) {
	src := "Text\n```json\n{\"command\": \"view\", \"path\": \"a\"}\n```\n```json\n{\"name\": \"not a call\"}\n```\n  ```jsonc\n  [{\"path\": \"b\", \"old_string\": \"x\", \"new_string\": \"y\"}]\n  ```\n"
	got := Spans([]byte(src))
	var texts []string
	for _, s := range got {
		texts = append(texts, src[s[0]:s[1]])
	}
	want := []string{`{"command": "view", "path": "a"}`, `[{"path": "b", "old_string": "x", "new_string": "y"}]`}
	if diff := cmp.Diff(want, texts); diff != "" {
		t.Errorf("spans (-want +got):\n%s", diff)
	}
	if got := Spans([]byte(" {\"file_path\": \"a\", \"content\": \"x\"}\n")); len(got) != 1 || got[0] != [2]int{1, 35} {
		t.Errorf("whole input = %v", got)
	}
	// a fence left unclosed ends at the next ```json line, so each call is
	// read on its own rather than both as one invalid text
	cut := "```json\n{\"path\": \"a\", \"old_string\": \"x\", \"new_string\": \"y\"}\n\n```json\n{\"path\": \"b\", \"old_string\": \"x\", \"new_string\": \"y\"}\n```\n"
	texts = nil
	for _, s := range Spans([]byte(cut)) {
		texts = append(texts, cut[s[0]:s[1]])
	}
	want = []string{`{"path": "a", "old_string": "x", "new_string": "y"}`, `{"path": "b", "old_string": "x", "new_string": "y"}`}
	if diff := cmp.Diff(want, texts); diff != "" {
		t.Errorf("spans of a fence left unclosed (-want +got):\n%s", diff)
	}
	// a call written as text: on a line of prose, or in a fence without an
	// info string; a call-shaped line in another language's fence (a file's
	// text), a bare fence of other code, a line that is no JSON and a line of an
	// array written over several lines among prose are not
	prose := "I'll edit:\n  {\"path\": \"a\", \"old_string\": \"x\", \"new_string\": \"y\"}\n" +
		"```\n{\"path\": \"b\", \"content\": \"x\"}\n```\n" +
		"```text\n{\"path\": \"c\", \"content\": \"x\"}\n```\n" +
		"```\nf({\"path\": \"d\", \"content\": \"x\"})\n```\n" +
		"{\"path\": \"e\", \"content\": x}\n" +
		"[\n  {\"path\": \"f\", \"content\": \"x\"}\n]\n"
	texts = nil
	for _, s := range Spans([]byte(prose)) {
		texts = append(texts, prose[s[0]:s[1]])
	}
	want = []string{`{"path": "a", "old_string": "x", "new_string": "y"}`, `{"path": "b", "content": "x"}`}
	if diff := cmp.Diff(want, texts); diff != "" {
		t.Errorf("spans of calls written as text (-want +got):\n%s", diff)
	}
}

// The hand-written parse (fast.go) gives the grammar's value, positions
// included, for every JSON text, and nothing for any other: random texts
// of JSON's tokens, whitespace and line breaks, most of them not JSON.
func TestParseFastAgrees(t *testing.T) {
	parts := []string{"{", "}", "[", "]", ",", ":", `"k"`, `"é\n\u00e9"`, `"old_str"`, "12", "-0.5e3", "true", "false", "null", " ", "\n", "\r\n\t", "x", `"`}
	valid := 0
	for seed := range uint64(20000) {
		rng := rand.New(rand.NewPCG(seed, 3))
		var b strings.Builder
		for range 1 + rng.IntN(12) {
			b.WriteString(parts[rng.IntN(len(parts))])
		}
		src := []byte(b.String())
		want, err := parser().ParseBytes("", src)
		got := parseFast(src)
		if err != nil {
			if got != nil {
				t.Fatalf("%q: not JSON (%v), yet the fast parse read it", src, err)
			}
			continue
		}
		valid++
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("%q (-grammar +fast):\n%s", src, diff)
		}
	}
	if valid < 200 {
		t.Fatalf("only %d of the random texts were JSON", valid)
	}
}
