package engine

import (
	"path/filepath"
	"testing"
)

func TestIgnorer(t *testing.T) {
	cfg, root, _ := testRoot(t)
	writeTree(t, root, map[string]string{
		".gitignore":     "# comment\n\n*.log\n!keep.log\nbuild/\n/top.txt\ndocs/**/*.tmp\n",
		"sub/.gitignore": "local.txt\n",
	})
	ws, err := NewOS(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	ig := &ignorer{}
	ig.load(ws, root, "")
	ig.load(ws, filepath.Join(root, "sub"), "sub")
	tests := []struct {
		rel   string
		dir   bool
		wants bool
	}{
		{"a.log", false, true},
		{"deep/x/a.log", false, true},
		{"keep.log", false, false},
		{"build", true, true},
		{"build", false, false}, // a file named build is not the build/ directory
		{"x/build", true, true},
		{"top.txt", false, true},
		{"x/top.txt", false, false},
		{"docs/a/b/c.tmp", false, true},
		{"sub/local.txt", false, true},
		{"local.txt", false, false},
		{"main.go", false, false},
	}
	for _, tt := range tests {
		if got := ig.ignored(tt.rel, tt.dir); got != tt.wants {
			t.Errorf("ignored(%q, dir=%v) = %v", tt.rel, tt.dir, got)
		}
	}
}
