package glob

import (
	"path"
	"strings"
	"testing"
)

// backtrack is the plain recursive matcher the automaton replaces (it took
// time exponential in the number of "**"): the reference for what a match
// means.
func backtrack(pat, name []string, under bool) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			if len(pat) == 1 {
				return true
			}
			for i := 0; i <= len(name); i++ {
				if backtrack(pat[1:], name[i:], under) {
					return true
				}
			}
			return false
		}
		if len(name) == 0 {
			return false
		}
		if ok, err := path.Match(pat[0], name[0]); err != nil || !ok {
			return false
		}
		pat, name = pat[1:], name[1:]
	}
	return len(name) == 0 || under
}

var (
	pats = []string{"*.go", "**", "**/*.go", "a/**", "a/**/b", "**/b/**", "a/*/c", "**/**/x", "a/**/**/b/*.txt",
		"[", "a/[b-", "x/**/y/**/z", "a", "a/b", "**/a", "b/**/**", "*", "*/*", "**/*/**", "", "a/**/", "x/**/y/**/**/z/**"}
	names = []string{"a", "a.go", "a/b", "a/b.go", "a/x/b", "a/x/y/b", "b/c", "a/c/c", "x/y/z", "x/a/y/b/z", "x/z",
		"a/b/b/c.txt", "a/b/c.txt", "x/y", "", "b", "b/b", "a/", "x/y/y/z/z", "x/y/z/w"}
)

// TestMatchAgreesWithBacktracking holds both forms to the reference on the
// shapes deny lists, grep, glob and .gitignore use.
func TestMatchAgreesWithBacktracking(t *testing.T) {
	for _, p := range pats {
		for _, n := range names {
			want := backtrack(strings.Split(p, "/"), strings.Split(n, "/"), false)
			if got := Match(p, n); got != want {
				t.Errorf("Match(%q, %q) = %v, want %v", p, n, got, want)
			}
			want = backtrack(strings.Split(p, "/"), strings.Split(n, "/"), true)
			if got := MatchUnder(p, n); got != want {
				t.Errorf("MatchUnder(%q, %q) = %v, want %v", p, n, got, want)
			}
		}
	}
}

// TestMatchCases pins what the patterns mean to the people who write them.
func TestMatchCases(t *testing.T) {
	for _, tc := range []struct {
		pat, name   string
		match, unde bool
	}{
		{"**/.ssh/**", ".ssh/id_rsa", true, true},
		{"**/.ssh/**", "home/u/.ssh/id_rsa", true, true},
		{"build", "build/out/a.o", false, true},
		{"build", "build", true, true},
		{"build", "src/build", false, false},
		{"*.env", "a/x.env", false, false},
		{"**/*.env", "a/x.env", true, true},
		{"src/*.go", "src/a/b.go", false, false},
		{"src/**/*.go", "src/b.go", true, true},
		{"src", "srcx/a", false, false},
		{"**/*.pem", "key.pem", true, true},
		{"**/*.pem", "key.pem.txt", false, false},
		{"docs/**", "docs", true, true},
		{"a/b", "a", false, false},
		{"**/*.go", "x/y/a.go", true, true},
		{"src/**", "src/a/b", true, true},
		{"src/**/test", "src/test", true, true},
		{"src/**/test", "src/a/b/test", true, true},
		{"a/*/c", "a/b/c", true, true},
		{"a/*/c", "a/b/d/c", false, false},
		{"[", "[", false, false},
	} {
		if got := Match(tc.pat, tc.name); got != tc.match {
			t.Errorf("Match(%q, %q) = %v, want %v", tc.pat, tc.name, got, tc.match)
		}
		if got := MatchUnder(tc.pat, tc.name); got != tc.unde {
			t.Errorf("MatchUnder(%q, %q) = %v, want %v", tc.pat, tc.name, got, tc.unde)
		}
	}
}

// TestManyStars: a pattern of thirty "**" segments, each followed by a
// name, still matches (and refuses) a 60-deep path correctly.
func TestManyStars(t *testing.T) {
	deep := strings.Repeat("d/", 60) + "f.txt"
	if !Match(strings.Repeat("**/d/", 30)+"f.txt", deep) {
		t.Error("thirty ** should match a 60-deep path")
	}
	if Match(strings.Repeat("**/d/", 30)+"g.txt", deep) {
		t.Error("thirty ** matched a different file name")
	}
}

func TestValid(t *testing.T) {
	for _, p := range []string{"**/*.go", "a/[bc]/**", `a\*b`, "**"} {
		if err := Valid(p); err != nil {
			t.Errorf("Valid(%q) = %v, want nil", p, err)
		}
	}
	for _, p := range []string{"a/[", `a/b\`, "[-]/**", "x/[a-"} {
		if err := Valid(p); err == nil {
			t.Errorf("Valid(%q) = nil, want an error", p)
		}
	}
}

// BenchmarkDenyDeep is the hostile .clada.yaml case: twelve "**" then a
// name, against a path 200 folders deep that does not match (the
// backtracking matcher did not finish in 30 s).
func BenchmarkDenyDeep(b *testing.B) {
	pat := strings.Repeat("**/", 12) + "zz"
	name := strings.Repeat("d/", 200) + "f.txt"
	for b.Loop() {
		if Match(pat, name) || MatchUnder(pat, name) {
			b.Fatal("matched")
		}
	}
}
