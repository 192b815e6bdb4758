package lang

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/clada-dev/clada/source"
	"github.com/google/go-cmp/cmp"
)

// The nesl-js public SHAM suite (shared/conformance/nesl-js). Every case is
// checked on block ids, properties (params plus "action"), start and end
// lines, and each error's code, line, UTF-16 column and length.

type neslCase struct {
	Name     string `json:"name"`
	Input    string `json:"input"`
	Expected struct {
		Blocks []neslBlock `json:"blocks"`
		Errors []neslError `json:"errors"`
	} `json:"expected"`
}

type neslBlock struct {
	ID         string            `json:"id"`
	Properties map[string]string `json:"properties"`
	StartLine  int               `json:"startLine"`
	EndLine    *int              `json:"endLine"`
}

type neslError struct {
	Code   string `json:"code"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
	Length int    `json:"length"`
}

// nesl-js quirks not copied (no suite case shows them): a first key named
// like an Object.prototype member ("toString") is not a duplicate in clada.
//
// neslDifferences lists, case by case, where clada deliberately differs from
// nesl-js, as the expected value clada produces instead, with the reason.
var neslDifferences = map[string]struct {
	reason string
	fix    func(c *neslCase)
}{
	"009-invalid-block-id": {
		reason: "same code and place; the message differs because DESIGN allows ids of 2 to 8 letters or digits where nesl-js wants exactly 3 (a 1-character id still fails).",
		fix:    func(*neslCase) {},
	},
	"015-unclosed-block": {
		reason: "nesl-js points past the last line (line 3); every clada range lies inside the input, so the error sits at the end of input (line 2, column 14).",
		fix: func(c *neslCase) {
			c.Expected.Errors[0].Line, c.Expected.Errors[0].Column = 2, 14
		},
	},
	"027-unclosed-heredoc": {
		reason: "nesl-js lets an unclosed heredoc swallow the rest of the input and reports it past the end. clada reports it on the heredoc opener (line 2, columns 11–26), and ends the heredoc before the block's own #!END_SHAM_uhd line so one unfinished heredoc does not swallow the blocks after it: the block is closed at line 4.",
		fix: func(c *neslCase) {
			four := 4
			c.Expected.Blocks[0].EndLine = &four
			c.Expected.Errors[0] = neslError{Code: "UNCLOSED_HEREDOC", Line: 2, Column: 11, Length: 16}
		},
	},
}

func loadNesl(t testing.TB) []neslCase {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	path := filepath.Join(filepath.Dir(file), "..", "..", "shared", "conformance", "nesl-js", "sham-integration.json")
	if p := os.Getenv("CLADA_NESL_SUITE"); p != "" {
		path = p
	}
	data, err := os.ReadFile(path)
	if err != nil {
		// CI always has shared/ beside the clone: there a missing suite is a failure.
		if os.Getenv("CI") != "" {
			t.Fatalf("nesl-js suite not found (shared/ must sit beside the repository, or set CLADA_NESL_SUITE): %v", err)
		}
		t.Skipf("nesl-js suite not found (set CLADA_NESL_SUITE): %v", err)
	}
	var cases []neslCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatalf("read %s: %v", path, err)
	}
	return cases
}

func TestConformanceNesl(t *testing.T) {
	cases := loadNesl(t)
	pass := 0
	for _, c := range cases {
		ok := t.Run(c.Name, func(t *testing.T) {
			if d, ok := neslDifferences[c.Name]; ok {
				t.Logf("deliberate difference: %s", d.reason)
				d.fix(&c)
			}
			f := source.NewFile(c.Name, []byte(c.Input))
			doc := Parse(f)
			gotBlocks, gotErrors := neslView(doc)
			wantBlocks := c.Expected.Blocks
			if wantBlocks == nil {
				wantBlocks = []neslBlock{}
			}
			wantErrors := c.Expected.Errors
			if wantErrors == nil {
				wantErrors = []neslError{}
			}
			if diff := cmp.Diff(wantBlocks, gotBlocks); diff != "" {
				t.Errorf("blocks (-nesl +clada):\n%s", diff)
			}
			if diff := cmp.Diff(wantErrors, gotErrors); diff != "" {
				t.Errorf("errors (-nesl +clada):\n%s\nmessages: %s", diff, messages(doc))
			}
		})
		if ok {
			pass++
		}
	}
	t.Logf("nesl-js conformance: %d/%d cases pass (%d with a listed deliberate difference)", pass, len(cases), len(neslDifferences))
}

func messages(doc *Document) string {
	s := ""
	for _, d := range doc.Diagnostics() {
		s += fmt.Sprintf("\n  %s: %s (%s)", d.Code, d.Message, d.Hint)
	}
	return s
}

// neslView renders a document the way the suite states expectations.
func neslView(doc *Document) ([]neslBlock, []neslError) {
	f := doc.File
	blocks := []neslBlock{}
	for a := range doc.Actions() {
		b := neslBlock{ID: a.ID, Properties: map[string]string{}, StartLine: f.Line(a.Range.Start)}
		if a.Closed {
			n := f.Line(a.Range.End)
			b.EndLine = &n
		}
		if a.Op != "" {
			b.Properties["action"] = a.Op
		}
		for _, p := range a.Params {
			b.Properties[p.Key] = p.Value
		}
		blocks = append(blocks, b)
	}
	errs := []neslError{}
	for _, d := range doc.Diagnostics() {
		s, e := f.Position(d.Range.Start), f.Position(d.Range.End)
		errs = append(errs, neslError{Code: d.Code, Line: s.Line, Column: s.ColumnUTF16, Length: e.ColumnUTF16 - s.ColumnUTF16})
	}
	return blocks, errs
}
