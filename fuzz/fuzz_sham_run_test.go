package fuzz

import (
	"reflect"
	"testing"

	"github.com/clada-dev/clada/grammar/sham"
)

// FuzzSHAMRuns checks that the blocks of any input, read as one run
// (sham.Scratch.ParseBlocks, one grammar call), come out exactly as each
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
			got := s.ParseBlocks(run)
			for k, text := range run {
				if want := sham.ParseBlock(text); !reflect.DeepEqual(got[k], want) {
					t.Fatalf("block %d of %d, %q:\nrun   %+v\nalone %+v", k, len(run), text, got[k], want)
				}
			}
		}
	})
}
