package session

import (
	"errors"
	"path/filepath"
	"strings"

	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/engine/fsys"
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
	// CodeOutsideRoot marks a path that leads out of the root (and every
	// --allow directory), which apply refuses whatever the tree holds.
	CodeOutsideRoot = "OUTSIDE_ROOT"
)

// Check is what `clada check` and the language server report for doc: the
// linter's diagnostics (lang.Check) and each action the project's config
// refuses, at its op name, as apply would refuse it; or, when the config
// did not load, that error, since until it loads applying is refused.
// A path that leads out of the root is reported too (outsideRoot). Without
// a project config and with every path inside the root, the result is
// exactly lang.Check's.
func (s *Session) Check(doc *lang.Document) source.Diagnostics {
	ds := lang.Check(doc)
	extra := append(s.refusals(doc), s.outsideRoot(doc)...)
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

// outsideRoot reports each path param that leads out of the root and the
// --allow directories ("../x", "/etc/passwd", "C:\\x" off Windows): apply
// refuses those before it looks at the tree, so check can say so without
// one, at the path as written.
func (s *Session) outsideRoot(doc *lang.Document) source.Diagnostics {
	var ds source.Diagnostics
	for a := range doc.Actions() {
		spec := lang.Lookup(a.Op)
		if spec == nil {
			continue
		}
		for _, ps := range spec.Params {
			p := a.Param(ps.Name)
			if ps.Type != lang.TPath || p == nil || p.Value == "" {
				continue
			}
			if re := s.escapes(p.Value); re != nil {
				ds = append(ds, source.Diagnostic{Severity: source.Error, Code: CodeOutsideRoot, Message: re.Reason,
					Hint: re.Fix, Range: p.ValueRange})
			}
		}
	}
	return ds
}

// escapes is apply's refusal of path as leading out of the root and the
// --allow directories, told from the path alone; nil when it does not.
func (s *Session) escapes(path string) *fsys.RefusedError {
	if underRoot(path) {
		return nil
	}
	return s.escapesSlow(path)
}

// escapesSlow is escapes without the shortcut: Resolve's verdict.
func (s *Session) escapesSlow(path string) *fsys.RefusedError {
	var re *fsys.RefusedError
	if _, err := s.Engine.Resolve(path); errors.As(err, &re) && re.Type == fault.PathEscape {
		return re
	}
	return nil
}

// underRoot reports, from the text alone, a path Resolve joins under the
// root: relative (no leading slash or backslash, no drive), with no ".."
// anywhere. check resolves every path of the answer at every keystroke in
// the editor, and most paths are such; the others go through Resolve.
func underRoot(p string) bool {
	if p == "" || strings.Contains(p, "..") || strings.ContainsAny(p[:1], `/\`) || filepath.IsAbs(p) {
		return false
	}
	return len(p) < 2 || p[1] != ':'
}

// pathParam is a's param name when the op's catalog types it a path; nil
// otherwise (a search text may read "../x" too).
func pathParam(a *lang.Action, name string) *lang.Param {
	spec := lang.Lookup(a.Op)
	if spec == nil || name == "" {
		return nil
	}
	for _, ps := range spec.Params {
		if ps.Name == name && ps.Type == lang.TPath {
			return a.Param(name)
		}
	}
	return nil
}
