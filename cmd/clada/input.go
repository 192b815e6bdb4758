package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/clada-dev/clada/session"
)

// parseInterspersed parses fs's flags wherever they appear among args
// (`clada check FILE --format json` works as well as the reverse) and returns
// the positional arguments. A lone "-" is positional (stdin).
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// parseArgs is parseInterspersed with the exit status a failed parse ends
// the command with: 0 after --help (flag printed the usage), 2 otherwise
// (flag printed the error). ok is false when the command must return code.
func parseArgs(fs *flag.FlagSet, args []string) (pos []string, code int, ok bool) {
	pos, err := parseInterspersed(fs, args)
	if err == flag.ErrHelp {
		return nil, exitOK, false
	}
	if err != nil {
		return nil, exitUsage, false
	}
	return pos, 0, true
}

// readInput reads FILE, or stdin when the name is "-" or absent, decoded
// to UTF-8 (session.DecodeAnswer). It returns the name to show in messages
// ("<stdin>" for stdin).
func readInput(e *env, pos []string) (name string, data []byte, err error) {
	switch len(pos) {
	case 0:
		pos = []string{"-"}
	case 1:
	default:
		return "", nil, fmt.Errorf("expected one FILE (or - for stdin), got %d arguments", len(pos))
	}
	if pos[0] == "-" {
		data, err = io.ReadAll(e.stdin)
		if err != nil {
			return "", nil, fmt.Errorf("reading stdin: %w", err)
		}
		if data, err = session.DecodeAnswer(data); err != nil {
			return "", nil, fmt.Errorf("reading stdin: %w", err)
		}
		return "<stdin>", data, nil
	}
	data, err = os.ReadFile(pos[0])
	if err != nil {
		return "", nil, fmt.Errorf("reading input: %w", err)
	}
	if data, err = session.DecodeAnswer(data); err != nil {
		return "", nil, fmt.Errorf("reading input: %s: %w", pos[0], err)
	}
	return pos[0], data, nil
}

// newFlagSet makes a flag set that reports to the command's stderr and
// never exits the process.
func newFlagSet(e *env, name, usage string) *flag.FlagSet {
	fs := flag.NewFlagSet("clada "+name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		fmt.Fprintf(e.stderr, "usage: clada %s %s\n\nflags:\n", name, usage)
		fs.PrintDefaults()
	}
	return fs
}
