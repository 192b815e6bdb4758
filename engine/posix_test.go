package engine

import (
	"runtime"
	"testing"
)

// posixOnly skips a test of commands on Windows: its scripts are POSIX
// shell (sleep, trap, touch, /dev/zero) and it relies on the Unix default
// of running SHAM and CML commands without asking, where Windows asks for
// every one (policyFor). Windows' own command tests are
// TestWindowsAsksEverySyntax here and engine/command's
// TestRunKillsTreeOnTimeout and TestBashStandInArgv.
func posixOnly(t testing.TB) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("POSIX shell commands under the Unix approval defaults; Windows has its own command tests")
	}
}
