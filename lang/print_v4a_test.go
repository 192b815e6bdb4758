package lang

import (
	"strings"
	"testing"

	"github.com/clada-dev/clada/corpus"
	"github.com/clada-dev/clada/source"
	"github.com/google/go-cmp/cmp"
)

// A param V4A cannot say is refused, naming it, rather than dropped: the
// patch would run differently (a write that must not overwrite would
// overwrite, a hunk tied to its line would match anywhere). A param at the
// value V4A means anyway (overwrite="true") prints.
func TestPrintV4ARefusesParamsItWouldDrop(t *testing.T) {
	block := func(lines ...string) string {
		return "#!SHAM [@three-char-SHA-256: v4a]\n" + strings.Join(lines, "\n") + "\n#!END_SHAM_v4a\n"
	}
	tests := []struct {
		name, in, want, err string
	}{
		{"write that must not overwrite", block(`action = "file_write"`, `path = "n.txt"`, `content = "n\n"`, `overwrite = "false"`),
			"", "print v4a: file_write param 'overwrite' has no V4A form and would be lost"},
		{"move that must not overwrite", block(`action = "file_move"`, `old_path = "a"`, `new_path = "b"`, `overwrite = "false"`),
			"", "print v4a: file_move param 'overwrite' has no V4A form and would be lost"},
		{"hunk at a line", block(`action = "file_replace_text"`, `path = "a"`, `old_text = "x\n"`, `new_text = "y\n"`, `near_line = "3"`, `tolerance = "whitespace"`),
			"", "print v4a: file_replace_text param 'near_line' has no V4A form and would be lost"},
		{"overwrite as Add File does", block(`action = "file_write"`, `path = "n.txt"`, `content = "n\n"`, `overwrite = "true"`),
			"*** Begin Patch\n*** Add File: n.txt\n+n\n*** End Patch\n", ""},
		{"an op V4A has no section for", block(`action = "file_append"`, `path = "n.txt"`, `content = "n\n"`),
			"", "print v4a: file_append has no V4A form (V4A only adds, updates, moves and deletes files)"},
		// Both V4A readers take the blanks around a header's path as
		// padding, and a header is one line: such a path cannot come back.
		{"a path starting with a blank", block(`action = "file_delete"`, `path = " 00000"`),
			"", `print v4a: file_delete: path " 00000" starts or ends with a blank, which V4A reads as padding, not as part of the name`},
		{"a path ending with a blank", block(`action = "file_write"`, `path = "n.txt\t"`, `content = "n\n"`),
			"", `print v4a: file_write: path "n.txt\t" starts or ends with a blank, which V4A reads as padding, not as part of the name`},
		{"a hunk's path with a blank", block(`action = "file_replace_text"`, `path = "a "`, `old_text = "x\n"`, `new_text = "y\n"`, `tolerance = "whitespace"`),
			"", `print v4a: file_replace_text: path "a " starts or ends with a blank, which V4A reads as padding, not as part of the name`},
		{"a move's new path with a blank", block(`action = "file_move"`, `old_path = "a"`, `new_path = " b"`),
			"", `print v4a: file_move: new_path " b" starts or ends with a blank, which V4A reads as padding, not as part of the name`},
		// clada's V4A reader takes quotes around a header's path off.
		{"a quoted path", block(`action = "file_delete"`, `path = "'a.txt'"`),
			"", `print v4a: file_delete: path "'a.txt'" is quoted, and clada's V4A reader takes the quotes off`},
		{"a path with a quote inside", block(`action = "file_delete"`, `path = "it's.txt"`),
			"*** Begin Patch\n*** Delete File: it's.txt\n*** End Patch\n", ""},
		{"a path with a line break", block(`action = "file_delete"`, `path = "a\nb"`),
			"", `print v4a: file_delete: path "a\nb" holds a line break, and a V4A header is one line`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := Parse(source.NewFile("in.sham", []byte(tc.in)))
			if ds := doc.Diagnostics(); len(ds) != 0 {
				t.Fatalf("input has diagnostics: %v", ds)
			}
			var sb strings.Builder
			err := Print(&sb, doc, V4A)
			if got := errText(err); got != tc.err {
				t.Fatalf("error = %q, want %q", got, tc.err)
			}
			if sb.String() != tc.want {
				t.Fatalf("printed %q, want %q", sb.String(), tc.want)
			}
		})
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// A V4A answer printed as V4A reads back as the same actions, and its
// hunks keep the lines old and new share at either end as context lines,
// as Codex writes them, never as a '-' line and the same '+' line.
func TestPrintV4AKeepsContext(t *testing.T) {
	cases, err := corpus.Load()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range cases {
		if !strings.HasPrefix(c.Name, "v4a/") {
			continue
		}
		doc := Parse(source.NewFile("in.md", c.Input))
		if doc.Diagnostics().HasErrors() {
			continue
		}
		var sb strings.Builder
		if Print(&sb, doc, V4A) != nil {
			continue
		}
		n++
		back := Parse(source.NewFile("out.v4a", []byte(sb.String())))
		if ds := back.Diagnostics(); len(ds) != 0 {
			t.Fatalf("%s: printed patch has diagnostics: %v\n%s", c.Name, ds, sb.String())
		}
		if diff := cmp.Diff(actionParams(doc), actionParams(back)); diff != "" {
			t.Errorf("%s: printed patch reads back differently (-in +back):\n%s\n%s", c.Name, diff, sb.String())
		}
		lines := strings.Split(sb.String(), "\n")
		for i := 1; i < len(lines); i++ {
			if strings.HasPrefix(lines[i-1], "-") && lines[i] == "+"+lines[i-1][1:] {
				t.Errorf("%s: a shared line printed as -/+: %q\n%s", c.Name, lines[i], sb.String())
			}
		}
	}
	if n < 5 {
		t.Fatalf("only %d V4A corpus cases printed", n)
	}
	doc := Parse(source.NewFile("in.v4a", []byte("*** Begin Patch\n*** Update File: m.py\n@@ def a():\n     x = 1\n-    y = 2\n+    y = 20\n     return x + y\n*** End Patch\n")))
	var sb strings.Builder
	if err := Print(&sb, doc, V4A); err != nil {
		t.Fatal(err)
	}
	if want := "*** Begin Patch\n*** Update File: m.py\n@@ def a():\n     x = 1\n-    y = 2\n+    y = 20\n     return x + y\n*** End Patch\n"; sb.String() != want {
		t.Errorf("printed %q, want %q", sb.String(), want)
	}
}

// actionParams is each action's op and params, for comparing two parses.
func actionParams(d *Document) []map[string]string {
	var out []map[string]string
	for a := range d.Actions() {
		m := map[string]string{"": a.Op}
		for k, v := range a.ParamMap() {
			m[k] = v
		}
		out = append(out, m)
	}
	return out
}
