package sham

import "testing"

// A line may end a heredoc above it only when it could be a delimiter and
// an opener of that delimiter comes before it, in any of the three forms.
func TestMayEndHeredoc(t *testing.T) {
	src := "content = <<'EOT_SHAM_a1'\nx\nold = <<\"DQ\"\ny\nbare = <<BARE\nz\nHERE\n"
	for _, c := range []struct {
		line string
		at   int
		want bool
	}{
		{"EOT_SHAM_a1", len(src), true},
		{"EOT_SHAM_a1  \r", len(src), true}, // trailing blanks are allowed after a terminator
		{"DQ", len(src), true},
		{"BARE", len(src), true},
		{"EOT_SHAM_a1", 0, false}, // its opener is below it
		{"EOT_SHAM_a", len(src), false},
		{"HERE", len(src), false}, // no opener of it
		{"two words", len(src), false},
		{"", len(src), false},
	} {
		if got := MayEndHeredoc([]byte(src), c.at, []byte(c.line)); got != c.want {
			t.Errorf("MayEndHeredoc(%q at %d) = %v, want %v", c.line, c.at, got, c.want)
		}
	}
}
