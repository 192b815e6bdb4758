package zed

import (
	"fmt"
	"strings"
	"testing"

	"github.com/clada-dev/clada/grammar/internal/scantest"
	"github.com/google/go-cmp/cmp"
)

// render writes Scan's blocks one field a line, each range as the text it
// covers.
func render(src string, blocks []Block) string {
	var b strings.Builder
	for _, k := range blocks {
		fmt.Fprintf(&b, "edits at %s\n", scantest.Covered(src, k.Start, k.End))
		fmt.Fprintf(&b, "  open at %s\n", scantest.Covered(src, k.OpenStart, k.OpenEnd))
		if k.PathStart < 0 {
			fmt.Fprintf(&b, "  no path %s %d:%d\n", scantest.Q(k.Path), k.PathStart, k.PathEnd)
		} else {
			fmt.Fprintf(&b, "  path %s at %s\n", scantest.Q(k.Path), scantest.Covered(src, k.PathStart, k.PathEnd))
		}
		for _, e := range k.Edits {
			fmt.Fprintf(&b, "  edit at %s\n", scantest.Covered(src, e.Start, e.End))
			fmt.Fprintf(&b, "    tag at %s\n", scantest.Covered(src, e.TagStart, e.TagEnd))
			if e.Line != 0 || e.LineStart != 0 || e.LineEnd != 0 {
				fmt.Fprintf(&b, "    line %d at %s\n", e.Line, scantest.Covered(src, e.LineStart, e.LineEnd))
			}
			fmt.Fprintf(&b, "    old %s at %s\n", scantest.Q(e.Old), scantest.Covered(src, e.OldStart, e.OldEnd))
			fmt.Fprintf(&b, "    new %s at %s\n", scantest.Q(e.New), scantest.Covered(src, e.NewStart, e.NewEnd))
			scantest.RenderDiags(&b, src, "    ", e.Diags)
		}
		scantest.RenderDiags(&b, src, "  ", k.Diags)
	}
	return b.String()
}

type scanCase struct {
	name, why, src, want string
}

const pair = "<old_text>\none\n</old_text>\n<new_text>\n1\n</new_text>\n"

var scanCases = []scanCase{
	{
		name: "clean",
		why:  "the shape Zed's agent writes: a path line, <edits>, one pair; one line end after each opening tag and before each closing tag is not text",
		src:  "a.txt\n<edits>\n" + pair + "</edits>\n",
		want: `edits at 1:"a.txt\n<edits>\n<o"…"_text>\n</edits>\n" (75 bytes)
  open at 2:"<edits>"
  path "a.txt" at 1:"a.txt"
  edit at 3:"<old_text>\none\n<"…"t>\n1\n</new_text>" (51 bytes)
    tag at 3:"<old_text>"
    old "one" at 4:"one"
    new "1" at 7:"1"
`,
	},
	{
		name: "several",
		why:  "two pairs in one element are two edits, each with its own ranges, line= on the first",
		src:  "a.txt\n<edits>\n<old_text line=12>\n    two\n    three\n</old_text>\n<new_text>\n    2\n</new_text>\n" + pair + "</edits>\n",
		want: `edits at 1:"a.txt\n<edits>\n<o"…"_text>\n</edits>\n" (153 bytes)
  open at 2:"<edits>"
  path "a.txt" at 1:"a.txt"
  edit at 3:"<old_text line=1"…"   2\n</new_text>" (77 bytes)
    tag at 3:"<old_text line=12>"
    line 12 at 3:"12"
    old "    two\n    three" at 4:"    two\n    three"
    new "    2" at 8:"    2"
  edit at 10:"<old_text>\none\n<"…"t>\n1\n</new_text>" (51 bytes)
    tag at 10:"<old_text>"
    old "one" at 11:"one"
    new "1" at 14:"1"
`,
	},
	{
		name: "line-attribute-forms",
		why:  "line= with quotes, with blanks around =, among other attributes; the range is the digits",
		src:  "a.txt\n<edits>\n<old_text line=\"3\">\nx\n</old_text>\n<new_text>\ny\n</new_text>\n<old_text id=2 line = 40>\nz\n</old_text>\n<new_text>\nw\n</new_text>\n</edits>\n",
		want: `edits at 1:"a.txt\n<edits>\n<o"…"_text>\n</edits>\n" (147 bytes)
  open at 2:"<edits>"
  path "a.txt" at 1:"a.txt"
  edit at 3:"<old_text line=\""…"t>\ny\n</new_text>" (58 bytes)
    tag at 3:"<old_text line=\"3\">"
    line 3 at 3:"3"
    old "x" at 4:"x"
    new "y" at 7:"y"
  edit at 9:"<old_text id=2 l"…"t>\nw\n</new_text>" (64 bytes)
    tag at 9:"<old_text id=2 line = 40>"
    line 40 at 9:"40"
    old "z" at 10:"z"
    new "w" at 13:"w"
`,
	},
	{
		name: "line-ends-at-tags",
		why:  "only one line end after an opening tag and one before a closing tag is not text; more are; inline texts have none",
		src:  "a.txt\n<edits>\n<old_text>\n\none\n\n</old_text>\n<new_text>1</new_text>\n<old_text>two</old_text><new_text>\n</new_text>\n</edits>\n",
		want: `edits at 1:"a.txt\n<edits>\n<o"…"_text>\n</edits>\n" (122 bytes)
  open at 2:"<edits>"
  path "a.txt" at 1:"a.txt"
  edit at 3:"<old_text>\n\none\n"…"ext>1</new_text>" (51 bytes)
    tag at 3:"<old_text>"
    old "\none\n" at 4:"\none\n"
    new "1" at 8:"1"
  edit at 9:"<old_text>two</o"…"ext>\n</new_text>" (46 bytes)
    tag at 9:"<old_text>"
    old "two" at 9:"two"
    new "" at 10:"" before "</new_te"
`,
	},
	{
		name: "path-attribute",
		why:  "<edits path=\"…\">: the path is the attribute's value, and the element starts at its tag though a path line stands above",
		src:  "b.txt\n<edits path=\"src/a.rs\">\n" + pair + "</edits>\n",
		want: `edits at 2:"<edits path=\"src"…"_text>\n</edits>\n" (85 bytes)
  open at 2:"<edits path=\"src/a.rs\">"
  path "src/a.rs" at 2:"src/a.rs"
  edit at 3:"<old_text>\none\n<"…"t>\n1\n</new_text>" (51 bytes)
    tag at 3:"<old_text>"
    old "one" at 4:"one"
    new "1" at 7:"1"
`,
	},
	{
		name: "path-above-fence",
		why:  "the path line may stand above the fence holding the element; the closing fence is not the element's",
		src:  "Here:\n\n**src/a.rs**\n```xml\n<edits>\n" + pair + "</edits>\n```\n",
		want: `edits at 3:"**src/a.rs**\n\x60\x60\x60"…"_text>\n</edits>\n" (89 bytes)
  open at 5:"<edits>"
  path "src/a.rs" at 3:"src/a.rs"
  edit at 6:"<old_text>\none\n<"…"t>\n1\n</new_text>" (51 bytes)
    tag at 6:"<old_text>"
    old "one" at 7:"one"
    new "1" at 10:"1"
`,
	},
	{
		name: "two-elements",
		why:  "two elements separated by prose, each under its own path line; the line end after </edits> is the element's",
		src:  "a.txt\n<edits>\n" + pair + "</edits>\nThen:\nb.txt\n<edits>\n" + pair + "</edits>",
		want: `edits at 1:"a.txt\n<edits>\n<o"…"_text>\n</edits>\n" (75 bytes)
  open at 2:"<edits>"
  path "a.txt" at 1:"a.txt"
  edit at 3:"<old_text>\none\n<"…"t>\n1\n</new_text>" (51 bytes)
    tag at 3:"<old_text>"
    old "one" at 4:"one"
    new "1" at 7:"1"
edits at 11:"b.txt\n<edits>\n<o"…"w_text>\n</edits>" (74 bytes)
  open at 12:"<edits>"
  path "b.txt" at 11:"b.txt"
  edit at 13:"<old_text>\none\n<"…"t>\n1\n</new_text>" (51 bytes)
    tag at 13:"<old_text>"
    old "one" at 14:"one"
    new "1" at 17:"1"
`,
	},
	{
		name: "crlf",
		why:  "CRLF input: ranges cover the bytes as written, a CR LF after an opening tag and before a closing tag is not text, the texts are made LF",
		src:  strings.ReplaceAll("a.txt\n<edits>\n<old_text line=2>\none\ntwo\n</old_text>\n<new_text>\n1\n</new_text>\n</edits>\n", "\n", "\r\n"),
		want: `edits at 1:"a.txt\r\n<edits>\r\n"…"ext>\r\n</edits>\r\n" (96 bytes)
  open at 2:"<edits>"
  path "a.txt" at 1:"a.txt"
  edit at 3:"<old_text line=2"…"\r\n1\r\n</new_text>" (68 bytes)
    tag at 3:"<old_text line=2>"
    line 2 at 3:"2"
    old "one\ntwo" at 4:"one\r\ntwo"
    new "1" at 8:"1"
`,
	},
	{
		name: "not-an-element",
		why:  "<editsfoo>, an <edits> after text on its line, and one indented in a list (lang unindents it, lang/parse_indent.go) are no elements",
		src:  "a.txt\n<editsfoo>\n" + pair + "</editsfoo>\nsee <edits>\n" + pair + "</edits>\n- item\n  <edits>\n  " + pair + "  </edits>\n",
	},
	{
		name: "missing-path",
		why:  "MISSING_PATH: no path line and no path attribute, at the <edits> tag",
		src:  "Here is the change.\n<edits>\n" + pair + "</edits>\n",
		want: `edits at 2:"<edits>\n<old_tex"…"_text>\n</edits>\n" (69 bytes)
  open at 2:"<edits>"
  no path "" -1:-1
  edit at 3:"<old_text>\none\n<"…"t>\n1\n</new_text>" (51 bytes)
    tag at 3:"<old_text>"
    old "one" at 4:"one"
    new "1" at 7:"1"
  error MISSING_PATH "these edits name no file" at 2:"<edits>"
`,
	},
	{
		name: "unclosed-edits",
		why:  "UNCLOSED_TAG: <edits> never closed runs to the end of the text, its error at the tag",
		src:  "a.txt\n<edits>\n" + pair,
		want: `edits at 1:"a.txt\n<edits>\n<o"…">\n1\n</new_text>\n" (66 bytes)
  open at 2:"<edits>"
  path "a.txt" at 1:"a.txt"
  edit at 3:"<old_text>\none\n<"…"t>\n1\n</new_text>" (51 bytes)
    tag at 3:"<old_text>"
    old "one" at 4:"one"
    new "1" at 7:"1"
  error UNCLOSED_TAG "<edits> is never closed, so where the edits end is unknown" at 2:"<edits>"
`,
	},
	{
		name: "unclosed-edits-then-next-element",
		why: "UNCLOSED_TAG: <edits> cut short ends before the next element's path line, " +
			"so the next element keeps its own path and pairs",
		src: "a.txt\n<edits>\n" + pair + "\nb.txt\n<edits>\n" + pair + "</edits>\n",
		want: `edits at 1:"a.txt\n<edits>\n<o"…">\n1\n</new_text>\n" (66 bytes)
  open at 2:"<edits>"
  path "a.txt" at 1:"a.txt"
  edit at 3:"<old_text>\none\n<"…"t>\n1\n</new_text>" (51 bytes)
    tag at 3:"<old_text>"
    old "one" at 4:"one"
    new "1" at 7:"1"
  error UNCLOSED_TAG "<edits> is never closed, so where the edits end is unknown" at 2:"<edits>"
edits at 10:"b.txt\n<edits>\n<o"…"_text>\n</edits>\n" (75 bytes)
  open at 11:"<edits>"
  path "b.txt" at 10:"b.txt"
  edit at 12:"<old_text>\none\n<"…"t>\n1\n</new_text>" (51 bytes)
    tag at 12:"<old_text>"
    old "one" at 13:"one"
    new "1" at 16:"1"
`,
	},
	{
		name: "unclosed-old-tag",
		why:  "UNCLOSED_TAG: an <old_text with no '>' before </edits>, from it to </edits>; the texts are empty there",
		src:  "a.txt\n<edits>\n<old_text line=1\n</edits>\n",
		want: `edits at 1:"a.txt\n<edits>\n<old_text line=1\n</edits>\n"
  open at 2:"<edits>"
  path "a.txt" at 1:"a.txt"
  edit at 3:"<old_text line=1\n"
    tag at 3:"<old_text line=1\n"
    old "" at 4:"" before "</edits>"
    new "" at 4:"" before "</edits>"
    error UNCLOSED_TAG "<old_text is never closed" at 3:"<old_text line=1\n"
`,
	},
	{
		name: "unclosed-old-text",
		why:  "UNCLOSED_TAG: <old_text> never closed, at its tag; its text runs to </edits>, the new text is empty there",
		src:  "a.txt\n<edits>\n<old_text>\none\n</edits>\n",
		want: `edits at 1:"a.txt\n<edits>\n<old_text>\none\n</edits>\n"
  open at 2:"<edits>"
  path "a.txt" at 1:"a.txt"
  edit at 3:"<old_text>\none\n"
    tag at 3:"<old_text>"
    old "one" at 4:"one"
    new "" at 5:"" before "</edits>"
    error UNCLOSED_TAG "<old_text> is never closed" at 3:"<old_text>"
`,
	},
	{
		name: "unclosed-new-text",
		why:  "UNCLOSED_TAG: <new_text> never closed, at its tag; its text runs to </edits>",
		src:  "a.txt\n<edits>\n<old_text>\none\n</old_text>\n<new_text>\n1\n</edits>\n",
		want: `edits at 1:"a.txt\n<edits>\n<o"…"ext>\n1\n</edits>\n" (63 bytes)
  open at 2:"<edits>"
  path "a.txt" at 1:"a.txt"
  edit at 3:"<old_text>\none\n</old_text>\n<new_text>\n1\n"
    tag at 3:"<old_text>"
    old "one" at 4:"one"
    new "1" at 7:"1"
    error UNCLOSED_TAG "<new_text> is never closed" at 6:"<new_text>"
`,
	},
	{
		name: "missing-new-text",
		why:  "MISSING_NEW_TEXT: at the <old_text> tag, when the element ends or text comes before <new_text>; the new text is empty after </old_text>",
		src:  "a.txt\n<edits>\n<old_text>\none\n</old_text>\noops\n<new_text>\n1\n</new_text>\n<old_text>\ntwo\n</old_text>\n</edits>\n",
		want: `edits at 1:"a.txt\n<edits>\n<o"…"_text>\n</edits>\n" (107 bytes)
  open at 2:"<edits>"
  path "a.txt" at 1:"a.txt"
  edit at 3:"<old_text>\none\n</old_text>"
    tag at 3:"<old_text>"
    old "one" at 4:"one"
    new "" at 5:"" before "\noops\n<n"
    error MISSING_NEW_TEXT "this <old_text> has no <new_text> after it" at 3:"<old_text>"
  edit at 10:"<old_text>\ntwo\n</old_text>"
    tag at 10:"<old_text>"
    old "two" at 11:"two"
    new "" at 12:"" before "\n</edits"
    error MISSING_NEW_TEXT "this <old_text> has no <new_text> after it" at 10:"<old_text>"
  warning OUTSIDE_TEXT "text outside <old_text>/<new_text> is ignored" at 6:"oops\n<new_text>\n1\n</new_text>"
`,
	},
	{
		name: "no-edits",
		why:  "NO_EDITS: an element with no <old_text>, at the <edits> tag",
		src:  "a.txt\n<edits>\n</edits>\n",
		want: `edits at 1:"a.txt\n<edits>\n</edits>\n"
  open at 2:"<edits>"
  path "a.txt" at 1:"a.txt"
  error NO_EDITS "<edits> holds no <old_text>" at 2:"<edits>"
`,
	},
	{
		name: "outside-text",
		why:  "OUTSIDE_TEXT: a warning at the first text between pairs, trimmed, once per element",
		src:  "a.txt\n<edits>\n  Fix it:  \n" + pair + "and then\n" + pair + "done\n</edits>\n",
		want: `edits at 1:"a.txt\n<edits>\n  "…">\ndone\n</edits>\n" (153 bytes)
  open at 2:"<edits>"
  path "a.txt" at 1:"a.txt"
  edit at 4:"<old_text>\none\n<"…"t>\n1\n</new_text>" (51 bytes)
    tag at 4:"<old_text>"
    old "one" at 5:"one"
    new "1" at 8:"1"
  edit at 11:"<old_text>\none\n<"…"t>\n1\n</new_text>" (51 bytes)
    tag at 11:"<old_text>"
    old "one" at 12:"one"
    new "1" at 15:"1"
  warning OUTSIDE_TEXT "text outside <old_text>/<new_text> is ignored" at 3:"Fix it:"
`,
	},
}

func TestScan(t *testing.T) {
	for _, tc := range scanCases {
		t.Run(tc.name, func(t *testing.T) {
			got := render(tc.src, Scan([]byte(tc.src)))
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s\nScan (-want +got):\n%s", tc.why, diff)
			}
		})
	}
}

// The clean case's offsets as numbers, counted by hand.
func TestScanOffsets(t *testing.T) {
	src := "a.txt\n<edits>\n" + pair + "</edits>\n"
	want := []Block{{
		Start: 0, End: 75, OpenStart: 6, OpenEnd: 13,
		Path: "a.txt", PathStart: 0, PathEnd: 5,
		Edits: []Edit{{
			Start: 14, End: 65, TagStart: 14, TagEnd: 24,
			Old: "one", OldStart: 25, OldEnd: 28,
			New: "1", NewStart: 52, NewEnd: 53,
		}},
	}}
	if diff := cmp.Diff(want, Scan([]byte(src))); diff != "" {
		t.Errorf("Scan (-want +got):\n%s", diff)
	}
}

func TestSpans(t *testing.T) {
	one := "a.txt\n<edits>\n" + pair + "</edits>\n"
	prose := "Now the other file.\n\n"
	two := "b.txt\n<edits>\n" + pair + "</edits>\n"
	for _, tc := range []struct {
		why, src string
		want     [][2]int
	}{
		{"no element: nil", "Nothing to change here.\n", nil},
		{"the word <edits> in a sentence: nil", "Zed writes an <edits> element.\n", nil},
		{"two elements separated by prose, each on its own, the prose in neither", one + prose + two,
			[][2]int{{0, len(one)}, {len(one + prose), len(one + prose + two)}}},
	} {
		if diff := cmp.Diff(tc.want, Spans([]byte(tc.src))); diff != "" {
			t.Errorf("%s: Spans (-want +got):\n%s", tc.why, diff)
		}
	}
}

// checkScan asserts what holds for any input: every range inside it, the
// elements in order and apart, each edit inside its element, and Spans
// the elements' extents.
func checkScan(t *testing.T, src []byte) {
	n := len(src)
	blocks := Scan(src)
	var spans [][2]int
	for i, b := range blocks {
		scantest.InRange(t, "edits", b.Start, b.End, n)
		scantest.InRange(t, "open", b.OpenStart, b.OpenEnd, n)
		if b.PathStart != -1 || b.PathEnd != -1 || b.Path != "" {
			scantest.InRange(t, "path", b.PathStart, b.PathEnd, n)
		}
		scantest.InDiags(t, b.Diags, n)
		if i > 0 && b.Start < blocks[i-1].End {
			t.Fatalf("element %d starts at %d, inside the one before it (ends %d)", i, b.Start, blocks[i-1].End)
		}
		for _, e := range b.Edits {
			scantest.InRange(t, "edit", e.Start, e.End, n)
			if e.Start < b.Start || e.End > b.End {
				t.Fatalf("edit %d:%d outside its element %d:%d", e.Start, e.End, b.Start, b.End)
			}
			scantest.InRange(t, "tag", e.TagStart, e.TagEnd, n)
			scantest.InRange(t, "line", e.LineStart, e.LineEnd, n)
			scantest.InRange(t, "old", e.OldStart, e.OldEnd, n)
			scantest.InRange(t, "new", e.NewStart, e.NewEnd, n)
			scantest.InDiags(t, e.Diags, n)
		}
		spans = append(spans, [2]int{b.Start, b.End})
	}
	if diff := cmp.Diff(spans, Spans(src)); diff != "" {
		t.Fatalf("Spans differ from Scan (-scan +spans):\n%s", diff)
	}
}

func TestSpansMatchScan(t *testing.T) {
	for _, tc := range scanCases {
		checkScan(t, []byte(tc.src))
	}
}

func FuzzScan(f *testing.F) {
	for _, tc := range scanCases {
		f.Add([]byte(tc.src))
	}
	for _, in := range scantest.CorpusInputs(f, "zed") {
		f.Add(in)
	}
	f.Fuzz(checkScan)
}

// Every diagnostic code the scanner gives is pinned, with its range, by
// at least one case above.
func TestEveryCodePinned(t *testing.T) {
	var all strings.Builder
	for _, tc := range scanCases {
		all.WriteString(tc.want)
	}
	for _, code := range []string{MissingPath, UnclosedTag, MissingNewText, NoEdits, OutsideText} {
		if !strings.Contains(all.String(), " "+code+" ") {
			t.Errorf("no case pins %s", code)
		}
	}
}
