package main

import (
	"fmt"

	"github.com/clada-dev/clada/config"
	"github.com/clada-dev/clada/session"
)

// cmdTrust records the exact bytes of the project's .clada.yaml as trusted,
// outside the repository, so its hooks may run (direnv's `allow`).
func cmdTrust(e *env) int {
	fs := newFlagSet(e, "trust", "[--root DIR | --config FILE]")
	root := fs.String("root", ".", "project root whose .clada.yaml (there or in a parent) to trust")
	configFile := fs.String("config", "", "the config file to trust")
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
