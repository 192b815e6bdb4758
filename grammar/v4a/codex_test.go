package v4a

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// A patch in a JSON string, itself in the JSON string of a function call's
// arguments, is read with every place mapped back through both strings'
// escapes (\n, \", \u00e9, a surrogate pair) to the bytes of the answer.
func TestCodexCallPlaces(t *testing.T) {
	src := `{"name":"apply_patch","arguments":"{\"input\":\"*** Begin Patch\\n*** Update File: a\\u00e9.py\\n@@\\n-x = \\\"\\ud83d\\ude00\\\"\\n+x = 1\\n*** End Patch\"}"}`
	p := ParseCalls([]byte(src))
	if len(p.Diags) != 0 || len(p.Files) != 1 || len(p.Files[0].Hunks) != 1 {
		t.Fatalf("diags %v, files %+v", p.Diags, p.Files)
	}
	f := p.Files[0]
	h := f.Hunks[0]
	got := map[string]string{
		"path":   f.Path,
		"pathAt": src[f.PathSpan.Start:f.PathSpan.End],
		"header": src[f.HeaderSpan.Start:f.HeaderSpan.End],
		"hunk":   src[h.Span.Start:h.Span.End],
		"old":    h.Old,
	}
	want := map[string]string{
		"path":   "aé.py",
		"pathAt": `a\\u00e9.py`,
		"header": `*** Update File: a\\u00e9.py`,
		"hunk":   `@@\\n-x = \\\"\\ud83d\\ude00\\\"\\n+x = 1`,
		"old":    "x = \"😀\"\n",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// The shell's heredoc: the patch is the heredoc's body, up to its
// delimiter line; a script running something else first is refused.
func TestCodexHeredoc(t *testing.T) {
	src := `{"command":["bash","-lc","apply_patch <<'PATCH'\n*** Begin Patch\n*** Delete File: d.txt\n*** End Patch\nPATCH\necho done"]}`
	p := ParseCalls([]byte(src))
	if len(p.Diags) != 0 || len(p.Files) != 1 || p.Files[0].Path != "d.txt" || p.Files[0].Kind != Delete {
		t.Fatalf("diags %v, files %+v", p.Diags, p.Files)
	}
	p = ParseCalls([]byte(`{"command":["bash","-lc","cd x && apply_patch <<EOF\n*** Begin Patch\n*** Delete File: d.txt\n*** End Patch\nEOF"]}`))
	if len(p.Files) != 0 || len(p.Diags) != 1 || p.Diags[0].Code != BadCall {
		t.Fatalf("cd first: diags %v, files %+v", p.Diags, p.Files)
	}
}

// JSON that cannot be read is an error at the byte where reading stopped:
// in the answer's text, or inside an arguments string, mapped back through
// its escapes; a second value after the first is no part of it (it was
// passed over); a member of the wrong kind is pointed at.
func TestParseCallsJSONErrors(t *testing.T) {
	for _, tc := range []struct{ src, at, msg string }{
		{`{"name":"apply_patch","arguments":{"input":"*** Begin Patch\n*** Add File: a\q\n+x\n*** End Patch"}}`, `\q`,
			"the JSON item cannot be read: `\\q` is not an escape JSON has (a backslash itself is written \\\\, a character as \\u and four hex digits)"},
		{`[{"type":"apply_patch_call","operation":{"type":"delete_file","path":"a"}},]`, `,`,
			"the JSON array cannot be read: a comma with no value after it (JSON has no trailing commas)"},
		{`{"name":"apply_patch","arguments":{"input":"*** Begin Patch\n*** Delete File: a\n*** End Patch"}} {"name":"apply_patch","arguments":{"input":"*** Begin Patch\n*** Delete File: b\n*** End Patch"}}`, `{`,
			"the JSON item cannot be read: something follows the end of its value (a second call?)"},
		{`{"name":"apply_patch","arguments":{"input":"*** Begin Patch\n*** Delete File: a\n*** End Patch"}} and more`, `a`,
			"the JSON item cannot be read: something follows the end of its value (a second call?)"},
		{`{"name":"apply_patch","arguments":"{\"input\":\"*** Begin Patch\\n*** Delete File: a\\n*** End Patch\",}"}`, `,`,
			"the arguments string of the apply_patch call does not hold JSON: a comma with no value after it (JSON has no trailing commas)"},
		{`{"name":"apply_patch","arguments":"{\"input\":\"\u00e9\" \"*** Begin Patch\"}"}`, `\"`,
			`the arguments string of the apply_patch call does not hold JSON: unexpected "\"*** Begin Patch\""`},
		{`{"type":"apply_patch_call","operation":{"type":"delete_file","path":5}}`, `5`,
			"the apply_patch_call's operation's path is not a string"},
		{`{"type":"apply_patch_call","operation":["delete_file"]}`, `["delete_file"]`,
			"the apply_patch_call's operation is not an object"},
	} {
		p := ParseCalls([]byte(tc.src))
		if len(p.Files) != 0 || len(p.Diags) != 1 {
			t.Errorf("%s: files %+v, diags %v", tc.src, p.Files, p.Diags)
			continue
		}
		d := p.Diags[0]
		if got := tc.src[d.Range.Start:d.Range.End]; d.Code != BadCall || got != tc.at || d.Message != tc.msg {
			t.Errorf("%s:\n %s at %q: %s\nwant at %q: %s", tc.src, d.Code, got, d.Message, tc.at, tc.msg)
		}
	}
}

// An item's path written with escapes is pointed at as written; a patch's
// bytes that are not UTF-8 (each read as U+FFFD) keep their places.
func TestParseCallsPlacesOfEscapesAndBadBytes(t *testing.T) {
	src := `{"type":"apply_patch_call","operation":{"type":"delete_file","path":" a\u00e9\/b.py "}}`
	p := ParseCalls([]byte(src))
	if len(p.Diags) != 0 || len(p.Files) != 1 {
		t.Fatalf("diags %v, files %+v", p.Diags, p.Files)
	}
	if f := p.Files[0]; f.Path != "aé/b.py" || src[f.PathSpan.Start:f.PathSpan.End] != `a\u00e9\/b.py` {
		t.Errorf("path %q at %q", f.Path, src[f.PathSpan.Start:f.PathSpan.End])
	}
	src = "{\"type\":\"custom_tool_call\",\"name\":\"apply_patch\",\"input\":\"*** Begin Patch\\n*** Update File: a\xff.py\\n@@\\n-a\xfe\\n+b\\n*** End Patch\"}"
	p = ParseCalls([]byte(src))
	if len(p.Diags) != 0 || len(p.Files) != 1 || len(p.Files[0].Hunks) != 1 {
		t.Fatalf("diags %v, files %+v", p.Diags, p.Files)
	}
	f := p.Files[0]
	got := []string{f.Path, src[f.PathSpan.Start:f.PathSpan.End], src[f.Hunks[0].Span.Start:f.Hunks[0].Span.End], f.Hunks[0].Old}
	want := []string{"a\uFFFD.py", "a\xff.py", `@@\n-a` + "\xfe" + `\n+b`, "a\uFFFD\n"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
