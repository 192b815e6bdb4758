package sandbox

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
)

// HelperExitCode is the helper's exit status when it could not confine
// itself or start the command; its stderr then starts with HelperPrefix.
const HelperExitCode = 127

// HelperPrefix starts every message the helper writes.
const HelperPrefix = "clada-sandbox: "

// StatusFD is the descriptor on which a helper started as process 1 of new
// PID and mount namespaces says why it could not give the command a /proc
// of its own, before it exits with HelperExitCode having started nothing.
// The starter passes a pipe there and reads it to EOF, which comes once the
// helper has mounted /proc (it then closes the descriptor) or has exited; a
// reason means it should start the helper again without the namespaces.
const StatusFD = 3

// LifelineFD is the descriptor on which clada passes the helper the read
// end of a pipe whose write end only clada holds, until the command has
// exited: EOF there means clada is gone, and the helper then ends the
// command (contain_linux.go). It is never passed on to the command.
const LifelineFD = 4

// ShmDir is where POSIX shared memory lives; a confined command started as
// process 1 of namespaces of its own gets a fresh one it may write.
const ShmDir = "/dev/shm"

// errReported is a failure the helper has already told its starter on
// StatusFD.
var errReported = errors.New("reported on the status descriptor")

// Main turns this process into the sandbox helper when it was started as
// one (by Wrap), and then never returns: it confines itself and execs the
// command, or exits with HelperExitCode; or into the Go cache program of a
// confined command (GoCacheArg, gocache.go). Otherwise it returns at once.
// Every binary whose engine runs commands calls it first thing in main, and
// test binaries in TestMain, since engine re-executes os.Executable().
func Main() {
	if len(os.Args) >= 2 && os.Args[1] == GoCacheArg {
		if err := goCacheMain(os.Args[2:]); err != nil {
			fmt.Fprintf(os.Stderr, "%s%v\n", HelperPrefix, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	if len(os.Args) < 2 || os.Args[1] != helperArg {
		return
	}
	err := helper(os.Args[2:])
	if errors.Is(err, errReported) {
		os.Exit(HelperExitCode)
	}
	fmt.Fprintf(os.Stderr, "%s%v\n", HelperPrefix, err)
	os.Exit(HelperExitCode)
}

// helper confines the process as the args say and runs the command (it
// execs it where there are no namespaces); it returns only on failure.
func helper(args []string) error {
	spec, argv, err := parseHelperArgs(args)
	if err != nil {
		return fmt.Errorf("bad helper arguments: %w", err)
	}
	if err := Check(spec.Mode); err != nil {
		return err
	}
	// Process 1 of namespaces clada made: mount their /proc before anything
	// else (Landlock forbids mounting once applied). contain_linux.go.
	init, err := ownProc()
	if err != nil {
		return err
	}
	// Taken before it is marked close-on-exec below with the rest: the
	// command never gets it.
	life := lifeline()
	// clada marked its own descriptors already; this covers whatever the
	// helper's start handed it beyond the standard three.
	if err := CloseInherited(); err != nil {
		return fmt.Errorf("close inherited descriptors: %w", err)
	}
	// A /dev/shm of the command's own is writable like its $TMPDIR.
	if init && spec.Mode != Off && privateShm() {
		spec.Writable = append(spec.Writable, ShmDir)
	}
	path := argv[0]
	if !strings.Contains(path, "/") {
		if path, err = exec.LookPath(path); err != nil {
			return err
		}
	}
	if spec.Mode != Off {
		// Landlock restricts this process; on macOS the command is
		// started through sandbox-exec instead (abi_*.go).
		if path, argv, err = confine(spec, path, argv); err != nil {
			return fmt.Errorf("confine the command: %w", err)
		}
	}
	if init {
		err = execInit(path, argv, life) // contain_linux.go
	} else {
		err = runContained(path, argv, life)
	}
	if err != nil {
		return fmt.Errorf("exec %s: %w", argv[0], err)
	}
	return nil
}
