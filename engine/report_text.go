package engine

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// WriteText renders r for a person: one "[task-N] Success: …" or
// "[task-N] Error: …" line per action, syntax errors with their positions,
// git and fatal notes, and a closing summary line.
func (r *Report) WriteText(w io.Writer, o RenderOptions) error {
	bw := bufio.NewWriter(w)
	for _, pe := range r.ParseErrors {
		id := ""
		if pe.BlockID != "" {
			id = " in block " + pe.BlockID
		}
		fmt.Fprintf(bw, "%d:%d: syntax error%s: %s (%s)\n", pe.Line, pe.Column, id, pe.Message, pe.Code)
		if pe.Hint != "" {
			fmt.Fprintf(bw, "    hint: %s\n", pe.Hint)
		}
	}
	if r.Fatal != "" {
		fmt.Fprintf(bw, "Fatal: %s\n", r.Fatal)
	}
	for _, w := range r.Warnings {
		fmt.Fprintf(bw, "Warning: %s\n", w)
	}
	for _, res := range r.Results {
		if o.Output {
			writeOutput(bw, res)
		}
		subject := oneLine(res)
		switch {
		case res.Success && res.Skipped:
			fmt.Fprintf(bw, "[%s] Skipped: %s (%s)\n", res.Task, subject, res.Data["skipped"])
		case res.Success:
			fmt.Fprintf(bw, "[%s] Success: %s\n", res.Task, subject)
		default:
			kind := ""
			if res.Type != "" {
				kind = res.Type + ": "
			}
			fmt.Fprintf(bw, "[%s] Error: %s%s — %s\n", res.Task, kind, subject, res.Error)
			if res.Hint != "" {
				fmt.Fprintf(bw, "    hint: %s\n", strings.ReplaceAll(res.Hint, "\n", "\n    "))
			}
			if src := o.source(res); src != "" {
				fmt.Fprintf(bw, "    source:\n        %s\n", strings.ReplaceAll(strings.TrimRight(src, "\n"), "\n", "\n        "))
			}
		}
	}
	if r.GitError != "" {
		fmt.Fprintf(bw, "git: %s (the apply itself went ahead)\n", r.GitError)
	}
	if !o.Stable {
		if r.SnapshotCommit != "" {
			fmt.Fprintf(bw, "git: snapshot %.12s\n", r.SnapshotCommit)
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
	if r.DryRun {
		dry = " (dry run)"
	}
	fmt.Fprintf(bw, "%s%s: %d actions, %d succeeded, %d failed, %d syntax errors\n",
		status, dry, len(r.Results), len(r.Results)-r.Failed(), r.Failed(), len(r.ParseErrors))
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write text report: %w", err)
	}
	return nil
}

// oneLine is "op main-param" for an action, the main param cut to one line.
func oneLine(res ActionResult) string {
	s := res.Action
	if v := res.Params[res.Primary]; v != "" {
		s += " " + firstLine(v, 60)
	}
	return s
}

// writeOutput prints a command's captured output with the task prefix the
// stream mode uses, stdout first.
func writeOutput(w io.Writer, res ActionResult) {
	for _, k := range []string{"stdout", "stderr"} {
		s, _ := res.Data[k].(string)
		if s == "" {
			continue
		}
		for _, line := range strings.Split(strings.TrimSuffix(s, "\n"), "\n") {
			fmt.Fprintf(w, "[%s:exec] %s\n", res.Task, line)
		}
	}
}
