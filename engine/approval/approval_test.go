package approval

import "testing"

func TestParse(t *testing.T) {
	for s, want := range map[string]Policy{"": Default, "never": Never, "ask": Ask, "always": Always} {
		if got, err := Parse(s); err != nil || got != want || got.String() != s {
			t.Errorf("Parse(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	for _, s := range []string{"maybe", "Never", " ask"} {
		if _, err := Parse(s); err == nil {
			t.Errorf("Parse(%q) gave no error", s)
		}
	}
	if _, err := Parse("maybe"); err.Error() != `unknown --approve "maybe"; use never, ask or always` {
		t.Errorf("error = %q", err)
	}
}
