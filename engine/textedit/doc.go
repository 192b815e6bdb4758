// Package textedit is the byte-level half of clada's edits: exact and
// whitespace-tolerant matching, the hints that say where a failed search
// went wrong, replay detection (an edit whose result the file already
// holds), the indexed fast path for many edits of one file, unified diffs,
// and Printable. Everything here is a function over strings and bytes that
// returns plain values: no filesystem, no ops, no reports. The edit ops in
// package engine (op_replace.go, match_tolerance.go, edit_index.go) read
// the file, call these, and turn the outcome into a Result.
//
// It imports only the standard library, so any package may import it:
// engine, engine/fsys and engine/command do, and report, session, mcp and
// cmd/clada for Diff, Change, FirstLine and Printable.
//
// Start reading at text.go (Text, Decode, MatchIn), then hint.go
// (NotFoundHint), replay.go, hunk.go (the tolerant matcher) and index.go.
package textedit
