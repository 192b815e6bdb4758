// Package history is the git model of an apply (README, "The git model";
// DESIGN.md, "Git"): it records the state of every path a run is about to
// change, commits exactly what changed (the user's uncommitted work there
// first), appends each apply to <git-dir>/clada/history.jsonl, and walks
// applies back (Undo) or folds clada's commits (Squash).
//
// A run tells it what it does through engine.Observer: Tracker makes the
// observer a caller gives engine.Run or engine.Apply for a real apply.
// history imports engine (Config, Report, Footprint), engine/command (the
// environment git runs with and the root pin), internal/state (the lock
// and clada's own files), lang and source; engine never imports history,
// and session, mcp and cmd/clada do.
//
// Start reading at git_apply.go (Tracker and the record of one apply), then
// git.go (how git is called), undo.go and squash.go.
package history
