package udiff

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/clada-dev/clada/source"
)

// Spans reads every diff as Scan does, bounds and diagnostics alike, only
// without the hunks' text (and so without EMPTY_HUNK): checked on random diffs made of the lines that
// steer a reading (right and wrong counts, "\ No newline", blank lines,
// CRLF, headers inside hunks, prose).
func TestSpansMatchScan(t *testing.T) {
	pieces := []string{
		"diff --git a/f b/f\n", "--- a/f\n", "+++ b/f\n", "--- a/g\r\n", "+++ b/g\r\n",
		"@@ -1,2 +1,2 @@\n", "@@ -1 +1 @@\n", "@@ -3,4 +3,5 @@ func\n", "@@ -0,0 +1,2 @@\n", "@@\n", "@@ -1,2 +1,2 @@\r\n",
		" ctx\n", "-old\n", "+new\n", " ctx\r\n", "-old\r\n", "+new\r\n", "\n", " \n", "-\n", "+\n",
		"\\ No newline at end of file\n", "-- x\n", "++ y\n", "prose between\n", "```\n",
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for n := range 20000 {
		var b strings.Builder
		b.WriteString("--- a/f\n+++ b/f\n")
		for range 1 + rng.IntN(24) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		src := []byte(b.String())
		want, got := Scan(src), Spans(src)
		for _, ds := range [][]Diff{want, got} {
			for i := range ds {
				for j := range ds[i].Files {
					for k := range ds[i].Files[j].Hunks {
						h := &ds[i].Files[j].Hunks[k]
						h.Old, h.New = "", ""
						h.Diags = slices.DeleteFunc(h.Diags, func(d source.Diagnostic) bool { return d.Code == "EMPTY_HUNK" })
						if len(h.Diags) == 0 {
							h.Diags = nil
						}
					}
				}
			}
		}
		if !reflect.DeepEqual(want, got) {
			t.Fatalf("case %d %q:\nScan  %+v\nSpans %+v", n, src, want, got)
		}
	}
}
