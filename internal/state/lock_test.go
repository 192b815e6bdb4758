package state

import (
	"context"
	"github.com/clada-dev/clada/internal/testfs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// lockCase is a root and its lock settings, as an apply gives them.
type lockCase struct {
	root, file string
	timeout    time.Duration
}

func lockConfig(t *testing.T) *lockCase {
	t.Helper()
	return &lockCase{root: t.TempDir(), timeout: 10 * time.Second}
}

// Two applies on one root: the second waits for the lock, then fails naming
// the lock file and the holder's pid.
func TestLockSecondApplyTimesOut(t *testing.T) {
	cfg := lockConfig(t)
	cfg.timeout = 300 * time.Millisecond
	first, err := AcquireLock(context.Background(), cfg.root, cfg.file, cfg.timeout)
	if err != nil {
		t.Fatal(err)
	}
	defer first.Release()
	start := time.Now()
	_, err = AcquireLock(context.Background(), cfg.root, cfg.file, cfg.timeout)
	if err == nil {
		t.Fatal("second lock succeeded while the first is held")
	}
	if d := time.Since(start); d < cfg.timeout || d > 5*time.Second {
		t.Errorf("waited %s, want about %s", d, cfg.timeout)
	}
	msg := err.Error()
	for _, want := range []string{LockPath(cfg.root, cfg.file), "(pid " + itoa(os.Getpid()) + ")", "--lock-timeout"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q does not mention %q", msg, want)
		}
	}
	first.Release()
	again, err := AcquireLock(context.Background(), cfg.root, cfg.file, cfg.timeout)
	if err != nil {
		t.Fatalf("lock not free after release: %v", err)
	}
	again.Release()
	if _, err := os.Stat(LockPath(cfg.root, cfg.file)); err != nil {
		t.Errorf("lock file removed: %v", err)
	}
}

func TestLockRefusesSymlink(t *testing.T) {
	cfg := lockConfig(t)
	outside := filepath.Join(t.TempDir(), "target")
	if err := os.WriteFile(outside, []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg.file = "lk"
	testfs.Symlink(t, outside, filepath.Join(cfg.root, "lk"))
	_, err := AcquireLock(context.Background(), cfg.root, cfg.file, cfg.timeout)
	if err == nil || !strings.Contains(err.Error(), "symlink") {
		t.Fatalf("err = %v, want a symlink refusal", err)
	}
	if b, _ := os.ReadFile(outside); string(b) != "keep" {
		t.Errorf("symlink target changed to %q", b)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestLockRefusesSymlinkedStateDir(t *testing.T) {
	cfg := lockConfig(t)
	outside := t.TempDir()
	testfs.Symlink(t, outside, filepath.Join(cfg.root, ".clada"))
	_, err := AcquireLock(context.Background(), cfg.root, cfg.file, cfg.timeout)
	if err == nil || !strings.Contains(err.Error(), "is a symlink") {
		t.Fatalf("err = %v, want a symlink refusal", err)
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 0 {
		t.Errorf("wrote %d entries outside the root", len(entries))
	}
}
