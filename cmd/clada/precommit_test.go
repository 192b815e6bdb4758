package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// needTool returns tool's path, skipping the test without it (failing
// under CI, whose .ci/run installs it).
func needTool(t *testing.T, tool, install string) string {
	t.Helper()
	p, err := exec.LookPath(tool)
	if err != nil {
		why := tool + " is not installed; to run this test: " + install
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI=true but %s", why)
		}
		t.Skipf("skipping: %s", why)
	}
	return p
}

// TestPreCommitHook runs the repository's .pre-commit-hooks.yaml the way a
// user's pre-commit does: `pre-commit try-repo` builds clada from a copy of
// this working tree (language: golang, `go install ./...`) and runs the
// clada-check hook in a scratch repository. A good answer passes; a bad one
// fails with clada's diagnostic; a Markdown file that is no answer is not
// checked, though it holds a broken block.
func TestPreCommitHook(t *testing.T) {
	if testing.Short() {
		t.Skip("builds clada through pre-commit")
	}
	preCommit := needTool(t, "pre-commit", "apt-get install pre-commit")
	t.Parallel()
	git := needTool(t, "git", "apt-get install git")
	tmp := t.TempDir()
	// pre-commit's cache and every home-like place go to the scratch dir;
	// the Go caches are the ones go test itself uses, so the build is warm.
	gocache, gomodcache := goEnv(t, "GOCACHE"), goEnv(t, "GOMODCACHE")
	env := append(os.Environ(),
		"HOME="+tmp, "XDG_CACHE_HOME="+filepath.Join(tmp, "cache"), "XDG_CONFIG_HOME="+filepath.Join(tmp, "config"),
		"PRE_COMMIT_HOME="+filepath.Join(tmp, "pre-commit"), "GOCACHE="+gocache, "GOMODCACHE="+gomodcache,
		"GIT_CONFIG_NOSYSTEM=1", "GIT_AUTHOR_NAME=Test", "GIT_AUTHOR_EMAIL=test@example.com",
		"GIT_COMMITTER_NAME=Test", "GIT_COMMITTER_EMAIL=test@example.com")
	runIn := func(dir string, name string, args ...string) (string, error) {
		cmd := exec.Command(name, args...)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	must := func(dir string, name string, args ...string) {
		t.Helper()
		if out, err := runIn(dir, name, args...); err != nil {
			t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
		}
	}

	// The hook repository: this working tree as it is (tracked and new
	// files, not what .gitignore leaves out), committed in a scratch repo,
	// so the test neither writes to the real repository nor tests only its
	// last commit.
	top := filepath.Join("..", "..")
	list, err := exec.Command(git, "-C", top, "ls-files", "-z", "--cached", "--others", "--exclude-standard").Output()
	if err != nil {
		t.Skipf("skipping: not in a git checkout (%v)", err)
	}
	hooks := filepath.Join(tmp, "hooks")
	for _, rel := range strings.Split(strings.TrimRight(string(list), "\x00"), "\x00") {
		data, err := os.ReadFile(filepath.Join(top, rel))
		if os.IsNotExist(err) {
			continue // deleted in the working tree
		}
		if err != nil {
			t.Fatal(err)
		}
		dst := filepath.Join(hooks, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	must(hooks, git, "init", "-q")
	must(hooks, git, "add", "-A")
	must(hooks, git, "commit", "-q", "-m", "clada")

	proj := filepath.Join(tmp, "proj")
	files := map[string]string{
		"answers/good.sham": "#!SHAM [@three-char-SHA-256: ok1]\naction = \"file_write\"\npath = \"a.txt\"\ncontent = \"hi\"\n#!END_SHAM_ok1\n",
		"notes.md":          "How not to write SHAM:\n\n#!SHAM [@three-char-SHA-256: no1]\naction = \"file_wrte\"\n#!END_SHAM_no1\n",
	}
	for name, text := range files {
		p := filepath.Join(proj, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	must(proj, git, "init", "-q")
	must(proj, git, "add", "-A")

	out, err := runIn(proj, preCommit, "try-repo", hooks, "clada-check", "--all-files", "--color", "never")
	t.Logf("$ pre-commit try-repo HOOKS clada-check --all-files (good answer, notes.md)\n%s", out)
	if err != nil || !regexpMatch(`(?m)^clada check\.+Passed$`, out) {
		t.Fatalf("the good answer did not pass (%v)", err)
	}

	bad := "<---WRITE file=\"b.txt\"--->\nhello\n<---WRTE--->\n"
	if err := os.WriteFile(filepath.Join(proj, "answers", "bad.clada.md"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	must(proj, git, "add", "-A")
	out, err = runIn(proj, preCommit, "try-repo", hooks, "clada-check", "--all-files", "--color", "never")
	t.Logf("$ pre-commit try-repo HOOKS clada-check --all-files (a bad answer added)\n%s", out)
	if err == nil {
		t.Fatal("pre-commit passed a bad answer")
	}
	for _, want := range []string{
		`(?m)^clada check\.+Failed$`,
		`(?m)^- exit code: 1$`,
		`(?m)^answers/bad\.clada\.md:1:1: error: the WRITE op has no <---END---> \[UNCLOSED_OP\]$`,
		`(?m)^1 error, 0 warnings in 2 blocks in 2 files$`,
	} {
		if !regexpMatch(want, out) {
			t.Errorf("pre-commit's output lacks %s", want)
		}
	}
	if strings.Contains(out, "notes.md") {
		t.Error("notes.md is no answer file, but the hook checked it")
	}
}

func goEnv(t *testing.T, name string) string {
	t.Helper()
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		t.Fatalf("go env %s: %v", name, err)
	}
	return string(bytes.TrimSpace(out))
}

func regexpMatch(re, s string) bool { return regexp.MustCompile(re).MatchString(s) }
