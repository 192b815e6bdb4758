package engine

import (
	"testing"

	"github.com/clada-dev/clada/lang"
)

// TestOpTable fails on an op of the catalog the engine has no line for:
// adding an op is its catalog entry and its line in opTable.
func TestOpTable(t *testing.T) {
	for _, spec := range lang.Ops() {
		def := opFor(spec.ID)
		switch {
		case def == nil:
			t.Errorf("%s: no line in opTable (op_table.go)", spec.Name)
			continue
		case spec.Kind == lang.Exec && (def.run != nil || !def.byRunner):
			t.Errorf("%s: an exec op is the runner's; its line says byRunner and has no run", spec.Name)
		case spec.Kind != lang.Exec && (def.run == nil || def.byRunner):
			t.Errorf("%s: its line has no run", spec.Name)
		case spec.Kind != lang.Exec && spec.Param(def.blame) == nil:
			t.Errorf("%s: its failures point at %q, which is none of its params", spec.Name, def.blame)
		}
		for _, k := range def.touches {
			if ps := spec.Param(k); ps == nil || ps.Type != lang.TPath {
				t.Errorf("%s: footprint param %q is not one of its path params", spec.Name, k)
			}
		}
	}
	if opFor(0) != nil || opFor(lang.OpID(len(opTable))) != nil {
		t.Errorf("opFor gives a line for an id that names no op")
	}
}
