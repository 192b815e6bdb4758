package cml

import (
	"strings"
	"testing"
)

func known(name string) bool {
	switch name {
	case "tasks", "write", "edit", "run", "move", "remove":
		return true
	}
	return false
}

func TestScanFindsBlocksInProse(t *testing.T) {
	src := "Here you go <div>x</div>:\n<tasks version=\"1.0\">\n  <write path=\"a\"><![CDATA[x]]></write>\n</tasks>\nthen `<write>` and <remove path='b'/> done"
	blocks := Scan([]byte(src), known)
	if len(blocks) != 2 {
		t.Fatalf("got %d blocks, want 2: %+v", len(blocks), blocks)
	}
	if got := src[blocks[0].Start:blocks[0].End]; !strings.HasPrefix(got, "<tasks") || !strings.HasSuffix(got, "</tasks>") {
		t.Errorf("block 0 = %q", got)
	}
	if got := src[blocks[1].Start:blocks[1].End]; got != "<remove path='b'/>" {
		t.Errorf("block 1 = %q", got)
	}
	root := blocks[0].Root
	if root == nil || root.Name() != "tasks" || len(root.Attrs()) != 1 || root.Attrs()[0].Raw != "1.0" {
		t.Fatalf("root = %+v diags=%v", root, blocks[0].Diags)
	}
	var elems []string
	for _, e := range root.Elements {
		elems = append(elems, e.Name())
	}
	if strings.Join(elems, ",") != "write" {
		t.Errorf("children = %v", elems)
	}
}

func TestScanErrors(t *testing.T) {
	tests := []struct {
		src, code, at string
	}{
		{`<write path="a">x`, CodeUnclosedElement, `<write`},
		{`<tasks><write path="a">x</tasks>`, CodeUnclosedChild, `<write`},
		{`<tasks><write path="a">x</writ></tasks>`, CodeMismatchedClose, `</writ>`},
		{`<write path=a>x</write>`, CodeUnquotedAttr, `a`},
		{`<remove path=a/b.txt/>`, CodeUnquotedAttr, `a/b.txt`},
		{`<tasks><write path=a x=1>x</write><remove path=b/></tasks>`, CodeUnquotedAttr, `a`},
		{`<write path=a<b>x</write>`, CodeBadAttribute, `a`},
		{`<write path=a`, CodeBadAttribute, `a`},
		{`<write path>x</write>`, CodeBadAttribute, `path`},
		{`<write path="a>x</write>`, CodeBadAttribute, `"`},
		{`<write path="a" path="b"/>`, CodeDuplicateAttr, `path="b"`[:4]},
		{`<write path="a"><![CDATA[x</write>`, CodeUnclosedCDATA, `<![CDATA[`},
		{`<write path="a"><!-- x</write>`, CodeUnclosedComment, `<!--`},
		{`<write path="a"`, CodeUnclosedTag, `<write`},
		{`<write path="a"></write`, CodeUnclosedTag, `</write`},
	}
	for _, tt := range tests {
		b := Scan([]byte(tt.src), known)
		if len(b) != 1 || len(b[0].Diags) != 1 {
			t.Errorf("%s: blocks %+v, want one error", tt.src, b)
			continue
		}
		e := b[0].Diags[0]
		if e.Code != tt.code {
			t.Errorf("%s: code %s, want %s (%s)", tt.src, e.Code, tt.code, e.Message)
		}
		if got := tt.src[e.Range.Start:e.Range.End]; got != tt.at && !(tt.code == CodeDuplicateAttr && e.Range.Start == strings.LastIndex(tt.src, "path")) {
			t.Errorf("%s: range covers %q, want %q", tt.src, got, tt.at)
		}
	}
}

// TestElementCharsAndRanges pins what Element derives from its token range:
// an element's own character data in order (not its children's, and not the
// parent's text before it), and the ranges of both element forms.
func TestElementCharsAndRanges(t *testing.T) {
	src := `<tasks>a<!--c--><edit path="x">b<search><![CDATA[s]]></search>d<remove path="y"/>e</edit>f</tasks>`
	blocks := Scan([]byte(src), known)
	if len(blocks) != 1 || blocks[0].Diags != nil {
		t.Fatalf("blocks %+v", blocks)
	}
	chars := func(e *Element) string {
		var parts []string
		for _, c := range e.Chars() {
			parts = append(parts, c.Value)
		}
		return strings.Join(parts, "|")
	}
	root := blocks[0].Root
	if got := chars(root); got != "a|<!--c-->|f" {
		t.Errorf("tasks chars = %q", got)
	}
	edit := root.Elements[0]
	if edit.Name() != "edit" || len(edit.Elements) != 2 {
		t.Fatalf("edit = %s with %d children", edit.Name(), len(edit.Elements))
	}
	if got := chars(edit); got != "b|d|e" {
		t.Errorf("edit chars = %q", got)
	}
	search, remove := edit.Elements[0], edit.Elements[1]
	if got := chars(search); got != "<![CDATA[s]]>" {
		t.Errorf("search chars = %q", got)
	}
	if s, e := search.ContentRange(); src[s:e] != "<![CDATA[s]]>" {
		t.Errorf("search content = %q", src[s:e])
	}
	if s, e := search.EndTagRange(); src[s:e] != "</search>" {
		t.Errorf("search end tag = %q", src[s:e])
	}
	if !remove.Empty() || search.Empty() || remove.Name() != "remove" || chars(remove) != "" {
		t.Errorf("remove: empty %v name %s chars %q", remove.Empty(), remove.Name(), chars(remove))
	}
	if s, e := remove.StartTagRange(); src[s:e] != `<remove path="y"/>` {
		t.Errorf("remove tag = %q", src[s:e])
	}
	if s, e := remove.ContentRange(); s != e || src[s:s+2] != "/>" {
		t.Errorf("remove content range %d,%d", s, e)
	}
	if s, e := remove.EndTagRange(); s != e || s != strings.Index(src, "/>e")+2 {
		t.Errorf("remove end tag range %d,%d", s, e)
	}
	if a := remove.Attrs(); len(a) != 1 || a[0].Name != "path" || a[0].Raw != "y" {
		t.Errorf("remove attrs %+v", a)
	}
}

// Elements nested past MaxNesting are a syntax error at the first element
// too deep, not a stack overflow.
func TestScanNestingCap(t *testing.T) {
	n := MaxNesting + 1
	src := []byte("<tasks>" + strings.Repeat("<a>", n-1) + strings.Repeat("</a>", n-1) + "</tasks>")
	blocks := Scan(src, known)
	if len(blocks) != 1 || len(blocks[0].Diags) != 1 {
		t.Fatalf("blocks = %+v", blocks)
	}
	e := blocks[0].Diags[0]
	wantStart := len("<tasks>") + 3*(MaxNesting-1)
	if e.Code != CodeMalformedElement || e.Message != "<a> is nested more than 256 elements deep" || e.Range.Start != wantStart || e.Range.End != wantStart+3 {
		t.Errorf("error = %+v, want MALFORMED_ELEMENT at %d", e, wantStart)
	}
	ok := []byte("<tasks>" + strings.Repeat("<a>", n-2) + strings.Repeat("</a>", n-2) + "</tasks>")
	if b := Scan(ok, known); len(b) != 1 || b[0].Diags != nil {
		t.Errorf("%d levels should scan: %+v", n-1, b[0].Diags)
	}
}
