// Package sandbox confines the commands clada runs with the operating
// system's own mechanism (Linux Landlock): a command may read and execute
// anything, but write only where its Spec says, and under Strict open no TCP
// connection. clada applies it by re-executing its own binary as a small
// helper (Main) that restricts itself and then execs the command, so the
// restriction holds for the command and everything it starts, and clada
// itself stays unrestricted. On Linux the helper also contains the process,
// in every Mode (Off included): it starts as process 1 of PID and mount
// namespaces, mounts their own /proc (so the command cannot read clada's
// environment there), and passes on no descriptor but the standard three
// (CloseInherited, which clada calls too); contain_linux.go.
//
// sandbox imports go-landlock and golang.org/x/sys and nothing of clada's,
// and knows nothing of ops: engine/command wraps each command with Wrap,
// engine and session carry its Mode as a setting, and every binary that may
// run commands (cmd/clada, cmd/clada-lsp) calls Main first thing. Start
// reading at Wrap below, then helper.go (Main) and contain_linux.go.
package sandbox

import (
	"errors"
	"fmt"
	"strings"
)

// Mode is how much a command is confined (--sandbox).
type Mode string

const (
	// Off runs commands unconfined.
	Off Mode = "off"
	// Write lets a command write only under its writable directories.
	Write Mode = "write"
	// Strict is Write and no TCP bind or connect (UDP too where the kernel
	// can, and no abstract unix sockets or signals beyond its own processes).
	Strict Mode = "strict"
)

// ParseMode reads a --sandbox value.
func ParseMode(s string) (Mode, error) {
	switch m := Mode(s); m {
	case Off, Write, Strict:
		return m, nil
	}
	return "", fmt.Errorf("unknown sandbox mode %q; use off, write or strict", s)
}

// NetABI is the first Landlock ABI that can deny TCP bind and connect.
const NetABI = 4

// Spec is what one confined command may write: the directories (and
// everything under them) and the device files it may open for writing.
type Spec struct {
	Mode     Mode
	Writable []string // absolute directories
}

// devices are the device files every command may open for writing: the
// null and zero sinks and the terminal. Output to clada goes through pipes
// the command inherits, which Landlock does not restrict.
var devices = []string{"/dev/null", "/dev/zero", "/dev/full", "/dev/tty", "/dev/ptmx", "/dev/pts"}

// Devices are the device files every confined command may open for writing.
func Devices() []string { return append([]string(nil), devices...) }

// ErrUnavailable says the kernel cannot confine commands at all.
var ErrUnavailable = errors.New("this kernel has no Landlock (it needs Linux 5.13+ with Landlock enabled)")

// Check says whether spec can be enforced on this kernel: nil when it can,
// ErrUnavailable (wrapped) when the kernel has no Landlock, and an error
// naming the missing ABI when Strict needs network rules this kernel lacks.
func Check(mode Mode) error {
	return CheckABI(mode, ABI())
}

// CheckABI is Check for a kernel of the given Landlock ABI version.
func CheckABI(mode Mode, abi int) error {
	if mode == Off {
		return nil
	}
	if abi < 1 {
		return fmt.Errorf("sandbox %s: %w", mode, ErrUnavailable)
	}
	if mode == Strict && abi < NetABI {
		return fmt.Errorf("sandbox strict: this kernel's Landlock is ABI %d, but denying network access needs ABI %d (Linux 6.7+); the command was not run (use --sandbox write to confine only writes)", abi, NetABI)
	}
	return nil
}

// helperArg is the hidden first argument that makes clada the helper.
const helperArg = "__clada-sandbox"

// Wrap returns the argv that runs argv confined by spec: exe (clada's own
// binary) as the helper, then the command.
func Wrap(exe string, spec Spec, argv []string) []string {
	out := []string{exe, helperArg, string(spec.Mode)}
	for _, d := range spec.Writable {
		out = append(out, "-w", d)
	}
	out = append(out, "--")
	return append(out, argv...)
}

// parseHelperArgs reads what Wrap wrote.
func parseHelperArgs(args []string) (Spec, []string, error) {
	if len(args) == 0 {
		return Spec{}, nil, errors.New("missing mode")
	}
	mode, err := ParseMode(args[0])
	if err != nil {
		return Spec{}, nil, err
	}
	spec := Spec{Mode: mode}
	args = args[1:]
	for len(args) > 0 {
		switch {
		case args[0] == "--":
			if len(args) < 2 {
				return Spec{}, nil, errors.New("missing command")
			}
			return spec, args[1:], nil
		case args[0] == "-w" && len(args) > 1:
			spec.Writable = append(spec.Writable, args[1])
			args = args[2:]
		default:
			return Spec{}, nil, fmt.Errorf("unexpected argument %q", args[0])
		}
	}
	return Spec{}, nil, errors.New("missing -- before the command")
}

// Under reports whether path is dir or inside it (both absolute and clean).
func Under(path, dir string) bool {
	return path == dir || dir == "/" || strings.HasPrefix(path, dir+"/")
}
