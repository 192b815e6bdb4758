package report

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/textedit"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// CSL writes rep in CSL's report shape (DESIGN.md, "Three syntaxes, one
// AST"): one line per task,
//
//	[task-N] STATUS: OP - details
//
// with STATUS one of SUCCESS, ERROR, SKIP, FATAL and OP the CSL word (WRITE,
// SEARCH, RUN, or the upper-case catalog name). Decisions that shape
// leaves open:
//
//   - N counts blocks (a TASKS group or a standalone op) in source order;
//     ops inside TASKS are task-N.M. The engine's own labels count actions
//     for standalone ops, so labels are recomputed here from doc.
//   - A fatal run (a CSL syntax error: nothing ran) has one FATAL line per
//     syntax error, labelled with the task it is in, details "line L: message
//     (CODE)"; then the reason nothing ran.
//   - ERROR and SKIP lines carry a "hint:" line under them when there is one.
//   - A block a syntax error kept from running while the rest ran (SHAM
//     skips only that block) is "[task-N] ERROR: OP - line L: message
//     (CODE)" in its place, and the count line adds ", K invalid" and
//     counts it among the tasks, as the labels do. A syntax error of no
//     action (a broken V4A envelope) is "ERROR: line L: …" before the tasks.
//   - Statuses beyond CSL's four say what they cannot: ALREADY_APPLIED
//     for an edit the file already held; a command in a dry run and every
//     action of a refused --atomic apply are SKIP with the reason.
//   - Warnings (an unknown attribute, which is ignored) come first as
//     "WARNING: line L: message (CODE)" with their hint.
//   - The status part ends with a line counting the tasks: "N tasks: S
//     succeeded, E failed, K skipped". After it, the output the LLM asked
//     for (reads, listings, searches, command output), bounded by
//     o.MaxReport, under === OUTPUT task-N: op param === headers.
//
// doc must be the document rep came from. o.Output adds each command's
// output before its status line, as the text report does.
func CSL(w io.Writer, doc *lang.Document, rep *engine.Report, o Options) error {
	if doc == nil {
		doc = &lang.Document{}
	}
	bw := bufio.NewWriter(w)
	if noBlocks(rep) {
		fmt.Fprintf(bw, "%s: %s\n", NoBlocks, noBlocksHelp(doc))
	}
	for _, wn := range warnings(doc) {
		fmt.Fprintf(bw, "WARNING: line %d: %s (%s)\n", wn.line, wn.d.Message, wn.d.Code)
		if wn.d.Hint != "" {
			fmt.Fprintf(bw, "    hint: %s\n", wn.d.Hint)
		}
	}
	for _, w := range rep.Warnings {
		fmt.Fprintf(bw, "WARNING: %s\n", w)
	}
	labels, words := cslLabels(doc)
	if rep.Fatal != "" {
		for _, d := range doc.Diagnostics() {
			if d.Severity != source.Error {
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
	acts := cslActions(doc)
	var runnable []int
	for i, a := range acts {
		if !a.HasErrors() {
			runnable = append(runnable, i)
		}
	}
	if rep.Fatal == "" {
		writeCSLGroupErrors(bw, doc)
	}
	// An action a syntax error kept from running (the run went on: SHAM,
	// V4A) is an ERROR line in its place, so the labels, which count the
	// blocks in the answer, never skip a number silently.
	invalid, next := 0, 0
	flushInvalid := func(upto int) {
		for ; next < upto; next++ {
			if a := acts[next]; a.HasErrors() && rep.Fatal == "" {
				invalid++
				writeCSLInvalid(bw, doc, a, labels[next], words[next])
			}
		}
	}
	ok, already, failed, skipped := 0, 0, 0, 0
	var names []string
	for k, res := range rep.Results {
		label, word := res.Task, res.Action
		if k < len(runnable) {
			label, word = labels[runnable[k]], words[runnable[k]]
			flushInvalid(runnable[k] + 1)
		}
		names = append(names, label)
		if o.Output {
			writeExecLines(bw, res, o.MaxReport)
		}
		details := ""
		if v, _ := res.Value(res.Primary); v != "" {
			details = textedit.FirstLine(v, 60)
		}
		switch st := statusOf(rep, res); {
		case st == notApplied:
			skipped++
			fmt.Fprintf(bw, "[%s] SKIP: %s - %s: %s\n", label, word, details, notAppliedWords)
		case res.Skipped:
			skipped++
			why := res.Error
			if why == "" {
				why = fmt.Sprint(res.Data["skipped"])
			}
			fmt.Fprintf(bw, "[%s] SKIP: %s - %s: %s\n", label, word, details, why)
		case st == alreadyApplied:
			ok++
			already++
			fmt.Fprintf(bw, "[%s] ALREADY_APPLIED: %s - %s (nothing was written)\n", label, word, details)
		case res.Success:
			ok++
			fmt.Fprintf(bw, "[%s] SUCCESS: %s - %s\n", label, word, withNote(details, " - ", res))
		default:
			failed++
			fmt.Fprintf(bw, "[%s] ERROR: %s - %s: %s\n", label, word, details, res.Error)
		}
		if res.Hint != "" && !res.Success {
			fmt.Fprintf(bw, "    hint: %s\n", strings.ReplaceAll(res.Hint, "\n", "\n    "))
		}
	}
	flushInvalid(len(acts))
	if rep.GitError != "" {
		fmt.Fprintf(bw, "git: %s (the apply itself went ahead)\n", rep.GitError)
	}
	alreadyNote := ""
	if already > 0 {
		alreadyNote = fmt.Sprintf(" (%d already applied)", already)
	}
	invalidNote := ""
	if invalid > 0 {
		invalidNote = fmt.Sprintf(", %d invalid", invalid)
	}
	fmt.Fprintf(bw, "%d tasks: %d succeeded%s, %d failed, %d skipped%s\n", len(rep.Results)+invalid, ok, alreadyNote, failed, skipped, invalidNote)
	writeSections(bw, rep, o, names, inlineExec(o))
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write csl report: %w", err)
	}
	return nil
}

// writeCSLInvalid writes an action a syntax error kept from running:
// "[task-N] ERROR: WORD - line L: message (CODE)" per error, with its hint.
func writeCSLInvalid(bw *bufio.Writer, doc *lang.Document, a *lang.Action, label, word string) {
	for _, d := range a.Diags {
		if d.Severity == source.Error {
			fmt.Fprintf(bw, "[%s] ERROR: %s - line %d: %s (%s)\n", label, word, diagLine(doc, d), d.Message, d.Code)
			if d.Hint != "" {
				fmt.Fprintf(bw, "    hint: %s\n", d.Hint)
			}
		}
	}
}

// writeCSLGroupErrors writes the syntax errors of no action (a malformed
// SHAM header, a V4A envelope error) that did not stop the run, as
// "ERROR: line L: message (CODE)" with their hints.
func writeCSLGroupErrors(bw *bufio.Writer, doc *lang.Document) {
	ds := append(source.Diagnostics(nil), doc.Diags...)
	for _, g := range doc.Groups {
		ds = append(ds, g.Diags...)
	}
	for _, d := range ds {
		if d.Severity != source.Error {
			continue
		}
		fmt.Fprintf(bw, "ERROR: line %d: %s (%s)\n", diagLine(doc, d), d.Message, d.Code)
		if d.Hint != "" {
			fmt.Fprintf(bw, "    hint: %s\n", d.Hint)
		}
	}
}

// diagLine is the 1-based line of d, 0 without a file.
func diagLine(doc *lang.Document, d source.Diagnostic) int {
	if doc.File == nil {
		return 0
	}
	return doc.File.Line(d.Range.Start)
}

// cslActions lists doc's actions in source order.
func cslActions(doc *lang.Document) []*lang.Action {
	var out []*lang.Action
	for a := range doc.Actions() {
		out = append(out, a)
	}
	return out
}

// cslLabels gives each action of doc (in source order) its nested task-N or
// task-N.M label (lang.NestedLabel, as the engine numbers CSL's tasks) and
// its CSL op word.
func cslLabels(doc *lang.Document) (labels, words []string) {
	for gi, g := range doc.Groups {
		for mi, a := range g.Actions {
			label := lang.NestedLabel(gi+1, g, mi)
			word := a.Op
			if s := lang.Lookup(a.Op); s != nil {
				word = s.CSL
			}
			labels, words = append(labels, label), append(words, word)
		}
	}
	return labels, words
}
