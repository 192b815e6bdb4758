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
		t.Fatalf("root = %+v err=%v", root, blocks[0].Err)
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
		{`<tasks><write path="a">x</tasks>`, CodeUnclosedElement, `<write`},
		{`<tasks><write path="a">x</writ></tasks>`, CodeMismatchedClose, `</writ>`},
		{`<write path=a>x</write>`, CodeBadAttribute, `a`},
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
		if len(b) != 1 || b[0].Err == nil {
			t.Errorf("%s: blocks %+v, want one error", tt.src, b)
			continue
		}
		e := b[0].Err
		if e.Code != tt.code {
			t.Errorf("%s: code %s, want %s (%s)", tt.src, e.Code, tt.code, e.Message)
		}
		if got := tt.src[e.Start:e.End]; got != tt.at && !(tt.code == CodeDuplicateAttr && e.Start == strings.LastIndex(tt.src, "path")) {
			t.Errorf("%s: range covers %q, want %q", tt.src, got, tt.at)
		}
	}
}
