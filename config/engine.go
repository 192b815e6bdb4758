package config

import (
	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/sandbox"
)

// ApplyTo puts the file's settings into ec for every setting whose flag the
// command line did not set (explicit reports whether flag NAME was given),
// so defaults ← .clada.yaml ← flags. Lists only ever add restrictions: deny
// patterns join the engine's, and Refuse enforces allowed-actions, allow and
// deny on every action whatever the flags say.
//
// This is the one place that knows engine.Config's fields.
func (c *Config) ApplyTo(ec *engine.Config, explicit func(flag string) bool) {
	if c.Timeout > 0 && !explicit("timeout") {
		ec.Timeout = c.Timeout
	}
	if c.MaxOutput > 0 && !explicit("max-output") {
		ec.MaxOutput = c.MaxOutput
	}
	if c.Approve != "" && !explicit("approve") {
		ec.Approve = c.Approve
	}
	if c.Sandbox != "" && !explicit("sandbox") {
		// parse.go accepted only "write" and "strict": a project file may
		// confine commands more, never less.
		if m, err := sandbox.ParseMode(c.Sandbox); err == nil {
			ec.Sandbox = m
		}
	}
	// c.MaxReport is no engine setting: it bounds what the report renderers
	// print, and the commands pass it to report.Options.
	if c.Dir == ec.Root {
		// Same base as the engine's patterns: the engine also checks them at
		// write time (through moves and every op), not only as written.
		ec.Deny = append(ec.Deny, c.Deny...)
	}
	if c.AllowedActions != nil || c.Allow != nil || len(c.Deny) > 0 {
		root := ec.Root
		ec.Refuse = func(a *lang.Action) string { return c.Refuse(root, a) }
	}
}
