package lang

import (
	"encoding/json"
	"testing"

	"github.com/clada-dev/clada/corpus"
	"github.com/clada-dev/clada/source"
	"github.com/google/go-cmp/cmp"
)

// parseGolden parses a corpus case and checks (or, under -update, rewrites)
// its parse.json golden: the blocks and diagnostics part of `clada check
// --format json`. testName is the test to name in the "run -update" advice.
// Every syntax's corpus test starts here, so the golden rule lives once.
func parseGolden(t *testing.T, c *corpus.Case, testName string) *Document {
	t.Helper()
	doc := Parse(source.NewFile(c.InputName, c.Input))
	got, err := json.MarshalIndent(DocumentJSON(doc), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	if updating() {
		if err := c.Update("parse.json", got); err != nil {
			t.Fatal(err)
		}
	} else if want, ok := c.Golden("parse.json"); !ok {
		t.Fatalf("%s has no parse.json section; run go test ./lang -run %s -update", c.Path, testName)
	} else if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("parse.json (-golden +got):\n%s", diff)
	}
	return doc
}
