package main

import (
	"fmt"
	"os"

	"github.com/clada-dev/clada/config"
	enginecmd "github.com/clada-dev/clada/engine/command"
	"github.com/clada-dev/clada/sandbox"
	"github.com/clada-dev/clada/session"
)

// cmdSandbox prints what a command run in the root may write and read, and
// why (--explain, the default): the same plan an apply confines commands to,
// with the flags, .clada.yaml and the user's config.yaml an apply would
// have.
func cmdSandbox(e *env) int {
	fs := newFlagSet(e, "sandbox", "[--explain] [flags]")
	ef := addEngineFlags(fs, engineHelp{approve: "as for clada apply", noGit: "as for clada apply", rejectEmptyAllow: true})
	fs.Bool("explain", true, "print what commands may write and read, and why (the default)")
	pos, code, ok := parseArgs(fs, e.args)
	if !ok {
		return code
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(e.stderr, "clada sandbox: "+format+"\n", a...)
		return exitUsage
	}
	if len(pos) > 0 {
		return fail("takes no arguments (got %q)", pos[0])
	}
	if err := ef.check(); err != nil {
		return fail("%v", err)
	}
	absRoot, err := resolveRoot(*ef.root, true)
	if err != nil {
		return fail("%v", err)
	}
	cfg, err := ef.config(absRoot)
	if err != nil {
		return fail("%v", err)
	}
	s, err := session.Open(session.Input{Root: absRoot, ConfigFile: *ef.configFile, Engine: cfg, Explicit: explicitFlags(fs)}, session.NoHooks)
	if err != nil {
		return fail("%v", err)
	}
	userConfig, err := config.UserConfigPath()
	if err != nil {
		userConfig = "your clada config.yaml (no config directory here)"
	}
	enginecmd.Explain(e.stdout, s.Engine.CommandSettings(), os.Environ(), sandbox.ABI(), userConfig)
	return exitOK
}
