package session

import (
	"context"
	"fmt"
	"strings"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/command"
	"github.com/clada-dev/clada/engine/history"
	"github.com/clada-dev/clada/engine/textedit"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/report"
)

// Result is what one Apply produced.
type Result struct {
	Report  *engine.Report
	Changes []textedit.Change // what a dry run (or blocked atomic run) would change
	Hooks   []HookResult
	// Blocked is set when a before hook failed: nothing was applied, and
	// Report is nil.
	Blocked string
	// HooksSkipped says why the config's hooks did not run (an untrusted
	// or changed file) and how to trust it; "" when they ran or there are none.
	HooksSkipped string
	// Notice is said once per content of the work tree's old approvals
	// store (.clada/allowed-commands.json): it approves nothing, and how
	// to import it (command.LegacyNotice). "" otherwise.
	Notice string
}

// HookFailed reports whether any hook failed.
func (r *Result) HookFailed() bool {
	for _, h := range r.Hooks {
		if h.Err != "" {
			return true
		}
	}
	return false
}

// Apply carries doc out in mode the way every front door runs an apply: the
// config's before hooks, the engine (engine.Apply: Real, DryRun or
// Atomic), the after hooks. Hooks run only for a real apply of a trusted
// file (and not with NoHooks); a config with hooks that is not trusted says
// so on the log. Every hook's result goes to the log and into Hooks. The
// error is the engine's (a root it cannot open), or the config's when it
// did not load (KeepBrokenConfig): nothing runs without the restrictions
// it meant to add.
func (s *Session) Apply(ctx context.Context, doc *lang.Document, mode engine.Mode) (*Result, error) {
	if s.ConfigErr != nil {
		return nil, fmt.Errorf("refused until the project's config loads: %w", s.ConfigErr)
	}
	out := &Result{}
	hooks := mode == engine.Real && s.opts&NoHooks == 0
	if hooks && s.HooksIgnored != "" {
		fmt.Fprintf(s.log, "clada: %s\n", s.HooksIgnored)
		out.HooksSkipped, hooks = s.HooksIgnored, false
	}
	id := newApplyID()
	// The variables cost a pass over every action and result (10,000 for
	// a big diff): only a hook that runs needs them.
	if hooks && len(s.Config.Hooks.Before) > 0 {
		v := planned(doc)
		v.ApplyID = id
		for _, c := range s.Config.Hooks.Before {
			h := runHook(ctx, s.Engine.Root, "before", c, v, s.Engine.Timeout)
			s.logHook(h)
			out.Hooks = append(out.Hooks, h)
			if h.Err != "" {
				out.Blocked = h.String() + "; nothing was applied"
				return out, nil
			}
		}
		s.hooks.take() // a command may have set core.hooksPath: look again
	}
	if mode == engine.Real {
		if out.Notice = command.LegacyNotice(s.Engine.UserDir, s.Engine.Root); out.Notice != "" {
			fmt.Fprintf(s.log, "clada: %s\n", out.Notice)
		}
	}
	eng := s.Engine
	var gc *history.GitConfig
	if writes(doc) { // the extra deny patterns cost a git call; reads need none
		eng, gc = s.protectedGit(ctx)
	}
	if format := s.Format; report.NamesByBlockID(format) || format == "" && report.NamesByBlockID(report.DefaultFormat(doc)) {
		c := *eng // streamed lines take the name the report's status lines use
		c.StreamByBlockID = true
		eng = &c
	}
	// The git model, and what clada's history shows of a delete or move
	// answered again (history.Attach), in a dry run as in the apply.
	eng, obs := history.Attach(ctx, eng, doc, gc)
	rep, changes, err := engine.Apply(ctx, doc, eng, mode, obs)
	if err != nil {
		return nil, err
	}
	out.Report, out.Changes = rep, changes
	nameNearMisses(rep, s.Engine) // near_names.go
	if hooks && len(s.Config.Hooks.After) > 0 {
		v := done(rep)
		v.ApplyID = id
		for _, c := range s.Config.Hooks.After {
			h := runHook(ctx, s.Engine.Root, "after", c, v, s.Engine.Timeout)
			s.logHook(h)
			out.Hooks = append(out.Hooks, h)
		}
	}
	return out, nil
}

// logHook writes a hook's output and outcome to the log, prefixed so it is
// never mistaken for the report.
func (s *Session) logHook(h HookResult) {
	for _, line := range strings.SplitAfter(h.Output, "\n") {
		if line != "" {
			fmt.Fprintf(s.log, "[hook:%s] %s", h.Phase, strings.TrimSuffix(line, "\n")+"\n")
		}
	}
	fmt.Fprintf(s.log, "clada: %s\n", h)
}
