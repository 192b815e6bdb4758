package session

import (
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// Codes of the diagnostics a session adds to the linter's.
const (
	// CodeNotAllowed marks an action the project's .clada.yaml refuses
	// (allowed-actions, allow, deny).
	CodeNotAllowed = "NOT_ALLOWED"
	// CodeConfigError marks a project config that did not load.
	CodeConfigError = "CONFIG_ERROR"
)

// Check is what `clada check` and the language server report for doc: the
// linter's diagnostics (lang.Check) and each action the project's config
// refuses, at its op name, as apply would refuse it; or, when the config
// did not load, that error, since until it loads applying is refused.
// Without a project config the result is exactly lang.Check's.
func (s *Session) Check(doc *lang.Document) source.Diagnostics {
	ds := lang.Check(doc)
	extra := s.refusals(doc)
	if len(extra) == 0 {
		return ds
	}
	ds = append(ds, extra...)
	ds.Sort()
	return ds
}

// refusals are the project's verdicts on doc's actions as diagnostics.
func (s *Session) refusals(doc *lang.Document) source.Diagnostics {
	if s.ConfigErr != nil {
		return source.Diagnostics{{Severity: source.Error, Code: CodeConfigError, Message: s.ConfigErr.Error(),
			Hint: "fix the project's .clada.yaml; until it loads, clada apply and the editor refuse to apply"}}
	}
	if s.Config.AllowedActions == nil && s.Config.Allow == nil && len(s.Config.Deny) == 0 {
		return nil
	}
	var ds source.Diagnostics
	for a := range doc.Actions() {
		if why := s.Config.Refuse(s.Root, a); why != "" {
			r := a.OpRange
			if r.End <= r.Start {
				r = a.Range
			}
			ds = append(ds, source.Diagnostic{Severity: source.Error, Code: CodeNotAllowed, Message: why,
				Hint: "the project's .clada.yaml forbids this; ask for another action or path", Range: r})
		}
	}
	return ds
}
