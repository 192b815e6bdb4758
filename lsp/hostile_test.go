//go:build unix

package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"go.lsp.dev/protocol"
)

// The language server reads the files actions name the way the engine does
// (README, "Safety"): a target that is a symlink to /dev/zero, a FIFO, or a
// symlink out of the root is refused, with the reason in the hover, and
// never stalls the server: the next request answers at once.
func TestHostileHoverTargets(t *testing.T) {
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "secret"), []byte("one\ntwo\nthree\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		setup func(t *testing.T, target string)
		want  string
	}{
		{"symlink to /dev/zero", func(t *testing.T, target string) { mustLink(t, "/dev/zero", target) },
			"`app.js` cannot be read: '%s' is a symbolic link; clada does not read or write through symlinks"},
		{"FIFO", func(t *testing.T, target string) {
			if err := syscall.Mkfifo(target, 0o644); err != nil {
				t.Fatal(err)
			}
		}, "`app.js` cannot be read: '%s' is a named pipe (FIFO), not a regular file"},
		{"symlink out of the root", func(t *testing.T, target string) { mustLink(t, filepath.Join(outside, "secret"), target) },
			"`app.js` cannot be read: '%s' is a symbolic link; clada does not read or write through symlinks"},
		{"hard link to an outside file", func(t *testing.T, target string) {
			if err := os.Link(filepath.Join(outside, "secret"), target); err != nil {
				t.Skipf("no hard link across temp dirs: %v", err)
			}
		}, "`app.js` cannot be read: '%s' has 2 hard links"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			target := filepath.Join(root, "app.js")
			tc.setup(t, target)
			c := start(t, root, false)
			uri := pathURI(filepath.Join(root, "a.sham"))
			c.open(uri, replaceDoc)
			begin := time.Now()
			var h protocol.Hover
			c.call(protocol.MethodTextDocumentHover, at(uri, 3, 12), &h)
			want := strings.Replace(tc.want, "%s", target, 1)
			if got := hoverText(&h); !strings.HasPrefix(got, want) {
				t.Fatalf("hover = %q, want it to start with %q", got, want)
			}
			if strings.Contains(hoverText(&h), "matches") {
				t.Fatalf("hover told where the text matches in a refused file: %q", hoverText(&h))
			}
			var loc protocol.DefinitionResult
			c.call(protocol.MethodTextDocumentDefinition, at(uri, 3, 12), &loc)
			if loc != nil && len(loc.(protocol.LocationSlice)) != 0 {
				t.Fatalf("definition into a refused file: %+v", loc)
			}
			if d := time.Since(begin); d > targetReadTimeout {
				t.Fatalf("hover and definition took %v", d)
			}
		})
	}
}

func mustLink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}

// A second initialize is refused: it would reset the root and the trust the
// first one set.
func TestHostileSecondInitialize(t *testing.T) {
	root := t.TempDir()
	c := start(t, root, false)
	var res protocol.InitializeResult
	err := c.callErr(protocol.MethodInitialize, &protocol.InitializeParams{WorkspaceFoldersInitializeParams: folders(t.TempDir())}, &res)
	if err == nil || !strings.Contains(err.Error(), "clada-lsp: initialize: the server is already initialized") {
		t.Fatalf("second initialize: err = %v", err)
	}
	if c.srv.root != root {
		t.Fatalf("root = %q after a second initialize, want %q", c.srv.root, root)
	}
}
