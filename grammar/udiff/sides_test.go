package udiff

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// HunkSides reads every hunk's two sides as Scan did, from the hunk's
// bytes alone: checked on random diffs made of the lines that steer a
// reading (right and wrong counts, "\ No newline", blank lines, CRLF,
// headers inside hunks, prose, a last line without "\n").
func TestHunkSidesMatchScan(t *testing.T) {
	pieces := []string{
		"diff --git a/f b/f\n", "--- a/f\n", "+++ b/f\n", "--- a/g\r\n", "+++ b/g\r\n",
		"@@ -1,2 +1,2 @@\n", "@@ -1 +1 @@\n", "@@ -3,4 +3,5 @@ func\n", "@@ -0,0 +1,2 @@\n", "@@\n", "@@ -1,2 +1,2 @@\r\n",
		" ctx\n", "-old\n", "+new\n", " ctx\r\n", "-old\r\n", "+new\r\n", "\n", " \n", "-\n", "+\n",
		"\\ No newline at end of file\n", "-- x\n", "++ y\n", "prose between\n", "```\n", "+last",
	}
	rng := rand.New(rand.NewPCG(3, 4))
	hunks, recounted := 0, 0
	for range 20000 {
		var b strings.Builder
		b.WriteString("--- a/f\n+++ b/f\n")
		for range 1 + rng.IntN(24) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		src := []byte(b.String())
		scanned := Scan(src)
		// ScanDropping reads the same, only without the texts it drops.
		dropped := ScanDropping(src, func(_ *File, h *Hunk, _, _ []byte) bool { return h.Start%2 == 0 })
		for i := range dropped {
			for j := range dropped[i].Files {
				for k := range dropped[i].Files[j].Hunks {
					h := &dropped[i].Files[j].Hunks[k]
					if h.Dropped != (h.Start%2 == 0) || h.Dropped && (h.Old != "" || h.New != "") {
						t.Fatalf("hunk at %d of %q: Dropped %v, texts %q / %q", h.Start, src, h.Dropped, h.Old, h.New)
					}
					if h.Dropped {
						h.Old, h.New = HunkSides(src, h.Start, h.End, h.Recounted)
						h.Dropped = false
					}
				}
			}
		}
		if !reflect.DeepEqual(dropped, scanned) {
			t.Fatalf("%q: ScanDropping, its texts read again:\n%+v\nScan:\n%+v", src, dropped, scanned)
		}
		for _, d := range scanned {
			for _, f := range d.Files {
				for _, h := range f.Hunks {
					hunks++
					if h.Recounted {
						recounted++
					}
					old, new := HunkSides(src, h.Start, h.End, h.Recounted)
					if old != h.Old || new != h.New {
						t.Fatalf("hunk at %d of %q:\nScan      %q / %q\nHunkSides %q / %q", h.Start, src, h.Old, h.New, old, new)
					}
				}
			}
		}
	}
	if hunks < 10000 || recounted < 100 {
		t.Fatalf("the random diffs held %d hunks, %d recounted: too few to say anything", hunks, recounted)
	}
}
