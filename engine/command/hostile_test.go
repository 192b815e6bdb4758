package command

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/internal/state"
	"github.com/clada-dev/clada/internal/testfs"
)

// The approvals store is reached through the user directory with no
// symlink followed below it. Each case plants something, then writes (or
// reads) the store; nothing outside changes, and the error says why.
func TestHostileStateFiles(t *testing.T) {
	rel := state.ApprovalsFile
	cases := []struct {
		name  string
		plant func(t *testing.T, dir, outside string)
		err   string // "" when the write must succeed
	}{
		{"temp file a symlink out", func(t *testing.T, dir, outside string) {
			mustSymlink(t, filepath.Join(outside, "victim"), filepath.Join(dir, rel+".tmp"))
		}, ""},
		{"store a symlink out", func(t *testing.T, dir, outside string) {
			mustSymlink(t, filepath.Join(outside, "victim"), filepath.Join(dir, rel))
		}, "approvals.json is a symlink; clada never follows one for its own files (remove it)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir, outside := t.TempDir(), t.TempDir()
			if err := os.WriteFile(filepath.Join(outside, "victim"), []byte("keep"), 0o644); err != nil {
				t.Fatal(err)
			}
			tc.plant(t, dir, outside)
			err := recordApproval(dir, "/project", approvedCommand{Lang: "bash", Code: "true"})
			switch {
			case tc.err == "" && err != nil:
				t.Fatalf("save: %v", err)
			case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
				t.Fatalf("save: err = %v, want it to contain %q", err, tc.err)
			}
			if b, _ := os.ReadFile(filepath.Join(outside, "victim")); string(b) != "keep" {
				t.Fatalf("outside file = %q: written through a planted link", b)
			}
			if entries, _ := os.ReadDir(outside); len(entries) != 1 {
				t.Fatalf("outside holds %d entries, want only victim", len(entries))
			}
			if tc.err != "" {
				return
			}
			a, err := loadApprovals(dir)
			if err != nil || len(a.commands("/project")) != 1 {
				t.Fatalf("load after save: %+v, %v", a, err)
			}
			if fi, err := os.Stat(filepath.Join(dir, rel)); err != nil || fi.Mode().Perm() != 0o600 {
				t.Fatalf("store mode: %v, %v; want 0600", fi, err)
			}
		})
	}
}

// A store that is a FIFO or a symlink to /dev/zero is refused on read, at
// once, rather than hanging or filling memory.
func TestHostileStateFileRead(t *testing.T) {
	dir := t.TempDir()
	store := filepath.Join(dir, state.ApprovalsFile)
	if err := mkfifo(store); err != nil {
		t.Skip(err)
	}
	if _, err := loadApprovals(dir); err == nil || !strings.Contains(err.Error(), "is not a regular file") {
		t.Fatalf("FIFO store: err = %v", err)
	}
	if err := os.Remove(store); err != nil {
		t.Fatal(err)
	}
	mustSymlink(t, "/dev/zero", store)
	if _, err := loadApprovals(dir); err == nil || !strings.Contains(err.Error(), "approvals.json is a symlink; clada never follows one for its own files (remove it)") {
		t.Fatalf("/dev/zero store: err = %v", err)
	}
}

// A cwd through a symlink is refused, whether it points out of the root or
// inside it.
func TestHostileCommandDir(t *testing.T) {
	root, outside := t.TempDir(), t.TempDir()
	mustMkdir(t, filepath.Join(root, "sub"))
	mustSymlink(t, outside, filepath.Join(root, "out"))
	mustSymlink(t, "sub", filepath.Join(root, "in"))
	cfg := Settings{Root: root}
	for _, p := range []string{"out", "in", "out/x"} {
		_, err := openCommandDir(cfg, filepath.Join(root, p))
		var refused *refusal
		if !errors.As(err, &refused) || refused.Type != fault.SymlinkNotAllowed {
			t.Errorf("cwd %s: err = %v, want symlink_not_allowed", p, err)
		}
	}
	f, err := openCommandDir(cfg, filepath.Join(root, "sub"))
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
}

// Secret-looking variables are withheld unless passed.
func TestHostileCommandEnv(t *testing.T) {
	cfg := Settings{Root: t.TempDir(), PassEnv: []string{"GH_TOKEN"}}
	env := []string{"PATH=/bin", "OPENAI_API_KEY=a", "GH_TOKEN=b", "aws_secret_access_key=c", "PGPASSWORD=d", "GIT_DIR=/x", "HOME=/h", "DOCKER_CREDENTIAL=e"}
	got, withheld := commandEnv(cfg, env)
	want := []string{"PATH=/bin", "GH_TOKEN=b", "HOME=/h"}
	if !slices.Equal(got, want) {
		t.Fatalf("env = %q, want %q", got, want)
	}
	if want := []string{"OPENAI_API_KEY", "aws_secret_access_key", "PGPASSWORD", "DOCKER_CREDENTIAL"}; !slices.Equal(withheld, want) {
		t.Fatalf("withheld = %q, want %q", withheld, want)
	}
}

func mustMkdir(t *testing.T, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
}

func mustSymlink(t *testing.T, target, link string) {
	t.Helper()
	testfs.Symlink(t, target, link) // skips where the system makes no symlinks
}
