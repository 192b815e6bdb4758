package lazyre

import "testing"

func TestNewCompilesOnceOnFirstUse(t *testing.T) {
	re := New(`^a(b+)$`)
	first := re()
	if got := first.FindStringSubmatch("abbb"); len(got) != 2 || got[1] != "bbb" {
		t.Fatalf("FindStringSubmatch = %q, want [abbb bbb]", got)
	}
	if re() != first {
		t.Fatal("a second call compiled the expression again")
	}
}

func TestNewPanicsOnABadExpressionAtFirstUse(t *testing.T) {
	re := New(`(`) // no panic yet: nothing is compiled until used
	defer func() {
		if recover() == nil {
			t.Fatal("a bad expression did not panic at first use")
		}
	}()
	re()
}
