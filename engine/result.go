package engine

// Result is the outcome of one op. Error strings follow the seeds' test data
// exactly; anything extra a person or LLM needs to fix the problem goes in
// Hint, so those strings stay stable.
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
	Type           string         // CML error type: search_not_found, file_not_found, permission_denied, symlink_not_allowed, exec_timeout, exec_failed, path_escape, malformed_xml
	Data           map[string]any // op-specific output (seed shapes: path, replacements, content, stdout, …)
}
