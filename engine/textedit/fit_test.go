package textedit

import "testing"

// A hunk matched on a tolerance rung changes only the lines it means to:
// context keeps the file's bytes, added lines take the file's indentation.
func TestReplaceHunkTolerant(t *testing.T) {
	tests := []struct {
		name, file, old, repl, want, rung string
	}{
		{"makefile recipe keeps its tabs",
			"all: x\n\nx: x.c\n\tcc -o x x.c\n\tstrip x\n",
			"x: x.c\n    cc -o x x.c\n    strip x\n",
			"x: x.c\n    cc -O2 -o x x.c\n    strip x\n",
			"all: x\n\nx: x.c\n\tcc -O2 -o x x.c\n\tstrip x\n", "whitespace"},
		{"go: one line meant, one line changed",
			"func f() {\n\tif ok {\n\t\treturn 1\n\t}\n\treturn 0\n}\n",
			"func f() {\n    if ok {\n        return 1\n    }\n    return 0\n}\n",
			"func f() {\n    if ok {\n        return 2\n    }\n    return 0\n}\n",
			"func f() {\n\tif ok {\n\t\treturn 2\n\t}\n\treturn 0\n}\n", "whitespace"},
		{"go: a deeper added line gets one more tab",
			"func f() {\n\tif ok {\n\t}\n}\n",
			"    if ok {\n    }\n",
			"    if ok {\n        log()\n    }\n",
			"func f() {\n\tif ok {\n\t\tlog()\n\t}\n}\n", "whitespace"},
		{"a shallower added line gets one tab less",
			"\t\tx()\n",
			"        x()\n",
			"        x()\n    }\n",
			"\t\tx()\n\t}\n", "whitespace"},
		{"yaml keeps its nesting (Copilot issue-267547)",
			"- list:\n      - item2b\n      - item3b\n      - item1c\n",
			"    - item2b\n    - item3b\n",
			"    - item2b\n    - item30b\n",
			"- list:\n      - item2b\n      - item30b\n      - item1c\n", "whitespace"},
		{"yaml re-indented by levels (Copilot issue-reindent)",
			"    - item2b\n      - nested1\n      - nested2\n",
			"  - item2b\n    - nested1\n",
			"  - item20b\n    - nested3\n",
			"    - item20b\n      - nested3\n      - nested2\n", "whitespace"},
		{"context keeps its trailing blanks",
			"a  \nb\n",
			"a\nb\n",
			"a\nB\n",
			"a  \nB\n", "trailing-whitespace"},
		{"context keeps its typographic quotes",
			"say “hi”\nx\n",
			"say \"hi\"\nx\n",
			"say \"hi\"\ny\n",
			"say “hi”\ny\n", "unicode"},
		{"a blank added line is empty",
			"\tx\n",
			"    x\n",
			"    x\n  \n    y\n",
			"\tx\n\n\ty\n", "whitespace"},
		{"one level in the hunk, an added line already indented as the file",
			"def g():\n    return 1\n",
			"  return 1\n",
			"    return 3\n",
			"def g():\n    return 3\n", "whitespace"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := NewFileLines(tt.file)
			old, repl := TextLines(tt.old), TextLines(tt.repl)
			at, rung, hits := h.Seek(old, 0, false, AllRungs)
			if at < 0 || rung != tt.rung {
				t.Fatalf("Seek = %d %q %v, want a match on %q", at, rung, hits, tt.rung)
			}
			h.ReplaceHunk(at, old, repl, true)
			if got := h.Text(); got != tt.want {
				t.Errorf("file after the hunk:\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}

// Each line keeps its own ending, and a file without a final newline keeps
// lacking one, whatever the hunk does at its end.
func TestReplaceHunkEndings(t *testing.T) {
	tests := []struct {
		name, file string
		at, n      int
		repl       []string
		want       string
	}{
		{"mixed file stays mixed", "a\r\nb\nc\r\n", 1, 1, []string{"B"}, "a\r\nB\nc\r\n"},
		{"replace the unterminated last line", "a\nb", 1, 1, []string{"B", "C"}, "a\nB\nC"},
		{"add after the unterminated last line", "a\nb", 2, 0, []string{"c"}, "a\nb\nc"},
		{"remove the unterminated last line", "a\nb", 1, 1, nil, "a"},
		{"crlf file: added lines crlf", "a\r\nb\r\n", 2, 0, []string{"c"}, "a\r\nb\r\nc\r\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := NewFileLines(tt.file)
			h.Replace(tt.at, tt.n, tt.repl)
			if got := h.Text(); got != tt.want {
				t.Errorf("Text = %q, want %q", got, tt.want)
			}
		})
	}
}
