package engine

import (
	"strings"
	"testing"
)

// TestMatchSegsLinear checks the linear matcher against the backtracking one
// it replaces, on the shapes grep, glob and .gitignore use.
func TestMatchSegsLinear(t *testing.T) {
	pats := []string{"*.go", "**", "**/*.go", "a/**", "a/**/b", "**/b/**", "a/*/c", "**/**/x", "a/**/**/b/*.txt", "[", "a/[b-", "x/**/y/**/z"}
	names := []string{"a", "a.go", "a/b", "a/b.go", "a/x/b", "a/x/y/b", "b/c", "a/c/c", "x/y/z", "x/a/y/b/z", "x/z", "a/b/b/c.txt", "a/b/c.txt", "x/y", ""}
	for _, p := range pats {
		for _, n := range names {
			if got, want := matchSegsLinear(p, n), matchGlob(p, n); got != want {
				t.Errorf("matchSegsLinear(%q, %q) = %v, backtracking matcher says %v", p, n, got, want)
			}
		}
	}
	deep := strings.Repeat("d/", 60) + "f.txt"
	if !matchSegsLinear(strings.Repeat("**/d/", 30)+"f.txt", deep) {
		t.Error("thirty ** should match a 60-deep path")
	}
	if matchSegsLinear(strings.Repeat("**/d/", 30)+"g.txt", deep) {
		t.Error("thirty ** matched a different file name")
	}
}
