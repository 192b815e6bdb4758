package csl

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSpans(t *testing.T) {
	src := "prose <---WRITE--->\n<---WRITE file=\"a\"--->\nx\n<---END--->\ntext\n<---END--->\n<---TASKS--->\n<---RUN--->\nls\n<---END--->\n"
	got := Spans([]byte(src), Options{})
	want := [][2]int{{20, 57}, {74, len(src)}} // the span takes the END line's newline; a stray END is prose
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("spans (-want +got):\n%s", diff)
	}
}

func TestScanCustomDelimiters(t *testing.T) {
	o := Options{Open: "@@", Close: "@@"}
	b := Scan([]byte("@@SEARCH file=\"a\"@@\nx\n@@REPLACE@@\ny\n@@END@@"), o)
	if len(b.Diags) != 0 || b.Tree == nil || b.Tree.Op == nil {
		t.Fatalf("errs %v tree %v", b.Diags, b.Tree)
	}
	op := b.Tree.Op
	if op.Body().Value != "x\n" || len(op.Sections()) != 1 || op.Sections()[0].Body.Value != "y\n" || op.End() == nil {
		t.Errorf("unexpected tree: body %q sections %d", op.Body().Value, len(op.Sections()))
	}
	if m := b.Marker(op.Open()); m.Name != "SEARCH" || len(m.Attrs) != 1 || m.Attrs[0].Value != "a" {
		t.Errorf("marker = %+v", m)
	}
}

func TestEndsBody(t *testing.T) {
	for line, want := range map[string]bool{
		"<---END--->":       true,
		"<---END---> x":     true, // a malformed END still ends the body
		"<---REPLACE--->\r": true,
		"<---WRITE a--->":   false, // malformed op marker: content
		" <---END--->":      false,
		"<---end--->":       true, // well-formed; Known is nil, so every name counts
		"<--- END --->":     false,
	} {
		if got := EndsBody([]byte(line), Options{}); got != want {
			t.Errorf("EndsBody(%q) = %v, want %v", line, got, want)
		}
	}
}

// TestOpCutByNestedTasksTakesTheEnd pins a reading the grammar has always
// had: an op cut short by a nested TASKS marker (UNCLOSED_OP) takes the END
// that follows, and the TASKS block is left without one.
func TestOpCutByNestedTasksTakesTheEnd(t *testing.T) {
	b := Scan([]byte("<---TASKS--->\n<---WRITE file=\"a\"--->\nx\n<---TASKS--->\n<---END--->\n"), Options{})
	if b.Tree == nil || b.Tree.Tasks == nil || len(b.Tree.Tasks.Ops) != 1 {
		t.Fatalf("tree %+v errs %v", b.Tree, b.Diags)
	}
	op := b.Tree.Tasks.Ops[0]
	if op.End() == nil || b.Marker(*op.End()).Name != "END" || b.Tree.Tasks.End() != nil {
		t.Errorf("op end %v, tasks end %v", op.End(), b.Tree.Tasks.End())
	}
	if op.Body() == nil || op.Body().Value != "x\n" {
		t.Errorf("op body %v", op.Body())
	}
}
