// Package testfs holds what tests need of the system that a platform may
// not give: symlinks (Windows makes them only in Developer Mode or as an
// administrator, and Wine makes none), and knowing a test runs under Wine,
// whose Windows lacks NTFS streams and short names, Job Objects and a
// clipboard (README, "Platforms"). It is for tests only and imports
// nothing of clada's. Start at Symlink.
package testfs

import (
	"os"
	"runtime"
	"testing"
)

// Symlink makes link point at target, or skips the test where this
// system makes no symlink a program sees as one. Anywhere else a failure
// fails the test.
func Symlink(t testing.TB, target, link string) {
	t.Helper()
	err := os.Symlink(target, link)
	if runtime.GOOS != "windows" {
		if err != nil {
			t.Fatal(err)
		}
		return
	}
	if err != nil {
		t.Skipf("no symlinks here (Windows makes them in Developer Mode or as an administrator): %v", err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Skip("symlinks made here are not seen as links (Wine makes none); untested on a real Windows machine by this run")
	}
}

// SkipUnderWine skips a test that needs what Wine lacks, saying what.
func SkipUnderWine(t testing.TB, needs string) {
	t.Helper()
	if Wine() {
		t.Skipf("needs %s, which Wine lacks; untested on a real Windows machine by this run (README, \"Platforms\")", needs)
	}
}
