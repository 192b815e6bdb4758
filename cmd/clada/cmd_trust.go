package main

import (
	"fmt"
	"strings"

	"github.com/clada-dev/clada/config"
	gate "github.com/clada-dev/clada/engine/command"
	"github.com/clada-dev/clada/engine/textedit"
	"github.com/clada-dev/clada/internal/state"
	"github.com/clada-dev/clada/session"
)

// cmdTrust records the exact bytes of the project's .clada.yaml as trusted,
// outside the repository, so its hooks may run (direnv's `allow`). With
// --approvals it approves, for the root, the commands of the work tree's
// old approvals store instead (gate.ImportLegacy), after the user read it.
func cmdTrust(e *env) int {
	fs := newFlagSet(e, "trust", "[--root DIR | --config FILE] [--approvals]")
	root := fs.String("root", ".", "project root whose .clada.yaml (there or in a parent) to trust")
	configFile := fs.String("config", "", "the config file to trust")
	approvals := fs.Bool("approvals", false, "approve, for this root, the commands its "+gate.LegacyStore+" lists (read it first)")
	pos, code, ok := parseArgs(fs, e.args)
	if !ok {
		return code
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(e.stderr, "clada trust: "+format+"\n", a...)
		return exitUsage
	}
	if len(pos) > 0 {
		return fail("unexpected argument %q (use --root DIR or --config FILE)", pos[0])
	}
	absRoot, err := resolveRoot(*root, true)
	if err != nil {
		return fail("%v", err)
	}
	if *approvals {
		if *configFile != "" {
			return fail("--approvals imports the approvals of --root; it takes no --config")
		}
		return trustApprovals(e, absRoot)
	}
	c, err := session.LoadConfig(absRoot, *configFile)
	if err != nil {
		return fail("%v\nfix the file before trusting it", err)
	}
	if c.Path == "" {
		return fail("no %s in %s or a parent directory; nothing to trust (clada init writes one)", config.FileName, absRoot)
	}
	t, err := config.LoadTrust()
	if err != nil {
		return fail("%v", err)
	}
	if t.State(c) == config.Trusted {
		fmt.Fprintf(e.stdout, "%s is already trusted (sha256 %s)\n", c.Path, c.Hash[:12])
		return exitOK
	}
	if err := t.Add(c); err != nil {
		return fail("%v", err)
	}
	store, _ := config.TrustStorePath()
	fmt.Fprintf(e.stdout, "trusted %s (sha256 %s), recorded in %s\n", c.Path, c.Hash[:12], store)
	for _, h := range c.Hooks.Before {
		fmt.Fprintf(e.stdout, "  before each apply: %s\n", h)
	}
	for _, h := range c.Hooks.After {
		fmt.Fprintf(e.stdout, "  after each apply:  %s\n", h)
	}
	fmt.Fprintln(e.stdout, "Any change to the file needs `clada trust` again before its hooks run.")
	return exitOK
}

// trustApprovals imports root's old approvals store into the user's
// approvals, printing every command it now approves.
func trustApprovals(e *env, root string) int {
	userDir, err := state.UserDir()
	if err != nil {
		fmt.Fprintf(e.stderr, "clada trust: %v\n", err)
		return exitUsage
	}
	shown, added, err := gate.ImportLegacy(userDir, root)
	if err != nil {
		fmt.Fprintf(e.stderr, "clada trust: %v\n", err)
		return exitUsage
	}
	fmt.Fprintf(e.stdout, "approved for %s, recorded in %s:\n", textedit.Printable(root), gate.ApprovalsPath(userDir))
	for _, c := range shown {
		fmt.Fprintf(e.stdout, "  %s\n", strings.ReplaceAll(c, "\n", "\n    "))
	}
	fmt.Fprintf(e.stdout, "%d new, %d already approved. clada does not read %s; you may delete it.\n", added, len(shown)-added, gate.LegacyStore)
	return exitOK
}
