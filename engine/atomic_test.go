package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/clada-dev/clada/lang"
)

// A failed rename leaves neither a half-written target nor the temp file.
func TestAtomicWriteFailureLeavesNothing(t *testing.T) {
	cfg, root, _ := testRoot(t)
	writeTree(t, root, map[string]string{"d/keep": "k"})
	ws, err := NewOS(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	// d/keep is a file, so d/keep/x cannot be created.
	r := Do(context.Background(), ws, cfg, lang.OpFileWrite, p("path", "d/keep/x", "content", "x"))
	if r.Success || r.Error != "ENOTDIR: not a directory, open 'd/keep/x'" {
		t.Fatalf("%+v", r)
	}
	for name := range diskTree(t, root) {
		if strings.Contains(name, ".clada-") {
			t.Errorf("temp file left: %s", name)
		}
	}
}
