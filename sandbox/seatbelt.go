package sandbox

import (
	"fmt"
	"strings"
)

// macOS confines a command with Seatbelt, the kernel's sandbox, through
// /usr/bin/sandbox-exec and a profile clada writes per command (as Codex
// CLI and Bazel do; the binary at its fixed path, never one from PATH).
// The profile keeps Landlock's meaning (abi_linux.go): everything is
// allowed but writing, which only the writable directories and the
// terminal and null devices allow; Strict denies the network too, but for
// local (unix) sockets. The directories are parameters (-D), never text
// spliced into the profile, so no path can change the profile's meaning.
//
// This file is pure so that the profile is tested on every platform; only
// abi_darwin.go runs it. It was not run on a real Mac by clada's tests
// (README, "Platforms").

// seatbeltExec is sandbox-exec's fixed path.
const seatbeltExec = "/usr/bin/sandbox-exec"

// seatbeltDevices are the device files a command may write: the null
// sinks, its terminal, its own descriptors (/dev/stdout is /dev/fd/1), and
// dtrace's helper, which many of macOS's own binaries open at start.
var seatbeltDevices = []string{
	`(literal "/dev/null")`,
	`(literal "/dev/zero")`,
	`(literal "/dev/tty")`,
	`(regex #"^/dev/ttys[0-9]+$")`,
	`(literal "/dev/ptmx")`,
	`(regex #"^/dev/fd/[0-9]+$")`,
	`(literal "/dev/dtracehelper")`,
}

// SeatbeltProfile is the profile for mode with n writable directories,
// passed as the parameters W0 … W(n-1).
func SeatbeltProfile(mode Mode, n int) string {
	var b strings.Builder
	b.WriteString("(version 1)\n(allow default)\n(deny file-write*)\n(allow file-write*")
	for i := range n {
		fmt.Fprintf(&b, "\n  (subpath (param \"W%d\"))", i)
	}
	for _, d := range seatbeltDevices {
		b.WriteString("\n  " + d)
	}
	b.WriteString(")\n")
	if mode == Strict {
		b.WriteString("(deny network*)\n(allow network* (remote unix-socket))\n")
	}
	return b.String()
}

// SeatbeltArgv is the argv that runs path with args confined to the
// writable directories dirs under mode.
func SeatbeltArgv(mode Mode, dirs []string, path string, args []string) []string {
	out := []string{seatbeltExec, "-p", SeatbeltProfile(mode, len(dirs))}
	for i, d := range dirs {
		out = append(out, "-D", fmt.Sprintf("W%d=%s", i, d))
	}
	out = append(out, "--", path)
	return append(out, args...)
}
