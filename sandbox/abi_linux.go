//go:build linux

package sandbox

import (
	"fmt"

	"github.com/landlock-lsm/go-landlock/landlock"
	ll "github.com/landlock-lsm/go-landlock/landlock/syscall"
)

// unavailable is ErrUnavailable's text.
const unavailable = "this kernel has no Landlock (it needs Linux 5.13+ with Landlock enabled)"

// ABI is the kernel's Landlock ABI version, 0 when Landlock is missing or
// disabled.
func ABI() int {
	v, err := ll.LandlockGetABIVersion()
	if err != nil || v < 0 {
		return 0
	}
	return v
}

// Mechanism names what confines commands here, for `clada sandbox
// --explain`, on a kernel of Landlock ABI abi.
func Mechanism(abi int) string { return fmt.Sprintf("Linux Landlock ABI %d", abi) }

// OwnShm: a confined command gets a /dev/shm of its own where the kernel
// gives it a mount namespace (helper.go).
const OwnShm = true

// devices are the device files every command may open for writing: the
// null and zero sinks and the terminal. Output to clada goes through pipes
// the command inherits, which Landlock does not restrict.
var devices = []string{"/dev/null", "/dev/zero", "/dev/full", "/dev/tty", "/dev/ptmx", "/dev/pts"}

// writeAccess is every right that changes the filesystem. Reading, listing
// and executing are not handled, so they stay allowed everywhere; device
// ioctls are not handled either, so a terminal keeps working.
const writeAccess = landlock.AccessFSSet(ll.AccessFSWriteFile | ll.AccessFSRemoveDir | ll.AccessFSRemoveFile |
	ll.AccessFSMakeChar | ll.AccessFSMakeDir | ll.AccessFSMakeReg | ll.AccessFSMakeSock | ll.AccessFSMakeFifo |
	ll.AccessFSMakeBlock | ll.AccessFSMakeSym | ll.AccessFSRefer | ll.AccessFSTruncate)

// deviceAccess is what devices get: open for writing and truncate (a shell's
// "> /dev/null" truncates).
const deviceAccess = landlock.AccessFSSet(ll.AccessFSWriteFile | ll.AccessFSTruncate)

// netAccess is every network right Landlock knows; Strict handles them all
// and allows none. Rights newer than the kernel are dropped (best effort),
// but Check has made sure TCP (ABI 4) is there.
const netAccess = landlock.AccessNetSet(ll.AccessNetBindTCP | ll.AccessNetConnectTCP | ll.AccessNetBindUDP | ll.AccessNetConnectSendUDP)

// scopes keeps a Strict command from reaching abstract unix sockets and
// signalling processes outside its own sandbox (ABI 6).
const scopes = landlock.ScopedSet(ll.ScopeAbstractUnixSocket | ll.ScopeSignal)

// confine applies spec to this process for good (restrict); the command
// then runs as it is.
func confine(spec Spec, path string, argv []string) (string, []string, error) {
	return path, argv, restrict(spec)
}

// restrict applies spec to this process (every thread) for good.
func restrict(spec Spec) error {
	write := writeAccess
	if ABI() < 2 {
		// go-landlock's best effort turns a rule asking for "refer" on ABI 1
		// into no restriction at all; ABI 1 forbids cross-directory renames
		// and links anyway, so the right is simply not asked for.
		write &^= ll.AccessFSRefer
	}
	args := []any{write}
	if spec.Mode == Strict {
		args = append(args, netAccess, scopes)
	}
	cfg, err := landlock.NewConfig(args...)
	if err != nil {
		return err
	}
	rules := []landlock.Rule{
		// A missing --allow directory grants nothing (its parent is not
		// writable, so it cannot be made) and must not stop the command.
		landlock.PathAccess(write, spec.Writable...).IgnoreIfMissing(),
		landlock.PathAccess(deviceAccess, devices...).IgnoreIfMissing(),
	}
	return cfg.BestEffort().Restrict(rules...)
}
