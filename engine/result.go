package engine

// Result is the outcome of one op. Error strings follow the seeds' test data
// exactly; anything extra a person or LLM needs to fix the problem goes in
// Hint, so those strings stay stable.
type Result struct {
	Success bool
	Error   string         // "" on success
	Hint    string         // how to fix it: closest lines, match locations, …
	Type    string         // CML error type: search_not_found, file_not_found, permission_denied, symlink_not_allowed, exec_timeout, exec_failed, path_escape, malformed_xml
	Data    map[string]any // op-specific output (seed shapes: path, replacements, content, stdout, …)
}
