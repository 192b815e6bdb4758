package config

import (
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/clada-dev/clada/lang"
)

// TestRefuseDeepDeny is a cloned .clada.yaml's deny pattern of twelve
// "**" against a path 200 folders deep: refused when the name matches,
// let through when it does not, and either way at once (the backtracking
// matcher it replaced did not finish in 30 s).
func TestRefuseDeepDeny(t *testing.T) {
	c := &Config{Path: "/p/.clada.yaml", Dir: "/p", Deny: []string{strings.Repeat("**/", 12) + "zz"}}
	deep := strings.Repeat("d/", 200)
	for _, tc := range []struct{ path, want string }{
		{deep + "f.txt", ""},
		{deep + "zz", "path '" + deep + "zz' matches the deny pattern \"**/**/**/**/**/**/**/**/**/**/**/**/zz\" of /p/.clada.yaml"},
		{deep + "zz/f.txt", "path '" + deep + "zz/f.txt' matches the deny pattern \"**/**/**/**/**/**/**/**/**/**/**/**/zz\" of /p/.clada.yaml"},
	} {
		a := &lang.Action{Op: "file_write", Params: []*lang.Param{{Key: "path", Value: tc.path}}}
		if got := c.Refuse("/p", a); got != tc.want {
			t.Errorf("Refuse(%s) = %q, want %q", tc.path, got, tc.want)
		}
	}
}

// BenchmarkRefuseDeepDeny times that refusal's check for the path that
// does not match (the whole automaton runs).
func BenchmarkRefuseDeepDeny(b *testing.B) {
	c := &Config{Path: "/p/.clada.yaml", Dir: "/p", Deny: []string{strings.Repeat("**/", 12) + "zz"}}
	a := &lang.Action{Op: "file_write", Params: []*lang.Param{{Key: "path", Value: strings.Repeat("d/", 200) + "f.txt"}}}
	for b.Loop() {
		if why := c.Refuse("/p", a); why != "" {
			b.Fatal(why)
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
