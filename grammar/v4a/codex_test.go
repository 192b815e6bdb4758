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
