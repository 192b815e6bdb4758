package lang

import "testing"

// Words LLMs use for an op that no edit distance reaches still get a
// suggestion, spelt the way the candidates spell ops.
func TestClosestSynonyms(t *testing.T) {
	for _, tc := range []struct {
		in         string
		candidates []string
		want       string
	}{
		{"DELETE", cslWords(), "FILE_DELETE or REMOVE"},
		{"delete", opNames(), "file_delete or remove"},
		{"MKDIR", cslWords(), "DIR_CREATE"},
		{"EXEC", cslWords(), "RUN"},
		{"shell", opNames(), "exec"},
		{"cat", opNames(), "file_read"},
		{"RENAME", cslWords(), "MOVE"},
		{"rm", []string{"write", "edit", "move", "remove", "run"}, "remove"}, // CML's words
		{"WRTIE", cslWords(), "WRITE"},                                       // a typo stays a typo
		{"delete", []string{"path", "content"}, ""},                          // param names: no op words
		{"frobnicate", cslWords(), ""},
	} {
		if got := closest(tc.in, tc.candidates); got != tc.want {
			t.Errorf("closest(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
