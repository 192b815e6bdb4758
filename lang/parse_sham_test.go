package lang

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/clada-dev/clada/corpus"
	"github.com/clada-dev/clada/internal/benchdoc"
	"github.com/clada-dev/clada/source"
)

// diagView renders diagnostics as "CODE line:col-line:col" (rune columns).
func diagView(d *Document) []string {
	out := []string{}
	for _, dg := range d.Diagnostics() {
		s, e := d.File.Position(dg.Range.Start), d.File.Position(dg.Range.End)
		out = append(out, fmt.Sprintf("%s %d:%d-%d:%d", dg.Code, s.Line, s.Column, e.Line, e.Column))
	}
	return out
}

func TestParseSHAM(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		blocks []astBlock
		diags  []string
	}{{
		name:   "empty input",
		in:     "",
		blocks: nil, diags: []string{},
	}, {
		name:   "CRLF line endings are not part of values or ids",
		in:     "#!SHAM [@three-char-SHA-256: ab]\r\naction = \"file_write\"\r\npath = \"a.txt\"\r\ncontent = <<'EOT_SHAM_ab'\r\none\r\ntwo\r\nEOT_SHAM_ab\r\n#!END_SHAM_ab\r\n",
		blocks: []astBlock{{ID: "ab", Op: "file_write", Params: map[string]string{"path": "a.txt", "content": "one\ntwo"}}},
		diags:  []string{},
	}, {
		name:   "leading BOM",
		in:     "\xEF\xBB\xBF#!SHAM [@three-char-SHA-256: ab]\naction = \"ls\"\n#!END_SHAM_ab",
		blocks: []astBlock{{ID: "ab", Op: "ls", Params: map[string]string{}}},
		diags:  []string{},
	}, {
		name:   "quoted values take JSON's escapes (nesl-js); an unknown one is INVALID_VALUE at the escape",
		in:     "#!SHAM [@three-char-SHA-256: ab]\na = \"x\\ty\\nz\\\\\\\"\\/\\b\\f\\u00e9\\uD83D\\uDE00\"\nb = \"\\d+\"\nc = \"\\'\"\nd = \"\\uD83D\"\ne = \"\\u12\"\n#!END_SHAM_ab",
		blocks: []astBlock{{ID: "ab", Params: map[string]string{"a": "x\ty\nz\\\"/\b\fé😀"}}},
		diags:  []string{"INVALID_VALUE 3:6-3:8", "INVALID_VALUE 4:6-4:8", "INVALID_VALUE 5:6-5:12", "INVALID_VALUE 6:6-6:10"},
	}, {
		name:   "a NUL reached through an escape is a NUL (the checker refuses it in a path as it does a raw one)",
		in:     "#!SHAM [@three-char-SHA-256: ab]\npath = \"a\\u0000b.txt\"\n#!END_SHAM_ab",
		blocks: []astBlock{{ID: "ab", Params: map[string]string{"path": "a\x00b.txt"}}},
		diags:  []string{},
	}, {
		name:   "an end marker outside any block is STRAY_MARKER; one after an unreadable header is not",
		in:     "prose\n#!END_SHAM_k7m\n#!SHAM [oops]\n#!END_SHAM_x\n",
		blocks: nil,
		diags:  []string{"STRAY_MARKER 2:1-2:15", "MALFORMED_HEADER 3:1-3:14"},
	}, {
		name:   "an end marker indented more than its header still ends the block; an indented body line says where it should start",
		in:     "#!SHAM [@three-char-SHA-256: ab]\naction = \"ls\"\n  path = \"a\"\n  #!END_SHAM_ab\n#!SHAM [@three-char-SHA-256: cd]\naction = \"ls\"\n#!END_SHAM_cd\n",
		blocks: []astBlock{{ID: "ab", Op: "ls", Params: map[string]string{}}, {ID: "cd", Op: "ls", Params: map[string]string{}}},
		diags:  []string{"INVALID_KEY 3:1-3:7"},
	}, {
		name:   "inside a markdown fence, a forgotten end marker stops at the fence",
		in:     "Here:\n```sh sham\n#!SHAM [@three-char-SHA-256: ab]\naction = \"ls\"\n```\nprose = \"not a key\"\n",
		blocks: []astBlock{{ID: "ab", Op: "ls", Params: map[string]string{}}},
		diags:  []string{"UNCLOSED_BLOCK 4:14-4:14"},
	}, {
		name: "a new header ends an unclosed block; both blocks parse",
		in:   "#!SHAM [@three-char-SHA-256: ab]\naction = \"ls\"\n\n#!SHAM [@three-char-SHA-256: cd]\naction = \"ls\"\n#!END_SHAM_cd\n",
		blocks: []astBlock{
			{ID: "ab", Op: "ls", Params: map[string]string{}},
			{ID: "cd", Op: "ls", Params: map[string]string{}},
		},
		diags: []string{"UNCLOSED_BLOCK 2:14-2:14"},
	}, {
		name: "an unclosed heredoc stops at its block's end marker; the next block still parses",
		in: "#!SHAM [@three-char-SHA-256: ab]\ncontent = <<'EOT_SHAM_ab'\ntext\n#!END_SHAM_ab\n" +
			"#!SHAM [@three-char-SHA-256: cd]\naction = \"ls\"\n#!END_SHAM_cd\n",
		blocks: []astBlock{
			{ID: "ab", Params: map[string]string{}},
			{ID: "cd", Op: "ls", Params: map[string]string{}},
		},
		diags: []string{"UNCLOSED_HEREDOC 2:11-2:26"},
	}, {
		name:   "wrong heredoc delimiter",
		in:     "#!SHAM [@three-char-SHA-256: ab]\ncontent = <<'EOF'\nx\nEOF\n#!END_SHAM_ab",
		blocks: []astBlock{{ID: "ab", Params: map[string]string{}}},
		diags:  []string{"INVALID_HEREDOC_DELIMITER 2:11-2:18"},
	}, {
		name:   "headers: bad id, malformed, prose mention, #!SHAMROCK",
		in:     "#!SHAM [@three-char-SHA-256: abcdefghi]\n#!SHAM\nsee #!SHAM [@x: ab]\n#!SHAMROCK\n",
		blocks: nil,
		diags:  []string{"INVALID_BLOCK_ID 1:30-1:39", "MALFORMED_HEADER 2:1-2:7"},
	}, {
		name:   "empty value and bad operator on one line",
		in:     "#!SHAM [@three-char-SHA-256: ab]\nkey +=\n#!END_SHAM_ab",
		blocks: []astBlock{{ID: "ab", Params: map[string]string{}}},
		diags:  []string{"INVALID_ASSIGNMENT_OPERATOR 2:5-2:7", "INVALID_VALUE 2:5-2:7"},
	}, {
		name:   "invalid UTF-8 and binary junk around a block",
		in:     "\xff\xfe\x00junk\n#!SHAM [@three-char-SHA-256: ab]\nk\xff = \"v\"\nv = \"\xff\"\n#!END_SHAM_ab\n\x00\x01",
		blocks: []astBlock{{ID: "ab", Params: map[string]string{"v": "\xff"}}},
		diags:  []string{"INVALID_KEY 3:1-3:3"},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := Parse(source.NewFile("in", []byte(tc.in)))
			if diff := cmp.Diff(tc.blocks, astView(doc, false)); diff != "" {
				t.Errorf("blocks (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.diags, diagView(doc)); diff != "" {
				t.Errorf("diagnostics (-want +got):\n%s%s", diff, messages(doc))
			}
			for _, d := range doc.Diagnostics() {
				if d.Message == "" || d.Hint == "" {
					t.Errorf("%s: message %q, hint %q: both must be set", d.Code, d.Message, d.Hint)
				}
			}
		})
	}
}

func TestParseSHAMRanges(t *testing.T) {
	in := "intro\n#!SHAM [@three-char-SHA-256: ab]\naction = \"file_write\"\npath = \"a.txt\"\ncontent = <<'EOT_SHAM_ab'\nhi\nEOT_SHAM_ab\n#!END_SHAM_ab\nbye"
	f := source.NewFile("in", []byte(in))
	doc := Parse(f)
	a := doc.Groups[0].Actions[0]
	text := func(r source.Range) string { return f.Text(r) }
	got := []string{text(a.Range), text(a.IDRange), text(a.OpRange)}
	for _, p := range a.Params {
		got = append(got, text(p.KeyRange), text(p.ValueRange), text(p.ContentRange))
	}
	want := []string{
		in[6 : len(in)-4], "ab", "file_write",
		"path", `"a.txt"`, "a.txt",
		"content", "<<'EOT_SHAM_ab'\nhi\nEOT_SHAM_ab", "hi",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if a.Params[1].Form != Heredoc || a.Params[0].Form != Quoted || !a.Closed {
		t.Errorf("forms %v %v, closed %v", a.Params[0].Form, a.Params[1].Form, a.Closed)
	}
}

// TestParseSHAMConcurrentOrder parses enough blocks to use the worker pool and
// checks the output is in source order and identical to a one-block-at-a-time parse.
func TestParseSHAMConcurrentOrder(t *testing.T) {
	src := benchdoc.SHAM(300, 30)
	doc := Parse(source.NewFile("big", src))
	if len(doc.Groups) != 300 {
		t.Fatalf("got %d groups", len(doc.Groups))
	}
	for i, g := range doc.Groups {
		if want := fmt.Sprintf("b%04x", i); g.Actions[0].ID != want {
			t.Fatalf("group %d has id %s, want %s", i, g.Actions[0].ID, want)
		}
		if i%50 != 0 {
			continue
		}
		one := Parse(source.NewFile("one", src[:g.Range.End]))
		if diff := cmp.Diff(one.Groups[len(one.Groups)-1], g); diff != "" {
			t.Fatalf("group %d differs from a sequential parse:\n%s", i, diff)
		}
	}
}

func TestParserCacheRelocates(t *testing.T) {
	p := NewParser(0)
	a := "#!SHAM [@three-char-SHA-256: ab]\naction = \"ls\"\npath = \"x\"\n#!END_SHAM_ab\n"
	b := "#!SHAM [@three-char-SHA-256: cd]\naction = \"ls\"\npath = \"y\"\n#!END_SHAM_cd\n"
	first := p.Parse(source.NewFile("v1", []byte(a+b)))
	edited := "a new first line\n" + a + "\n" + strings.Replace(b, `"y"`, `"z"`, 1)
	f := source.NewFile("v2", []byte(edited))
	second := p.Parse(f)
	if hits, misses := p.Stats(); hits != 1 || misses != 3 {
		t.Errorf("hits, misses = %d, %d; want 1, 3 (block ab reused, cd re-parsed)", hits, misses)
	}
	want := Parse(f)
	if diff := cmp.Diff(want.Groups, second.Groups); diff != "" {
		t.Errorf("cached parse differs from a fresh one:\n%s", diff)
	}
	if got := f.Text(second.Groups[0].Actions[0].Params[0].ContentRange); got != "x" {
		t.Errorf("relocated range reads %q", got)
	}
	if first.Groups[0].Range.Start != 0 {
		t.Errorf("first parse was changed by the second: %v", first.Groups[0].Range)
	}
}

// The same block text twice in one document is one cache entry placed at
// each of its two offsets, in the first parse and in a later one.
func TestParserCacheSameBlockTwice(t *testing.T) {
	p := NewParser(0)
	a := "#!SHAM [@three-char-SHA-256: ab]\naction = \"ls\"\npath = \"x\"\n#!END_SHAM_ab\n"
	for _, text := range []string{a + "\n" + a, "prose\n" + a + "\n" + a} {
		f := source.NewFile("v", []byte(text))
		if diff := cmp.Diff(Parse(f).Groups, p.Parse(f).Groups); diff != "" {
			t.Fatalf("cached parse of %q differs from a fresh one:\n%s", text, diff)
		}
	}
}

// Raising the bound keeps what the cache holds; lowering it evicts.
func TestParserCacheSetMaxBytes(t *testing.T) {
	p := NewParser(4096)
	var src []byte
	for i := range 200 {
		src = fmt.Appendf(src, "#!SHAM [@three-char-SHA-256: ab]\npath = \"%03d\"\n#!END_SHAM_ab\n\n", i)
	}
	p.SetMaxBytes(len(src))
	p.Parse(source.NewFile("v", src))
	if n := p.Len(); n != 200 {
		t.Fatalf("cache sized to the document holds %d of its 200 blocks", n)
	}
	p.Parse(source.NewFile("v", src))
	if hits, _ := p.Stats(); hits != 200 {
		t.Fatalf("second parse: %d hits, want 200", hits)
	}
	p.SetMaxBytes(4096)
	if n := p.Len(); n > 4096/59 {
		t.Fatalf("after lowering the bound the cache holds %d blocks", n)
	}
}

func TestParserCacheBounded(t *testing.T) {
	p := NewParser(4096)
	for i := range 200 {
		p.Parse(source.NewFile("v", fmt.Appendf(nil, "#!SHAM [@three-char-SHA-256: ab]\npath = \"%d\"\n#!END_SHAM_ab\n", i)))
	}
	// Each block text is 57–59 bytes (the final newline is not part of it).
	if n := p.Len(); n > 4096/57 || n < 4096/59-1 {
		t.Errorf("cache holds %d blocks; want between %d and %d", n, 4096/59-1, 4096/57)
	}
}

func init() {
	// -update rewrites golden sections; registered once even if another test
	// file of this package registers it too.
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite golden sections of corpus cases")
	}
}

func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// TestCorpusSHAMParse checks every corpus/sham case's parse.json golden: the
// blocks and diagnostics part of `clada check --format json`.
func TestCorpusSHAMParse(t *testing.T) {
	cases, err := corpus.Load()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range cases {
		if !strings.HasPrefix(c.Name, "sham/") {
			continue
		}
		n++
		t.Run(c.Name, func(t *testing.T) {
			parseGolden(t, c, "CorpusSHAM")
		})
	}
	if n == 0 {
		t.Fatal("no corpus/sham cases found")
	}
}

// TestParseSHAMManyUnclosedHeredocs feeds 2 MB of blocks whose heredocs are
// never closed, each with its own id: every block must still end at its own
// end marker with one UNCLOSED_HEREDOC. (Without the search budget in
// grammar/sham this input costs a scan to the end of the text per block.)
func TestParseSHAMManyUnclosedHeredocs(t *testing.T) {
	var sb strings.Builder
	n := 0
	for ; sb.Len() < 2<<20; n++ {
		fmt.Fprintf(&sb, "#!SHAM [@x: a%x]\nk = <<'EOT_SHAM_a%x'\n#!END_SHAM_a%x\n", n, n, n)
	}
	doc := Parse(source.NewFile("hostile", []byte(sb.String())))
	if len(doc.Groups) != n {
		t.Fatalf("got %d blocks, want %d", len(doc.Groups), n)
	}
	ds := doc.Diagnostics()
	if len(ds) != n || ds.Count(source.Error) != n || ds[n-1].Code != "UNCLOSED_HEREDOC" {
		t.Fatalf("got %d diagnostics (last %v), want %d UNCLOSED_HEREDOC", len(ds), ds[len(ds)-1], n)
	}
	for i, g := range doc.Groups {
		if !g.Actions[0].Closed {
			t.Fatalf("block %d not closed at its end marker", i)
		}
	}
}

// Check on a Parser's documents keeps each block's findings in its cache
// entry and moves them with the block: after every edit it says exactly
// what Check on a fresh parse says, for blocks that moved, blocks that
// did not, the same block twice and a block read through a list item.
func TestParserCacheCheck(t *testing.T) {
	bad := "#!SHAM [@three-char-SHA-256: bd]\naction = \"file_write\"\npath = \"a.go\"\ncontent = <<'EOT_SHAM_bd'\nfunc a() {}\n// ... rest of the code ...\nEOT_SHAM_bd\ncolour = \"x\"\n#!END_SHAM_bd\n"
	unknown := "#!SHAM [@three-char-SHA-256: un]\naction = \"file_wirte\"\npath = \"b\"\n#!END_SHAM_un\n"
	missing := "#!SHAM [@three-char-SHA-256: ms]\naction = \"file_replace_text\"\npath = \"c\"\nold_text = \"x\"\n#!END_SHAM_ms\n"
	listed := "1. then:\n   #!SHAM [@three-char-SHA-256: li]\n   action = \"file_wirte\"\n   path = \"d\"\n   #!END_SHAM_li\n"
	steps := []string{
		bad + unknown + missing + listed,
		"one more line\n" + bad + unknown + missing + listed,
		"one more line\n" + bad + "prose\n" + unknown + missing + unknown + listed,
		bad + unknown + strings.Replace(missing, `"c"`, `"cc"`, 1) + listed + bad,
		"x\n\n" + listed + bad + unknown,
	}
	p := NewParser(0)
	for i, text := range steps {
		f := source.NewFile("v", []byte(text))
		want := Check(Parse(f))
		if len(want) < 4 {
			t.Fatalf("step %d: only %d findings, the test needs more: %v", i, len(want), want)
		}
		if diff := cmp.Diff(want, Check(p.Parse(f))); diff != "" {
			t.Fatalf("step %d: Check of the cached parse differs from a fresh one:\n%s", i, diff)
		}
	}
}
