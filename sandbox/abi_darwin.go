package sandbox

import (
	"os"
	"path/filepath"
)

// unavailable is ErrUnavailable's text.
const unavailable = "this Mac has no " + seatbeltExec + " (it ships with macOS)"

// devices are the device files seatbeltDevices lets a command write, as
// `clada sandbox --explain` names them.
var devices = []string{"/dev/null", "/dev/zero", "/dev/tty", "/dev/ttys*", "/dev/ptmx", "/dev/fd/*", "/dev/dtracehelper"}

// Mechanism names what confines commands here, for `clada sandbox
// --explain`.
func Mechanism(int) string { return "macOS Seatbelt through " + seatbeltExec }

// OwnShm is false: no mount namespaces here.
const OwnShm = false

// ABI is what Seatbelt can do, in the Landlock ABI's terms the rest of
// clada reads: it confines writes and denies the network, as Landlock ABI 4
// (NetABI) does, when sandbox-exec is there; 0 when it is not.
func ABI() int {
	if fi, err := os.Stat(seatbeltExec); err == nil && fi.Mode().IsRegular() {
		return NetABI
	}
	return 0
}

// confine returns the argv that starts the command (path, argv) under
// sandbox-exec with spec's profile (seatbelt.go). Seatbelt matches the
// paths the kernel resolved (/var is /private/var), so each writable
// directory is given both as written and resolved.
func confine(spec Spec, path string, argv []string) (string, []string, error) {
	var dirs []string
	for _, d := range spec.Writable {
		dirs = append(dirs, d)
		if r, err := filepath.EvalSymlinks(d); err == nil && r != d {
			dirs = append(dirs, r)
		}
	}
	out := SeatbeltArgv(spec.Mode, dirs, path, argv[1:])
	return out[0], out, nil
}
