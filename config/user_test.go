package config

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var shareable = []string{"go", "npm", "pip", "ccache", "xdg"}

func TestParseUser(t *testing.T) {
	u, err := ParseUser("/c/config.yaml", []byte("sandbox:\n  share-caches: [go, npm, go]\n  writable: [~/.m2/repository, /srv/cache]\n"), shareable, "/home/u")
	if err != nil {
		t.Fatal(err)
	}
	want := &User{Path: "/c/config.yaml", ShareCaches: []string{"go", "npm"}, Writable: []string{"/home/u/.m2/repository", "/srv/cache"}}
	if d := cmp.Diff(want, u); d != "" {
		t.Errorf("ParseUser (-want +got):\n%s", d)
	}
	if u, err := ParseUser("/c/config.yaml", nil, shareable, "/home/u"); err != nil || u.Path != "/c/config.yaml" || u.ShareCaches != nil || u.Writable != nil {
		t.Errorf("empty file: %+v %v", u, err)
	}
}

// Every mistake names file:line:col and what would be right.
func TestParseUserErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"sandbox:\n  share-caches: [cargo]\n", `/c/config.yaml:2:18: sandbox.share-caches: unknown toolchain "cargo"; use go, npm, pip, ccache, xdg (cargo's CARGO_HOME also holds the programs on your PATH, so it is never shared)`},
		{"sandbox:\n  writable: [relative/dir]\n", `/c/config.yaml:2:14: sandbox.writable: "relative/dir" is not an absolute directory (write /path or ~/path)`},
		{"sandbox:\n  allow: [/x]\n", `/c/config.yaml:2:3: unknown key sandbox.allow; known: share-caches, writable`},
		{"timeout: 10m\n", `/c/config.yaml:1:1: unknown key "timeout"; known keys: sandbox (share-caches, writable)`},
		{"sandbox: [x\n", `/c/config.yaml:1: not valid YAML: `},
		{"- a\n", `/c/config.yaml:1:1: the file must be a mapping of keys (sandbox (share-caches, writable))`},
	} {
		_, err := ParseUser("/c/config.yaml", []byte(tc.in), shareable, "/home/u")
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("ParseUser(%q) = %v, want %s", tc.in, err, tc.want)
		}
	}
}
