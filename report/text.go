package report

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/lang"
)

// Text renders r for a person: syntax errors and warnings with their
// positions, one "[task-N] Success: …" / "Error: …" / "Skipped: …" line per
// action, git and fatal notes, a closing summary line, then each action's
// output (bounded by o.MaxReport) under === OUTPUT === headers.
func Text(w io.Writer, doc *lang.Document, r *engine.Report, o Options) error {
	bw := bufio.NewWriter(w)
	if noBlocks(r) {
		fmt.Fprintf(bw, "%s: %s\n", NoBlocks, noBlocksHelp(doc))
	}
	for _, pe := range r.ParseErrors {
		writeTextDiag(bw, "syntax error", pe.Line, pe.Column, pe.BlockID, pe.Message, pe.Code, pe.Hint)
	}
	for _, wn := range warnings(doc) {
		writeTextDiag(bw, "warning", wn.line, wn.column, wn.blockID, wn.d.Message, wn.d.Code, wn.d.Hint)
	}
	if r.Fatal != "" {
		fmt.Fprintf(bw, "Fatal: %s\n", r.Fatal)
	}
	for _, w := range r.Warnings {
		fmt.Fprintf(bw, "Warning: %s\n", w)
	}
	for _, res := range r.Results {
		if o.Output {
			writeExecLines(bw, res, o.MaxReport)
		}
		subject := res.Subject()
		switch statusOf(r, res) {
		case done:
			fmt.Fprintf(bw, "[%s] Success: %s\n", res.Task, withNote(subject, " — ", res))
		case alreadyApplied:
			fmt.Fprintf(bw, "[%s] Already applied: %s (%s)\n", res.Task, subject, alreadyWhy(res))
		case dryRunNotRun:
			fmt.Fprintf(bw, "[%s] Skipped: %s (%s)\n", res.Task, subject, res.Data["skipped"])
		case notApplied:
			fmt.Fprintf(bw, "[%s] Not applied: %s (--atomic refused the apply)\n", res.Task, subject)
		case notRun:
			fmt.Fprintf(bw, "[%s] Skipped: %s (%s)\n", res.Task, subject, res.Error)
		default:
			kind := ""
			if res.Type != fault.None {
				kind = res.Type.String() + ": "
			}
			fmt.Fprintf(bw, "[%s] Error: %s%s — %s\n", res.Task, kind, subject, res.Error)
			if res.Hint != "" {
				fmt.Fprintf(bw, "    hint: %s\n", strings.ReplaceAll(res.Hint, "\n", "\n    "))
			}
			if src := o.source(doc, res); src != "" {
				fmt.Fprintf(bw, "    source:\n        %s\n", strings.ReplaceAll(strings.TrimRight(src, "\n"), "\n", "\n        "))
			}
		}
	}
	if r.GitError != "" {
		fmt.Fprintf(bw, "git: %s (the apply itself went ahead)\n", r.GitError)
	}
	if !o.Stable {
		if r.SnapshotCommit != "" {
			fmt.Fprintf(bw, "git: your work on these paths saved as %.12s\n", r.SnapshotCommit)
		}
		if r.GitCommit != "" {
			fmt.Fprintf(bw, "git: committed %.12s\n", r.GitCommit)
		}
	}
	status := "ok"
	if !r.Success {
		status = "FAILED"
	}
	dry := ""
	switch {
	case r.Refused:
		dry = " (--atomic: nothing applied)"
	case r.DryRun:
		dry = " (dry run)"
	}
	ok, already, bad := countStatus(r, done, alreadyApplied), countStatus(r, alreadyApplied), countStatus(r, failed)
	succeeded := fmt.Sprintf("%d succeeded", ok)
	switch {
	case r.Refused: // the simulation's verdicts: nothing was applied
		succeeded = "0 applied"
	case r.DryRun:
		succeeded = fmt.Sprintf("%d would succeed", ok)
	}
	if already > 0 {
		succeeded += fmt.Sprintf(" (%d already applied)", already)
	}
	notRunNote := ""
	if n := len(r.Results) - ok - bad; n > 0 {
		notRunNote = fmt.Sprintf(", %d not run", n)
	}
	fmt.Fprintf(bw, "%s%s: %d actions, %s, %d failed%s, %d syntax errors\n",
		status, dry, len(r.Results), succeeded, bad, notRunNote, len(r.ParseErrors))
	tasks := make([]string, len(r.Results))
	for i, res := range r.Results {
		tasks[i] = res.Task
	}
	writeSections(bw, r, o, tasks, inlineExec(o))
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write text report: %w", err)
	}
	return nil
}

// writeTextDiag writes a syntax error or warning as "L:C: kind[ in block
// ID]: message (CODE)", its hint on an indented line under it.
func writeTextDiag(w io.Writer, kind string, line, col int, blockID, msg, code, hint string) {
	id := ""
	if blockID != "" {
		id = " in block " + blockID
	}
	fmt.Fprintf(w, "%d:%d: %s%s: %s (%s)\n", line, col, kind, id, msg, code)
	if hint != "" {
		fmt.Fprintf(w, "    hint: %s\n", hint)
	}
}

// countStatus counts r's results of any of the statuses ss.
func countStatus(r *engine.Report, ss ...status) int {
	n := 0
	for _, res := range r.Results {
		if slices.Contains(ss, statusOf(r, res)) {
			n++
		}
	}
	return n
}

// inlineExec tells writeSections which results already showed their output
// inline: commands, when o.Output printed their lines before the status.
func inlineExec(o Options) func(engine.ActionResult) bool {
	if !o.Output {
		return nil
	}
	return func(res engine.ActionResult) bool {
		_, isExec := res.Data["stdout"]
		return isExec
	}
}

// writeExecLines prints a command's captured output with the task prefix
// the stream mode uses, stdout first, each stream bounded to its share of
// max.
func writeExecLines(w io.Writer, res engine.ActionResult, max int) {
	stdout, stderr := boundStreams(res, max)
	writePrefixed(w, res.Task+":exec", stdout)
	writePrefixed(w, res.Task+":exec", stderr)
}

// writePrefixed writes each line of s as "[tag] line".
func writePrefixed(w io.Writer, tag, s string) {
	for line := range strings.Lines(s) {
		fmt.Fprintf(w, "[%s] %s\n", tag, strings.TrimRight(line, "\r\n"))
	}
}
