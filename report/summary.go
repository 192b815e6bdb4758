package report

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/textedit"
	"github.com/clada-dev/clada/lang"
)

// Summary renders the block the original tool pasted back into the chat so
// the LLM sees what happened: one line per syntax error, warning and action
// (id, mark, op, main param, what went wrong and how to fix it) between
// === CLADA RESULTS === and === END ===, then what the LLM asked to see:
// each read's content, each listing or search, each command's output,
// bounded by o.MaxReport, under === OUTPUT id: op param === headers.
//
// The marks never claim more than happened: ✅ done (or, in a dry run,
// would be done), ❌ failed, ⏭ not run, ⏸ not applied (a refused --atomic).
func Summary(w io.Writer, doc *lang.Document, r *engine.Report, o Options) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "=== CLADA RESULTS ===")
	if noBlocks(r) {
		fmt.Fprintf(bw, "%s: %s\n", NoBlocks, noBlocksHelp(doc))
	}
	if r.DryRun && !r.Refused && len(r.Results) > 0 {
		fmt.Fprintln(bw, dryRunBanner)
	}
	for _, pe := range r.ParseErrors {
		fmt.Fprintln(bw, summaryDiag(pe.BlockID, "❌ syntax", pe.Line, pe.Message, pe.Hint))
	}
	for _, wn := range warnings(doc) {
		fmt.Fprintln(bw, summaryDiag(wn.blockID, "⚠️ warning", wn.line, wn.d.Message, wn.d.Hint))
	}
	if r.Fatal != "" {
		fmt.Fprintf(bw, "❌ %s\n", r.Fatal)
	}
	for _, w := range r.Warnings {
		fmt.Fprintf(bw, "⚠️ %s\n", w)
	}
	for _, res := range r.Results {
		fmt.Fprintln(bw, summaryLine(r, res))
	}
	fmt.Fprintln(bw, "=== END ===")
	writeSections(bw, r, o, nil, nil)
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write summary report: %w", err)
	}
	return nil
}

// summaryDiag is a syntax error's or warning's line, "id kind line L:
// message[ (hint)]", with id "-" outside any block.
func summaryDiag(id, kind string, line int, msg, hint string) string {
	if id == "" {
		id = "-"
	}
	s := fmt.Sprintf("%s %s line %d: %s", id, kind, line, msg)
	if hint != "" {
		s += " (" + textedit.FirstLine(hint, 200) + ")"
	}
	return s
}

// summaryLine is "id mark op param[ - what happened]".
func summaryLine(r *engine.Report, res engine.ActionResult) string {
	head := func(mark string) string { return label(res) + " " + mark + " " + res.Subject() }
	switch statusOf(r, res) {
	case done:
		return withNote(head("✅"), " - ", res)
	case alreadyApplied:
		return head("✅") + " - already applied: " + alreadyWhy(res)
	case dryRunNotRun:
		return head("⏭") + " - " + dryRunWords
	case notApplied:
		return head("⏸") + " - " + notAppliedWords
	case notRun:
		return head("⏭") + " - " + textedit.FirstLine(res.Error, 200)
	}
	line := head("❌") + " - " + textedit.FirstLine(res.Error, 200)
	if r.Refused {
		line = head("❌") + " - would fail: " + textedit.FirstLine(res.Error, 200)
	}
	if res.Hint != "" {
		line += "\n" + strings.TrimSuffix(hintBlock(res.Hint, "   "), "\n")
	}
	return line
}
