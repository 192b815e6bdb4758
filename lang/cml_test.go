package lang

import (
	"fmt"
	"strings"
	"testing"

	"github.com/clada-dev/clada/corpus"
	"github.com/clada-dev/clada/source"
	"github.com/google/go-cmp/cmp"
)

// cmlAction is the part of an action these tests compare.
type cmlAction struct {
	Op     string
	Params map[string]string
}

// cmlDiag is a diagnostic with the source text its range covers.
type cmlDiag struct {
	Severity source.Severity
	Code     string
	At       string
}

func cmlView(d *Document) ([]cmlAction, []cmlDiag) {
	var acts []cmlAction
	for a := range d.Actions() {
		v := cmlAction{Op: a.Op, Params: map[string]string{}}
		for _, p := range a.Params {
			v.Params[p.Key] = p.Value
		}
		acts = append(acts, v)
	}
	var diags []cmlDiag
	for _, dg := range d.Diagnostics() {
		diags = append(diags, cmlDiag{dg.Severity, dg.Code, d.File.Text(dg.Range)})
	}
	return acts, diags
}

func TestLowerCML(t *testing.T) {
	type P = map[string]string
	tests := []struct {
		name  string
		in    string
		acts  []cmlAction
		diags []cmlDiag
	}{{
		name: "edit with plain search and replace",
		in:   "<edit path=\"src/app.js\">\n  <search>const PORT = 3000;</search>\n  <replace>const PORT = process.env.PORT || 3000;</replace>\n</edit>",
		acts: []cmlAction{{"file_replace_text", P{"path": "src/app.js", "old_text": "const PORT = 3000;", "new_text": "const PORT = process.env.PORT || 3000;"}}},
	}, {
		name: "search-start/search-end is a range edit",
		in:   "<edit path=\"docs/README.md\">\n  <search-start>## Installation</search-start>\n  <search-end>## Usage</search-end>\n  <replace><![CDATA[## Installation\n\nnpm install myapp\n\n## Usage]]></replace>\n</edit>",
		acts: []cmlAction{{"file_replace_text_range", P{"path": "docs/README.md", "old_text_beginning": "## Installation", "old_text_end": "## Usage", "new_text": "## Installation\n\nnpm install myapp\n\n## Usage"}}},
	}, {
		name: "count makes a replace-all edit",
		in:   `<edit path="a" count="3"><search>var </search><replace>let </replace></edit>`,
		acts: []cmlAction{{"file_replace_all_text", P{"path": "a", "count": "3", "old_text": "var ", "new_text": "let "}}},
	}, {
		name: "CDATA escape and entities",
		in:   `<write path="x&amp;y.txt"><![CDATA[a ]]&gt; b]]>&lt;&#65;&#x42;&bogus; && c</write>`,
		acts: []cmlAction{{"file_write", P{"path": "x&y.txt", "content": "a ]]> b<AB&bogus; && c"}}},
	}, {
		name: "self-closing write is an empty file; append",
		in:   "<write path=\"empty.txt\"/>\n<write path=\"log\" append=\"true\">line\n</write>",
		acts: []cmlAction{{"file_write", P{"path": "empty.txt", "content": ""}}, {"file_append", P{"path": "log", "content": "line\n"}}},
	}, {
		name: "whitespace around CDATA is layout; blank text is kept",
		in:   "<write path=\"a\">\n  <![CDATA[x]]>\n</write><write path=\"b\">  </write>",
		acts: []cmlAction{{"file_write", P{"path": "a", "content": "x"}}, {"file_write", P{"path": "b", "content": "  "}}},
	}, {
		name: "move, remove, run with dir and lang; catalog-name op",
		in:   "<move from=\"a\" to=\"dir/\"/><remove path=\"file with spaces.txt\"/>\n<run dir=\"/app\">docker build -t myapp .</run><run lang=\"python\">print(1)</run>\n<file_read path=\"a\"/>",
		acts: []cmlAction{
			{"file_move", P{"old_path": "a", "new_path": "dir/"}},
			{"remove", P{"path": "file with spaces.txt"}},
			{"exec", P{"code": "docker build -t myapp .", "cwd": "/app", "lang": "bash"}},
			{"exec", P{"code": "print(1)", "lang": "python"}},
			{"file_read", P{"path": "a"}},
		},
	}, {
		name: "prose, stray tags, inline code and comments are not blocks",
		in:   "Use `<write>` like this <div>x</div> <br/>:\n<!-- setup -->\n<remove path=\"t\"/> and a < b.",
		acts: []cmlAction{{"remove", P{"path": "t"}}},
	}, {
		name:  "versioned tasks skip unknown elements with a warning",
		in:    "<tasks version=\"1.0\">\n  <write path=\"a\">x</write>\n  <deploy to=\"prod\"/>\n</tasks>",
		acts:  []cmlAction{{"file_write", P{"path": "a", "content": "x"}}},
		diags: []cmlDiag{{source.Warning, "UNKNOWN_ELEMENT", "deploy"}},
	}, {
		name:  "unknown element in an unversioned block is an error",
		in:    "<tasks>\n  <deploy/>\n</tasks>",
		diags: []cmlDiag{{source.Error, "UNKNOWN_ELEMENT", "deploy"}},
	}, {
		name:  "unknown version",
		in:    `<tasks version="2.0"><remove path="a"/></tasks>`,
		acts:  []cmlAction{{"remove", P{"path": "a"}}},
		diags: []cmlDiag{{source.Error, "UNKNOWN_VERSION", `"2.0"`}},
	}, {
		name:  "missing attribute and missing element",
		in:    "<write>x</write>\n<edit path=\"a\"><search>x</search></edit>",
		acts:  []cmlAction{{"file_write", P{"content": "x"}}, {"file_replace_text", P{"path": "a", "old_text": "x"}}},
		diags: []cmlDiag{{source.Error, "MISSING_ATTRIBUTE", "write"}, {source.Error, "MISSING_ELEMENT", "edit"}},
	}, {
		name:  "unclosed element",
		in:    "<tasks>\n  <write path=\"a\"><![CDATA[x]]></write>\n  <run>npm test\n",
		diags: []cmlDiag{{source.Error, "UNCLOSED_ELEMENT", "<run"}},
	}, {
		name:  "mismatched close tag",
		in:    "<tasks><write path=\"a\">x</writ></tasks>",
		diags: []cmlDiag{{source.Error, "MISMATCHED_CLOSE", "</writ>"}},
	}, {
		name:  "inner element left open before the outer close",
		in:    "<tasks><write path=\"a\">x</tasks>",
		diags: []cmlDiag{{source.Error, "UNCLOSED_CHILD", "<write"}},
	}, {
		name:  "unquoted attribute",
		in:    "<write path=a.txt>x</write>",
		diags: []cmlDiag{{source.Error, "UNQUOTED_ATTRIBUTE", "a.txt"}},
	}, {
		name:  "unquoted attribute running into markup",
		in:    "<write path=a.txt<x>x</write>",
		diags: []cmlDiag{{source.Error, "BAD_ATTRIBUTE", "a.txt"}},
	}, {
		name:  "CDATA that never ends",
		in:    "<write path=\"a\"><![CDATA[x</write>\n",
		diags: []cmlDiag{{source.Error, "UNCLOSED_CDATA", "<![CDATA["}},
	}, {
		name: "edit problems: text, both search forms, empty search, duplicate",
		in:   "<edit path=\"a\">oops<search></search><search-start>s</search-start><replace>r</replace><replace>q</replace></edit>",
		acts: []cmlAction{{"file_replace_text_range", P{"path": "a", "old_text_beginning": "s", "new_text": "r"}}},
		diags: []cmlDiag{{source.Error, "MISSING_ELEMENT", "edit"}, {source.Error, "UNEXPECTED_CONTENT", "oops"},
			{source.Error, "MISPLACED_ELEMENT", "search"}, {source.Error, "MISPLACED_ELEMENT", "replace"}},
	}, {
		name: "layout: the newline after the start tag is not content; a closing tag at line start keeps the final newline",
		in:   "<write path=\"a.sh\">\n#!/bin/sh\necho hi\n</write>",
		acts: []cmlAction{{"file_write", P{"path": "a.sh", "content": "#!/bin/sh\necho hi\n"}}},
	}, {
		name: "layout: an indented closing tag takes the newline and indentation before it",
		in:   "<tasks>\n  <write path=\"a\">\n    x\n  </write>\n  <edit path=\"b\">\n    <search>\nold\n    </search>\n    <replace>new</replace>\n  </edit>\n</tasks>",
		acts: []cmlAction{{"file_write", P{"path": "a", "content": "    x"}}, {"file_replace_text", P{"path": "b", "old_text": "old", "new_text": "new"}}},
	}, {
		name: "layout: the newline right after <![CDATA[ is not content, the one before ]]> is",
		in:   "<run><![CDATA[\nls\n]]></run><write path=\"e\">\n</write><write path=\"n\">\n\n\n</write>",
		acts: []cmlAction{{"exec", P{"code": "ls\n", "lang": "bash"}}, {"file_write", P{"path": "e", "content": ""}}, {"file_write", P{"path": "n", "content": "\n\n"}}},
	}, {
		name: "layout: one newline before an indented closing tag is layout once",
		in:   "<write path=\"a\">\n  </write>",
		acts: []cmlAction{{"file_write", P{"path": "a", "content": ""}}},
	}, {
		name: "CRLF and lone CR are LF (XML 1.0 §2.11), in CDATA too",
		in:   "<edit path=\"a\">\r\n  <search><![CDATA[x\r\ny]]></search>\r\n  <replace>p\rq</replace>\r\n</edit>\r\n",
		acts: []cmlAction{{"file_replace_text", P{"path": "a", "old_text": "x\ny", "new_text": "p\nq"}}},
	}, {
		name: "an element indented in a list item loses that indentation",
		in:   "1. Write it:\n\n   <write path=\"a\">\n   one\n     two\n   </write>\n",
		acts: []cmlAction{{"file_write", P{"path": "a", "content": "one\n  two\n"}}},
	}, {
		name: "an element after prose on an indented line of a list item loses the item's indentation too",
		in:   "1. Then run\n   the script <write path=\"a\">\n   one\n   </write>\n",
		acts: []cmlAction{{"file_write", P{"path": "a", "content": "one\n"}}},
	}, {
		name:  "]]> inside CDATA ends it early: an error at that ]]>",
		in:    "<write path=\"a\"><![CDATA[if (a[b[0]]> 1) x();]]></write>",
		acts:  []cmlAction{{"file_write", P{"path": "a", "content": "if (a[b[0 1) x();]]>"}}},
		diags: []cmlDiag{{source.Error, "CDATA_END_IN_CONTENT", "]]>"}},
	}, {
		name: "]]> inside CDATA that breaks the XML after it: the XML error and the ]]> that caused it",
		in:   "<write path=\"a.html\"><![CDATA[<p>x]]><b>]]></p>]]></write>",
		diags: []cmlDiag{{source.Error, "CDATA_END_IN_CONTENT", "]]>"},
			{source.Error, "MISMATCHED_CLOSE", "</p>"}},
	}, {
		name:  "a param spelled both ways",
		in:    `<move from="a" old_path="b" to="c"/>`,
		acts:  []cmlAction{{"file_move", P{"old_path": "b", "new_path": "c"}}},
		diags: []cmlDiag{{source.Error, "DUPLICATE_PARAM", "old_path"}},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			acts, diags := cmlView(Parse(source.NewFile("in.cml", []byte(tc.in))))
			if diff := cmp.Diff(tc.acts, acts); diff != "" {
				t.Errorf("actions (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.diags, diags); diff != "" {
				t.Errorf("diagnostics (-want +got):\n%s", diff)
			}
		})
	}
}

func TestLowerCMLGroupsAndRanges(t *testing.T) {
	src := "Intro\n<tasks version=\"1\">\n  <edit path=\"a\">\n    <search><![CDATA[old]]></search>\n    <replace>new</replace>\n  </edit>\n</tasks>\n<remove path=\"b\"/>\n"
	doc := Parse(source.NewFile("in.cml", []byte(src)))
	if len(doc.Groups) != 2 {
		t.Fatalf("got %d groups, want 2", len(doc.Groups))
	}
	g := doc.Groups[0]
	if g.Kind != Tasks || g.Version != "1" || g.Syntax != CML || doc.File.Text(g.Range) != src[6:strings.Index(src, "</tasks>")+8] {
		t.Errorf("group 0 = kind %v version %q range %q", g.Kind, g.Version, doc.File.Text(g.Range))
	}
	if doc.Groups[1].Kind != Standalone {
		t.Errorf("group 1 kind = %v, want standalone", doc.Groups[1].Kind)
	}
	a := g.Actions[0]
	text := func(r source.Range) string { return doc.File.Text(r) }
	type rng struct{ Key, Value, Content string }
	got := map[string]rng{}
	for _, p := range a.Params {
		got[p.Key] = rng{text(p.KeyRange), text(p.ValueRange), text(p.ContentRange)}
	}
	want := map[string]rng{
		"path":     {"path", `"a"`, "a"},
		"old_text": {"search", "<![CDATA[old]]>", "old"},
		"new_text": {"replace", "new", "new"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("param ranges (-want +got):\n%s", diff)
	}
	if text(a.OpRange) != "edit" || !strings.HasPrefix(text(a.Range), "<edit") || !strings.HasSuffix(text(a.Range), "</edit>") {
		t.Errorf("op range %q, action range %q", text(a.OpRange), text(a.Range))
	}
	if a.Param("old_text").Form != CDATA || a.Param("new_text").Form != Text || a.Param("path").Form != Attribute {
		t.Errorf("forms = %v %v %v", a.Param("old_text").Form, a.Param("new_text").Form, a.Param("path").Form)
	}
}

func TestPrintCML(t *testing.T) {
	tests := []struct{ name, in, want string }{{
		name: "tasks kept; native words; lang=bash implied; short text plain",
		in:   "<tasks version=\"1.0\">\n<write path=\"a\">hi</write><run dir=\"d\" lang=\"bash\">make</run><edit path=\"a\"><search>hi</search><replace><![CDATA[two\nlines]]></replace></edit>\n</tasks>",
		want: "<tasks version=\"1.0\">\n  <write path=\"a\">hi</write>\n  <run dir=\"d\">make</run>\n  <edit path=\"a\">\n    <search>hi</search>\n    <replace><![CDATA[\ntwo\nlines]]></replace>\n  </edit>\n</tasks>\n",
	}, {
		name: "empty content self-closes; append; escapes",
		in:   `<write path="e"/><write path="l" append="true"><![CDATA[a]]&gt;b]]></write><write path="q&quot;&lt;">x]]&amp;gt;y</write>`,
		want: "<write path=\"e\"/>\n\n<write path=\"l\" append=\"true\"><![CDATA[a]]&gt;b]]></write>\n\n<write path=\"q&quot;&lt;\">x]]&amp;gt;y</write>\n",
	}, {
		name: "replace-all without count uses the catalog name",
		in:   "#!SHAM [@three-char-SHA-256: ab]\naction = \"file_replace_all_text\"\npath = \"a\"\nold_text = \"x\"\nnew_text = \"y\"\n#!END_SHAM_ab\n",
		want: "<file_replace_all_text path=\"a\">\n  <search>x</search>\n  <replace>y</replace>\n</file_replace_all_text>\n",
	}, {
		name: "ops without a native word use the catalog name",
		in:   "#!SHAM [@three-char-SHA-256: ab]\naction = \"file_read_numbered\"\npath = \"a\"\nlines = \"2-3\"\n#!END_SHAM_ab\n\n#!SHAM [@three-char-SHA-256: cd]\naction = \"files_read\"\npaths = \"a\\nb\"\n#!END_SHAM_cd\n",
		want: "<file_read_numbered path=\"a\" lines=\"2-3\"/>\n\n<files_read><![CDATA[\na\nb]]></files_read>\n",
	}, {
		name: "layout-shaped values: leading and trailing newlines, CR, indentation",
		in:   "#!SHAM [@three-char-SHA-256: ab]\naction = \"file_write\"\npath = \"a\"\ncontent = \"\\nx\\n  \"\n#!END_SHAM_ab\n\n#!SHAM [@three-char-SHA-256: cd]\naction = \"file_write\"\npath = \"b\"\ncontent = \"a\\r\\nb\\n\"\n#!END_SHAM_cd\n",
		want: "<write path=\"a\">&#10;x&#10;  </write>\n\n<write path=\"b\">a&#13;&#10;b&#10;</write>\n",
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := Parse(source.NewFile("in", []byte(tc.in)))
			if ds := doc.Diagnostics(); len(ds) != 0 {
				t.Fatalf("input has diagnostics: %v", ds)
			}
			var sb strings.Builder
			if err := Print(&sb, doc, CML); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, sb.String()); diff != "" {
				t.Errorf("printed (-want +got):\n%s", diff)
			}
			again := Parse(source.NewFile("out", []byte(sb.String())))
			if ds := again.Diagnostics(); len(ds) != 0 {
				t.Fatalf("printed text has diagnostics: %v", ds)
			}
			if diff := cmp.Diff(astView(doc, true), astView(again, true)); diff != "" {
				t.Errorf("round trip changed the AST (-before +after):\n%s", diff)
			}
		})
	}
}

func TestPrintCMLUnknownOpIsAnError(t *testing.T) {
	doc := Parse(source.NewFile("in", []byte("#!SHAM [@three-char-SHA-256: ab]\naction = \"frobnicate\"\n#!END_SHAM_ab\n")))
	var sb strings.Builder
	err := Print(&sb, doc, CML)
	if err == nil || !strings.Contains(err.Error(), `line 1: unknown op "frobnicate"`) {
		t.Fatalf("err = %v, want one naming line 1 and the op", err)
	}
}

// TestCorpusCMLParse checks every corpus/cml case's parse.json golden and
// that printing the case as CML reads back to the same actions.
func TestCorpusCMLParse(t *testing.T) {
	cases, err := corpus.Load()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range cases {
		if !strings.HasPrefix(c.Name, "cml/") {
			continue
		}
		n++
		t.Run(c.Name, func(t *testing.T) {
			doc := parseGolden(t, c, "CorpusCML")
			if doc.Diagnostics().HasErrors() {
				return
			}
			var sb strings.Builder
			if err := Print(&sb, doc, CML); err != nil {
				t.Fatal(err)
			}
			again := Parse(source.NewFile("printed.cml", []byte(sb.String())))
			if diff := cmp.Diff(astView(doc, true), astView(again, true)); diff != "" {
				t.Errorf("print round trip changed the AST (-before +after):\n%s\nprinted:\n%s", diff, sb.String())
			}
		})
	}
	if n == 0 {
		t.Fatal("no corpus/cml cases found")
	}
}

// genCML builds a response of n standalone <write> blocks with CDATA
// content of lines lines and prose between them: the same shape as benchdoc.SHAM,
// so the two benchmarks compare.
func genCML(n, lines int) []byte {
	var sb strings.Builder
	for i := range n {
		fmt.Fprintf(&sb, "Step %d: write the next file.\n\n```xml\n<write path=\"src/pkg%d/file_%d.go\"><![CDATA[", i, i%17, i)
		for l := range lines {
			fmt.Fprintf(&sb, "\tv = %d\n", l)
		}
		sb.WriteString("]]></write>\n```\n\n")
	}
	return []byte(sb.String())
}

// genCMLTasks builds n <tasks> blocks, each a write (lines lines), an edit
// and a run: more elements per byte than genCML.
func genCMLTasks(n, lines int) []byte {
	var sb strings.Builder
	for i := range n {
		fmt.Fprintf(&sb, "Step %d.\n\n<tasks version=\"1.0\">\n  <write path=\"src/f%d.go\"><![CDATA[", i, i)
		for l := range lines {
			fmt.Fprintf(&sb, "\tv = %d\n", l)
		}
		fmt.Fprintf(&sb, "]]></write>\n  <edit path=\"src/app.go\">\n    <search><![CDATA[old%d]]></search>\n    <replace><![CDATA[new%d]]></replace>\n  </edit>\n  <run dir=\"src\">go test ./...</run>\n</tasks>\n\n", i, i)
	}
	return []byte(sb.String())
}

// BenchmarkParseCML measures lang.Parse on CML documents. Run:
//
//	go test ./lang -run XXX -bench ParseCML -benchmem -cpu 1,2 -count 5
func BenchmarkParseCML(b *testing.B) {
	for _, tc := range []struct {
		name    string
		src     []byte
		actions int
	}{
		{"5MB-writes", genCML(5000, 100), 5000},
		{"5MB-tasks", genCMLTasks(5000, 100), 15000},
		{"5MB-tasks-small", genCMLTasks(40000, 3), 120000},
	} {
		b.Run(tc.name, func(b *testing.B) {
			f := source.NewFile("bench.md", tc.src)
			doc := Parse(f)
			n := 0
			for range doc.Actions() {
				n++
			}
			if n != tc.actions || len(doc.Diagnostics()) != 0 {
				b.Fatalf("got %d actions, %d diagnostics; want %d, 0", n, len(doc.Diagnostics()), tc.actions)
			}
			b.SetBytes(int64(len(tc.src)))
			b.ReportAllocs()
			for b.Loop() {
				Parse(f)
			}
		})
	}
}
