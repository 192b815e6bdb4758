package lang

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/clada-dev/clada/internal/benchdoc"
	"github.com/clada-dev/clada/source"
)

// diagAt is a diagnostic reduced to what a reader checks: where (line:col of
// the start, via the line table), code, message and hint.
type diagAt struct {
	Pos                 string
	Code, Message, Hint string
	Sev                 source.Severity
}

func checkSHAM(t *testing.T, src string) []diagAt {
	t.Helper()
	f := source.NewFile("t.sham", []byte(src))
	var out []diagAt
	for _, d := range Check(Parse(f)) {
		p := f.Position(d.Range.Start)
		out = append(out, diagAt{Pos: fmt.Sprintf("%d:%d", p.Line, p.Column), Code: d.Code, Message: d.Message, Hint: d.Hint, Sev: d.Severity})
	}
	return out
}

func block(body string) string {
	return "#!SHAM [@three-char-SHA-256: v1]\n" + body + "#!END_SHAM_v1\n"
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []diagAt
	}{
		{"valid write", block("action = \"file_write\"\npath = \"a.txt\"\ncontent = \"\"\n"), nil},
		{"alias file_create", block("action = \"file_create\"\npath = \"a.txt\"\ncontent = \"x\"\n"), nil},
		{"alias file_edit with count", block("action = \"file_edit\"\npath = \"a\"\nold_text = \"a\"\nnew_text = \"b\"\ncount = \"2\"\n"), nil},
		{"unknown action with suggestion", block("action = \"file_wirte\"\npath = \"a\"\n"), []diagAt{
			{"2:11", "UNKNOWN_ACTION", "Unknown action 'file_wirte'", "did you mean file_write?", source.Error}}},
		{"unknown action far from all", block("action = \"invalid_action\"\npath = \"/tmp/test.txt\"\n"), []diagAt{
			{"2:11", "UNKNOWN_ACTION", "Unknown action 'invalid_action'", "run 'clada actions' to list the available actions", source.Error}}},
		{"missing action", block("path = \"a\"\n"), []diagAt{
			{"1:30", "MISSING_ACTION", "Block 'v1' has no action: clada cannot tell what to do", `add a line such as action = "file_write" (run 'clada actions' for the list)`, source.Error}}},
		{"misspelt action key", block("acton = \"exec\"\nlang = \"bash\"\ncode = \"ls\"\n"), []diagAt{
			{"2:1", "MISSING_ACTION", "Block 'v1' has no action: clada cannot tell what to do", `did you mean action? write action = "exec"`, source.Error}}},
		{"missing param", block("action = \"file_create\"\npath = \"/tmp/test.txt\"\n"), []diagAt{
			{"2:11", "MISSING_PARAM", "Missing required parameter 'content' for action 'file_create'", "add content: The whole new content of the file.", source.Error}}},
		{"integer with unit", block("action = \"exec\"\ncode = \"print('hello')\"\nlang = \"python\"\ntimeout = \"30s\"\n"), []diagAt{
			{"5:11", "INVALID_TYPE", "Invalid type for parameter 'timeout' in action 'exec': expected integer, got '30s'", `write a whole number, e.g. timeout = "3"`, source.Error}}},
		{"float count", block("action = \"file_edit\"\npath = \"a\"\nold_text = \"foo\"\nnew_text = \"bar\"\ncount = \"5.5\"\n"), []diagAt{
			{"6:9", "INVALID_TYPE", "Invalid type for parameter 'count' in action 'file_edit': expected integer, got '5.5'", `write a whole number, e.g. count = "3"`, source.Error}}},
		{"enum value", block("action = \"exec\"\ncode = \"x\"\nlang = \"perl\"\n"), []diagAt{
			{"4:8", "INVALID_VALUE", "Invalid value for parameter 'lang' in action 'exec': expected one of [bash,sh,python,javascript,argv], got 'perl'", "use one of: bash, sh, python, javascript, argv", source.Error}}},
		{"enum typo", block("action = \"exec\"\ncode = \"x\"\nlang = \"pyhton\"\n"), []diagAt{
			{"4:8", "INVALID_VALUE", "Invalid value for parameter 'lang' in action 'exec': expected one of [bash,sh,python,javascript,argv], got 'pyhton'", "did you mean python? (use one of: bash, sh, python, javascript, argv)", source.Error}}},
		{"reversed line range", block("action = \"file_read_numbered\"\npath = \"a\"\nlines = \"5-3\"\n"), []diagAt{
			{"4:9", "INVALID_TYPE", "file_read_numbered: Invalid line range '5-3' (start must be <= end)", `write lines = "4" or lines = "23-43" (1-based, start <= end)`, source.Error}}},
		{"line spec not a number", block("action = \"file_replace_lines\"\npath = \"a\"\nlines = \"abc\"\nnew_content = \"x\"\n"), []diagAt{
			{"4:9", "INVALID_TYPE", "file_replace_lines: Invalid line specification 'abc'", `write lines = "4" or lines = "23-43" (1-based, start <= end)`, source.Error}}},
		{"files_read without paths", block("action = \"files_read\"\npaths = \"  \"\n"), []diagAt{
			{"3:9", "INVALID_VALUE", "files_read: No paths provided", "list one path per line in paths", source.Error}}},
		{"duplicate block id", block("action = \"file_read\"\npath = \"a\"\n") + "\n" + block("action = \"file_read\"\npath = \"b\"\n"), []diagAt{
			{"6:30", "DUPLICATE_ID", "Block id 'v1' is already used by the block on line 1; results are reported by id",
				"give every block of the answer its own id (2-8 letters or digits), and end it with #!END_SHAM_ and that id", source.Warning}}},
		{"empty optional line spec reads all", block("action = \"file_read_numbered\"\npath = \"a\"\nlines = \"\"\n"), nil},
		{"empty path", block("action = \"file_read\"\npath = \"\"\n"), []diagAt{
			{"3:8", "INVALID_VALUE", "Parameter 'path' in action 'file_read' is an empty path", "give a path relative to the project root", source.Error}}},
		{"unknown param warns", block("action = \"file_read\"\npath = \"a\"\npth = \"b\"\nextra = \"ignored\"\n"), []diagAt{
			{"4:1", "UNKNOWN_PARAM", "Unknown parameter 'pth' for action 'file_read'; it is ignored", "did you mean path?", source.Warning},
			{"5:1", "UNKNOWN_PARAM", "Unknown parameter 'extra' for action 'file_read'; it is ignored", "file_read takes: path", source.Warning}}},
		{"syntax error skips validation", "#!SHAM [@three-char-SHA-256: dup]\naction = \"nope\"\naction = \"nope\"\n#!END_SHAM_dup\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := checkSHAM(t, tt.src)
			if tt.name == "syntax error skips validation" {
				for _, d := range got {
					if d.Code == CodeUnknownAction {
						t.Fatalf("validated a block with a syntax error: %+v", got)
					}
				}
				if len(got) != 1 || got[0].Code != "DUPLICATE_KEY" {
					t.Fatalf("want only DUPLICATE_KEY, got %+v", got)
				}
				return
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("diagnostics (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseLineSpec(t *testing.T) {
	for _, tc := range []struct {
		in         string
		start, end int
		err        string
	}{
		{"4", 4, 4, ""}, {"23-43", 23, 43, ""}, {"3-3", 3, 3, ""}, {" 7 ", 7, 7, ""},
		{"0", 0, 0, "Invalid line specification '0'"},
		{"-5", 0, 0, "Invalid line specification '-5'"},
		{"5-3", 0, 0, "Invalid line range '5-3' (start must be <= end)"},
		{"1-2-3", 0, 0, "Invalid line specification '1-2-3'"},
		{"abc", 0, 0, "Invalid line specification 'abc'"},
		{"", 0, 0, "Invalid line specification ''"},
		{"-1-5", 0, 0, "Invalid line specification '-1-5'"},
	} {
		s, e, err := ParseLineSpec(tc.in)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if s != tc.start || e != tc.end || got != tc.err {
			t.Errorf("ParseLineSpec(%q) = %d, %d, %q; want %d, %d, %q", tc.in, s, e, got, tc.start, tc.end, tc.err)
		}
	}
}

func TestClosest(t *testing.T) {
	names := opNames()
	for in, want := range map[string]string{
		"file_wirte": "file_write", "fileread": "file_read", "dir_creat": "dir_create",
		"glob": "glob", "zzzzzz": "", "exce": "exec", "file_replace_txt": "file_replace_text",
	} {
		if got := closest(in, names); got != want {
			t.Errorf("closest(%q) = %q, want %q", in, got, want)
		}
	}
}

// BenchmarkCheck measures validation alone (Check on an already parsed
// 50 KB response of 50 file_write blocks): the part of `clada check` that is
// not parsing. Run:
//
//	go test ./lang -run XXX -bench Check -benchmem
func BenchmarkCheck(b *testing.B) {
	doc := Parse(source.NewFile("bench.md", benchdoc.SHAM(50, 100)))
	if ds := Check(doc); len(ds) != 0 {
		b.Fatalf("want a clean document, got %v", ds)
	}
	b.ReportAllocs()
	for b.Loop() {
		Check(doc)
	}
}
