package engine

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/lang"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// opCase is one op on a starting tree, with the exact Result and the whole
// tree afterwards (nil: unchanged). hint, when set, must appear in Result.Hint.
type opCase struct {
	name   string
	files  map[string]string
	op     lang.OpID
	params map[string]string
	want   Result
	hint   string
	after  map[string]string
}

// p builds a params map from key, value pairs.
func p(kv ...string) map[string]string {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return m
}

func data(kv ...any) map[string]any {
	m := map[string]any{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1]
	}
	return m
}

// fail is the Result of a failure about param.
func fail(msg string, typ fault.Kind, param string) Result {
	return Result{Error: msg, Type: typ, Param: param}
}

// checkPath is r with its hint asking to check the path: the file is
// missing for no reason the op knows, so a near name may help.
func checkPath(r Result) Result {
	r.CheckPath = true
	return r
}

var opCases = []opCase{
	// file_write / file_append
	{name: "write creates parents",
		// Seed 004 case 002 expects a write into a missing directory to fail
		// with ENOENT; DESIGN.md and seed 003 say file_write creates parent
		// directories, and DESIGN.md decides.
		op: lang.OpFileWrite, params: p("path", "a/b/c.txt", "content", "hi\n"),
		want:  ok(data("path", "a/b/c.txt", "bytesWritten", 3)),
		after: map[string]string{"a/": "", "a/b/": "", "a/b/c.txt": "hi\n"}},
	{name: "write overwrites", files: map[string]string{"f.txt": "old"},
		op: lang.OpFileWrite, params: p("path", "f.txt", "content", "new"),
		want: ok(data("path", "f.txt", "bytesWritten", 3)), after: map[string]string{"f.txt": "new"}},
	{name: "write keeps the file's final newline", files: map[string]string{"f.txt": "old\n", "c.txt": "old\r\n"},
		op: lang.OpFileWrite, params: p("path", "f.txt", "content", "new\nlast"),
		want: ok(data("path", "f.txt", "bytesWritten", 8)), after: map[string]string{"f.txt": "new\nlast\n", "c.txt": "old\r\n"}},
	{name: "write keeps a CRLF file's final CRLF", files: map[string]string{"c.txt": "old\r\n"},
		op: lang.OpFileWrite, params: p("path", "c.txt", "content", "new"),
		want: ok(data("path", "c.txt", "bytesWritten", 3)), after: map[string]string{"c.txt": "new\r\n"}},
	{name: "append never joins two lines", files: map[string]string{"log": "line 1"},
		op: lang.OpFileAppend, params: p("path", "log", "content", "line 2\n"),
		want: ok(data("path", "log", "bytesWritten", 7)), after: map[string]string{"log": "line 1\nline 2\n"}},
	{name: "new file follows editorconfig's insert_final_newline", files: map[string]string{
		".editorconfig": "root = true\n[*]\ninsert_final_newline = true\n[*.bin.txt]\ninsert_final_newline = false\n", "sub/.editorconfig": "[*.md]\ninsert_final_newline = false\n"},
		op: lang.OpFileWrite, params: p("path", "sub/a.txt", "content", "one\ntwo"),
		want: ok(data("path", "sub/a.txt", "bytesWritten", 7)), after: map[string]string{"sub/": "", "sub/a.txt": "one\ntwo\n",
			".editorconfig": "root = true\n[*]\ninsert_final_newline = true\n[*.bin.txt]\ninsert_final_newline = false\n", "sub/.editorconfig": "[*.md]\ninsert_final_newline = false\n"}},
	{name: "new file: the nearest editorconfig that says wins", files: map[string]string{
		".editorconfig": "[*]\ninsert_final_newline = true\n", "sub/.editorconfig": "[*.md]\ninsert_final_newline = false\n"},
		op: lang.OpFileWrite, params: p("path", "sub/a.md", "content", "# A\n"),
		want: ok(data("path", "sub/a.md", "bytesWritten", 4)), after: map[string]string{"sub/": "", "sub/a.md": "# A",
			".editorconfig": "[*]\ninsert_final_newline = true\n", "sub/.editorconfig": "[*.md]\ninsert_final_newline = false\n"}},
	{name: "new file follows the project's files of its kind", files: map[string]string{
		"a.go": "package a\n", "sub/b.go": "package b\n", "c.go": "package c", "n.md": "# n"},
		op: lang.OpFileWrite, params: p("path", "sub/new.go", "content", "package n"),
		want: ok(data("path", "sub/new.go", "bytesWritten", 9)), after: map[string]string{"sub/": "", "sub/new.go": "package n\n",
			"a.go": "package a\n", "sub/b.go": "package b\n", "c.go": "package c", "n.md": "# n"}},
	{name: "new file: a minority of its kind ending with a newline adds none", files: map[string]string{
		"a.md": "# a", "b.md": "# b\n", "c.md": "# c"},
		op: lang.OpFileWrite, params: p("path", "new.md", "content", "# n"),
		want: ok(data("path", "new.md", "bytesWritten", 3)), after: map[string]string{"new.md": "# n",
			"a.md": "# a", "b.md": "# b\n", "c.md": "# c"}},
	{name: "new file: ignored files and other kinds are no convention", files: map[string]string{
		".gitignore": "build/\n", "build/x.js": "x\n", "build/y.js": "y\n", "app.go": "package a\n"},
		op: lang.OpFileWrite, params: p("path", "new.js", "content", "run()"),
		want: ok(data("path", "new.js", "bytesWritten", 5)), after: map[string]string{"new.js": "run()",
			".gitignore": "build/\n", "build/": "", "build/x.js": "x\n", "build/y.js": "y\n", "app.go": "package a\n"}},
	{name: "new file: editorconfig wins over the convention", files: map[string]string{
		".editorconfig": "[*.go]\ninsert_final_newline = false\n", "a.go": "package a\n"},
		op: lang.OpFileWrite, params: p("path", "new.go", "content", "package n\n"),
		want: ok(data("path", "new.go", "bytesWritten", 10)), after: map[string]string{"new.go": "package n",
			".editorconfig": "[*.go]\ninsert_final_newline = false\n", "a.go": "package a\n"}},
	{name: "new file: the convention never drops a newline the block wrote", files: map[string]string{
		"a.txt": "a", "b.txt": "b"},
		op: lang.OpFileWrite, params: p("path", "new.txt", "content", "n\n"),
		want: ok(data("path", "new.txt", "bytesWritten", 2)), after: map[string]string{"new.txt": "n\n", "a.txt": "a", "b.txt": "b"}},
	{name: "new file without an extension has no kind to follow", files: map[string]string{
		"bin/a": "a\n", "bin/b": "b\n"},
		op: lang.OpFileWrite, params: p("path", "bin/c", "content", "c"),
		want: ok(data("path", "bin/c", "bytesWritten", 1)), after: map[string]string{"bin/": "", "bin/c": "c", "bin/a": "a\n", "bin/b": "b\n"}},
	{name: "write counts bytes not runes",
		op: lang.OpFileWrite, params: p("path", "u.txt", "content", "héllo"),
		want: ok(data("path", "u.txt", "bytesWritten", 6)), after: map[string]string{"u.txt": "héllo"}},
	{name: "write refuses invalid UTF-8", files: map[string]string{"f.txt": "keep"},
		op: lang.OpFileWrite, params: p("path", "f.txt", "content", "ab\xfe"),
		want: fail("file_write: content is not valid UTF-8 (byte 0xfe at offset 2, line 1)", fault.None, "content"), hint: "UTF-8 text only"},
	{name: "write onto a directory", files: map[string]string{"d/": ""},
		op: lang.OpFileWrite, params: p("path", "d", "content", "x"),
		want: fail("EISDIR: illegal operation on a directory, open 'd'", fault.None, "path")},
	{name: "append to existing", files: map[string]string{"log": "one\n"},
		op: lang.OpFileAppend, params: p("path", "log", "content", "two\n"),
		want: ok(data("path", "log", "bytesWritten", 4)), after: map[string]string{"log": "one\ntwo\n"}},
	{name: "append creates",
		op: lang.OpFileAppend, params: p("path", "log", "content", "one\n"),
		want: ok(data("path", "log", "bytesWritten", 4)), after: map[string]string{"log": "one\n"}},
	// A replayed append: the file already ends with what it adds.
	{name: "append replayed is already applied", files: map[string]string{"log": "one\ntwo three\n"},
		op: lang.OpFileAppend, params: p("path", "log", "content", "two three\n"),
		want: Result{Success: true, AlreadyApplied: true, Data: data("path", "log", "bytesWritten", 0)}, after: map[string]string{"log": "one\ntwo three\n"}},
	{name: "append replayed onto CRLF", files: map[string]string{"log": "one\r\ntwo three\r\n"},
		op: lang.OpFileAppend, params: p("path", "log", "content", "two three\n"),
		want: Result{Success: true, AlreadyApplied: true, Data: data("path", "log", "bytesWritten", 0)}, after: map[string]string{"log": "one\r\ntwo three\r\n"}},
	{name: "append of a trivial text the file ends with still appends", files: map[string]string{"m.go": "f()\n}\n"},
		op: lang.OpFileAppend, params: p("path", "m.go", "content", "}\n"),
		want: ok(data("path", "m.go", "bytesWritten", 2)), after: map[string]string{"m.go": "f()\n}\n}\n"}},
	{name: "append of text found earlier in the file appends", files: map[string]string{"log": "two three\nend\n"},
		op: lang.OpFileAppend, params: p("path", "log", "content", "two three\n"),
		want: ok(data("path", "log", "bytesWritten", 10)), after: map[string]string{"log": "two three\nend\ntwo three\n"}},

	// A replayed insertion: its lines already follow the line it names.
	{name: "insert as written ends an empty file without a newline", files: map[string]string{"e.txt": "", "t.txt": "a\nb\n"},
		op: lang.OpFileInsert, params: p("path", "e.txt", "line", "0", "content", "entry", "line_ends", "as-written"),
		want: ok(data("path", "e.txt", "lines_inserted", 1)), after: map[string]string{"e.txt": "entry", "t.txt": "a\nb\n"}},
	{name: "insert as written after the last line keeps its bytes", files: map[string]string{"t.txt": "a\nb\n"},
		op: lang.OpFileInsert, params: p("path", "t.txt", "line", "2", "content", "third", "line_ends", "as-written"),
		want: ok(data("path", "t.txt", "lines_inserted", 1)), after: map[string]string{"t.txt": "a\nb\nthird"}},
	{name: "insert as written replayed is already applied", files: map[string]string{"t.txt": "a\nb\nthird"},
		op: lang.OpFileInsert, params: p("path", "t.txt", "line", "2", "content", "third", "line_ends", "as-written"),
		want: Result{Success: true, AlreadyApplied: true, Data: data("path", "t.txt", "lines_inserted", 0)}},
	{name: "insert replayed is already applied", files: map[string]string{"i.py": "import os\nimport sys\n\nmain()\n"},
		op: lang.OpFileInsert, params: p("path", "i.py", "line", "1", "content", "import sys\n"),
		want: Result{Success: true, AlreadyApplied: true, Data: data("path", "i.py", "lines_inserted", 0)}, after: map[string]string{"i.py": "import os\nimport sys\n\nmain()\n"}},
	{name: "insert of a trivial line that follows still inserts", files: map[string]string{"b.go": "f()\n}\n"},
		op: lang.OpFileInsert, params: p("path", "b.go", "line", "1", "content", "}\n"),
		want: ok(data("path", "b.go", "lines_inserted", 1)), after: map[string]string{"b.go": "f()\n}\n}\n"}},
	{name: "insert of lines found elsewhere inserts", files: map[string]string{"i.py": "import sys\nimport os\n"},
		op: lang.OpFileInsert, params: p("path", "i.py", "line", "2", "content", "import sys\n"),
		want: ok(data("path", "i.py", "lines_inserted", 1)), after: map[string]string{"i.py": "import sys\nimport os\nimport sys\n"}},

	// file_replace_text
	{name: "replace once", files: map[string]string{"r.txt": "Hello World"},
		op: lang.OpFileReplaceText, params: p("path", "r.txt", "old_text", "Hello", "new_text", "Goodbye"),
		want: ok(data("path", "r.txt", "replacements", 1)), after: map[string]string{"r.txt": "Goodbye World"}},
	{name: "replace not found", files: map[string]string{"r.txt": "func a() {\n\treturn 1\n}\n"},
		op: lang.OpFileReplaceText, params: p("path", "r.txt", "old_text", "func a() {\n    return 1\n}", "new_text", "x"),
		want: fail("file_replace_text: old_text not found in file", fault.SearchNotFound, "old_text"),
		hint: "closest match at lines 1-3: line 2 is indented with 1 tab in the file but 4 spaces in old_text; copy old_text exactly from the file:\n1: func a() {\n2: \treturn 1\n3: }"},
	{name: "replace missing semicolon", files: map[string]string{"r.txt": "a := f(x);\nb := g(a);\nreturn b;\n"},
		op: lang.OpFileReplaceText, params: p("path", "r.txt", "old_text", "a := f(x);\nb := g(a)\nreturn b;", "new_text", "y2"),
		want: fail("file_replace_text: old_text not found in file", fault.SearchNotFound, "old_text"),
		hint: "closest match at lines 1-3: line 2 goes on at column 10 in the file with `;` where old_text's line ends; copy old_text exactly from the file:\n1: a := f(x);\n2: b := g(a);\n3: return b;"},
	{name: "replace curly quotes", files: map[string]string{"r.txt": "msg := \"it's done\"\n"},
		op: lang.OpFileReplaceText, params: p("path", "r.txt", "old_text", "msg := “it’s done”", "new_text", "x"),
		want: fail("file_replace_text: old_text not found in file", fault.SearchNotFound, "old_text"),
		hint: "closest match at line 1: line 1 has straight quotes in the file where old_text has curly ones"},
	{name: "replace already applied", files: map[string]string{"r.txt": "port := 8080\n"},
		op: lang.OpFileReplaceText, params: p("path", "r.txt", "old_text", "port := 3000", "new_text", "port := 8080"),
		want: Result{Success: true, AlreadyApplied: true, Data: data("path", "r.txt", "replacements", 0)}},
	{name: "replace already applied CRLF", files: map[string]string{"r.txt": "a\r\nBee\r\nCee\r\n"},
		op: lang.OpFileReplaceText, params: p("path", "r.txt", "old_text", "bee\ncee", "new_text", "Bee\nCee"),
		want: Result{Success: true, AlreadyApplied: true, Data: data("path", "r.txt", "replacements", 0)}},
	{name: "replace new_text twice is not already applied", files: map[string]string{"r.txt": "port := 8080\nport := 8080\n"},
		op: lang.OpFileReplaceText, params: p("path", "r.txt", "old_text", "port := 3000", "new_text", "port := 8080"),
		want: fail("file_replace_text: old_text not found in file", fault.SearchNotFound, "old_text")},
	{name: "replace to empty is never already applied", files: map[string]string{"r.txt": "x\n"},
		op: lang.OpFileReplaceText, params: p("path", "r.txt", "old_text", "gone", "new_text", ""),
		want: fail("file_replace_text: old_text not found in file", fault.SearchNotFound, "old_text")},
	{name: "replace ambiguous", files: map[string]string{"r.txt": "x\nfoo\nx\nfoo\nfoo\n"},
		op: lang.OpFileReplaceText, params: p("path", "r.txt", "old_text", "foo", "new_text", "bar"),
		want: fail("file_replace_text: old_text appears 3 times, must appear exactly once", fault.SearchAmbiguous, "old_text"),
		hint: "old_text matches at lines 2, 4 and 5"},
	{name: "replace empty old_text", files: map[string]string{"r.txt": "x"},
		op: lang.OpFileReplaceText, params: p("path", "r.txt", "old_text", "", "new_text", "y"),
		want: fail("file_replace_text: old_text cannot be empty", fault.None, "old_text")},
	{name: "replace missing file",
		op: lang.OpFileReplaceText, params: p("path", "does-not-exist.txt", "old_text", "text", "new_text", "other"),
		want: checkPath(fail("ENOENT: no such file or directory, open 'does-not-exist.txt'", fault.FileNotFound, "path"))},
	{name: "replace LF search in CRLF file keeps CRLF", files: map[string]string{"w.txt": "a\r\nb\r\nc\r\n"},
		op: lang.OpFileReplaceText, params: p("path", "w.txt", "old_text", "a\nb", "new_text", "x\ny\nz"),
		want: ok(data("path", "w.txt", "replacements", 1)), after: map[string]string{"w.txt": "x\r\ny\r\nz\r\nc\r\n"}},
	{name: "replace one line with several in a CRLF file", files: map[string]string{"w.txt": "a\r\nb\r\n"},
		op: lang.OpFileReplaceText, params: p("path", "w.txt", "old_text", "b", "new_text", "b1\nb2"),
		want: ok(data("path", "w.txt", "replacements", 1)), after: map[string]string{"w.txt": "a\r\nb1\r\nb2\r\n"}},
	{name: "replace keeps BOM", files: map[string]string{"b.txt": "\uFEFFhello\n"},
		op: lang.OpFileReplaceText, params: p("path", "b.txt", "old_text", "hello", "new_text", "bye"),
		want: ok(data("path", "b.txt", "replacements", 1)), after: map[string]string{"b.txt": "\uFEFFbye\n"}},
	{name: "replace refuses non-UTF-8 file", files: map[string]string{"bin.dat": "a\xffb"},
		op: lang.OpFileReplaceText, params: p("path", "bin.dat", "old_text", "a", "new_text", "b"),
		want: fail("file_replace_text: 'bin.dat' is not valid UTF-8 (byte 0xff at offset 1, line 1)", fault.None, "path")},
	{name: "replace is case-sensitive", files: map[string]string{"r.txt": "Hello"},
		op: lang.OpFileReplaceText, params: p("path", "r.txt", "old_text", "hello", "new_text", "x"),
		want: fail("file_replace_text: old_text not found in file", fault.SearchNotFound, "old_text"),
		hint: "closest match at line 1: line 1 differs in letter case at column 1"},

	// file_replace_all_text
	{name: "replace all count mismatch", files: map[string]string{"m.txt": "foo foo foo foo"},
		op: lang.OpFileReplaceAllText, params: p("path", "m.txt", "old_text", "foo", "new_text", "bar", "count", "2"),
		want: fail("file_replace_all_text: expected 2 occurrences but found 4", fault.SearchNotFound, "old_text")},
	{name: "replace all", files: map[string]string{"m.txt": "a x a x a"},
		op: lang.OpFileReplaceAllText, params: p("path", "m.txt", "old_text", "a", "new_text", "b"),
		want: ok(data("path", "m.txt", "replacements", 3)), after: map[string]string{"m.txt": "b x b x b"}},
	{name: "replace all count matches", files: map[string]string{"m.txt": "a a"},
		op: lang.OpFileReplaceAllText, params: p("path", "m.txt", "old_text", "a", "new_text", "b", "count", "2"),
		want: ok(data("path", "m.txt", "replacements", 2)), after: map[string]string{"m.txt": "b b"}},
	{name: "replace all empty", files: map[string]string{"m.txt": "a"},
		op: lang.OpFileReplaceAllText, params: p("path", "m.txt", "old_text", "", "new_text", "b"),
		want: fail("file_replace_all_text: old_text cannot be empty", fault.None, "old_text")},
	{name: "replace all already applied with count", files: map[string]string{"m.txt": "bee x bee"},
		op: lang.OpFileReplaceAllText, params: p("path", "m.txt", "old_text", "a", "new_text", "bee", "count", "2"),
		want: Result{Success: true, AlreadyApplied: true, Data: data("path", "m.txt", "replacements", 0)}},
	{name: "replace all count differs from new_text's", files: map[string]string{"m.txt": "b x b x b"},
		op: lang.OpFileReplaceAllText, params: p("path", "m.txt", "old_text", "a", "new_text", "b", "count", "2"),
		want: fail("file_replace_all_text: expected 2 occurrences but found 0", fault.SearchNotFound, "old_text")},
	{name: "replace all without count, short new_text is no evidence", files: map[string]string{"m.txt": "b x b"},
		op: lang.OpFileReplaceAllText, params: p("path", "m.txt", "old_text", "a", "new_text", "b"),
		want: fail("file_replace_all_text: old_text not found in file", fault.SearchNotFound, "old_text")},
	{name: "replace all without count replayed", files: map[string]string{"m.go": "newName(1)\nx := newName\n"},
		op: lang.OpFileReplaceAllText, params: p("path", "m.go", "old_text", "oldName", "new_text", "newName"),
		want: Result{Success: true, AlreadyApplied: true, Data: data("path", "m.go", "replacements", 0)}},
	{name: "replace all bad count", files: map[string]string{"m.txt": "a"},
		op: lang.OpFileReplaceAllText, params: p("path", "m.txt", "old_text", "a", "new_text", "b", "count", "two"),
		want: fail("file_replace_all_text: count must be a positive whole number, got 'two'", fault.None, "count")},

	// file_replace_text_range
	{name: "range inclusive", files: map[string]string{"g.txt": "a\nstart {\nx\n} end\nb\n"},
		op: lang.OpFileReplaceTextRange, params: p("path", "g.txt", "old_text_beginning", "start {", "old_text_end", "} end", "new_text", "NEW"),
		want: ok(data("path", "g.txt", "replacements", 1)), after: map[string]string{"g.txt": "a\nNEW\nb\n"}},
	{name: "range end is first after start", files: map[string]string{"g.txt": "S 1 E 2 E"},
		op: lang.OpFileReplaceTextRange, params: p("path", "g.txt", "old_text_beginning", "S", "old_text_end", "E", "new_text", "X"),
		want: ok(data("path", "g.txt", "replacements", 1)), after: map[string]string{"g.txt": "X 2 E"}},
	{name: "range twice", files: map[string]string{"g.txt": "S a E\nS b E\n"},
		op: lang.OpFileReplaceTextRange, params: p("path", "g.txt", "old_text_beginning", "S", "old_text_end", "E", "new_text", "X"),
		want: fail("file_replace_text_range: the range appears 2 times, must appear exactly once", fault.SearchAmbiguous, "old_text_beginning"),
		hint: "the range starts at lines 1 and 2; make old_text_beginning or old_text_end longer so exactly one range matches\n1: S a E\n2: S b E"},
	{name: "range end missing", files: map[string]string{"g.txt": "E S a\n"},
		op: lang.OpFileReplaceTextRange, params: p("path", "g.txt", "old_text_beginning", "S", "old_text_end", "E", "new_text", "X"),
		want: fail("file_replace_text_range: old_text_end not found after old_text_beginning", fault.SearchNotFound, "old_text_end")},
	{name: "range start missing", files: map[string]string{"g.txt": "abc"},
		op: lang.OpFileReplaceTextRange, params: p("path", "g.txt", "old_text_beginning", "S", "old_text_end", "E", "new_text", "X"),
		want: fail("file_replace_text_range: old_text_beginning not found in file", fault.SearchNotFound, "old_text_beginning")},

	{name: "range already applied", files: map[string]string{"g.txt": "a\nNEW\nb\n"},
		op: lang.OpFileReplaceTextRange, params: p("path", "g.txt", "old_text_beginning", "start {", "old_text_end", "} end", "new_text", "NEW"),
		want: Result{Success: true, AlreadyApplied: true, Data: data("path", "g.txt", "replacements", 0)}},

	// replays of edits whose new_text contains old_text (textedit/replay.go)
	{name: "extending edit replayed", files: map[string]string{"m.js": "function sub(a, b) { return a - b }\nfunction mul(a, b) { return a * b }\n"},
		op: lang.OpFileReplaceText, params: p("path", "m.js", "old_text", "function sub(a, b) { return a - b }\n", "new_text", "function sub(a, b) { return a - b }\nfunction mul(a, b) { return a * b }\n"),
		want: Result{Success: true, AlreadyApplied: true, Data: data("path", "m.js", "replacements", 0)}},
	{name: "extending edit first time", files: map[string]string{"m.js": "function sub(a, b) { return a - b }\nend\n"},
		op: lang.OpFileReplaceText, params: p("path", "m.js", "old_text", "function sub(a, b) { return a - b }\n", "new_text", "function sub(a, b) { return a - b }\nfunction mul(a, b) { return a * b }\n"),
		want: ok(data("path", "m.js", "replacements", 1)), after: map[string]string{"m.js": "function sub(a, b) { return a - b }\nfunction mul(a, b) { return a * b }\nend\n"}},
	{name: "prepending edit replayed", files: map[string]string{"m.py": "import os\nimport sys\n\nprint(sys.argv)\n"},
		op: lang.OpFileReplaceText, params: p("path", "m.py", "old_text", "import sys\n", "new_text", "import os\nimport sys\n"),
		want: Result{Success: true, AlreadyApplied: true, Data: data("path", "m.py", "replacements", 0)}},
	{name: "replay with old_text twice in new_text", files: map[string]string{"w.go": "func f() {\n\tlog()\n\twork()\n\tlog()\n}\n"},
		op: lang.OpFileReplaceText, params: p("path", "w.go", "old_text", "\tlog()\n", "new_text", "\tlog()\n\twork()\n\tlog()\n"),
		want: Result{Success: true, AlreadyApplied: true, Data: data("path", "w.go", "replacements", 0)}},
	{name: "replay in a CRLF file", files: map[string]string{"c.txt": "one\r\ntwo\r\nthree\r\n"},
		op: lang.OpFileReplaceText, params: p("path", "c.txt", "old_text", "one\n", "new_text", "one\ntwo\n"),
		want: Result{Success: true, AlreadyApplied: true, Data: data("path", "c.txt", "replacements", 0)}},
	{name: "replay at one match of two is ambiguous", files: map[string]string{"m.py": "import os\nimport sys\n\nimport sys\n"},
		op: lang.OpFileReplaceText, params: p("path", "m.py", "old_text", "import sys\n", "new_text", "import os\nimport sys\n"),
		want: fail("file_replace_text: old_text appears 2 times, must appear exactly once", fault.SearchAmbiguous, "old_text"),
		hint: "old_text matches at lines 2 and 4; include more surrounding lines so it matches exactly once\n2: import sys\n4: import sys\nold_text at line 2 already lies inside a copy of new_text, so the edit looks applied there; if it is, drop the edit"},
	{name: "two copies of new_text are ambiguous", files: map[string]string{"m.py": "import os\nimport sys\nimport os\nimport sys\n"},
		op: lang.OpFileReplaceText, params: p("path", "m.py", "old_text", "import sys\n", "new_text", "import os\nimport sys\n"),
		want: fail("file_replace_text: old_text appears 2 times, must appear exactly once", fault.SearchAmbiguous, "old_text"),
		hint: "old_text at lines 2 and 4 already lies inside a copy of new_text"},
	{name: "a trivial new_text is no evidence", files: map[string]string{"r.txt": "a = x\n"},
		op: lang.OpFileReplaceText, params: p("path", "r.txt", "old_text", "a = y", "new_text", "x"),
		want: fail("file_replace_text: old_text not found in file", fault.SearchNotFound, "old_text"),
		hint: "(new_text \"x\" occurs once, at line 1, but is too short to tell that this edit is already applied)"},
	{name: "punctuation is no evidence", files: map[string]string{"r.js": "run(() => {\n});\n"},
		op: lang.OpFileReplaceText, params: p("path", "r.js", "old_text", "g(a);", "new_text", "});"),
		want: fail("file_replace_text: old_text not found in file", fault.SearchNotFound, "old_text"), hint: "too short to tell"},
	{name: "replace all extending replayed", files: map[string]string{"c.go": "foo(ctx, a)\nfoo(ctx, b)\n"},
		op: lang.OpFileReplaceAllText, params: p("path", "c.go", "old_text", "foo(", "new_text", "foo(ctx, "),
		want: Result{Success: true, AlreadyApplied: true, Data: data("path", "c.go", "replacements", 0)}},
	{name: "replace all extending replayed with count", files: map[string]string{"c.go": "foo(ctx, a)\nfoo(ctx, b)\n"},
		op: lang.OpFileReplaceAllText, params: p("path", "c.go", "old_text", "foo(", "new_text", "foo(ctx, ", "count", "2"),
		want: Result{Success: true, AlreadyApplied: true, Data: data("path", "c.go", "replacements", 0)}},
	{name: "replace all extending, count differs", files: map[string]string{"c.go": "foo(ctx, a)\nfoo(ctx, b)\n"},
		op: lang.OpFileReplaceAllText, params: p("path", "c.go", "old_text", "foo(", "new_text", "foo(ctx, ", "count", "3"),
		want: fail("file_replace_all_text: expected 3 occurrences but found 2", fault.SearchNotFound, "old_text")},
	{name: "replace all extending, applied at some places only", files: map[string]string{"c.go": "foo(ctx, a)\nfoo(b)\nfoo(ctx, c)\n"},
		op: lang.OpFileReplaceAllText, params: p("path", "c.go", "old_text", "foo(", "new_text", "foo(ctx, "),
		want: fail("file_replace_all_text: old_text appears 3 times, 2 of them already inside a copy of new_text; replacing all would apply the edit twice there", fault.SearchNotFound, "old_text"),
		hint: "the edit looks applied at lines 1 and 3 and not at line 2; make old_text match only the places still to change, or use file_replace_text for each"},
	{name: "replace all extending first time", files: map[string]string{"c.go": "foo(a)\nfoo(b)\n"},
		op: lang.OpFileReplaceAllText, params: p("path", "c.go", "old_text", "foo(", "new_text", "foo(ctx, "),
		want: ok(data("path", "c.go", "replacements", 2)), after: map[string]string{"c.go": "foo(ctx, a)\nfoo(ctx, b)\n"}},
	{name: "range extending replayed", files: map[string]string{"g.js": "function a() {\n  x()\n}\nfunction b() {}\n"},
		op: lang.OpFileReplaceTextRange, params: p("path", "g.js", "old_text_beginning", "function a() {", "old_text_end", "}", "new_text", "function a() {\n  x()\n}\nfunction b() {}"),
		want: Result{Success: true, AlreadyApplied: true, Data: data("path", "g.js", "replacements", 0)}},
	{name: "tolerant extending hunk replayed", files: map[string]string{"t.py": "def f():\n    return 1\n\ndef g():\n    return 2\n"},
		op: lang.OpFileReplaceText, params: p("path", "t.py", "tolerance", "whitespace", "old_text", "def f():\n    return 1\n", "new_text", "def f():\n    return 1\n\ndef g():\n    return 2\n"),
		want: Result{Success: true, AlreadyApplied: true, Data: data("path", "t.py", "replacements", 0)}},
	{name: "tolerant: the result as the rung writes it (the file's tabs) is already applied", files: map[string]string{"t.py": "a:\n\tb\n\tc\n"},
		op: lang.OpFileReplaceText, params: p("path", "t.py", "tolerance", "whitespace", "old_text", "a:\n  b\n", "new_text", "a:\n  b\n  c\n"),
		want: Result{Success: true, AlreadyApplied: true, Data: data("path", "t.py", "replacements", 0)}},
	{name: "tolerant: a copy differing from what the rung writes is not the hunk's result", files: map[string]string{"t.py": "a:\n\tb\n  c\n"},
		op: lang.OpFileReplaceText, params: p("path", "t.py", "tolerance", "whitespace", "old_text", "a:\n  b\n", "new_text", "a:\n  b\n  c\n"),
		want: ok(data("path", "t.py", "replacements", 1, "match", "whitespace")), after: map[string]string{"t.py": "a:\n\tb\n\tc\n  c\n"}},
	{name: "tolerant changing hunk replayed", files: map[string]string{"t.py": "def f():\n    return 2\n"},
		op: lang.OpFileReplaceText, params: p("path", "t.py", "tolerance", "whitespace", "old_text", "def f():\n    return 1\n", "new_text", "def f():\n    return 2\n"),
		want: Result{Success: true, AlreadyApplied: true, Data: data("path", "t.py", "replacements", 0)}},
	{name: "tolerant insertion at the end replayed", files: map[string]string{"t.py": "a = 1\nb = 2\n"},
		op: lang.OpFileReplaceText, params: p("path", "t.py", "tolerance", "whitespace", "old_text", "", "new_text", "b = 2\n"),
		want: Result{Success: true, AlreadyApplied: true, Data: data("path", "t.py", "replacements", 0)}},
	{name: "tolerant insertion after an anchor replayed", files: map[string]string{"t.py": "class A:\n    x = 1\n    y = 2\n"},
		op: lang.OpFileReplaceText, params: p("path", "t.py", "tolerance", "whitespace", "anchor", "class A:", "old_text", "", "new_text", "    x = 1\n"),
		want: Result{Success: true, AlreadyApplied: true, Data: data("path", "t.py", "replacements", 0)}},
	{name: "tolerant insertion after an anchor", files: map[string]string{"t.py": "class A:\n    y = 2\n"},
		op: lang.OpFileReplaceText, params: p("path", "t.py", "tolerance", "whitespace", "anchor", "class A:", "old_text", "", "new_text", "    x = 1\n"),
		want: ok(data("path", "t.py", "replacements", 1, "match", "exact")), after: map[string]string{"t.py": "class A:\n    x = 1\n    y = 2\n"}},

	// file_replace_lines
	{name: "lines range", files: map[string]string{"l.txt": "1\n2\n3\n4\n"},
		op: lang.OpFileReplaceLines, params: p("path", "l.txt", "lines", "2-3", "new_content", "X\n"),
		want: ok(data("path", "l.txt", "lines_replaced", 2)), after: map[string]string{"l.txt": "1\nX\n4\n"}},
	{name: "lines emptied leave an empty line", files: map[string]string{"l.txt": "1\n2\n3\n4\n"},
		op: lang.OpFileReplaceLines, params: p("path", "l.txt", "lines", "2-3", "new_content", ""),
		want: ok(data("path", "l.txt", "lines_replaced", 2)), after: map[string]string{"l.txt": "1\n\n4\n"}},
	{name: "lines CRLF", files: map[string]string{"l.txt": "1\r\n2\r\n3\r\n"},
		op: lang.OpFileReplaceLines, params: p("path", "l.txt", "lines", "2", "new_content", "a\nb"),
		want: ok(data("path", "l.txt", "lines_replaced", 1)), after: map[string]string{"l.txt": "1\r\na\r\nb\r\n3\r\n"}},
	{name: "lines last without newline", files: map[string]string{"l.txt": "1\n2"},
		op: lang.OpFileReplaceLines, params: p("path", "l.txt", "lines", "2", "new_content", "Z"),
		want: ok(data("path", "l.txt", "lines_replaced", 1)), after: map[string]string{"l.txt": "1\nZ"}},
	{name: "lines out of range", files: map[string]string{"l.txt": "1\n2\n3"},
		op: lang.OpFileReplaceLines, params: p("path", "l.txt", "lines", "5-9", "new_content", "x"),
		want: fail("file_replace_lines: Line range 5-9 is out of bounds (file has 3 lines)", fault.None, "lines")},
	{name: "lines final newline ends the last line", files: map[string]string{"l.txt": "1\n2\n"},
		op: lang.OpFileReplaceLines, params: p("path", "l.txt", "lines", "3", "new_content", "x"),
		want: fail("file_replace_lines: Line range 3 is out of bounds (file has 2 lines)", fault.None, "lines")},
	{name: "lines last line keeps its newline", files: map[string]string{"l.txt": "1\n2\n"},
		op: lang.OpFileReplaceLines, params: p("path", "l.txt", "lines", "2", "new_content", "Z"),
		want: ok(data("path", "l.txt", "lines_replaced", 1)), after: map[string]string{"l.txt": "1\nZ\n"}},
	{name: "lines in an empty file", files: map[string]string{"l.txt": ""},
		op: lang.OpFileReplaceLines, params: p("path", "l.txt", "lines", "1", "new_content", "x"),
		want: fail("file_replace_lines: Line range 1 is out of bounds (file has 0 lines)", fault.None, "lines")},
	{name: "lines bad spec text", files: map[string]string{"l.txt": "1"},
		op: lang.OpFileReplaceLines, params: p("path", "l.txt", "lines", "abc", "new_content", "x"),
		want: fail("file_replace_lines: Invalid line specification 'abc'", fault.None, "lines")},
	{name: "lines bad spec", files: map[string]string{"l.txt": "1"},
		op: lang.OpFileReplaceLines, params: p("path", "l.txt", "lines", "3-1", "new_content", "x"),
		want: fail("file_replace_lines: Invalid line range '3-1' (start must be <= end)", fault.None, "lines")},

	// file_move
	{name: "move", files: map[string]string{"a.txt": "A"},
		op: lang.OpFileMove, params: p("old_path", "a.txt", "new_path", "b.txt"),
		want: ok(data("old_path", "a.txt", "new_path", "b.txt")), after: map[string]string{"b.txt": "A"}},
	{name: "move overwrites", files: map[string]string{"a.txt": "A", "b.txt": "B"},
		op: lang.OpFileMove, params: p("old_path", "a.txt", "new_path", "b.txt"),
		want: ok(data("old_path", "a.txt", "new_path", "b.txt", "overwrote", true)), after: map[string]string{"b.txt": "A"}},
	{name: "move missing source",
		op: lang.OpFileMove, params: p("old_path", "ghost.txt", "new_path", "b.txt"),
		want: checkPath(fail("file_move: Source file not found 'ghost.txt' (ENOENT)", fault.FileNotFound, "old_path"))},
	{name: "move creates parents", files: map[string]string{"a.txt": "A"},
		op: lang.OpFileMove, params: p("old_path", "a.txt", "new_path", "x/y/a.txt"),
		want: ok(data("old_path", "a.txt", "new_path", "x/y/a.txt")), after: map[string]string{"x/": "", "x/y/": "", "x/y/a.txt": "A"}},
	{name: "move into dir/", files: map[string]string{"f.txt": "F"},
		op: lang.OpFileMove, params: p("old_path", "f.txt", "new_path", "dir/"),
		want: ok(data("old_path", "f.txt", "new_path", "dir/f.txt")), after: map[string]string{"dir/": "", "dir/f.txt": "F"}},
	{name: "move dir into existing dir", files: map[string]string{"src/a": "a", "src/s/b": "b", "dest/": ""},
		op: lang.OpFileMove, params: p("old_path", "src/", "new_path", "dest/"),
		want:  ok(data("old_path", "src/", "new_path", "dest/src")),
		after: map[string]string{"dest/": "", "dest/src/": "", "dest/src/a": "a", "dest/src/s/": "", "dest/src/s/b": "b"}},
	{name: "move dir to missing dir/ renames it", files: map[string]string{"old-dir/a": "a"},
		op: lang.OpFileMove, params: p("old_path", "old-dir/", "new_path", "new-dir/"),
		want:  ok(data("old_path", "old-dir/", "new_path", "new-dir/")),
		after: map[string]string{"new-dir/": "", "new-dir/a": "a"}},
	{name: "move onto itself is a no-op", files: map[string]string{"a.txt": "A"},
		op: lang.OpFileMove, params: p("old_path", "a.txt", "new_path", "./a.txt"),
		want: ok(data("old_path", "a.txt", "new_path", "./a.txt"))},
	{name: "move dir into itself", files: map[string]string{"d/a": "a"},
		op: lang.OpFileMove, params: p("old_path", "d", "new_path", "d/e/f"),
		want: fail("file_move: cannot move 'd' into itself ('d/e/f')", fault.None, "old_path")},
	// A destination refused or taken is new_path's failure.
	{name: "move into .git refused", files: map[string]string{"a.txt": "A"},
		op: lang.OpFileMove, params: p("old_path", "a.txt", "new_path", ".git/a.txt"),
		want: fail("file_move: '.git/a.txt' is inside a .git directory, which actions never write", fault.PermissionDenied, "new_path")},

	// file_delete, remove
	{name: "delete file", files: map[string]string{"a": "A", "b": "B"},
		op: lang.OpFileDelete, params: p("path", "a"),
		want: ok(data("path", "a")), after: map[string]string{"b": "B"}},
	{name: "delete missing",
		op: lang.OpFileDelete, params: p("path", "nope"),
		want: checkPath(fail("ENOENT: no such file or directory, unlink 'nope'", fault.FileNotFound, "path"))},
	{name: "delete directory refused", files: map[string]string{"d/": ""},
		op: lang.OpFileDelete, params: p("path", "d"),
		want: fail("EISDIR: illegal operation on a directory, unlink 'd'", fault.None, "path"), hint: "use dir_delete"},
	{name: "remove tree", files: map[string]string{"d/a": "A", "d/e/b": "B", "k": "K"},
		op: lang.OpRemove, params: p("path", "d/"),
		want: ok(data("path", "d/")), after: map[string]string{"k": "K"}},
	{name: "remove missing",
		op: lang.OpRemove, params: p("path", "nope"),
		want: checkPath(fail("ENOENT: no such file or directory, rm 'nope'", fault.FileNotFound, "path"))},
	{name: "remove root refused", files: map[string]string{"k": "K"},
		op: lang.OpRemove, params: p("path", "."),
		want: fail("remove: '.' is the project root", fault.PermissionDenied, "path")},

	// reads
	{name: "read", files: map[string]string{"r.txt": "text\n"},
		op: lang.OpFileRead, params: p("path", "r.txt"),
		want: ok(data("path", "r.txt", "content", "text\n"))},
	{name: "read missing",
		op: lang.OpFileRead, params: p("path", "nope.txt"),
		want: checkPath(fail("ENOENT: no such file or directory, open 'nope.txt'", fault.FileNotFound, "path"))},
	{name: "read numbered range", files: map[string]string{"n.txt": "a\nb\nc"},
		op: lang.OpFileReadNumbered, params: p("path", "n.txt", "lines", "2-3"),
		want: ok(data("path", "n.txt", "content", "2: b\n3: c"))},
	{name: "read numbered partial", files: map[string]string{"n.txt": "a\nb\nc"},
		op: lang.OpFileReadNumbered, params: p("path", "n.txt", "lines", "2-10"),
		want: Result{Error: "file_read_numbered: Requested lines 2-10 but file only has 3 lines", Param: "lines", Data: data("path", "n.txt", "content", "2: b\n3: c")}},
	{name: "read numbered delimiter", files: map[string]string{"n.txt": "a\nb"},
		op: lang.OpFileReadNumbered, params: p("path", "n.txt", "delimiter", "|"),
		want: ok(data("path", "n.txt", "content", "1|a\n2|b"))},
	{name: "read numbered bad spec", files: map[string]string{"n.txt": "a"},
		op: lang.OpFileReadNumbered, params: p("path", "n.txt", "lines", "abc"),
		want: fail("file_read_numbered: Invalid line specification 'abc'", fault.None, "lines")},
	{name: "files_read", files: map[string]string{"a.txt": "A\n", "d/b.txt": "B"},
		op: lang.OpFilesRead, params: p("paths", "a.txt\n\n  d/b.txt  \n"),
		want: ok(data("paths", []string{"a.txt", "d/b.txt"}, "content", "=== a.txt ===\nA\n\n\n=== d/b.txt ===\nB"))},
	{name: "files_read failures", files: map[string]string{"a.txt": "A"},
		op: lang.OpFilesRead, params: p("paths", "x.txt\na.txt\ny.txt"),
		want: Result{Param: "paths", Error: "files_read: Failed to read 2 file(s):\n  x.txt: ENOENT: no such file or directory, open 'x.txt'\n  y.txt: ENOENT: no such file or directory, open 'y.txt'",
			Data: data("paths", []string{"x.txt", "a.txt", "y.txt"}, "content", "=== a.txt ===\nA")}},
	{name: "numbered final newline ends the last line", files: map[string]string{"n.txt": "a\nb\n"},
		op: lang.OpFileReadNumbered, params: p("path", "n.txt", "lines", "2-3"),
		want: Result{Error: "file_read_numbered: Requested lines 2-3 but file only has 2 lines", Param: "lines", Data: data("path", "n.txt", "content", "2: b")}},
	{name: "numbered whole file with final newline", files: map[string]string{"n.txt": "a\nb\n"},
		op: lang.OpFileReadNumbered, params: p("path", "n.txt"),
		want: ok(data("path", "n.txt", "content", "1: a\n2: b"))},
	{name: "files_read none",
		op: lang.OpFilesRead, params: p("paths", "\n \n"),
		want: fail("files_read: No paths provided", fault.None, "paths")},

	// directories
	{name: "dir_create nested",
		op: lang.OpDirCreate, params: p("path", "a/b"),
		want: ok(data("path", "a/b")), after: map[string]string{"a/": "", "a/b/": ""}},
	{name: "dir_create over file", files: map[string]string{"f": "F"},
		op: lang.OpDirCreate, params: p("path", "f"),
		want: fail("EEXIST: file already exists, mkdir 'f'", fault.None, "path")},
	{name: "dir_delete empty", files: map[string]string{"d/": "", "k": "K"},
		op: lang.OpDirDelete, params: p("path", "d"),
		want: ok(data("path", "d")), after: map[string]string{"k": "K"}},
	{name: "dir_delete not empty", files: map[string]string{"d/a": "A"},
		op: lang.OpDirDelete, params: p("path", "d"),
		want: fail("ENOTEMPTY: directory not empty, rmdir 'd'", fault.None, "path"), hint: "use remove"},
	{name: "dir_delete file", files: map[string]string{"f": "F"},
		op: lang.OpDirDelete, params: p("path", "f"),
		want: fail("ENOTDIR: not a directory, rmdir 'f'", fault.None, "path")},

	// search
	{name: "grep honours .gitignore", files: searchTree,
		op: lang.OpGrep, params: p("pattern", `Foo\(`, "path", "."),
		want: ok(data("pattern", `Foo\(`, "path", ".", "matches", []GrepMatch{
			{File: "a.go", LineNumber: 2, Line: "func Foo() {}"},
			{File: "sub/c.go", LineNumber: 1, Line: "// Foo() again"},
			{File: "sub/notes.txt", LineNumber: 3, Line: "call Foo() here"},
		}))},
	{name: "grep include", files: searchTree,
		op: lang.OpGrep, params: p("pattern", "Foo", "path", "sub", "include", "*.go"),
		want: ok(data("pattern", "Foo", "path", "sub", "matches", []GrepMatch{
			{File: "sub/c.go", LineNumber: 1, Line: "// Foo() again"},
		}))},
	{name: "grep bad pattern",
		op: lang.OpGrep, params: p("pattern", "(", "path", "."),
		want: fail("grep: invalid pattern '(': error parsing regexp: missing closing ): `(`", fault.None, "pattern")},
	{name: "grep bad include",
		op: lang.OpGrep, params: p("pattern", "x", "path", ".", "include", "["),
		want: fail("grep: invalid include glob '['", fault.None, "include")},
	{name: "glob pattern out of base_path",
		op: lang.OpGlob, params: p("pattern", "../*", "base_path", "."),
		want: fail("glob: pattern '../*' climbs out of base_path with '..'; a pattern only matches below base_path", fault.PathEscape, "pattern")},
	{name: "glob base_path missing",
		op: lang.OpGlob, params: p("pattern", "*", "base_path", "nope"),
		want: checkPath(fail("ENOENT: no such file or directory, scandir 'nope'", fault.FileNotFound, "base_path"))},
	{name: "tolerant replace with its anchor missing", files: map[string]string{"f.txt": "a\nb\n"},
		op: lang.OpFileReplaceText, params: p("path", "f.txt", "old_text", "b\n", "new_text", "c\n", "anchor", "zzz", "tolerance", "whitespace"),
		want: fail("file_replace_text: anchor 'zzz' not found in 'f.txt'", fault.SearchNotFound, "anchor")},
	{name: "glob", files: searchTree,
		op: lang.OpGlob, params: p("pattern", "**/*.go", "base_path", "."),
		want: ok(data("pattern", "**/*.go", "base_path", ".", "matches", []string{"a.go", "sub/c.go"}))},
	{name: "glob in subdir", files: searchTree,
		op: lang.OpGlob, params: p("pattern", "*.txt", "base_path", "sub"),
		want: ok(data("pattern", "*.txt", "base_path", "sub", "matches", []string{"sub/latin1.txt", "sub/notes.txt"}))},

	{name: "exec is the runner's",
		op: lang.OpExec, params: p("code", "true", "lang", "sh"),
		want: fail("Unknown action: exec", fault.None, ""), hint: "runner"},
	{name: "unknown",
		op: lang.OpID(200), params: p("path", "x"),
		want: fail("Unknown action: OpID(200)", fault.None, ""), hint: "clada actions"},
}

// searchTree has ignored files (by a root and a nested .gitignore) that
// would otherwise match.
var searchTree = map[string]string{
	".gitignore":        "build/\n*.log\n",
	"a.go":              "package a\nfunc Foo() {}\n",
	"app.log":           "Foo() in a log\n",
	"build/gen.go":      "func Foo() {}\n",
	"sub/.gitignore":    "secret.go\n",
	"sub/c.go":          "// Foo() again\n",
	"sub/secret.go":     "Foo()\n",
	"sub/notes.txt":     "one\ntwo\ncall Foo() here\n",
	".git/config":       "Foo()\n",
	"sub/image.bin":     "Foo()\x00\x01",
	"sub/latin1.txt":    "Foo() caf\xe9\n",
	"sub/keep/x.md":     "nothing\n",
	"sub/keep/y.go.txt": "nothing\n",
}

func TestOps(t *testing.T) {
	for _, tc := range opCases {
		t.Run(tc.name, func(t *testing.T) {
			bothWorkspaces(t, tc.files, func(t *testing.T, cfg *Config, ws fsys.Workspace) {
				before := viewTree(t, ws, cfg.Root)
				got := Do(context.Background(), ws, cfg, tc.op, tc.params)
				if diff := cmp.Diff(tc.want, got, cmpopts.IgnoreFields(Result{}, "Hint")); diff != "" {
					t.Errorf("Result (-want +got):\n%s", diff)
				}
				if !got.Success && got.Hint == "" {
					t.Errorf("a failure must carry a hint: %+v", got)
				}
				if !strings.Contains(got.Hint, tc.hint) {
					t.Errorf("hint %q does not contain %q", got.Hint, tc.hint)
				}
				want := tc.after
				if want == nil {
					want = before
				}
				if diff := cmp.Diff(want, viewTree(t, ws, cfg.Root)); diff != "" {
					t.Errorf("tree after (-want +got):\n%s", diff)
				}
			})
		})
	}
}

// Several edits to one file apply in order, each seeing the previous one.
func TestEditsApplyInOrder(t *testing.T) {
	bothWorkspaces(t, map[string]string{"f.txt": "a\nb\nc\n"}, func(t *testing.T, cfg *Config, ws fsys.Workspace) {
		steps := []map[string]string{
			p("path", "f.txt", "old_text", "a", "new_text", "A1"),
			p("path", "f.txt", "old_text", "A1\nb", "new_text", "A2\nB"),
			p("path", "f.txt", "old_text", "A2", "new_text", "A3"),
		}
		for i, s := range steps {
			if r := Do(context.Background(), ws, cfg, lang.OpFileReplaceText, s); !r.Success {
				t.Fatalf("step %d: %+v", i, r)
			}
		}
		got, err := ws.ReadFile(filepath.Join(cfg.Root, "f.txt"))
		if err != nil || string(got) != "A3\nB\nc\n" {
			t.Fatalf("got %q, %v", got, err)
		}
	})
}

func TestLs(t *testing.T) {
	bothWorkspaces(t, map[string]string{"d/a.txt": "abc", "d/sub/": ""}, func(t *testing.T, cfg *Config, ws fsys.Workspace) {
		r := Do(context.Background(), ws, cfg, lang.OpLs, p("path", "d"))
		if !r.Success {
			t.Fatalf("%+v", r)
		}
		entries := r.Data["entries"].([]LsEntry)
		for i := range entries {
			if len(entries[i].Modified) < len("2006-01-02T15:04:05Z") {
				t.Errorf("modified %q is not RFC 3339", entries[i].Modified)
			}
			entries[i].Modified = ""
			if entries[i].Type == "directory" {
				entries[i].Size = 0
			}
		}
		want := []LsEntry{{Name: "a.txt", Type: "file", Size: 3}, {Name: "sub", Type: "directory"}}
		if diff := cmp.Diff(want, entries); diff != "" {
			t.Errorf("entries (-want +got):\n%s", diff)
		}
		r = Do(context.Background(), ws, cfg, lang.OpLs, p("path", "d/a.txt"))
		if r.Error != "ENOTDIR: not a directory, scandir 'd/a.txt'" {
			t.Errorf("ls of a file: %+v", r)
		}
	})
}

// BenchmarkOps measures single ops on the OS workspace, with and without
// fsync, so the op path's own cost can be told apart from the disk's.
func BenchmarkOps(b *testing.B) {
	for _, fsync := range []bool{false, true} {
		mode := "nofsync"
		if fsync {
			mode = "fsync"
		}
		dir := b.TempDir()
		cfg := DefaultConfig(dir)
		cfg.NoFsync = !fsync
		ws, err := NewOS(cfg)
		if err != nil {
			b.Fatal(err)
		}
		ctx := context.Background()
		content := strings.Repeat("line of text\n", 200)
		if r := Do(ctx, ws, cfg, lang.OpFileWrite, p("path", "src/pkg/f.txt", "content", content+"MARK\n")); !r.Success {
			b.Fatal(r.Error)
		}
		cases := []struct {
			op     lang.OpID
			params map[string]string
		}{
			{lang.OpFileWrite, p("path", "src/pkg/w.txt", "content", content)},
			{lang.OpFileRead, p("path", "src/pkg/f.txt")},
			{lang.OpFileReplaceText, p("path", "src/pkg/f.txt", "old_text", "MARK", "new_text", "MARK")},
		}
		for _, c := range cases {
			b.Run(mode+"/"+c.op.String(), func(b *testing.B) {
				for b.Loop() {
					if r := Do(ctx, ws, cfg, c.op, c.params); !r.Success {
						b.Fatal(r.Error)
					}
				}
			})
		}
		ws.Close()
	}
}

func TestGrepCapsMatches(t *testing.T) {
	bothWorkspaces(t, map[string]string{"many.txt": strings.Repeat("hit\n", 1500)}, func(t *testing.T, cfg *Config, ws fsys.Workspace) {
		r := Do(context.Background(), ws, cfg, lang.OpGrep, p("pattern", "hit", "path", "."))
		if !r.Success || len(r.Data["matches"].([]GrepMatch)) != maxGrepMatches || r.Data["truncated"] != true {
			t.Fatalf("want %d matches and truncated, got success=%v truncated=%v", maxGrepMatches, r.Success, r.Data["truncated"])
		}
	})
}

func TestDoCancelled(t *testing.T) {
	bothWorkspaces(t, nil, func(t *testing.T, cfg *Config, ws fsys.Workspace) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		r := Do(ctx, ws, cfg, lang.OpFileWrite, p("path", "a", "content", "x"))
		if r.Success || r.Error != "file_write: not started: context canceled" {
			t.Fatalf("%+v", r)
		}
		if _, err := ws.Lstat(cfg.Root + "/a"); err == nil {
			t.Fatal("a cancelled op wrote")
		}
	})
}
