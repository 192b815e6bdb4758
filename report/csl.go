package engine

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/clada-dev/clada/lang"
)

// RenderCSL writes rep in CSL's report shape (seed 002): one line per task,
//
//	[task-N] STATUS: OP - details
//
// with STATUS one of SUCCESS, ERROR, SKIP, FATAL and OP the CSL word (WRITE,
// SEARCH, RUN, or the upper-case catalog name). Decisions the seed leaves
// open:
//
//   - N counts blocks (a TASKS group or a standalone op) in source order;
//     ops inside TASKS are task-N.M. The engine's own labels count actions
//     for standalone ops, so labels are recomputed here from doc.
//   - A fatal run (a CSL syntax error: nothing ran) has one FATAL line per
//     syntax error, labelled with the task it is in, details "line L: message
//     (CODE)"; then the reason nothing ran.
//   - ERROR and SKIP lines carry a "hint:" line under them when there is one.
//   - The last line counts the tasks: "N tasks: S succeeded, E failed, K skipped".
//
// doc must be the document rep came from. withOutput adds each command's
// output before its status line, as the text report does.
func RenderCSL(w io.Writer, doc *lang.Document, rep *Report, withOutput bool) error {
	bw := bufio.NewWriter(w)
	labels, words := cslLabels(doc)
	if rep.Fatal != "" {
		for _, d := range doc.Diagnostics() {
			if d.Severity != lang.Error {
				continue
			}
			label, word := "task-?", "?"
			for i, a := range cslActions(doc) {
				if a.Range.Contains(d.Range.Start) {
					label, word = labels[i], words[i]
				}
			}
			if label == "task-?" {
				for gi, g := range doc.Groups {
					if g.Range.Contains(d.Range.Start) {
						label, word = fmt.Sprintf("task-%d", gi+1), "TASKS"
					}
				}
			}
			line := 0
			if doc.File != nil {
				line = doc.File.Line(d.Range.Start)
			}
			fmt.Fprintf(bw, "[%s] FATAL: %s - line %d: %s (%s)\n", label, word, line, d.Message, d.Code)
			if d.Hint != "" {
				fmt.Fprintf(bw, "    hint: %s\n", d.Hint)
			}
		}
		fmt.Fprintf(bw, "FATAL: %s\n", rep.Fatal)
	}
	// Results follow the actions without syntax errors, in order.
	var runnable []int
	for i, a := range cslActions(doc) {
		if !a.HasErrors() {
			runnable = append(runnable, i)
		}
	}
	ok, failed, skipped := 0, 0, 0
	for k, res := range rep.Results {
		label, word := res.Task, res.Action
		if k < len(runnable) {
			label, word = labels[runnable[k]], words[runnable[k]]
		}
		if withOutput {
			writeOutput(bw, res)
		}
		details := ""
		if v := res.Params[res.Primary]; v != "" {
			details = firstLine(v, 60)
		}
		switch {
		case res.Skipped:
			skipped++
			why := res.Error
			if why == "" {
				why = fmt.Sprint(res.Data["skipped"])
			}
			fmt.Fprintf(bw, "[%s] SKIP: %s - %s: %s\n", label, word, details, why)
		case res.Success:
			ok++
			fmt.Fprintf(bw, "[%s] SUCCESS: %s - %s\n", label, word, details)
		default:
			failed++
			fmt.Fprintf(bw, "[%s] ERROR: %s - %s: %s\n", label, word, details, res.Error)
		}
		if res.Hint != "" && !res.Success {
			fmt.Fprintf(bw, "    hint: %s\n", strings.ReplaceAll(res.Hint, "\n", "\n    "))
		}
	}
	if rep.GitError != "" {
		fmt.Fprintf(bw, "git: %s (the apply itself went ahead)\n", rep.GitError)
	}
	fmt.Fprintf(bw, "%d tasks: %d succeeded, %d failed, %d skipped\n", len(rep.Results), ok, failed, skipped)
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write csl report: %w", err)
	}
	return nil
}

// cslActions lists doc's actions in source order.
func cslActions(doc *lang.Document) []*lang.Action {
	var out []*lang.Action
	for a := range doc.Actions() {
		out = append(out, a)
	}
	return out
}

// cslLabels gives each action of doc (in source order) its task-N or
// task-N.M label and its CSL op word.
func cslLabels(doc *lang.Document) (labels, words []string) {
	for gi, g := range doc.Groups {
		for mi, a := range g.Actions {
			label := fmt.Sprintf("task-%d", gi+1)
			if g.Kind == lang.Tasks {
				label = fmt.Sprintf("task-%d.%d", gi+1, mi+1)
			}
			word := a.Op
			if s := lang.Lookup(a.Op); s != nil {
				word = s.CSL
			}
			labels, words = append(labels, label), append(words, word)
		}
	}
	return labels, words
}
