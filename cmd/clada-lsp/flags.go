package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/lsp"
	"github.com/clada-dev/clada/session"
)

// parseFlags reads clada-lsp's command line: --stdio (the transport, the
// only one) and the command flags every front door takes
// (session.CommandFlags), for the commands its apply runs. The editor's
// own config starts the server, so these are the user's; a client's
// initializationOptions, which editors fill from workspace settings that
// can come with a clone, never set them. ok is false when the process
// should exit with code.
func parseFlags(args []string, stdout, stderr io.Writer) (opts lsp.Options, code int, ok bool) {
	fs := flag.NewFlagSet("clada-lsp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Bool("stdio", true, "talk LSP over stdin/stdout (the only transport)")
	cf := session.AddCommandFlags(fs, session.CommandHelp{
		Approve:          "commands not yet approved, in the editor's Apply: never (fail) or always (approve and record); default: CSL never, SHAM and CML run them (there is no terminal to ask on)",
		RejectEmptyAllow: true,
	})
	fs.Usage = func() {
		fmt.Fprintf(stdout, "usage: clada-lsp [--stdio] [flags]\n\nclada's language server; editors start it and talk LSP over stdin/stdout.\nThe flags set how the commands of its Apply run, as for clada apply.\n\nflags:\n")
		fs.SetOutput(stdout)
		fs.PrintDefaults()
	}
	if len(args) > 0 && args[0] == "help" {
		fs.Usage()
		return opts, 0, false
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return opts, 0, false
		}
		return opts, 2, false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "clada-lsp: unknown argument %q; run it with no arguments (or --stdio and the command flags) from your editor\n", fs.Arg(0))
		return opts, 2, false
	}
	cfg := engine.DefaultConfig("")
	if err := cf.Apply(cfg); err != nil {
		fmt.Fprintf(stderr, "clada-lsp: %v\n", err)
		return opts, 2, false
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return lsp.Options{Engine: cfg, Explicit: func(name string) bool { return set[name] }}, 0, true
}
