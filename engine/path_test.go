package engine

import (
	"errors"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/clada-dev/clada/engine/fsys"
)

// wp is a Unix-style absolute path of these tests as this system writes
// one: /w/x, or C:\w\x on Windows (where /w/x has no drive).
func wp(s string) string {
	if runtime.GOOS == "windows" && strings.HasPrefix(s, "/w") {
		return `C:` + filepath.FromSlash(s)
	}
	return s
}

func TestResolve(t *testing.T) {
	cfg := DefaultConfig(wp("/w/root"))
	cfg.Allow = []string{wp("/w/shared/")}
	tests := []struct {
		in, want, typ string
	}{
		{"a.txt", "/w/root/a.txt", ""},
		{"./src/../b.txt", "/w/root/b.txt", ""},
		{`src\win\c.txt`, "/w/root/src/win/c.txt", ""},
		{"/w/root/abs.txt", "/w/root/abs.txt", ""},
		{"/w/root", "/w/root", ""},
		{".", "/w/root", ""},
		{"/w/shared/x", "/w/shared/x", ""},
		{"../x", "", "path_escape"},
		{"a/../../x", "", "path_escape"},
		{"/w/root_evil/x", "", "path_escape"},
		{"/w/sharedx/y", "", "path_escape"},
		{"/etc/passwd", "", "path_escape"},
		// a Windows absolute path, on any system (off Windows it was
		// joined to the root, making a folder named "C:")
		{`C:\Users\me\app.py`, "", "path_escape"},
		{"d:/proj/app.py", "", "path_escape"},
		{"", "", "invalid_path"},
		{"a\x00b", "", "invalid_path"},
	}
	for _, tt := range tests {
		tt.in, tt.want = wp(tt.in), wp(tt.want)
		got, err := cfg.Resolve(tt.in)
		var refused *fsys.RefusedError
		switch {
		case tt.typ == "" && (err != nil || got != tt.want):
			t.Errorf("Resolve(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		case tt.typ != "" && (!errors.As(err, &refused) || refused.Type.String() != tt.typ || refused.Fix == ""):
			t.Errorf("Resolve(%q) error = %v; want type %s with a fix", tt.in, err, tt.typ)
		}
	}
	esc := DefaultConfig(wp("/w/root"))
	esc.AllowEscape = true
	if got, err := esc.Resolve("../x"); err != nil || got != wp("/w/x") {
		t.Errorf("--allow-escape: %q, %v", got, err)
	}
}

func TestCheckWrite(t *testing.T) {
	cfg := DefaultConfig("/w/root")
	cfg.Deny = append(cfg.Deny, "secrets/*.key")
	tests := []struct {
		path string
		deny bool
	}{
		{"src/a.go", false},
		{".git/config", true},
		{".GIT/hooks/pre-commit", true},
		{"sub/.Git/x", true},
		{".gitignore", false},
		{"my.git/x", false},
		{".ssh/id", true},
		{"home/u/.ssh/authorized_keys", true},
		{"secrets/a.key", true},
		{"secrets/sub/a.key", false},
	}
	// Outside a run, and twice within one (the second verdict from the
	// run's memory of allowed writes for the allowed paths).
	run := withRunCaches(cfg)
	for _, c := range []*Config{cfg, run, run} {
		for _, tt := range tests {
			abs, err := c.Resolve(tt.path)
			if err != nil {
				t.Fatal(err)
			}
			if err := c.CheckWrite(tt.path, abs); (err != nil) != tt.deny {
				t.Errorf("CheckWrite(%q) = %v, want denied=%v", tt.path, err, tt.deny)
			}
		}
	}
	if n := len(run.writable.m); n != 4 {
		t.Errorf("the run remembers %d allowed writes, want the 4 allowed paths", n)
	}
	if cfg.writable != nil {
		t.Error("withRunCaches gave the caller's Config a memory of its own")
	}
}
