package sham

import "testing"

// Lines after an end marker inside one block text (Split never hands out
// such a text, but ParseBlock is public) are refused by the grammar and
// reported, never mistaken for the block's body.
func TestParseBlockLinesAfterEnd(t *testing.T) {
	b := ParseBlock([]byte("#!SHAM [@three-char-SHA-256: ab]\nk = \"v\"\n#!END_SHAM_ab\nj = \"w\"\n"))
	if len(b.Diags) != 1 || b.Diags[0].Code != MalformedAssignment || len(b.Params) != 0 {
		t.Fatalf("diagnostics %+v, params %+v", b.Diags, b.Params)
	}
}

// A well-formed block: params in order, positions relative to the text.
func TestParseBlockParams(t *testing.T) {
	text := "#!SHAM [@three-char-SHA-256: ab]\naction = \"file_write\"\nbad line\npath = \"a.txt\"\n#!END_SHAM_ab\n"
	b := ParseBlock([]byte(text))
	if !b.Closed || len(b.Params) != 2 || b.Params[0].Key != "action" || b.Params[1].Value != "a.txt" {
		t.Fatalf("block %+v", b)
	}
	if p := b.Params[1]; text[p.KeyStart:p.KeyEnd] != "path" || text[p.ValueStart:p.ValueEnd] != `"a.txt"` {
		t.Fatalf("positions of %+v", p)
	}
	if len(b.Diags) != 1 || b.Diags[0].Code != MalformedAssignment || text[b.Diags[0].Range.Start:b.Diags[0].Range.End] != "bad line" {
		t.Fatalf("diagnostics %+v", b.Diags)
	}
}
