package lang

import "testing"

// TestOpIDs pins the catalog to its ids: the catalog holds the specs in ID
// order, so OpID.Spec is an index, and every constant names its own op.
func TestOpIDs(t *testing.T) {
	for i := range catalog {
		s := &catalog[i]
		if want := OpID(i + 1); s.ID != want {
			t.Errorf("catalog[%d] (%s) has ID %d, want %d: keep the catalog in ID order", i, s.Name, s.ID, want)
		}
		if got := s.ID.Spec(); got != s {
			t.Errorf("%s: ID.Spec() is %v", s.Name, got)
		}
		if got := Lookup(s.Name); got != s {
			t.Errorf("Lookup(%q) is %v", s.Name, got)
		}
	}
	for id, name := range map[OpID]string{OpFileWrite: "file_write", OpFileMove: "file_move", OpExec: "exec"} {
		if id.String() != name {
			t.Errorf("%d.String() = %q, want %q", id, id.String(), name)
		}
	}
	if s := OpID(0).Spec(); s != nil {
		t.Errorf("OpID(0).Spec() = %v, want nil", s)
	}
	for alias, canon := range Aliases() {
		if s := Lookup(alias); s == nil || s.Name != canon {
			t.Errorf("alias %s: Lookup gives %v, want %s", alias, s, canon)
		}
	}
}
