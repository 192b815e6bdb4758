// Package engine carries out a lang.Document: the run loop and its groups
// (run.go; all-or-nothing groups in group_all_or_nothing.go), the ops
// (op.go's Do and op_<family>.go), the bounds on the paths an answer can
// make it walk (budget.go), the settings of a run (Config, config.go), the
// Report it returns (report.go, result.go), and each op's line in the op
// table (op_table.go): how it runs, the paths it reads or writes (its
// footprint, footprint.go) and the param a failure points at. Simulate (simulate.go) runs the
// same groups on an overlay for the editor, re-running only what an edit's
// footprint can change. It never parses text and never renders a report.
//
// The rest of an apply lives in packages of its own, which engine imports:
// engine/fsys (the workspaces: the real tree, the Overlay, the write-back
// cache), engine/textedit (matching, hints, diffs), engine/command (the
// command gate and launcher), internal/state (the lock, clada's own files),
// the leaves engine/fault (the kinds of failure) and engine/approval (the
// approval policies), and sandbox, lang and source. engine/history (the git model, undo,
// squash) imports engine and hears a run through an Observer (observer.go);
// engine never imports it. Nothing engine imports may import engine; above
// it, history, report, session and the front doors (lsp, mcp, watch,
// cmd/clada) do.
//
// Start reading at run.go (Run, runGroup), then op.go (Do), op_table.go and
// the op you care about.
package engine
