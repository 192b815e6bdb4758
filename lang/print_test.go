package lang

import (
	"strings"
	"testing"

	"github.com/clada-dev/clada/source"
	"github.com/google/go-cmp/cmp"
)

func TestPrintSHAM(t *testing.T) {
	tests := []struct {
		name, in, want string
		newIDs         bool // the printer had to replace ids
	}{{
		name: "catalog order, action first, unknown params last",
		in:   "#!SHAM [@three-char-SHA-256: k7m]\nextra = \"x\"\ncontent = \"hi\"\naction = \"file_write\"\npath = \"a.txt\"\n#!END_SHAM_k7m\n",
		want: "#!SHAM [@three-char-SHA-256: k7m]\naction = \"file_write\"\npath = \"a.txt\"\ncontent = \"hi\"\nextra = \"x\"\n#!END_SHAM_k7m\n",
	}, {
		name: "multi-line value becomes a heredoc, trailing newline kept",
		in:   "#!SHAM [@three-char-SHA-256: ab]\naction = \"file_write\"\npath = \"a\"\ncontent = \"one\\ntwo\\n\"\n#!END_SHAM_ab\n",
		want: "#!SHAM [@three-char-SHA-256: ab]\naction = \"file_write\"\npath = \"a\"\ncontent = <<'EOT_SHAM_ab'\none\ntwo\n\nEOT_SHAM_ab\n#!END_SHAM_ab\n",
	}, {
		name: "value holding the end marker line is quoted",
		in:   "#!SHAM [@three-char-SHA-256: ab]\naction = \"file_write\"\ncontent = \"x\\nEOT_SHAM_ab\\ny\"\n#!END_SHAM_ab\n",
		want: "#!SHAM [@three-char-SHA-256: ab]\naction = \"file_write\"\ncontent = \"x\\nEOT_SHAM_ab\\ny\"\n#!END_SHAM_ab\n",
	}, {
		name: "quotes and backslashes escaped; repeated id replaced",
		in: "#!SHAM [@three-char-SHA-256: ab]\naction = \"exec\"\ncode = \"echo \\\"C:\\\\x\\\"\"\nlang = \"bash\"\n#!END_SHAM_ab\n\n" +
			"#!SHAM [@three-char-SHA-256: ab]\naction = \"ls\"\npath = \".\"\n#!END_SHAM_ab\n",
		want: "#!SHAM [@three-char-SHA-256: ab]\naction = \"exec\"\ncode = \"echo \\\"C:\\\\x\\\"\"\nlang = \"bash\"\n#!END_SHAM_ab\n\n" +
			"#!SHAM [@three-char-SHA-256: p01]\naction = \"ls\"\npath = \".\"\n#!END_SHAM_p01\n",
		newIDs: true,
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := Parse(source.NewFile("in", []byte(tc.in)))
			if ds := doc.Diagnostics(); len(ds) != 0 {
				t.Fatalf("input has diagnostics: %v", ds)
			}
			var sb strings.Builder
			if err := Print(&sb, doc, SHAM); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, sb.String()); diff != "" {
				t.Errorf("printed (-want +got):\n%s", diff)
			}
			again := Parse(source.NewFile("out", []byte(sb.String())))
			if len(again.Diagnostics()) != 0 {
				t.Fatalf("printed text has diagnostics: %v", again.Diagnostics())
			}
			if diff := cmp.Diff(astView(doc, tc.newIDs), astView(again, tc.newIDs)); diff != "" {
				t.Errorf("round trip changed the AST (-before +after):\n%s", diff)
			}
		})
	}
}

func TestPrintFreshIDsForIDlessActions(t *testing.T) {
	doc := &Document{File: source.NewFile("x", nil), Groups: []*Group{{Syntax: CSL, Kind: Tasks, Actions: []*Action{
		{Syntax: CSL, Op: "file_read", Params: []*Param{{Key: "path", Value: "a"}}},
		{Syntax: CSL, Op: "file_read", Params: []*Param{{Key: "path", Value: "b"}}},
	}}}}
	var sb strings.Builder
	if err := Print(&sb, doc, SHAM); err != nil {
		t.Fatal(err)
	}
	want := "#!SHAM [@three-char-SHA-256: p01]\naction = \"file_read\"\npath = \"a\"\n#!END_SHAM_p01\n\n" +
		"#!SHAM [@three-char-SHA-256: p02]\naction = \"file_read\"\npath = \"b\"\n#!END_SHAM_p02\n"
	if diff := cmp.Diff(want, sb.String()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestPrintUnknownSyntax(t *testing.T) {
	err := Print(&strings.Builder{}, &Document{File: source.NewFile("x", nil)}, Syntax(99))
	if err == nil || err.Error() != "print: no printer for syntax unknown" {
		t.Fatalf("err = %v", err)
	}
}

// astBlock is an action without positions, for round-trip comparisons.
type astBlock struct {
	ID, Op string
	Params map[string]string
}

// astView lists a document's actions by id, op and params; dropIDs blanks
// the ids, for conversions that assign fresh ones.
func astView(d *Document, dropIDs bool) []astBlock {
	var out []astBlock
	for a := range d.Actions() {
		b := astBlock{ID: a.ID, Op: a.Op, Params: map[string]string{}}
		if dropIDs {
			b.ID = ""
		}
		for _, p := range a.Params {
			b.Params[p.Key] = p.Value
		}
		out = append(out, b)
	}
	return out
}
