// Command clada finds the action blocks an LLM wrote into its answer, checks
// them, carries them out in a project directory and reports back.
//
// This file only dispatches; each command's flags and wiring live in
// cmd_<name>.go, and its logic below: session (what apply, check and watch
// run, with the project's .clada.yaml), lang (parse, fmt, prompt), engine,
// report, watch and mcp. It is the top of the import graph: it may import
// any of clada's packages, and nothing imports it.
//
// Start reading at commands below, then cmd_apply.go (cmdApply) and
// flags_engine.go (the flags apply, mcp and watch share).
package main

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"

	"github.com/clada-dev/clada/sandbox"
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
		{"undo", "undo the last recorded apply: files, index and HEAD as before", cmdUndo},
		{"log", "list the recorded applies, newest first", cmdLog},
		{"squash", "fold clada's own apply commits on top of HEAD into one", cmdSquash},
		{"mcp", "serve the ops as MCP tools on stdin/stdout, for agents that call tools", cmdMCP},
		{"watch", "run each new block pasted into FILE (or copied) and write the results back", cmdWatch},
		{"sandbox", "explain what commands may write and read here, and why", cmdSandbox},
		{"init", "write a commented .clada.yaml and the watch input file", cmdInit},
		{"trust", "let the hooks of this exact .clada.yaml run", cmdTrust},
		{"actions", "print the op catalog", cmdActions},
		{"prompt", "print instructions an LLM needs to write valid blocks", cmdPrompt},
		{"version", "print clada's version", cmdVersion},
	}
}

func main() {
	sandbox.Main() // the command helper, when clada re-executed itself to confine one
	os.Exit(runProcess())
}

// runProcess is clada as a process (main after the helper's check; the
// tests' binary runs it too): whatever descriptor clada inherited beyond
// the standard three (an editor's, an agent host's) reaches no program
// clada starts, not a command and not git, a hook or a clipboard tool
// either (README "Safety", the process rules). They stay usable here.
func runProcess() int {
	_ = sandbox.CloseInherited()
	return run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
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
			return c.run(&env{args: args[1:], stdin: stdin, stdout: stdout, stderr: stderr})
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

// version is set by -ldflags "-X main.version=…" in releases.
var version = "dev"

func cmdVersion(e *env) int {
	fmt.Fprintf(e.stdout, "clada %s\n", moduleVersion(version, debug.ReadBuildInfo))
	return exitOK
}

// moduleVersion is the -ldflags version when set, else the module version
// the go command recorded (v1.2.3 after `go install …@v1.2.3`, a pseudo-
// version in a git checkout), else "dev" with the commit when it is known.
func moduleVersion(ldflags string, info func() (*debug.BuildInfo, bool)) string {
	if ldflags != "dev" && ldflags != "" {
		return ldflags
	}
	bi, ok := info()
	if !ok {
		return "dev"
	}
	if bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	rev, dirty := "", ""
	for _, s := range bi.Settings {
		switch {
		case s.Key == "vcs.revision":
			rev = s.Value[:min(len(s.Value), 12)]
		case s.Key == "vcs.modified" && s.Value == "true":
			dirty = ", modified"
		}
	}
	if rev == "" {
		return "dev"
	}
	return "dev (" + rev + dirty + ")"
}
