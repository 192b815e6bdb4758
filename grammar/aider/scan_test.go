package aider

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// aider's find_filename cases (tests/basic/test_editblock.py), without its
// list of chat files: the name is read as written.
func TestFileNameLines(t *testing.T) {
	for _, tc := range []struct{ before, want string }{
		{"file1.py\n```\n", "file1.py"},
		{"```python\nfile3.py\n", "file3.py"},
		{"```\ninvalid_file.py\n", "invalid_file.py"},
		{"```python\nfile1.py\n```\n```\nfile2.py\n", "file2.py"},
		{"# file1.py\n```\n", "file1.py"},
		{"file1_py\n```\n", "file1_py"}, // aider: file1.py (fuzzy); clada never retargets
		{"**src/a.go**:\n", "src/a.go"},
		{"`b.txt`\n", "b.txt"},
		{"Here is the fix:\n", ""},
		{"...\n", ""},
		{"```go\n", ""},
		// a fence's info string names the file as a whole-file block's does
		{"```src/app.py\n", "src/app.py"},
		{"```python:src/app.py\n", "src/app.py"},
		{"```python src/app.py\n", "src/app.py"},
		{"```python path=src/app.py\n", "src/app.py"},
		{"```ts title=\"web/x.ts\"\n", "web/x.ts"},
		{"```12:15:app/page.tsx\n", ""},
		{"```sh sham\n", ""},
	} {
		src := tc.before + "<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n"
		edits := Scan([]byte(src))
		if len(edits) != 1 {
			t.Fatalf("%q: %d edits", tc.before, len(edits))
		}
		e := edits[0]
		if e.Path != tc.want {
			t.Errorf("%q: path %q, want %q", tc.before, e.Path, tc.want)
		}
		if tc.want != "" && src[e.PathStart:e.PathEnd] != tc.want {
			t.Errorf("%q: path range covers %q", tc.before, src[e.PathStart:e.PathEnd])
		}
	}
}

// A block that inherits its file joins the span before it; the texts keep
// their line ends, as aider's do.
func TestSpansAndTexts(t *testing.T) {
	src := "a.txt\n<<<<<<< SEARCH\none\n=======\ntwo\n>>>>>>> REPLACE\n\nprose\n\n<<<<<<< SEARCH\nthree\n=======\n>>>>>>> REPLACE\nb.txt\n<<<<< SEARCH\n=====\nnew\n>>>>>>>>> REPLACE"
	if diff := cmp.Diff([][2]int{{0, 106}, {106, len(src)}}, Spans([]byte(src))); diff != "" {
		t.Errorf("spans (-want +got):\n%s", diff)
	}
	var got [][3]string
	for _, e := range Scan([]byte(src)) {
		got = append(got, [3]string{e.Path, e.Search, e.Replace})
	}
	want := [][3]string{{"a.txt", "one\n", "two\n"}, {"a.txt", "three\n", ""}, {"b.txt", "", "new\n"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("edits (-want +got):\n%s", diff)
	}
}

func TestErrors(t *testing.T) {
	for _, tc := range []struct{ src, code string }{
		{"<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n", MissingFilename},
		{"a\n<<<<<<< SEARCH\nx\n>>>>>>> REPLACE\n", MissingDivider},
		{"a\n<<<<<<< SEARCH\nx\n=======\ny\n", MissingReplace},
		{"a\n<<<<<<< SEARCH\nx\n=======\ny\n=======\nz\n>>>>>>> REPLACE\n", ExtraDivider},
		{"a\n<<<<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n", ""}, // 10 '<': not a marker, no block
	} {
		edits := Scan([]byte(tc.src))
		got := ""
		if len(edits) > 0 && len(edits[0].Diags) > 0 {
			got = edits[0].Diags[0].Code
		}
		if got != tc.code {
			t.Errorf("%q: code %q, want %q", tc.src, got, tc.code)
		}
	}
}

// The splitter's scan (Spans: no texts, no shape check) finds the same
// blocks in the same places as the whole scan, on blocks whole, broken and
// inheriting their file.
func TestSpansScanAgrees(t *testing.T) {
	parts := []string{"a.go\n", "```\n", "```go\n", "<<<<<<< SEARCH\n", "=======\n", ">>>>>>> REPLACE\n", "x\n", "\r\n", "prose here\n", "# b.txt\n"}
	for seed := range uint64(2000) {
		rng := rand.New(rand.NewPCG(seed, 9))
		var b strings.Builder
		for range 4 + rng.IntN(20) {
			b.WriteString(parts[rng.IntN(len(parts))])
		}
		src := []byte(b.String())
		type where struct{ Start, End, PathStart, PathEnd, SearchStart, SearchEnd, ReplaceStart, ReplaceEnd int }
		var want, got []where
		for _, e := range Scan(src) {
			want = append(want, where{e.Start, e.End, e.PathStart, e.PathEnd, e.SearchStart, e.SearchEnd, e.ReplaceStart, e.ReplaceEnd})
		}
		for _, e := range scan(src, false) {
			got = append(got, where{e.Start, e.End, e.PathStart, e.PathEnd, e.SearchStart, e.SearchEnd, e.ReplaceStart, e.ReplaceEnd})
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("%q (-whole +spans):\n%s", src, diff)
		}
	}
}

// Fence lines: a whole block reads past them (its texts may be Markdown
// with fences of their own, as aider reads them), while a block cut short
// ends at its fence's closing line (in no fence, before the next file's
// name), so the next file's block keeps its own name instead of taking
// the broken block's.
func TestFenceLines(t *testing.T) {
	fence := "```"
	whole := "README.md\n" + fence + "markdown\n<<<<<<< SEARCH\nRun:\n" + fence + "\nmake\n" + fence + "\n=======\nRun make.\n>>>>>>> REPLACE\n" + fence + "\n"
	broken := "a.py\n" + fence + "python\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n" + fence + "\n\nb.py\n" + fence + "python\n<<<<<<< SEARCH\ny = 1\n=======\ny = 2\n>>>>>>> REPLACE\n" + fence + "\n"
	for _, tc := range []struct {
		why, src string
		want     [][4]string // path, search, replace, first diagnostic code
	}{
		{"a whole block with fence lines in its search", whole, [][4]string{{"README.md", "Run:\n" + fence + "\nmake\n" + fence + "\n", "Run make.\n", ""}}},
		{"a block cut short, then the next file's", broken, [][4]string{{"a.py", "x = 1\n", "x = 2\n", MissingReplace}, {"b.py", "y = 1\n", "y = 2\n", ""}}},
		{"a block in no fence cut short, then the next file's", "a.py\n<<<<<<< SEARCH\nx = 1\n=======\nx = 2\n\nb.py\n<<<<<<< SEARCH\ny = 1\n=======\ny = 2\n>>>>>>> REPLACE\n",
			[][4]string{{"a.py", "x = 1\n", "x = 2\n\n", MissingReplace}, {"b.py", "y = 1\n", "y = 2\n", ""}}},
	} {
		var got [][4]string
		for _, e := range Scan([]byte(tc.src)) {
			code := ""
			if len(e.Diags) > 0 {
				code = e.Diags[0].Code
			}
			got = append(got, [4]string{e.Path, e.Search, e.Replace, code})
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tc.why, diff)
		}
	}
}

// A name with blanks is a file name only in backticks and when it reads
// as a path; a sentence in backticks is not one.
func TestBacktickedNameWithBlanks(t *testing.T) {
	block := "\n```\n<<<<<<< SEARCH\nhello\n=======\nbye\n>>>>>>> REPLACE\n```\n"
	for _, tc := range []struct{ line, want string }{
		{"`my file.txt`", "my file.txt"},
		{"**`My Docs/notes.md`**", "My Docs/notes.md"},
		{"my file.txt", ""},
		{"`run the tests`", ""},
	} {
		es := Scan([]byte(tc.line + block))
		if len(es) != 1 || es[0].Path != tc.want {
			t.Errorf("%q: got %+v, want one block of %q", tc.line, es, tc.want)
		}
	}
}
