package lang

import (
	"bytes"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/clada-dev/clada/corpus"
)

// markersOneByOne is findMarkers as it was, one marker at a time and one
// bytes.Index after another: the reference the grouped search must match.
func markersOneByOne(src []byte) markerFinds {
	out := make(markerFinds, len(indentedMarkers))
	for k := range indentedMarkers {
		mk := indentedMarkers[k].text
		for i := 0; ; {
			j := bytes.Index(src[i:], []byte(mk))
			if j < 0 {
				break
			}
			out[k].seen = true
			if h, ok := markerHitAt(src, i+j, k); ok {
				out[k].hits = append(out[k].hits, h)
			}
			i += j + len(mk)
		}
	}
	return out
}

// sameMarkers checks that the grouped search finds what the one-by-one
// search finds in src.
func sameMarkers(t *testing.T, src []byte) {
	t.Helper()
	got := make(markerFinds, len(indentedMarkers))
	for _, ks := range markerGroups {
		findMarkers(src, ks, got)
	}
	if want := markersOneByOne(src); !reflect.DeepEqual(got, want) {
		t.Fatalf("%q:\ngrouped    %+v\none by one %+v", src, got, want)
	}
}

// The markers sharing a first byte are found together exactly as one by
// one: on corpus inputs, and on texts of runs of '<' and pieces of markers
// that overlap ("<<<<<<<<<< SEARCH" holds "<<<<<" twice, "<<<<---x" a CSL
// marker after three '<').
func TestFindMarkersGrouped(t *testing.T) {
	if len(markerGroups) >= len(indentedMarkers) {
		t.Fatalf("markers %+v share no first byte: %v", indentedMarkers, markerGroups)
	}
	cases, err := corpus.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		sameMarkers(t, c.Input)
	}
	pieces := []string{"<", "<<", "<<<<<", "<---", "<---WRITE x--->", "<<<FILE>>>", "<<<EXPLANATION>>>",
		" SEARCH", "  ", "\t", "> ", "- ", "1. ", "\n", "#!SHAM [@x: ab]", "#!END_SHAM_ab", "--- a", "diff --git a b",
		"*** Begin Patch", "```json", "x", "FILE>>>"}
	rng := rand.New(rand.NewPCG(17, 4))
	for range 2000 {
		var b bytes.Buffer
		for range rng.IntN(30) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		sameMarkers(t, b.Bytes())
	}
}

// FuzzFindMarkers: the grouped marker search finds what the one-by-one
// search finds, in any text.
// Run: go test ./lang -run '^$' -fuzz FuzzFindMarkers -fuzztime 1m
func FuzzFindMarkers(f *testing.F) {
	f.Add([]byte("  <<<<<<<<<< SEARCH\n> <---WRITE x--->\n- <<<FILE>>>"))
	f.Fuzz(func(t *testing.T, src []byte) { sameMarkers(t, src) })
}
