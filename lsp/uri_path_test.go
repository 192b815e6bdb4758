package lsp

import (
	"net/url"
	"testing"
)

// File URIs as Windows editors send them, and back: the drive after a
// slash (VS Code writes its colon as %3A), a share as the host.
func TestWindowsFileURIs(t *testing.T) {
	for _, tc := range []struct{ uri, path, back string }{
		{"file:///C:/Users/me/p/a.md", `C:\Users\me\p\a.md`, "file:///C:/Users/me/p/a.md"},
		{"file:///c%3A/Users/me/p/a.md", `c:\Users\me\p\a.md`, "file:///c:/Users/me/p/a.md"},
		{"file://server/share/p/a.md", `\\server\share\p\a.md`, "file://server/share/p/a.md"},
		{"file:///C:/p/caf%C3%A9%20x.md", `C:\p\café x.md`, "file:///C:/p/caf%C3%A9%20x.md"},
	} {
		u, err := url.Parse(tc.uri)
		if err != nil {
			t.Fatal(err)
		}
		if got := localPathOn("windows", u.Host, u.Path); got != tc.path {
			t.Errorf("%s: path %q, want %q", tc.uri, got, tc.path)
		}
		host, path := urlPathOn("windows", tc.path)
		if got := (&url.URL{Scheme: "file", Host: host, Path: path}).String(); got != tc.back {
			t.Errorf("%s: back to %q, want %q", tc.path, got, tc.back)
		}
	}
	// Elsewhere the path is the path.
	if got := localPathOn("linux", "", "/home/me/a.md"); got != "/home/me/a.md" {
		t.Errorf("linux: %q", got)
	}
	if _, got := urlPathOn("linux", "/home/me/a.md"); got != "/home/me/a.md" {
		t.Errorf("linux back: %q", got)
	}
}
