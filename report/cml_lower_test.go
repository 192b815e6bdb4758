package report

import "testing"

// The CML error line lowers a message's first letter, never an error code's.
func TestLowerFirst(t *testing.T) {
	for in, want := range map[string]string{
		"ENOENT: no such file or directory, open 'a'": "ENOENT: no such file or directory, open 'a'",
		"EISDIR: illegal operation":                   "EISDIR: illegal operation",
		"Found 2 matches":                             "found 2 matches",
		"file_move: Source file not found":            "file_move: Source file not found",
		"":                                            "",
		"X":                                           "X",
	} {
		if got := lowerFirst(in); got != want {
			t.Errorf("lowerFirst(%q) = %q, want %q", in, got, want)
		}
	}
}
