// Command clada finds the action blocks an LLM wrote into its answer, checks
// them, carries them out in a project directory and reports back.
//
// This file only dispatches; each command's flags and wiring live in
// cmd_<name>.go and its logic in lang/ or engine/.
package main

import (
	"fmt"
	"io"
	"os"
)

// Exit statuses shared by every command.
const (
	exitOK    = 0 // no errors
	exitFail  = 1 // the input has errors, or an action failed
	exitUsage = 2 // bad flags, unreadable input, I/O failure
)

// env is what a command may touch of the process: its arguments and streams.
// Commands take it instead of reaching for os.* so tests can run them in process.
type env struct {
	args   []string
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	// interactive is true when stdin is a terminal (first-use approval prompts).
	interactive bool
}

type command struct {
	name  string
	short string
	run   func(e *env) int
}

func commands() []command {
	return []command{
		{"apply", "carry out the actions in FILE (or stdin)", cmdApply},
		{"check", "report syntax and validation problems in FILE (or stdin)", cmdCheck},
		{"fmt", "reformat FILE in its syntax, or convert it to another", cmdFmt},
		{"undo", "return the tree to the snapshot before the last apply", cmdUndo},
		{"watch", "run each new block pasted into FILE (or copied) and write the results back", cmdWatch},
		{"init", "write a commented .clada.yaml and the watch input file", cmdInit},
		{"trust", "let the hooks of this exact .clada.yaml run", cmdTrust},
		{"actions", "print the op catalog", cmdActions},
		{"prompt", "print instructions an LLM needs to write valid blocks", cmdPrompt},
		{"version", "print clada's version", cmdVersion},
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is main without the process: tests call it directly.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stdout)
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(&env{args: args[1:], stdin: stdin, stdout: stdout, stderr: stderr, interactive: isTerminal(stdin)})
		}
	}
	fmt.Fprintf(stderr, "clada: unknown command %q; run 'clada help' for the list\n", args[0])
	return exitUsage
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: clada <command> [flags] [FILE|-]")
	fmt.Fprintln(w)
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.short)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run 'clada <command> -h' for a command's flags.")
	fmt.Fprintln(w, "Exit status: 0 success, 1 errors in the input or a failed action, 2 usage or I/O failure.")
}

// isTerminal reports whether r is a character device (a terminal).
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// version is set by -ldflags "-X main.version=…" in releases.
var version = "dev"

func cmdVersion(e *env) int {
	fmt.Fprintf(e.stdout, "clada %s\n", version)
	return exitOK
}
