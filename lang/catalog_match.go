package lang

import "strings"

// How a search param is matched depends on the action, not only on the op:
// file_replace_text's tolerance picks exact matching (clada's own syntaxes,
// aider, JSON calls, replacer blocks, unless they set it) or the tolerance
// ladder (every V4A hunk). The catalog's param docs describe the exact
// match; ParamDoc gives the doc an action's param is really matched by.

// ToleranceStep is one rung of the tolerance ladder: the name a result
// reports as data.match, and what the rung compares lines by.
type ToleranceStep struct {
	Match string
	Doc   string
}

// ToleranceSteps is the ladder tolerance="whitespace" tries, in order (the
// engine's matcher, engine/match_tolerance.go, follows it).
func ToleranceSteps() []ToleranceStep {
	return []ToleranceStep{
		{"exact", "the lines exactly"},
		{"trailing-whitespace", "ignoring trailing whitespace"},
		{"whitespace", "ignoring leading and trailing whitespace"},
		{"unicode", "also reading typographic quotes, dashes and spaces as ASCII"},
	}
}

// ToleranceStepDoc is what the rung a result reports as data.match
// compares lines by, or "" for a name that is no rung.
func ToleranceStepDoc(match string) string {
	for _, s := range ToleranceSteps() {
		if s.Match == match {
			return s.Doc
		}
	}
	return ""
}

// Tolerant reports whether a's search text is matched by the tolerance
// ladder (tolerance="whitespace": every V4A hunk) rather than exactly.
func Tolerant(a *Action) bool {
	v, _ := a.Value(ParamTolerance)
	return v == V4ATolerance
}

// ParamDoc is the doc of param ps as action a uses it: the catalog's,
// except that a tolerant action's old_text and anchor are found by the
// tolerance ladder, which the doc then names step by step.
func ParamDoc(a *Action, ps *ParamSpec) string {
	if a == nil || !Tolerant(a) || (ps.Name != ParamOldText && ps.Name != ParamAnchor) {
		return ps.Doc
	}
	var steps []string
	for _, s := range ToleranceSteps() {
		steps = append(steps, s.Match+" ("+s.Doc+")")
	}
	what := "Lines to find, whole lines (a V4A hunk's context and '-' lines), after the anchor lines when there are any"
	if ps.Name == ParamAnchor {
		what = "Lines (V4A's @@ lines) each found in turn, the search for old_text starting after the last"
	}
	return what + `; matched with tolerance="whitespace", as Codex's apply_patch does: each step is tried in turn, ` +
		strings.Join(steps, ", then ") +
		", and the first step that finds the text must find it exactly once (two candidates are an error, never a guess). " +
		"The result's data.match names the step that matched."
}
