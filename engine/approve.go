package engine

import (
	"github.com/clada-dev/clada/engine/command"
	"github.com/clada-dev/clada/lang"
)

// The command gate's policy (DESIGN.md, "Commands"): package command holds
// the gate and the approvals store; what a run asks of it is decided here,
// per syntax.

// Approval policies (--approve).
const (
	ApproveNever  = command.Never
	ApproveAsk    = command.Ask
	ApproveAlways = command.Always
)

// policyFor is the gate's policy for a command of syntax s.
func policyFor(cfg *Config, s lang.Syntax) string {
	if cfg.Approve != "" {
		return cfg.Approve
	}
	if s.Def().ApproveCommands {
		return ApproveNever
	}
	return "" // run without asking
}

// gateConfig is cfg for running doc: when --approve is unset and doc has a
// CSL block, every command of doc gets CSL's default, so a SHAM or CML block
// slipped into a CSL answer does not run what the CSL RUN would have to ask for.
func gateConfig(cfg *Config, doc *lang.Document) *Config {
	if cfg.Approve != "" {
		return cfg
	}
	for _, g := range doc.Groups {
		if g.Syntax.Def().ApproveCommands {
			c := *cfg
			c.Approve = ApproveNever
			return &c
		}
	}
	return cfg
}
