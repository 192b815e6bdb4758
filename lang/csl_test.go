package lang

import (
	"fmt"
	"strings"
	"testing"

	"github.com/clada-dev/clada/corpus"
	"github.com/clada-dev/clada/grammar/csl"
	"github.com/clada-dev/clada/source"
	"github.com/google/go-cmp/cmp"
)

// cslDiag is a diagnostic with the source text its range covers.
type cslDiag struct {
	Severity source.Severity
	Code     string
	At       string
}

func cslView(d *Document) ([]cmlAction, []cslDiag) {
	acts, _ := cmlView(d)
	var diags []cslDiag
	for _, dg := range d.Diagnostics() {
		diags = append(diags, cslDiag{dg.Severity, dg.Code, d.File.Text(dg.Range)})
	}
	return acts, diags
}

func TestLowerCSL(t *testing.T) {
	type P = map[string]string
	tests := []struct {
		name  string
		in    string
		acts  []cmlAction
		diags []cslDiag
	}{{
		name: "a WRITE body is whole lines: its last newline is content",
		in:   "<---WRITE file=\"a.txt\"--->\nhello\n<---END--->\n",
		acts: []cmlAction{{"file_write", P{"path": "a.txt", "content": "hello\n"}}},
	}, {
		name: "an empty line before END is an empty last line",
		in:   "<---WRITE file=\"a.txt\"--->\nhello\n\n<---END--->",
		acts: []cmlAction{{"file_write", P{"path": "a.txt", "content": "hello\n\n"}}},
	}, {
		name: "empty body",
		in:   "<---WRITE file=\"a.txt\"--->\n<---END--->",
		acts: []cmlAction{{"file_write", P{"path": "a.txt", "content": ""}}},
	}, {
		name: "CRLF lines read as LF (the target file decides the endings written)",
		in:   "<---WRITE file=\"a.txt\"--->\r\nx\r\ny\r\n<---END--->\r\n",
		acts: []cmlAction{{"file_write", P{"path": "a.txt", "content": "x\ny\n"}}},
	}, {
		name: "append=true is file_append, append=false file_write",
		in:   "<---WRITE file=\"a\" append=\"true\"--->\nx\n<---END--->\n<---WRITE file=\"b\" append=\"false\"--->\ny\n<---END--->",
		acts: []cmlAction{{"file_append", P{"path": "a", "content": "x\n"}}, {"file_write", P{"path": "b", "content": "y\n"}}},
	}, {
		name: "search variants",
		in: "<---SEARCH file=\"a\"--->\nx\n<---REPLACE--->\ny\n<---END--->\n" +
			"<---SEARCH file=\"a\" count=\"2\"--->\nx\n<---REPLACE--->\ny\n<---END--->\n" +
			"<---SEARCH file=\"a\" count=\"all\"--->\nx\n<---REPLACE--->\n<---END--->\n" +
			"<---SEARCH file=\"a\"--->\nx\n<---TO--->\nz\n<---REPLACE--->\ny\n<---END--->\n",
		acts: []cmlAction{
			{"file_replace_text", P{"path": "a", "old_text": "x", "new_text": "y"}},
			{"file_replace_all_text", P{"path": "a", "old_text": "x", "new_text": "y", "count": "2"}},
			{"file_replace_all_text", P{"path": "a", "old_text": "x", "new_text": ""}},
			{"file_replace_text_range", P{"path": "a", "old_text_beginning": "x", "old_text_end": "z", "new_text": "y"}},
		},
	}, {
		name: "run without lang is argv; dir is cwd",
		in:   "<---RUN dir=\"sub\"--->\ngo test ./...\n<---END--->\n<---RUN lang=\"python\"--->\nprint(1)\n<---END--->",
		acts: []cmlAction{{"exec", P{"code": "go test ./...", "lang": "argv", "cwd": "sub"}}, {"exec", P{"code": "print(1)", "lang": "python"}}},
	}, {
		name: "catalog-name ops and move",
		in:   "<---FILE_READ file=\"a\"--->\n<---END--->\n<---MOVE from=\"a\" to=\"b/\"--->\n<---END--->\n<---FILES_READ--->\na\nb\n<---END--->\n<---GLOB pattern=\"**/*.go\" dir=\".\"--->\n<---END--->",
		acts: []cmlAction{{"file_read", P{"path": "a"}}, {"file_move", P{"old_path": "a", "new_path": "b/"}},
			{"files_read", P{"paths": "a\nb"}}, {"glob", P{"pattern": "**/*.go", "base_path": "."}}},
	}, {
		name: "alias word keeps the alias",
		in:   "<---FILE_CREATE file=\"a\"--->\nx\n<---END--->",
		acts: []cmlAction{{"file_create", P{"path": "a", "content": "x\n"}}},
	}, {
		name: "unknown attribute becomes a param",
		in:   "<---WRITE file=\"a\" mode=\"0644\"--->\nx\n<---END--->",
		acts: []cmlAction{{"file_write", P{"path": "a", "content": "x\n", "mode": "0644"}}},
	}, {
		name: "single-quoted value may hold double quotes",
		in:   "<---WRITE file='say \"hi\".txt'--->\nx\n<---END--->",
		acts: []cmlAction{{"file_write", P{"path": `say "hi".txt`, "content": "x\n"}}},
	}, {
		name:  "marker mid-line is content and warned about",
		in:    "<---WRITE file=\"a\"--->\nsee <---END---> here\n<---END--->",
		acts:  []cmlAction{{"file_write", P{"path": "a", "content": "see <---END---> here\n"}}},
		diags: []cslDiag{{source.Warning, "MARKER_MID_LINE", "<---END"}},
	}, {
		name: "unknown marker-shaped line in a body is content",
		in:   "<---WRITE file=\"a\"--->\n<---FOO--->\n<---END--->",
		acts: []cmlAction{{"file_write", P{"path": "a", "content": "<---FOO--->\n"}}},
	}, {
		name:  "unclosed op at end of input",
		in:    "<---WRITE file=\"a\"--->\nx\n",
		acts:  []cmlAction{{"file_write", P{"path": "a", "content": "x\n"}}},
		diags: []cslDiag{{source.Error, "UNCLOSED_OP", `<---WRITE file="a"--->`}},
	}, {
		name:  "op cut by the next op marker",
		in:    "<---TASKS--->\n<---WRITE file=\"a\"--->\nx\n<---RUN--->\nls\n<---END--->\n<---END--->",
		acts:  []cmlAction{{"file_write", P{"path": "a", "content": "x\n"}}, {"exec", P{"code": "ls", "lang": "argv"}}},
		diags: []cslDiag{{source.Error, "UNCLOSED_OP", `<---WRITE file="a"--->`}},
	}, {
		name:  "unclosed tasks",
		in:    "<---TASKS--->\n<---WRITE file=\"a\"--->\nx\n<---END--->\n",
		acts:  []cmlAction{{"file_write", P{"path": "a", "content": "x\n"}}},
		diags: []cslDiag{{source.Error, "UNCLOSED_TASKS", "<---TASKS--->"}},
	}, {
		name:  "unknown op names the closest",
		in:    "<---WRTE file=\"a\"--->\nx\n<---END--->",
		acts:  []cmlAction{{"WRTE", P{}}},
		diags: []cslDiag{{source.Error, "UNKNOWN_OP", "WRTE"}},
	}, {
		name:  "bad count",
		in:    "<---SEARCH file=\"a\" count=\"x\"--->\nx\n<---REPLACE--->\ny\n<---END--->",
		acts:  []cmlAction{{"file_replace_text", P{"path": "a", "old_text": "x", "new_text": "y"}}},
		diags: []cslDiag{{source.Error, "INVALID_ATTRIBUTE", `"x"`}},
	}, {
		name:  "missing file",
		in:    "<---WRITE--->\nx\n<---END--->",
		acts:  []cmlAction{{"file_write", P{"content": "x\n"}}},
		diags: []cslDiag{{source.Error, "MISSING_ATTRIBUTE", "WRITE"}},
	}, {
		name:  "trailing text after a marker",
		in:    "<---WRITE file=\"a\"---> now\nx\n<---END--->",
		acts:  []cmlAction{{"file_write", P{"path": "a", "content": "x\n"}}},
		diags: []cslDiag{{source.Error, "TRAILING_TEXT", "now"}},
	}, {
		name:  "unquoted value",
		in:    "<---WRITE file=a--->\nx\n<---END--->",
		acts:  []cmlAction{{"file_write", P{"content": "x\n"}}},
		diags: []cslDiag{{source.Error, "MISSING_ATTRIBUTE", "WRITE"}, {source.Error, "MALFORMED_ATTRIBUTE", "file=a"}},
	}, {
		name:  "nested tasks",
		in:    "<---TASKS--->\n<---TASKS--->\n<---END--->",
		diags: []cslDiag{{source.Error, "NESTED_TASKS", "TASKS"}},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := Parse(source.NewFile("t.csl", []byte(tc.in)))
			acts, diags := cslView(doc)
			if diff := cmp.Diff(tc.acts, acts); diff != "" {
				t.Errorf("actions (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.diags, diags); diff != "" {
				t.Errorf("diagnostics (-want +got):\n%s", diff)
			}
		})
	}
}

func TestLowerCSLGroupsAndRanges(t *testing.T) {
	src := "intro\n<---TASKS version=\"2.0\"--->\n<---WRITE file=\"a\"--->\nx\n<---END--->\n<---END--->\n<---REMOVE file=\"b\"--->\n<---END--->\n"
	doc := Parse(source.NewFile("t.csl", []byte(src)))
	if len(doc.Groups) != 2 {
		t.Fatalf("got %d groups, want 2", len(doc.Groups))
	}
	g := doc.Groups[0]
	if g.Kind != Tasks || g.Version != "2.0" || g.Syntax != CSL {
		t.Errorf("group 0 = kind %v version %q syntax %v; want Tasks 2.0 csl", g.Kind, g.Version, g.Syntax)
	}
	f := doc.File
	if got, want := f.Text(g.Range), src[6:len(src)-len("<---REMOVE file=\"b\"--->\n<---END--->\n")]; got != want {
		t.Errorf("tasks range covers %q, want %q", got, want)
	}
	a := g.Actions[0]
	if got := f.Text(a.Range); got != "<---WRITE file=\"a\"--->\nx\n<---END--->" {
		t.Errorf("action range covers %q", got)
	}
	if got := f.Text(a.OpRange); got != "WRITE" {
		t.Errorf("op range covers %q", got)
	}
	p := a.Param("path")
	if f.Text(p.KeyRange) != "file" || f.Text(p.ValueRange) != `"a"` || f.Text(p.ContentRange) != "a" || p.Form != Attribute {
		t.Errorf("path ranges: key %q value %q content %q form %v", f.Text(p.KeyRange), f.Text(p.ValueRange), f.Text(p.ContentRange), p.Form)
	}
	c := a.Param("content")
	if f.Text(c.ValueRange) != "x\n" || f.Text(c.ContentRange) != "x\n" || c.Form != Body {
		t.Errorf("content ranges: value %q content %q form %v", f.Text(c.ValueRange), f.Text(c.ContentRange), c.Form)
	}
	if doc.Groups[1].Kind != Standalone || !doc.Groups[1].Actions[0].Closed {
		t.Errorf("group 1 should be a closed standalone REMOVE")
	}
}

func TestCSLDelimiters(t *testing.T) {
	g := lowerCSLWith([]byte("[[WRITE file=\"a\"]]\n<---END--->\n[[END]]\n"), csl.Options{Open: "[[", Close: "]]"}, new(scratch))
	if len(g.Diags) != 0 || len(g.Actions) != 1 || g.Actions[0].HasErrors() {
		t.Fatalf("unexpected diagnostics: %v %v", g.Diags, g.Actions)
	}
	if v, _ := g.Actions[0].Value("content"); v != "<---END--->\n" {
		t.Errorf("content = %q, want the default END marker as text", v)
	}
}

// TestPrintCSL pins the canonical layout, including the body newline rule.
func TestPrintCSL(t *testing.T) {
	src := "#!SHAM [@three-char-SHA-256: k1]\naction = \"file_write\"\npath = \"a.txt\"\ncontent = \"a\\n\"\n#!END_SHAM_k1\n" +
		"#!SHAM [@three-char-SHA-256: k2]\naction = \"file_replace_all_text\"\npath = \"a.txt\"\nold_text = \"a\"\nnew_text = \"b\"\n#!END_SHAM_k2\n" +
		"#!SHAM [@three-char-SHA-256: k3]\naction = \"exec\"\nlang = \"bash\"\ncode = \"ls\"\ncwd = \"src\"\n#!END_SHAM_k3\n"
	doc := Parse(source.NewFile("t.sham", []byte(src)))
	if doc.Diagnostics().HasErrors() {
		t.Fatal(doc.Diagnostics())
	}
	var sb strings.Builder
	if err := Print(&sb, doc, CSL); err != nil {
		t.Fatal(err)
	}
	want := "<---WRITE file=\"a.txt\"--->\na\n<---END--->\n\n" +
		"<---SEARCH count=\"all\" file=\"a.txt\"--->\na\n<---REPLACE--->\nb\n<---END--->\n\n" +
		"<---RUN lang=\"bash\" dir=\"src\"--->\nls\n<---END--->\n"
	if diff := cmp.Diff(want, sb.String()); diff != "" {
		t.Errorf("printed (-want +got):\n%s", diff)
	}
	again := Parse(source.NewFile("p.csl", []byte(sb.String())))
	if diff := cmp.Diff(canonView(doc), canonView(again)); diff != "" {
		t.Errorf("round trip (-before +after):\n%s", diff)
	}
}

func TestPrintCSLRefusesWhatCSLCannotHold(t *testing.T) {
	for _, src := range []string{
		"#!SHAM [@three-char-SHA-256: k1]\naction = \"file_write\"\npath = \"a\"\ncontent = \"x\\n<---END--->\\n\"\n#!END_SHAM_k1\n",
		"#!SHAM [@three-char-SHA-256: k1]\naction = \"file_write\"\npath = \"a\\nb\"\ncontent = \"x\"\n#!END_SHAM_k1\n",
		"#!SHAM [@three-char-SHA-256: k1]\naction = \"nope\"\n#!END_SHAM_k1\n",
	} {
		doc := Parse(source.NewFile("t.sham", []byte(src)))
		var sb strings.Builder
		err := Print(&sb, doc, CSL)
		if err == nil || !strings.Contains(err.Error(), "print csl: line 1:") {
			t.Errorf("Print(%q) error = %v; want a print csl error naming line 1", src, err)
		}
	}
}

// canonView is the ops (resolved to catalog names) and params of d, the
// meaning a conversion must keep.
func canonView(d *Document) []cmlAction {
	var out []cmlAction
	for a := range d.Actions() {
		v := cmlAction{Op: a.Op, Params: map[string]string{}}
		if s := Lookup(a.Op); s != nil {
			v.Op = s.Name
		}
		for _, p := range a.Params {
			v.Params[p.Key] = p.Value
		}
		out = append(out, v)
	}
	return out
}

// TestCorpusCSLParse checks every corpus/csl case's parse.json golden, that
// printing as CSL reads back to the same actions, and that printing is
// idempotent.
func TestCorpusCSLParse(t *testing.T) {
	cases, err := corpus.Load()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range cases {
		if !strings.HasPrefix(c.Name, "csl/") {
			continue
		}
		n++
		t.Run(c.Name, func(t *testing.T) {
			doc := parseGolden(t, c, "CorpusCSL")
			if doc.Diagnostics().HasErrors() {
				return
			}
			var sb strings.Builder
			if err := Print(&sb, doc, CSL); err != nil {
				t.Fatal(err)
			}
			again := Parse(source.NewFile("printed.csl", []byte(sb.String())))
			if diff := cmp.Diff(canonView(doc), canonView(again)); diff != "" {
				t.Errorf("print round trip changed the AST (-before +after):\n%s\nprinted:\n%s", diff, sb.String())
			}
			var sb2 strings.Builder
			if err := Print(&sb2, again, CSL); err != nil {
				t.Fatal(err)
			}
			if sb2.String() != sb.String() {
				t.Errorf("printing is not idempotent:\nfirst:\n%s\nsecond:\n%s", sb.String(), sb2.String())
			}
		})
	}
	if n == 0 {
		t.Fatal("no corpus/csl cases found")
	}
}

// genCSL builds a response of n standalone WRITE ops with bodies of lines
// lines and prose between them: the same shape as benchdoc.SHAM.
func genCSL(n, lines int) []byte {
	var sb strings.Builder
	for i := range n {
		fmt.Fprintf(&sb, "Step %d: write the next file.\n\n<---WRITE file=\"src/pkg%d/file_%d.go\"--->\n", i, i%17, i)
		for l := range lines {
			fmt.Fprintf(&sb, "\tv = %d\n", l)
		}
		sb.WriteString("<---END--->\n\n")
	}
	return []byte(sb.String())
}

// genCSLTasks builds n TASKS blocks, each a WRITE (lines lines), a SEARCH
// with REPLACE and a RUN: the many-small-ops shape of genCMLTasks.
func genCSLTasks(n, lines int) []byte {
	var sb strings.Builder
	for i := range n {
		fmt.Fprintf(&sb, "Step %d.\n\n<---TASKS version=\"1.0\"--->\n<---WRITE file=\"src/f%d.go\"--->\n", i, i)
		for l := range lines {
			fmt.Fprintf(&sb, "\tv = %d\n", l)
		}
		fmt.Fprintf(&sb, "<---END--->\n<---SEARCH file=\"src/app.go\"--->\nold%d\n<---REPLACE--->\nnew%d\n<---END--->\n<---RUN dir=\"src\"--->\ngo test ./...\n<---END--->\n<---END--->\n\n", i, i)
	}
	return []byte(sb.String())
}

// BenchmarkParseCSL measures lang.Parse on a 5 MB CSL document (5,000 WRITE
// ops with 100-line bodies), a 50 KB response, and 5 MB of TASKS blocks of
// small ops (the shape where per-token parsing cost dominates). Run:
//
//	go test ./lang -run XXX -bench ParseCSL -benchmem -cpu 1
func BenchmarkParseCSL(b *testing.B) {
	for _, tc := range []struct {
		name            string
		src             []byte
		groups, actions int
	}{
		{"5MB", genCSL(5000, 100), 5000, 5000},
		{"50KB", genCSL(50, 100), 50, 50},
		{"5MB-tasks-small", genCSLTasks(21000, 3), 21000, 63000},
	} {
		src := tc.src
		b.Run(tc.name, func(b *testing.B) {
			f := source.NewFile("bench.csl", src)
			doc := Parse(f)
			n := 0
			for range doc.Actions() {
				n++
			}
			if len(doc.Groups) != tc.groups || n != tc.actions || len(doc.Diagnostics()) != 0 {
				b.Fatalf("got %d groups, %d actions, %d diagnostics; want %d, %d, 0", len(doc.Groups), n, len(doc.Diagnostics()), tc.groups, tc.actions)
			}
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				Parse(f)
			}
		})
	}
}
