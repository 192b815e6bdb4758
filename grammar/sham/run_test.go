package sham

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

// sameAsAlone checks that EachBlock hands f, and ParseBlocks returns, for
// every text exactly the Block ParseBlock gives it alone: params,
// positions, errors and messages.
func sameAsAlone(t *testing.T, texts [][]byte) {
	t.Helper()
	s := new(Scratch)
	next := 0
	s.EachBlock(texts, func(k int, b *Block) {
		if k != next {
			t.Fatalf("block %d handed out after %d", k, next-1)
		}
		next++
		if want := ParseBlock(texts[k]); !reflect.DeepEqual(b, want) {
			t.Fatalf("block %d of %d, %q:\nrun   %+v\nalone %+v", k, len(texts), texts[k], b, want)
		}
	})
	if next != len(texts) {
		t.Fatalf("%d blocks for %d texts", next, len(texts))
	}
	got := s.ParseBlocks(texts)
	for k, text := range texts {
		if want := ParseBlock(text); !reflect.DeepEqual(got[k], want) {
			t.Fatalf("ParseBlocks: block %d of %d, %q:\nrun   %+v\nalone %+v", k, len(texts), text, got[k], want)
		}
	}
}

// Runs of the blocks of the SHAM corpus, cut at random, and runs holding a
// text the grammar refuses (lines after the end marker) or a header that
// cannot be read, read block by block instead.
func TestParseBlocksAsAlone(t *testing.T) {
	files, err := filepath.Glob("../../corpus/sham/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("corpus: %v (%d files)", err, len(files))
	}
	var all [][]byte
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range txtar.Parse(data).Files {
			if !bytes.HasPrefix([]byte(f.Name), []byte("input")) {
				continue
			}
			spans, _ := Split(f.Data)
			for _, sp := range spans {
				all = append(all, f.Data[sp.Start:sp.End])
			}
		}
	}
	if len(all) < 30 {
		t.Fatalf("only %d corpus blocks", len(all))
	}
	refused := []byte("#!SHAM [@three-char-SHA-256: ab]\nk = \"v\"\n#!END_SHAM_ab\nj = \"w\"\n")
	badHeader := []byte("#!SHAM [@three-char-SHA-256: a]\nk = \"v\"\n#!END_SHAM_a")
	rng := rand.New(rand.NewPCG(17, 3))
	for range 300 {
		texts := make([][]byte, 1+rng.IntN(40))
		for k := range texts {
			texts[k] = all[rng.IntN(len(all))]
		}
		sameAsAlone(t, texts)
		switch rng.IntN(3) {
		case 0:
			texts[rng.IntN(len(texts))] = refused
		case 1:
			texts[rng.IntN(len(texts))] = badHeader
		}
		sameAsAlone(t, texts)
	}
	sameAsAlone(t, all)
}
