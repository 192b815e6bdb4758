package main

import (
	"runtime/debug"
	"testing"
)

func TestModuleVersion(t *testing.T) {
	info := func(v string, ok bool, settings ...debug.BuildSetting) func() (*debug.BuildInfo, bool) {
		return func() (*debug.BuildInfo, bool) {
			return &debug.BuildInfo{Main: debug.Module{Path: "github.com/clada-dev/clada", Version: v}, Settings: settings}, ok
		}
	}
	for _, tc := range []struct {
		ldflags, mod string
		ok           bool
		want         string
	}{
		{"dev", "v1.2.3", true, "v1.2.3"},    // go install …@v1.2.3
		{"v2.0.0", "v1.2.3", true, "v2.0.0"}, // a release build's -ldflags wins
		{"dev", "(devel)", true, "dev"},      // go run in a tree without VCS info
		{"dev", "", false, "dev"},            // no build info at all
		{"dev", "v0.0.0-20261125-abcdef123456", true, "v0.0.0-20261125-abcdef123456"},
	} {
		if got := moduleVersion(tc.ldflags, info(tc.mod, tc.ok)); got != tc.want {
			t.Errorf("moduleVersion(%q, %q) = %q, want %q", tc.ldflags, tc.mod, got, tc.want)
		}
	}
	vcs := info("(devel)", true, debug.BuildSetting{Key: "vcs.revision", Value: "0123456789abcdef0123"}, debug.BuildSetting{Key: "vcs.modified", Value: "true"})
	if got, want := moduleVersion("dev", vcs), "dev (0123456789ab, modified)"; got != want {
		t.Errorf("a devel build with VCS info: %q, want %q", got, want)
	}
}
