package command

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/clada-dev/clada/engine/fault"
)

// clada's own files are reached through the root with no symlink
// followed. Each case plants something, then writes (or reads) the
// approvals store; nothing outside changes, and the error says why.
func TestHostileStateFiles(t *testing.T) {
	rel := filepath.FromSlash(allowedCommandsFile)
	cases := []struct {
		name  string
		plant func(t *testing.T, root, outside string)
		err   string // "" when the write must succeed
	}{
		{"temp file a symlink out", func(t *testing.T, root, outside string) {
			mustMkdir(t, filepath.Join(root, ".clada"))
			mustSymlink(t, filepath.Join(outside, "victim"), filepath.Join(root, rel+".tmp"))
		}, ""},
		{"store a symlink out", func(t *testing.T, root, outside string) {
			mustMkdir(t, filepath.Join(root, ".clada"))
			mustSymlink(t, filepath.Join(outside, "victim"), filepath.Join(root, rel))
		}, ""}, // the rename replaces the link; the target stays as it was
		{".clada a symlink out", func(t *testing.T, root, outside string) {
			mustSymlink(t, outside, filepath.Join(root, ".clada"))
		}, "/.clada is a symlink; clada never follows one for its own files (replace it with a directory)"},
		{".clada a symlink inside", func(t *testing.T, root, _ string) {
			mustMkdir(t, filepath.Join(root, "src"))
			mustSymlink(t, "src", filepath.Join(root, ".clada"))
		}, "/.clada is a symlink; clada never follows one for its own files"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			root, outside := t.TempDir(), t.TempDir()
			if err := os.WriteFile(filepath.Join(outside, "victim"), []byte("keep"), 0o644); err != nil {
				t.Fatal(err)
			}
			tc.plant(t, root, outside)
			err := saveAllowed(root, &allowedCommands{Version: 2, Commands: []approvedCommand{{Lang: "bash", Code: "true"}}})
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
			if tc.err == "" {
				a, err := loadAllowed(root)
				if err != nil || len(a.Commands) != 1 {
					t.Fatalf("load after save: %+v, %v", a, err)
				}
			}
		})
	}
}

// A store that is a FIFO or a symlink to /dev/zero is refused on read, at
// once, rather than hanging or filling memory.
func TestHostileStateFileRead(t *testing.T) {
	root := t.TempDir()
	mustMkdir(t, filepath.Join(root, ".clada"))
	store := filepath.Join(root, filepath.FromSlash(allowedCommandsFile))
	if err := syscall.Mkfifo(store, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := loadAllowed(root); err == nil || !strings.Contains(err.Error(), "is not a regular file") {
		t.Fatalf("FIFO store: err = %v", err)
	}
	if err := os.Remove(store); err != nil {
		t.Fatal(err)
	}
	mustSymlink(t, "/dev/zero", store)
	if _, err := loadAllowed(root); err == nil || !strings.Contains(err.Error(), "allowed-commands.json is a symlink; clada never follows one for its own files (remove it)") {
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
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}
