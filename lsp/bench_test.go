package lsp

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// bigDoc builds a SHAM answer of about size bytes: prose and blocks in turn.
func bigDoc(size int) string {
	var b strings.Builder
	for i := 0; b.Len() < size; i++ {
		id := fmt.Sprintf("%05x", i) // unique: a repeated id is a DUPLICATE_ID warning
		fmt.Fprintf(&b, "Step %d: update the file.\n\n#!SHAM [@three-char-SHA-256: %s]\naction = \"file_write\"\npath = \"src/f%d.txt\"\ncontent = <<'EOT_SHAM_%s'\nline one %d\nline two\nEOT_SHAM_%s\n#!END_SHAM_%s\n\n", i, id, i, id, i, id, id)
	}
	return b.String()
}

// benchChange measures didChange -> publishDiagnostics for a one-line edit
// (alternating two texts of the first block's content line) on a document
// of size bytes, through the real JSON-RPC connection. The client accepts
// the server's file watcher, as VS Code does: only then may the server reuse
// simulation results across edits (see simulate.go).
func benchChange(b *testing.B, size int) {
	c := startWatching(b, b.TempDir(), new(true), clientOpts{})
	c.nextRegistration()
	waitWatched(b, c)
	benchEdits(b, c, size)
}

// benchChangeUnwatched is benchChange for a client that does not watch
// files for the server (neovim 0.7, for one): every edit simulates the whole
// document again, since the disk may have changed unseen.
func benchChangeUnwatched(b *testing.B, size int) {
	benchEdits(b, start(b, b.TempDir(), false), size)
}

// benchEdits opens a document of size bytes and times b.N one-line edits,
// each until its diagnostics arrive.
func benchEdits(b *testing.B, c *testClient, size int) {
	uri := pathURI("/tmp/big.sham")
	c.open(uri, bigDoc(size))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		text := "line one X"
		if i%2 == 1 {
			text = "line one 0"
		}
		c.change(uri, int32(i)+2, edit(rng(6, 0, 6, 10), text))
		c.nextDiags(uri)
	}
}

func BenchmarkDidChange50KB(b *testing.B) { benchChange(b, 50<<10) }
func BenchmarkDidChange1MB(b *testing.B)  { benchChange(b, 1<<20) }

func BenchmarkDidChangeUnwatched50KB(b *testing.B) { benchChangeUnwatched(b, 50<<10) }
func BenchmarkDidChangeUnwatched1MB(b *testing.B)  { benchChangeUnwatched(b, 1<<20) }

// Opening and closing 1,000 documents leaves the heap where it was: closing
// frees the document and its block cache.
func TestOpenCloseHeapFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("heap measurement skipped in -short")
	}
	c := start(t, t.TempDir(), false)
	text := bigDoc(20 << 10)
	cycle := func(n int) {
		for i := 0; i < n; i++ {
			uri := pathURI(fmt.Sprintf("/tmp/d%d.sham", i))
			c.open(uri, text)
			c.close(uri)
			c.nextDiags(uri)
		}
	}
	cycle(50) // warm pools and the connection's buffers
	before := heap()
	cycle(1000)
	after := heap()
	t.Logf("heap after GC: before %d KB, after 1000 open/close %d KB", before>>10, after>>10)
	if len(c.srv.docs) != 0 {
		t.Fatalf("%d documents still held", len(c.srv.docs))
	}
	if after > before+4<<20 {
		t.Fatalf("heap grew from %d KB to %d KB over 1000 open/close cycles", before>>10, after>>10)
	}
}

func heap() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}
