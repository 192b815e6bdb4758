package engine

import (
	"github.com/clada-dev/clada/engine/approval"
	"github.com/clada-dev/clada/engine/command"
	"github.com/clada-dev/clada/lang"
)

// The command gate's policy (DESIGN.md, "Commands"): package command holds
// the gate and the approvals store; what a run asks of it is decided here,
// per syntax.

// policyFor is the gate's policy for a command of syntax s: --approve when
// given; where nothing can confine a command (Windows, command.NoSandbox)
// ask for every new one, whatever the syntax; else the syntax's own
// default.
func policyFor(cfg *Config, s lang.Syntax) approval.Policy {
	if cfg.Approve != approval.Default {
		return cfg.Approve
	}
	if command.NoSandbox() {
		return approval.Ask
	}
	if s.Def().ApproveCommands {
		return approval.Never
	}
	return approval.Default // the gate runs it without asking
}

// gateConfig is cfg for running doc: when --approve is unset and doc has a
// CSL block, every command of doc gets CSL's default, so a SHAM or CML block
// slipped into a CSL answer does not run what the CSL RUN would have to ask for.
func gateConfig(cfg *Config, doc *lang.Document) *Config {
	if cfg.Approve != approval.Default || command.NoSandbox() {
		return cfg
	}
	for _, g := range doc.Groups {
		if g.Syntax.Def().ApproveCommands {
			c := *cfg
			c.Approve = approval.Never
			return &c
		}
	}
	return cfg
}

// approveWarning is the report's warning, where nothing can confine a
// command, that --approve asked before every new command because the user
// did not choose; "" elsewhere, or when the user chose.
func approveWarning(cfg *Config) string {
	if cfg.Approve != approval.Default || !command.NoSandbox() {
		return ""
	}
	return "commands run unconfined on this system, so clada asked before running each one not yet approved (--approve ask is the default here, for every syntax; --approve always approves and records them)"
}
