package sandbox

import (
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

// Main turns this process into the sandbox helper when it was started as
// one (by Wrap), and then never returns: it confines itself and execs the
// command, or exits with HelperExitCode. Otherwise it returns at once.
// Every binary whose engine runs commands calls it first thing in main, and
// test binaries in TestMain, since engine re-executes os.Executable().
func Main() {
	if len(os.Args) < 2 || os.Args[1] != helperArg {
		return
	}
	err := helper(os.Args[2:])
	fmt.Fprintf(os.Stderr, "%s%v\n", HelperPrefix, err)
	os.Exit(HelperExitCode)
}

// helper confines the process as the args say and execs the command; it
// returns only on failure.
func helper(args []string) error {
	spec, argv, err := parseHelperArgs(args)
	if err != nil {
		return fmt.Errorf("bad helper arguments: %w", err)
	}
	if err := Check(spec.Mode); err != nil {
		return err
	}
	if err := restrict(spec); err != nil {
		return fmt.Errorf("confine the command: %w", err)
	}
	path := argv[0]
	if !strings.Contains(path, "/") {
		if path, err = exec.LookPath(path); err != nil {
			return err
		}
	}
	if err := runContained(path, argv); err != nil { // contain_linux.go
		return fmt.Errorf("exec %s: %w", argv[0], err)
	}
	return nil
}
