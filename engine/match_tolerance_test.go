package engine

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/clada-dev/clada/lang"
)

// TestReplaceTolerant covers the ladder, uniqueness, anchors, at_end, CRLF
// and the pure addition, on the file's bytes and the rung reported.
func TestReplaceTolerant(t *testing.T) {
	tests := []struct {
		name, file       string
		params           []string
		want, match, err string
	}{
		{"exact", "a\nb\nc\n", []string{"old_text", "b\n", "new_text", "B\n"}, "a\nB\nc\n", "exact", ""},
		{"trailing", "a\nb  \nc\n", []string{"old_text", "b\n", "new_text", "B\n"}, "a\nB\nc\n", "trailing-whitespace", ""},
		{"surrounding", "a\n\tb\nc\n", []string{"old_text", "  b \n", "new_text", "B\n"}, "a\nB\nc\n", "whitespace", ""},
		{"unicode", "say “hi” — ok\n", []string{"old_text", "say \"hi\" - ok\n", "new_text", "x\n"}, "x\n", "unicode", ""},
		{"exact wins over looser", "b \nb\n", []string{"old_text", "b\n", "new_text", "B\n"}, "b \nB\n", "exact", ""},
		{"ambiguous", "b\nx\nb\n", []string{"old_text", "b\n", "new_text", "B\n"}, "", "",
			"file_replace_text: old_text appears 2 times in 'f.txt' (lines 1, 3, matching exact), must appear exactly once"},
		{"anchor narrows", "def f():\n  r\ndef g():\n  r\n", []string{"anchor", "def g():", "old_text", "  r\n", "new_text", "  s\n"}, "def f():\n  r\ndef g():\n  s\n", "exact", ""},
		{"anchor missing", "a\n", []string{"anchor", "def g():", "old_text", "a\n", "new_text", "b\n"}, "", "", "file_replace_text: anchor 'def g():' not found in 'f.txt'"},
		{"at end", "x\nx\n", []string{"at_end", "true", "old_text", "x\n", "new_text", "y\n"}, "x\ny\n", "exact", ""},
		{"pure addition at end", "a\n", []string{"old_text", "", "new_text", "z\n"}, "a\nz\n", "exact", ""},
		{"pure addition after anchor", "a\nb\n", []string{"anchor", "a", "old_text", "", "new_text", "z\n"}, "a\nz\nb\n", "exact", ""},
		{"crlf kept", "a\r\nb\r\n", []string{"old_text", "b\n", "new_text", "B\nC\n"}, "a\r\nB\r\nC\r\n", "exact", ""},
		{"keeps a missing final newline", "a", []string{"old_text", "a\n", "new_text", "b\n"}, "b", "exact", ""},
		{"mixed endings kept", "a\r\nb\nc\r\n", []string{"old_text", "b\n", "new_text", "B\nC\n"}, "a\r\nB\nC\nc\r\n", "exact", ""},
		{"tab context kept", "all:\n\tcc -o x x.c\n\tstrip x\n", []string{"old_text", "all:\n    cc -o x x.c\n", "new_text", "all:\n    cc -O2 -o x x.c\n    cc -o x x.c\n"}, "all:\n\tcc -O2 -o x x.c\n\tcc -o x x.c\n\tstrip x\n", "whitespace", ""},
		{"exact tolerance stays exact", "b  \n", []string{"tolerance", "exact", "anchor", "", "at_end", "false", "old_text", "b\n", "new_text", "B\n"}, "", "",
			"file_replace_text: old_text not found in 'f.txt'"},
		{"bad tolerance", "b\n", []string{"tolerance", "fuzzy", "old_text", "b\n", "new_text", "B\n"}, "", "",
			`file_replace_text: tolerance must be "exact" or "whitespace", got 'fuzzy'`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, root, _ := testRoot(t)
			if err := os.WriteFile(filepath.Join(root, "f.txt"), []byte(tt.file), 0o644); err != nil {
				t.Fatal(err)
			}
			ws, err := NewOS(cfg)
			if err != nil {
				t.Fatal(err)
			}
			defer ws.Close()
			params := map[string]string{"path": "f.txt", "tolerance": lang.V4ATolerance}
			for i := 0; i < len(tt.params); i += 2 {
				params[tt.params[i]] = tt.params[i+1]
			}
			r := Do(context.Background(), ws, cfg, lang.OpFileReplaceText, params)
			if r.Error != tt.err {
				t.Fatalf("error = %q, want %q", r.Error, tt.err)
			}
			got, _ := os.ReadFile(filepath.Join(root, "f.txt"))
			if tt.err != "" {
				if string(got) != tt.file {
					t.Fatalf("a failed edit changed the file to %q", got)
				}
				return
			}
			if string(got) != tt.want || r.Data["match"] != tt.match {
				t.Fatalf("file %q match %v, want %q %q", got, r.Data["match"], tt.want, tt.match)
			}
		})
	}
}
