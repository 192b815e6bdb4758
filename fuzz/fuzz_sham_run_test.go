package fuzz

import (
	"reflect"
	"testing"

	"github.com/clada-dev/clada/grammar/sham"
)

// FuzzSHAMRuns checks that the blocks of any input, read as one run
// (sham.Scratch.EachBlock, one grammar call), come out exactly as each
// read alone (sham.ParseBlock): params, positions, errors, messages; and
// so do the input's blocks read together with a block the grammar refuses
// alone. Run: go test ./fuzz -run XXX -fuzz FuzzSHAMRuns -fuzztime 1m
func FuzzSHAMRuns(f *testing.F) {
	for _, s := range seedInputs(f) {
		f.Add(s)
	}
	refused := []byte("#!SHAM [@three-char-SHA-256: ab]\nk = \"v\"\n#!END_SHAM_ab\nj = \"w\"\n")
	f.Fuzz(func(t *testing.T, src []byte) {
		spans, _ := sham.Split(src)
		texts := make([][]byte, len(spans))
		for k, s := range spans {
			texts[k] = src[s.Start:s.End]
		}
		s := new(sham.Scratch)
		for _, run := range [][][]byte{texts, append(texts[:len(texts):len(texts)], refused)} {
			n := 0
			s.EachBlock(run, func(k int, b *sham.Block) {
				n++
				if want := sham.ParseBlock(run[k]); !reflect.DeepEqual(b, want) {
					t.Fatalf("block %d of %d, %q:\nrun   %+v\nalone %+v", k, len(run), run[k], b, want)
				}
			})
			if n != len(run) {
				t.Fatalf("%d blocks handed out for %d texts", n, len(run))
			}
		}
	})
}
