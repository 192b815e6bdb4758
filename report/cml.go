package report

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/engine/textedit"
	"github.com/clada-dev/clada/lang"
)

// CML writes rep in CML's default report shape (DESIGN.md, "Three syntaxes,
// one AST"): one "[task-N] Success: …" / "Error: …" / "Skipped: …" line per
// task, then the <result> summary. Decisions that shape leaves open:
//
//   - A block is a group: a <tasks> element, or one standalone task (also a
//     SHAM block or CSL op in a mixed document). Blocks are numbered 0-based
//     in source order.
//   - <task index> is the task's 0-based position in the whole document, the
//     same count as the 1-based [task-N] label ([task-4] is index 3), by
//     CML's rule that <task index="0"> is the first task.
//   - Tasks a failed block did not run are listed as status="skipped", and
//     the <result> gets skipped="K" when K > 0, so succeeded+failed+skipped
//     always equals tasks.
//   - A fatal run (malformed_xml: nothing ran) has no task lines; it lists
//     each syntax error as "[error] …" and as <error> inside <result>. A
//     refused --atomic apply leads with "[error] why" and lists every task,
//     the would-be successes as "Skipped: … not applied".
//   - A command in a dry run is "Skipped: … not run (dry run)"; an edit the
//     file already held is "Already applied: …", counted as succeeded and
//     in already_applied="A" on <result>.
//   - Warnings come first as "[warning] line L: message (CODE)".
//   - After </result>, the output the LLM asked for (reads, listings,
//     searches, command output), bounded by o.MaxReport, under
//     === OUTPUT task-N: op param === headers.
//   - A syntax error that skipped only its own block is listed as
//     "[error] CODE at line L, column C: …" (type="syntax" in <result>)
//     beside the tasks that ran.
//   - blocks="N" counts the blocks found in the answer, those a syntax
//     error kept from running included, so N and the <block> indexes match
//     what the LLM wrote: such a block is listed in its place as
//     status="invalid" tasks="0" (no task of it ran), and the <result>
//     gets invalid_blocks="K" when K > 0.
//
// doc must be the document rep was produced from: the report holds results
// in order, the document says which block each belongs to. o.Output adds
// each command's output ("[task-N:exec] line") and each read's content
// ("[task-N:read] line") before its status line, for --output-mode buffer;
// those are not repeated after </result>.
func CML(w io.Writer, doc *lang.Document, rep *engine.Report, o Options) error {
	if doc == nil {
		doc = &lang.Document{}
	}
	bw := bufio.NewWriter(w)
	switch {
	case rep.Fatal != "" && len(rep.Results) == 0:
		renderCMLFatal(bw, doc, rep)
	default:
		if noBlocks(rep) {
			fmt.Fprintf(bw, "%s: %s\n", NoBlocks, noBlocksHelp(doc))
		}
		for _, wn := range warnings(doc) {
			fmt.Fprintf(bw, "[warning] line %d: %s (%s)", wn.line, wn.d.Message, wn.d.Code)
			if wn.d.Hint != "" {
				fmt.Fprintf(bw, " (%s)", wn.d.Hint)
			}
			bw.WriteString("\n")
		}
		for _, w := range rep.Warnings {
			fmt.Fprintf(bw, "[warning] %s\n", w)
		}
		if rep.Fatal != "" {
			fmt.Fprintf(bw, "[error] %s\n", rep.Fatal)
		}
		renderCMLRun(bw, doc, rep, o)
		writeSections(bw, rep, o, nil, func(r engine.ActionResult) bool {
			_, read := r.Data["content"]
			_, exec := r.Data["stdout"]
			return o.Output && (read || exec)
		})
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("render cml report: %w", err)
	}
	return nil
}

// cmlBlock is one block of the answer and its slice of the results;
// invalid when a syntax error kept the whole block from running (no result).
// A block with no result and no error (a run that ended before it) is
// listed as skipped.
type cmlBlock struct {
	results []engine.ActionResult
	invalid bool
}

// answerBlocks is the answer's blocks: every group that holds an action or
// a diagnostic, in source order, whether it ran or not. <result blocks="N">
// counts these, so N is what the LLM wrote, not what got through.
func answerBlocks(doc *lang.Document) []*lang.Group {
	var out []*lang.Group
	for _, g := range doc.Groups {
		if len(g.Actions) > 0 || len(g.Diags) > 0 {
			out = append(out, g)
		}
	}
	return out
}

// hasSyntaxErrors reports whether g or one of its actions has a syntax error.
func hasSyntaxErrors(g *lang.Group) bool {
	if g.Diags.HasErrors() {
		return true
	}
	for _, a := range g.Actions {
		if a.HasErrors() {
			return true
		}
	}
	return false
}

// cmlBlocks splits rep.Results by block. Actions with syntax errors have no
// result (the runner skips them); a block none of whose actions ran is
// kept, invalid, so block indexes stay positions in the answer.
func cmlBlocks(doc *lang.Document, rep *engine.Report) []cmlBlock {
	var out []cmlBlock
	i := 0
	for _, g := range answerBlocks(doc) {
		var b cmlBlock
		for _, a := range g.Actions {
			if a.HasErrors() || i >= len(rep.Results) {
				continue
			}
			b.results = append(b.results, rep.Results[i])
			i++
		}
		b.invalid = len(b.results) == 0 && hasSyntaxErrors(g)
		out = append(out, b)
	}
	return out
}

func renderCMLRun(bw *bufio.Writer, doc *lang.Document, rep *engine.Report, o Options) {
	blocks := cmlBlocks(doc, rep)
	succeeded, already, failed, skipped := 0, 0, 0, 0
	// Syntax errors that stopped only their own block: the block
	// did not run and has no task line, so say why here.
	for _, pe := range rep.ParseErrors {
		fmt.Fprintf(bw, "[error] %s at line %d, column %d: %s", pe.Code, pe.Line, pe.Column, pe.Message)
		if pe.Hint != "" {
			fmt.Fprintf(bw, " (%s)", pe.Hint)
		}
		bw.WriteString("\n")
	}
	for _, r := range rep.Results {
		if o.Output {
			writeCMLOutput(bw, r, o.MaxReport)
		}
		switch st := statusOf(rep, r); {
		case st == alreadyApplied:
			succeeded++
			already++
			fmt.Fprintf(bw, "[%s] Already applied: %s (nothing was written)\n", r.Task, cmlSummary(r))
		case st == dryRunNotRun:
			skipped++
			fmt.Fprintf(bw, "[%s] Skipped: %s %s\n", r.Task, r.Subject(), dryRunWords)
		case st == notApplied:
			skipped++
			fmt.Fprintf(bw, "[%s] Skipped: %s %s\n", r.Task, r.Subject(), notAppliedWords)
		case cmlStatus(rep, r) == "success":
			succeeded++
			fmt.Fprintf(bw, "[%s] Success: %s\n", r.Task, withNote(cmlSummary(r), " - ", r))
		case cmlStatus(rep, r) == "skipped":
			skipped++
			fmt.Fprintf(bw, "[%s] Skipped: %s\n", r.Task, strings.TrimPrefix(r.Error, "not run: "))
		default:
			failed++
			fmt.Fprintf(bw, "[%s] Error: %s\n", r.Task, cmlErrorLine(r))
			bw.WriteString(hintBlock(r.Hint, "    "))
		}
	}
	if len(rep.Results) > 0 {
		bw.WriteString("\n")
	}
	invalid := 0
	for _, b := range blocks {
		if b.invalid {
			invalid++
		}
	}
	fmt.Fprintf(bw, `<result blocks="%d" tasks="%d" succeeded="%d" failed="%d"`, len(blocks), len(rep.Results), succeeded, failed)
	if skipped > 0 {
		fmt.Fprintf(bw, ` skipped="%d"`, skipped)
	}
	if already > 0 {
		fmt.Fprintf(bw, ` already_applied="%d"`, already)
	}
	if invalid > 0 {
		fmt.Fprintf(bw, ` invalid_blocks="%d"`, invalid)
	}
	bw.WriteString(">\n")
	idx := 0
	for bi, b := range blocks {
		switch {
		case b.invalid:
			fmt.Fprintf(bw, "  <block index=\"%d\" status=\"invalid\" tasks=\"0\"/>\n", bi)
			continue
		case len(b.results) == 0:
			fmt.Fprintf(bw, "  <block index=\"%d\" status=\"skipped\" tasks=\"0\"/>\n", bi)
			continue
		}
		status := cmlBlockStatus(rep, b)
		fmt.Fprintf(bw, `  <block index="%d" status="%s" tasks="%d"`, bi, status, len(b.results))
		if status == "success" {
			bw.WriteString("/>\n")
			idx += len(b.results)
			continue
		}
		bw.WriteString(">\n")
		for _, r := range b.results {
			switch cmlStatus(rep, r) {
			case "error":
				fmt.Fprintf(bw, "    <task index=\"%d\" status=\"error\">\n      <error type=\"%s\">%s</error>\n    </task>\n",
					idx, cmlEscape(cmlType(r)), cmlEscape(r.Error))
			case "skipped":
				fmt.Fprintf(bw, "    <task index=\"%d\" status=\"skipped\"/>\n", idx)
			}
			idx++
		}
		bw.WriteString("  </block>\n")
	}
	for _, pe := range rep.ParseErrors {
		fmt.Fprintf(bw, "  <error type=\"syntax\" code=\"%s\" line=\"%d\" column=\"%d\">%s</error>\n",
			cmlEscape(pe.Code), pe.Line, pe.Column, cmlEscape(pe.Message))
	}
	bw.WriteString("</result>\n")
}

func renderCMLFatal(bw *bufio.Writer, doc *lang.Document, rep *engine.Report) {
	typ := "aborted"
	if w := fault.MalformedXML.String(); strings.HasPrefix(rep.Fatal, w) {
		typ = w
	}
	for _, pe := range rep.ParseErrors {
		fmt.Fprintf(bw, "[error] %s: %s at line %d, column %d: %s", typ, pe.Code, pe.Line, pe.Column, pe.Message)
		if pe.Hint != "" {
			fmt.Fprintf(bw, " (%s)", pe.Hint)
		}
		bw.WriteString("\n")
	}
	fmt.Fprintf(bw, "[error] %s\n\n", rep.Fatal)
	blocks, tasks := answerBlocks(doc), 0
	for _, g := range blocks {
		tasks += len(g.Actions)
	}
	fmt.Fprintf(bw, "<result blocks=\"%d\" tasks=\"%d\" succeeded=\"0\" failed=\"0\"", len(blocks), tasks)
	if tasks > 0 {
		fmt.Fprintf(bw, ` skipped="%d"`, tasks)
	}
	bw.WriteString(">\n")
	for _, pe := range rep.ParseErrors {
		fmt.Fprintf(bw, "  <error type=\"%s\" code=\"%s\" line=\"%d\" column=\"%d\">%s</error>\n",
			typ, cmlEscape(pe.Code), pe.Line, pe.Column, cmlEscape(pe.Message))
	}
	if len(rep.ParseErrors) == 0 {
		fmt.Fprintf(bw, "  <error type=\"%s\">%s</error>\n", typ, cmlEscape(rep.Fatal))
	}
	bw.WriteString("</result>\n")
}

// cmlStatus is "success", "error" or "skipped" (not run: its block stopped
// earlier, a command in a dry run, anything of a refused --atomic apply).
// A task that failed validation is an error.
func cmlStatus(rep *engine.Report, r engine.ActionResult) string {
	switch statusOf(rep, r) {
	case done, alreadyApplied:
		return "success"
	case notRun, dryRunNotRun, notApplied:
		return "skipped"
	}
	return "error"
}

// cmlBlockStatus is "failed" when a task of b failed, "success" when all
// succeeded, and "skipped" when none failed but some did not run (a dry
// run's command, a refused --atomic apply).
func cmlBlockStatus(rep *engine.Report, b cmlBlock) string {
	status := "success"
	for _, r := range b.results {
		switch cmlStatus(rep, r) {
		case "error":
			return "failed"
		case "skipped":
			status = "skipped"
		}
	}
	return status
}

// cmlType is the CML error type; the engine sets it on op failures. A task
// rejected before running (bad lang, bad count, unknown op) is invalid_task.
func cmlType(r engine.ActionResult) string {
	switch {
	case r.Type == fault.SearchAmbiguous:
		return fault.SearchNotFound.String() // CML's error types have no word for several matches
	case r.Type != fault.None:
		return r.Type.String()
	case r.Skipped:
		return "invalid_task"
	}
	return "error"
}

// cmlErrorLine is "search_not_found in app.js (found 2 matches)".
func cmlErrorLine(r engine.ActionResult) string {
	msg := lowerFirst(r.Error)
	where := ""
	if v, _ := r.Value(r.Primary); v != "" {
		where = " in " + textedit.FirstLine(v, 60)
		if spec := lang.Lookup(r.Action); spec != nil && spec.Kind == lang.Exec {
			where = " running " + textedit.FirstLine(v, 60)
		}
	}
	return fmt.Sprintf("%s%s (%s)", cmlType(r), where, textedit.FirstLine(msg, 300))
}

// lowerFirst lowers a message's first letter to fit mid-sentence ("Found 2
// matches" -> "found 2 matches"), leaving codes and acronyms (ENOENT, EISDIR,
// UTF-8) as they are.
func lowerFirst(msg string) string {
	if len(msg) < 2 || !('A' <= msg[0] && msg[0] <= 'Z') || ('A' <= msg[1] && msg[1] <= 'Z') {
		return msg
	}
	return strings.ToLower(msg[:1]) + msg[1:]
}

// cmlSummary says what a successful task did, in the words CML's reports
// use for writes ("created file.txt").
func cmlSummary(r engine.ActionResult) string {
	p := func(k string) string { v, _ := r.Value(k); return v }
	primary := textedit.FirstLine(p(r.Primary), 60)
	spec := lang.Lookup(r.Action)
	if spec == nil {
		return r.Action + " " + primary
	}
	switch spec.ID {
	case lang.OpFileWrite:
		return "created " + primary
	case lang.OpFileAppend:
		return "appended to " + primary
	case lang.OpFileReplaceText, lang.OpFileReplaceAllText, lang.OpFileReplaceTextRange, lang.OpFileReplaceLines:
		return "edited " + primary
	case lang.OpFileMove:
		return "moved " + p(lang.ParamOldPath) + " to " + p(lang.ParamNewPath)
	case lang.OpRemove, lang.OpFileDelete, lang.OpDirDelete:
		return "removed " + primary
	case lang.OpDirCreate:
		return "created directory " + primary
	case lang.OpExec:
		s := "ran " + primary
		if code, ok := r.Data["exit_code"]; ok {
			s += fmt.Sprintf(" (exit %v)", code)
		}
		return s
	}
	return spec.Name + " " + primary
}

// writeCMLOutput writes a command's output or a read's content, one
// prefixed line at a time, bounded to max bytes.
func writeCMLOutput(bw *bufio.Writer, r engine.ActionResult, max int) {
	if r.Data == nil {
		return
	}
	if c, ok := r.Data["content"].(string); ok {
		writePrefixed(bw, r.Task+":read", Bound(c, max, readAdvice(r)))
		return
	}
	writeExecLines(bw, r, max)
}

// cmlEscape escapes text for XML content and attribute values.
func cmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}
