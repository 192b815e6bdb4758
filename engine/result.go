package engine

import "github.com/clada-dev/clada/engine/fault"

// Result is the outcome of one op. Error strings keep nesl-js's wording
// exactly where it has one (DESIGN.md); anything extra a person or LLM
// needs to fix the problem goes in Hint, so those strings stay stable.
type Result struct {
	Success bool
	// AlreadyApplied marks a successful edit that changed nothing because the
	// file already holds its result (a replayed answer: old text nowhere and
	// new text exactly as often as the edit would have produced it, or old
	// text only inside a copy of a new text that extends it; textedit/replay.go).
	// Every report format shows it as its own status, never as a plain success.
	AlreadyApplied bool
	Error          string         // "" on success
	Hint           string         // how to fix it: closest lines, match locations, …
	Type           fault.Kind     // the reports' error type (search_not_found, file_not_found, …)
	Data           map[string]any // op-specific output (nesl-js's shapes: path, replacements, content, stdout, …)
	// Param is the param a failure is about (a lang.Param* name), so an
	// editor can point at it: old_text for a search that did not match,
	// lines for a range past the end, new_path for a destination refused.
	// The op sets it where it makes the failure; Do fills in the op's
	// default (opTable) for the rest. No report prints it.
	Param string
	// CheckPath marks a failure whose file (at Param) is missing for no
	// reason the run knows, so its hint asks to check the path: the
	// session may then add the near name a mistyped path likely meant
	// (session/near_names.go). Whoever finds the reason (a sparse checkout,
	// an earlier apply that deleted the file: engine/history) clears it
	// with the hint it writes. No report prints it.
	CheckPath bool
}
