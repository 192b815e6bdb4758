package config

import (
	"path/filepath"
	"runtime"
	"testing"

	"github.com/clada-dev/clada/lang"
)

func TestMatchGlob(t *testing.T) {
	for _, tc := range []struct {
		pat, name string
		want      bool
	}{
		{"src", "src", true},
		{"src", "src/a/b.go", true}, // a directory covers what is under it
		{"src", "srcx/a", false},
		{"src/*.go", "src/a.go", true},
		{"src/*.go", "src/a/b.go", false},
		{"**/*.pem", "a/b/key.pem", true},
		{"**/*.pem", "key.pem", true},
		{"**/*.pem", "key.pem.txt", false},
		{"docs/**", "docs", true},
		{"a/b", "a", false},
	} {
		if got := MatchGlob(tc.pat, tc.name); got != tc.want {
			t.Errorf("MatchGlob(%q, %q) = %v, want %v", tc.pat, tc.name, got, tc.want)
		}
	}
}

func TestRefuse(t *testing.T) {
	c := &Config{Path: "/p/.clada.yaml", Dir: filepath.FromSlash("/p"), AllowedActions: []string{"file_write", "file_move", "files_read"},
		Allow: []string{"src/**", "README.md"}, Deny: []string{"src/secret/**"}}
	act := func(op string, kv ...string) *lang.Action {
		a := &lang.Action{Op: op}
		for i := 0; i+1 < len(kv); i += 2 {
			a.Params = append(a.Params, &lang.Param{Key: kv[i], Value: kv[i+1]})
		}
		return a
	}
	for _, tc := range []struct {
		root string
		a    *lang.Action
		want string
	}{
		{"/p", act("file_write", "path", "src/a.go"), ""},
		{"/p", act("file_create", "path", "README.md"), ""}, // alias of file_write
		{"/p/src", act("file_write", "path", "a.go"), ""},   // root below the config's directory
		{"/p", act("file_write", "path", "/p/src/x"), ""},
		{"/p", act("exec", "code", "ls"), "action exec is not allowed by /p/.clada.yaml (allowed-actions: file_write, file_move, files_read)"},
		{"/p", act("file_write", "path", "main.go"), "path 'main.go' matches no allow pattern of /p/.clada.yaml (allow: src/**, README.md)"},
		{"/p", act("file_write", "path", "src/../main.go"), "path 'src/../main.go' matches no allow pattern of /p/.clada.yaml (allow: src/**, README.md)"},
		{"/p", act("file_write", "path", "src/secret/k"), `path 'src/secret/k' matches the deny pattern "src/secret/**" of /p/.clada.yaml`},
		{"/p/src", act("file_write", "path", "secret/k"), `path 'secret/k' matches the deny pattern "src/secret/**" of /p/.clada.yaml`},
		{"/p", act("file_move", "old_path", "src/a", "new_path", "b"), "new_path 'b' matches no allow pattern of /p/.clada.yaml (allow: src/**, README.md)"},
		{"/p", act("files_read", "paths", "src/a\n\nsrc/secret/b\n"), `paths 'src/secret/b' matches the deny pattern "src/secret/**" of /p/.clada.yaml`},
		{"/p", act("file_write", "path", "../q/x"), "path '../q/x' is outside the directory of /p/.clada.yaml, and its allow list admits only paths inside"},
	} {
		if runtime.GOOS == "windows" && tc.a.ParamMap()["path"] == "/p/src/x" {
			continue // not an absolute path on Windows (no drive); engine's Resolve refuses it first
		}
		if got := c.Refuse(filepath.FromSlash(tc.root), tc.a); got != tc.want {
			t.Errorf("Refuse(%s, %s %v) =\n  %q\nwant\n  %q", tc.root, tc.a.Op, tc.a.ParamMap(), got, tc.want)
		}
	}
}
