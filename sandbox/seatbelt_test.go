package sandbox

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The macOS profile, exactly: writes denied but under the parameters and
// the devices, the network denied under strict but for unix sockets. It
// runs on every platform; only a Mac runs sandbox-exec with it.
func TestSeatbeltProfile(t *testing.T) {
	const devices = `
  (literal "/dev/null")
  (literal "/dev/zero")
  (literal "/dev/tty")
  (regex #"^/dev/ttys[0-9]+$")
  (literal "/dev/ptmx")
  (regex #"^/dev/fd/[0-9]+$")
  (literal "/dev/dtracehelper"))
`
	write := "(version 1)\n(allow default)\n(deny file-write*)\n(allow file-write*\n  (subpath (param \"W0\"))\n  (subpath (param \"W1\"))" + devices
	if diff := cmp.Diff(write, SeatbeltProfile(Write, 2)); diff != "" {
		t.Errorf("write profile (-want +got):\n%s", diff)
	}
	strict := "(version 1)\n(allow default)\n(deny file-write*)\n(allow file-write*\n  (subpath (param \"W0\"))" + devices +
		"(deny network*)\n(allow network* (remote unix-socket))\n"
	if diff := cmp.Diff(strict, SeatbeltProfile(Strict, 1)); diff != "" {
		t.Errorf("strict profile (-want +got):\n%s", diff)
	}
}

// A directory is a parameter, never profile text: a path with quotes,
// parentheses or a newline cannot change what the profile says.
func TestSeatbeltArgvParams(t *testing.T) {
	dirs := []string{"/Users/me/p", `/tmp/a") (allow file-write* (subpath "/`}
	got := SeatbeltArgv(Write, dirs, "/bin/sh", []string{"-c", "echo hi"})
	want := []string{seatbeltExec, "-p", SeatbeltProfile(Write, 2),
		"-D", "W0=/Users/me/p", "-D", `W1=/tmp/a") (allow file-write* (subpath "/`,
		"--", "/bin/sh", "-c", "echo hi"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("argv (-want +got):\n%s", diff)
	}
}
