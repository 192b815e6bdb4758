package wholefile

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Each way a path is stated, and the lines that are not statements.
func TestPathStatements(t *testing.T) {
	for _, tc := range []struct {
		src, path, content string
		how                How
	}{
		{"**src/app.py**\n```python\nprint(1)\n```\n", "src/app.py", "print(1)\n", Above},
		{"src/app.py:\n\n```python\nprint(1)\n```\n", "src/app.py", "print(1)\n", Above},
		{"### `cmd/main.go`\n```go\npackage main\n```\n", "cmd/main.go", "package main\n", Above},
		{"1. **Makefile**\n```make\nall:\n\tgo build\n```\n", "Makefile", "all:\n\tgo build\n", Above},
		{"File: `SSH Config/ssh_config`\n```\nHost *\n```\n", "SSH Config/ssh_config", "Host *\n", Above},
		{"```go:cmd/main.go\npackage main\n```\n", "cmd/main.go", "package main\n", Info},
		{"```src/app.py\nprint(1)\n```\n", "src/app.py", "print(1)\n", Info},
		{"```python path=src/app.py\nprint(1)\n```\n", "src/app.py", "print(1)\n", Info},
		{"```python title=\"src/app.py\"\nprint(1)\n```\n", "src/app.py", "print(1)\n", Info},
		{"```python src/app.py\nprint(1)\n```\n", "src/app.py", "print(1)\n", Info},
		{"```ts\n// filepath: src/x.ts\nexport const x = 1\n```\n", "src/x.ts", "export const x = 1\n", Comment},
		{"```python\n# file: app.py\nprint(1)\n```\n", "app.py", "print(1)\n", Comment},
		{"```html\n<!-- docs/index.html -->\n<p>hi</p>\n```\n", "docs/index.html", "<p>hi</p>\n", Comment},
		// a path with blanks, the whole line in bold or double quotes
		{"**docs/My Notes.md**\n```markdown\n# Notes\n```\n", "docs/My Notes.md", "# Notes\n", Above},
		{"**My Notes.md**:\n```markdown\n# Notes\n```\n", "My Notes.md", "# Notes\n", Above},
		{"\"docs/My Notes.md\"\n```markdown\n# Notes\n```\n", "docs/My Notes.md", "# Notes\n", Above},
		{"\"src/app.py\":\n```python\nprint(1)\n```\n", "src/app.py", "print(1)\n", Above},
		// a note that the block is the whole file, a label saying so
		{"`main.go` (full file):\n```go\npackage main\n```\n", "main.go", "package main\n", Above},
		{"main.go (updated)\n```go\npackage main\n```\n", "main.go", "package main\n", Above},
		{"**main.go** (complete)\n```go\npackage main\n```\n", "main.go", "package main\n", Above},
		{"**Updated file: `main.go`**\n```go\npackage main\n```\n", "main.go", "package main\n", Above},
		// the same path twice is one statement; its comment is not content
		{"`src/x.ts`\n```ts\n// filepath: src/x.ts\nx\n```\n", "src/x.ts", "x\n", Above},
		// not statements
		{"Here is the fix:\n```python\nprint(1)\n```\n", "", "print(1)\n", None},
		{"### Node.js\n```js\nconsole.log(1)\n```\n", "", "console.log(1)\n", None},
		{"Update `src/a.py`:\n```python\nx = 1\n```\n", "", "x = 1\n", None},
		{"```python\n# app config\nx = 1\n```\n", "", "# app config\nx = 1\n", None},
		{"```python\n#!/usr/bin/env python3\nx = 1\n```\n", "", "#!/usr/bin/env python3\nx = 1\n", None},
		{"v1.2.3\n```\nx\n```\n", "", "x\n", None},
		// bold sentences that end with a path
		{"**Edit main.go**\n```go\nx\n```\n", "", "x\n", None},
		{"**Run it in src/app.go**\n```go\nx\n```\n", "", "x\n", None},
		{"**src/a.go and src/b.go**\n```go\nx\n```\n", "", "x\n", None},
		{"**Step 1: docs/My Notes.md**\n```go\nx\n```\n", "", "x\n", None},
		{"\"The end.\"\n```\nx\n```\n", "", "x\n", None},
		{"main.go (line 12)\n```go\nx\n```\n", "", "x\n", None},
		{"See main.go (updated)\n```go\nx\n```\n", "", "x\n", None},
		{"```12:15:app/page.tsx\nx\n```\n", "", "x\n", None},
	} {
		fs := Scan([]byte(tc.src))
		if len(fs) != 1 {
			t.Fatalf("%q: %d fences", tc.src, len(fs))
		}
		f := fs[0]
		if body := string(f.Body([]byte(tc.src))); f.Path != tc.path || f.How != tc.how || body != tc.content || len(f.Diags) > 0 {
			t.Errorf("%q: path %q how %d content %q diags %v, want %q %d %q", tc.src, f.Path, f.How, body, f.Diags, tc.path, tc.how, tc.content)
		}
		if tc.path != "" && tc.src[f.PathStart:f.PathEnd] != tc.path {
			t.Errorf("%q: path range covers %q", tc.src, tc.src[f.PathStart:f.PathEnd])
		}
	}
}

func TestFenceProblems(t *testing.T) {
	src := "**a.py**\n```python\n# file: b.py\nx\n```\n\n`c.py`\n````python\n```\nstill c\n"
	fs := Scan([]byte(src))
	var got [][2]string
	for _, f := range fs {
		for _, d := range f.Diags {
			got = append(got, [2]string{f.Path, d.Code})
		}
	}
	want := [][2]string{{"a.py", AmbiguousPath}, {"c.py", UnclosedFence}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
	if fs[1].Content != "```\nstill c\n" {
		t.Errorf("a shorter fence inside a longer one is content: %q", fs[1].Content)
	}
}

// A fence that states no path costs no allocation, however many an
// answer holds (a 5 MB answer of fenced SHAM blocks has 5,000).
func TestEachAllocatesNothingPerPathlessFence(t *testing.T) {
	fence := "Step 1: write it.\n\n```sh sham\n#!SHAM [@three-char-SHA-256: b001]\n    v = 1\n# a comment\n#!END_SHAM_b001\n```\n\n" +
		"~~~go\n\tx := 1\n~~~\n"
	one := []byte(fence)
	many := []byte(strings.Repeat(fence, 200))
	count := func(src []byte) (n int) {
		Each(src, func(*Fence) { n++ })
		return n
	}
	if got := count(many); got != 400 {
		t.Fatalf("%d fences, want 400", got)
	}
	base := testing.AllocsPerRun(20, func() { count(one) })
	if got := testing.AllocsPerRun(20, func() { count(many) }); got > base {
		t.Errorf("400 fences allocate %.0f times, one pair %.0f: a pathless fence allocates", got, base)
	}
}

// A file's block whose closing fence is missing ends at the next file's
// path line, not at that block's fence, so it fails alone (UNCLOSED_FENCE)
// and the next block keeps its path and text; a longer fence's content and
// a bare path as a file's last line cut nothing.
func TestCutShortByNextFile(t *testing.T) {
	type fence struct {
		Path, Content, Text string // Text: what Start and End cover
		Closed              bool
	}
	for _, tc := range []struct {
		name, src string
		want      []fence
	}{
		{"next-opens-with-info", "**a.py**\n```python\nx = 2\n\n**b.py**\n```python\ny = 2\n```\n", []fence{
			{"a.py", "x = 2\n\n", "**a.py**\n```python\nx = 2\n\n", false},
			{"b.py", "y = 2\n", "**b.py**\n```python\ny = 2\n```\n", true},
		}},
		{"next-bare-fence-under-marked-path", "**a.py**\n```python\nx = 2\n\n`b.py`\n```\ny = 2\n```\n", []fence{
			{"a.py", "x = 2\n\n", "**a.py**\n```python\nx = 2\n\n", false},
			{"b.py", "y = 2\n", "`b.py`\n```\ny = 2\n```\n", true},
		}},
		{"bare-path-last-line-is-content", "`.gitignore`\n```\nbuild/\nlogs/app.log\n```\n", []fence{
			{".gitignore", "build/\nlogs/app.log\n", "`.gitignore`\n```\nbuild/\nlogs/app.log\n```\n", true},
		}},
		{"shorter-fence-is-content", "**README.md**\n````markdown\n**b.py**\n```python\ny\n```\n````\n", []fence{
			{"README.md", "**b.py**\n```python\ny\n```\n", "**README.md**\n````markdown\n**b.py**\n```python\ny\n```\n````\n", true},
		}},
	} {
		var got []fence
		for _, f := range Scan([]byte(tc.src)) {
			got = append(got, fence{f.Path, f.Content, tc.src[f.Start:f.End], f.Closed})
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s: fences (-want +got):\n%s", tc.name, diff)
		}
	}
}

// A first-line comment naming a bare file states the path only when the
// file is of the fence's language.
func TestBareNameCommentOfTheFenceLanguage(t *testing.T) {
	for _, c := range []struct {
		fence string
		path  string
	}{
		{"```python\n# mathx.py\nx = 1\n```\n", "mathx.py"},
		{"```Python\n# mathx.py\nx = 1\n```\n", "mathx.py"},
		{"```js\n// app.mjs\nlet x\n```\n", "app.mjs"},
		{"```makefile\n# Makefile\nall:\n\ttrue\n```\n", "Makefile"},
		{"```yaml\n# config.yml\na: 1\n```\n", "config.yml"},
		{"```bash\n# requirements.txt\npip install -r requirements.txt\n```\n", ""},
		{"```js\n// app.ts\nlet x\n```\n", ""},
		{"```\n# mathx.py\nx = 1\n```\n", ""},
		{"```python\n# see mathx.py\nx = 1\n```\n", ""},
	} {
		var got string
		for _, f := range Scan([]byte(c.fence)) {
			got = f.Path
		}
		if got != c.path {
			t.Errorf("%q: path %q, want %q", c.fence, got, c.path)
		}
	}
}
