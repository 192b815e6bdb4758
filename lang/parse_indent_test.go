package lang

import (
	"fmt"
	"strings"
	"testing"

	"github.com/clada-dev/clada/corpus"
	"github.com/clada-dev/clada/source"
	"github.com/google/go-cmp/cmp"
)

// reshape rewrites every non-empty line of src the way an answer may carry
// it: behind a container prefix, with CRLF endings, or both.
func reshape(src, prefix string, crlf bool) string {
	lines := strings.Split(src, "\n")
	for i, l := range lines {
		switch {
		case l != "":
			lines[i] = prefix + l
		case strings.HasPrefix(prefix, ">") && i < len(lines)-1:
			lines[i] = ">" // a blank line inside a block quote
		}
	}
	out := strings.Join(lines, "\n")
	if crlf {
		out = strings.ReplaceAll(out, "\n", "\r\n")
	}
	return out
}

// diagCodes lists the codes of d's diagnostics in order.
func diagCodes(d *Document) []string {
	var out []string
	for _, dg := range d.Diagnostics() {
		out = append(out, dg.Code)
	}
	return out
}

// TestIndentedAndCRLFReadAsWritten is the rule of parse_indent.go over the
// whole corpus: every case's input, indented as a list item (spaces, a tab),
// quoted, or pasted with CRLF endings, gives the same actions, values and
// diagnostic codes as written at column 1 with LF, and every range still
// covers the bytes it names.
func TestIndentedAndCRLFReadAsWritten(t *testing.T) {
	cases, err := corpus.Load()
	if err != nil {
		t.Fatal(err)
	}
	shapes := []struct {
		name, prefix string
		crlf         bool
	}{{"3 spaces", "   ", false}, {"4 spaces", "    ", false}, {"tab", "\t", false}, {"quote", "> ", false},
		{"CRLF", "", true}, {"3 spaces CRLF", "   ", true}}
	for _, c := range cases {
		if strings.Contains(string(c.Input), "\r") {
			continue // a case about CR itself
		}
		want := Parse(source.NewFile("in", c.Input))
		for _, sh := range shapes {
			if sh.prefix != "" && foreignCase(c.Name) {
				continue // JSON calls are read at column 1 (with LF or CRLF), not behind a container prefix
			}
			t.Run(c.Name+"/"+sh.name, func(t *testing.T) {
				src := reshape(string(c.Input), sh.prefix, sh.crlf)
				got := Parse(source.NewFile("in", []byte(src)))
				if diff := cmp.Diff(astView(want, false), astView(got, false)); diff != "" {
					t.Errorf("actions (-column 1 LF +reshaped):\n%s", diff)
				}
				if diff := cmp.Diff(diagCodes(want), diagCodes(got)); diff != "" {
					t.Errorf("diagnostics (-column 1 LF +reshaped):\n%s", diff)
				}
				checkRanges(t, got)
			})
		}
	}
}

// checkRanges checks that ids, ops and keys as written sit at their ranges
// (a key is spelt in its own syntax: only SHAM keys are the catalog names).
func checkRanges(t *testing.T, d *Document) {
	t.Helper()
	f := d.File
	for a := range d.Actions() {
		if a.ID != "" && f.Text(a.IDRange) != a.ID {
			t.Errorf("id %q: range covers %q", a.ID, f.Text(a.IDRange))
		}
		if a.Syntax == SHAM {
			if got := f.Text(a.OpRange); a.Op != "" && got != a.Op {
				t.Errorf("op %q: range covers %q", a.Op, got)
			}
			for _, p := range a.Params {
				if got := f.Text(p.KeyRange); got != p.Key {
					t.Errorf("key %q: range covers %q", p.Key, got)
				}
			}
		}
		for _, p := range a.Params {
			if (p.Form == Quoted || p.Form == Attribute) && p.ValueRange.End > p.ValueRange.Start { // not an implied lang
				if got := f.Text(p.ContentRange); got != p.Value && !strings.Contains(got, "\\") && !strings.Contains(got, "&") {
					t.Errorf("value %q: range covers %q", p.Value, got)
				}
			}
			if p.ContentRange.Start > p.ContentRange.End || p.ValueRange.Start > p.ValueRange.End {
				t.Errorf("param %s: inverted range %v %v", p.Key, p.ContentRange, p.ValueRange)
			}
		}
		if txt := f.Text(a.Range); len(txt) == 0 {
			t.Errorf("action %s: empty range", a.Op)
		}
	}
}

// TestIndentedRanges pins positions inside indented blocks to the source
// bytes (the language server relies on them), and the rule for lines
// indented less than their block.
func TestIndentedRanges(t *testing.T) {
	src := "1. Write:\n\n   #!SHAM [@three-char-SHA-256: k7m]\r\n   action = \"file_write\"\r\n   path = \"a.txt\"\r\n" +
		"   content = <<'EOT_SHAM_k7m'\r\n   one\r\ntwo at column 1\r\n     three\r\n   EOT_SHAM_k7m\r\n   bad line\r\n   #!END_SHAM_k7m\r\n"
	doc := Parse(source.NewFile("in.md", []byte(src)))
	acts := astView(doc, false)
	want := []astBlock{{ID: "k7m", Op: "file_write", Params: map[string]string{"path": "a.txt", "content": "one\ntwo at column 1\n  three"}}}
	if diff := cmp.Diff(want, acts); diff != "" {
		t.Fatalf("actions (-want +got):\n%s", diff)
	}
	a := doc.Groups[0].Actions[0]
	f := doc.File
	if got := f.Text(a.Range); !strings.HasPrefix(got, "#!SHAM") || !strings.HasSuffix(got, "#!END_SHAM_k7m") {
		t.Errorf("block range covers %q", got)
	}
	if p := f.Position(a.Range.Start); p.Line != 3 || p.Column != 4 {
		t.Errorf("block starts at %d:%d, want 3:4", p.Line, p.Column)
	}
	c := a.Param("content")
	if got := f.Text(c.ContentRange); got != "one\r\ntwo at column 1\r\n     three" {
		t.Errorf("content range covers %q", got)
	}
	ds := doc.Diagnostics()
	if len(ds) != 1 || ds[0].Code != "MALFORMED_ASSIGNMENT" || f.Text(ds[0].Range) != "bad line" {
		t.Fatalf("diagnostics %v", ds)
	}
	if p := f.Position(ds[0].Range.Start); p.Line != 11 || p.Column != 4 {
		t.Errorf("diagnostic at %d:%d, want 11:4", p.Line, p.Column)
	}
}

// TestMarkersNotRead: whatever looks like a marker but is not read as one
// is a diagnostic, while prose mentioning a marker stays prose.
func TestMarkersNotRead(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     []string // code and covered text
	}{
		{"SHAM header after a bullet", "1. #!SHAM [@three-char-SHA-256: k7m]\n   action = \"ls\"\n   #!END_SHAM_k7m\n",
			[]string{"MARKER_AFTER_BULLET #!SHAM [@three-char-SHA-256: k7m]", "STRAY_MARKER #!END_SHAM_k7m"}},
		{"CSL marker after a bullet", "- <---WRITE file=\"a\"--->\n  x\n  <---END--->\n",
			[]string{"MARKER_AFTER_BULLET <---WRITE file=\"a\"--->", "STRAY_MARKER <---END--->"}},
		{"a lone SHAM end marker, indented", "Done.\n\n   #!END_SHAM_k7m\n", []string{"STRAY_MARKER #!END_SHAM_k7m"}},
		{"a CSL END without its op", "<---END--->\n", []string{"STRAY_MARKER <---END--->"}},
		{"prose mentions", "Start with #!SHAM and end with <---END--->.\n- the `#!SHAM` header\n- #!SHAM blocks are standalone\n   Use <---WRITE file=\"x\"---> here\n", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := Parse(source.NewFile("in", []byte(tc.in)))
			var got []string
			for _, d := range doc.Diagnostics() {
				got = append(got, d.Code+" "+doc.File.Text(d.Range))
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("diagnostics (-want +got):\n%s", diff)
			}
			if n := len(doc.Groups); n != 0 {
				t.Errorf("%d blocks, want none", n)
			}
		})
	}
}

// TestTooManyIndents: past maxViews distinct prefixes a marker is reported,
// not skipped in silence.
func TestTooManyIndents(t *testing.T) {
	var sb strings.Builder
	for i := 1; i <= maxViews+1; i++ {
		fmt.Fprintf(&sb, "%s<---WRITE file=\"f%d\"--->\n%sx\n%s<---END--->\n", strings.Repeat(" ", i), i, strings.Repeat(" ", i), strings.Repeat(" ", i))
	}
	doc := Parse(source.NewFile("in", []byte(sb.String())))
	if n := len(doc.Groups); n != maxViews {
		t.Errorf("%d blocks, want %d", n, maxViews)
	}
	var codes []string
	for _, d := range doc.Diagnostics() {
		codes = append(codes, d.Code)
	}
	if diff := cmp.Diff([]string{"TOO_MANY_INDENTS"}, codes); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
}

// TestParserCacheIndented: a cached indented block is mapped afresh to
// where it now sits, and never changed by that.
func TestParserCacheIndented(t *testing.T) {
	block := "   <---WRITE file=\"a\"--->\r\n   x\r\n   <---END--->\r\n"
	p := NewParser(0)
	first := p.Parse(source.NewFile("in", []byte(block)))
	moved := p.Parse(source.NewFile("in", []byte("intro\n\n"+block)))
	if h, _ := p.Stats(); h != 1 {
		t.Fatalf("hits = %d, want 1", h)
	}
	for _, d := range []*Document{first, moved} {
		a := d.Groups[0].Actions[0]
		if got := d.File.Text(a.Param("path").ContentRange); got != "a" {
			t.Errorf("path range covers %q", got)
		}
		if v := a.Param("content").Value; v != "x\n" {
			t.Errorf("content %q", v)
		}
	}
}

// BenchmarkParseIndented measures the indented path: a 5 MB answer of
// numbered-list steps, each an indented SHAM block with CRLF endings, and a
// 2 MB text of one line holding many marker-shaped mentions and CML elements
// (which must not cost a backward scan each).
func BenchmarkParseIndented(b *testing.B) {
	var sb strings.Builder
	for i := 0; sb.Len() < 5<<20; i++ {
		id := fmt.Sprintf("b%04x", i%65536)
		fmt.Fprintf(&sb, "%d. Write the file:\r\n\r\n   #!SHAM [@three-char-SHA-256: %s]\r\n   action = \"file_write\"\r\n   path = \"src/f%d.go\"\r\n   content = <<'EOT_SHAM_%s'\r\n", i, id, i, id)
		for l := range 100 {
			fmt.Fprintf(&sb, "   \tv = %d\r\n", l)
		}
		fmt.Fprintf(&sb, "   EOT_SHAM_%s\r\n   #!END_SHAM_%s\r\n\r\n", id, id)
	}
	long := strings.Repeat("x #!SHAM y <---WRITE z <remove path=\"a\"/> ", 2<<20/40)
	for _, tc := range []struct{ name, src string }{{"5MB-list-CRLF", sb.String()}, {"2MB-one-line", long}} {
		src := []byte(tc.src)
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				Parse(source.NewFile("bench", src))
			}
		})
	}
}

// A value that starts after its tag keeps the indentation it has there,
// while its later lines lose the block's: when a later line ends up less
// indented than the first and would not have with the block's indentation
// kept, check (and so the editor) warns at that line, with its exact range.
func TestShallowLinesWarning(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // "code line:col-line:col" of each warning
	}{{
		name: "CDATA on the tag's line, later lines from the margin (the corpus case)",
		src: "- Guard:\n\n    <edit path=\"calc.py\">\n      <search><![CDATA[    return x]]></search>\n" +
			"      <replace><![CDATA[    if not xs:\n        return 0.0\n    return x]]></replace>\n    </edit>\n",
		want: []string{"SHALLOW_LINES 7:1-7:13"},
	}, {
		name: "later lines indented with the list item's text: no warning",
		src: "- Guard:\n\n    <edit path=\"calc.py\">\n      <search><![CDATA[    return x]]></search>\n" +
			"      <replace><![CDATA[    if not xs:\n            return 0.0\n        return x]]></replace>\n    </edit>\n",
	}, {
		name: "the value on lines of its own: every line loses the prefix alike",
		src: "- Guard:\n\n    <edit path=\"calc.py\">\n      <search><![CDATA[    return x]]></search>\n" +
			"      <replace><![CDATA[\n        if not xs:\n            return 0.0\n        return x\n]]></replace>\n    </edit>\n",
	}, {
		name: "a quoted block",
		src:  "> <write path=\"a.py\"><![CDATA[  first\n> second\n> ]]></write>\n",
		want: []string{"SHALLOW_LINES 2:1-2:9"},
	}, {
		name: "a line less indented even with the prefix is the writer's own",
		src:  "    <write path=\"a.py\"><![CDATA[        deep\nflat\n]]></write>\n",
	}, {
		name: "at column 1 nothing is stripped",
		src:  "<write path=\"a.py\"><![CDATA[    first\nsecond\n]]></write>\n",
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := source.NewFile("in", []byte(tc.src))
			d := Parse(f)
			var got []string
			for _, dg := range Check(d) {
				if dg.Severity == source.Warning {
					s, e := f.Position(dg.Range.Start), f.Position(dg.Range.End)
					got = append(got, fmt.Sprintf("%s %d:%d-%d:%d", dg.Code, s.Line, s.Column, e.Line, e.Column))
				} else {
					t.Errorf("unexpected %s: %s", dg.Code, dg.Message)
				}
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("warnings (-want +got):\n%s", diff)
			}
			// cached: the same warnings from a Parser, parse after parse
			p := NewParser(0)
			for range 2 {
				n := 0
				for _, dg := range p.Parse(f).Diagnostics() {
					if dg.Code == CodeShallowLines {
						n++
					}
				}
				if n != len(tc.want) {
					t.Errorf("a cached parse has %d warnings, want %d", n, len(tc.want))
				}
			}
		})
	}
}
