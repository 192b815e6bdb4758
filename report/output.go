package report

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/lang"
)

// actionOutput is the part of a result the LLM asked to see, as text and
// bounded to max bytes (Bound): a read's content (also the partial content
// of a failed file_read_numbered), an ls listing, grep/glob matches, or a
// command's output. ok is false when the op produces nothing to show
// (writes, edits, moves) or did not run.
func actionOutput(res engine.ActionResult, max int) (text string, ok bool) {
	d := res.Data
	if d == nil || res.Skipped {
		return "", false
	}
	if c, isStr := d["content"].(string); isStr {
		return Bound(c, max, readAdvice(res)), true
	}
	var b strings.Builder
	switch v := d["entries"].(type) {
	case []engine.LsEntry:
		for _, e := range v {
			fmt.Fprintf(&b, "%s\t%s\t%d\t%s\n", e.Name, e.Type, e.Size, e.Modified)
		}
		return Bound(b.String(), max, narrowAdvice("entries")), true
	}
	switch v := d["matches"].(type) {
	case []engine.GrepMatch:
		for _, m := range v {
			fmt.Fprintf(&b, "%s:%d: %s\n", m.File, m.LineNumber, m.Line)
		}
		return Bound(b.String(), max, narrowAdvice("matches")), true
	case []string:
		for _, m := range v {
			b.WriteString(m + "\n")
		}
		return Bound(b.String(), max, narrowAdvice("matches")), true
	}
	if _, isExec := d["stdout"].(string); isExec {
		stdout, stderr := boundStreams(res, max)
		b.WriteString(stdout)
		if stderr != "" {
			if stdout != "" && !strings.HasSuffix(stdout, "\n") {
				b.WriteString("\n")
			}
			b.WriteString("--- stderr ---\n" + stderr)
		}
		if b.Len() > 0 && !strings.HasSuffix(b.String(), "\n") {
			b.WriteString("\n")
		}
		b.WriteString(exitLine(d))
		return b.String(), true
	}
	return "", false
}

// exitLine ends a command's section: its exit code, 0 included, or that it
// was killed without one (its timeout, a cancelled apply).
func exitLine(d map[string]any) string {
	code, ok := d["exit_code"].(int)
	switch {
	case !ok:
		return ""
	case code < 0:
		return "--- killed: no exit code ---\n"
	}
	return fmt.Sprintf("--- exit code %d ---\n", code)
}

// boundStreams is a command's stdout and stderr, bounded together to max:
// each keeps its tail and, for a test run, its first failing test
// (boundCommand).
func boundStreams(res engine.ActionResult, max int) (stdout, stderr string) {
	stdout, _ = res.Data["stdout"].(string)
	stderr, _ = res.Data["stderr"].(string)
	outMax, errMax := share(len(stdout), len(stderr), max)
	return boundCommand(stdout, outMax, execAdvice("stdout", ">", "out.txt")), boundCommand(stderr, errMax, execAdvice("stderr", "2>", "err.txt"))
}

// share splits one action's budget between a command's two streams: a
// stream that fits in half keeps all of it, the other gets the rest.
func share(a, b, max int) (int, int) {
	if max <= 0 {
		return 0, 0 // unbounded
	}
	half := max / 2
	switch {
	case a <= half:
		return a, max - a
	case b <= half:
		return max - b, b
	}
	return half, max - half
}

// readAdvice says how to read the cut lines of a read's content: with
// file_read_numbered and lines=, counted in the file (a numbered read of
// lines="S-E" starts at line S).
func readAdvice(res engine.ActionResult) func(first, last int) string {
	path := res.Params[lang.ParamPath]
	offset := 0
	if spec := res.Params[lang.ParamLines]; spec != "" {
		if s, _, err := lang.ParseLineSpec(spec); err == nil {
			offset = s - 1
		}
	}
	if path == "" || res.Params[lang.ParamPaths] != "" { // files_read: the content joins several files
		return func(first, last int) string {
			return fmt.Sprintf("read the files one at a time with file_read_numbered and lines= (the cut is lines %d-%d of the joined output)", first, last)
		}
	}
	return func(first, last int) string {
		return fmt.Sprintf(`file_read_numbered path="%s" lines="%d-%d"`, path, first+offset, last+offset)
	}
}

// execAdvice says how to see the cut part of a command's stream: send it
// to a file and read the cut lines of that.
func execAdvice(stream, redirect, file string) func(first, last int) string {
	return func(first, last int) string {
		return fmt.Sprintf(`run the command again with %s sent to a file (add %s %s), then file_read_numbered path="%s" lines="%d-%d"`,
			stream, redirect, file, file, first, last)
	}
}

// narrowAdvice is for listings and searches: the cut cannot be read back
// piecewise, so the advice is to ask for less.
func narrowAdvice(what string) func(first, last int) string {
	return func(first, last int) string {
		return fmt.Sprintf("narrow the pattern or the path (%s %d-%d were cut)", what, first, last)
	}
}

// writeSections writes, after a report's status part, one framed section
// per result that has output, under === OUTPUT label: op param === headers;
// skip tells which results already showed theirs inline; names, when not
// nil, holds each result's label as the format's status lines give it.
func writeSections(bw *bufio.Writer, rep *engine.Report, o Options, names []string, skip func(engine.ActionResult) bool) {
	for i, res := range rep.Results {
		if skip != nil && skip(res) {
			continue
		}
		out, ok := actionOutput(res, o.MaxReport)
		if !ok {
			continue
		}
		out = escapeFrames(out)
		name := label(res)
		if i < len(names) {
			name = names[i]
		}
		fmt.Fprintf(bw, "\n=== OUTPUT %s: %s ===\n%s", name, res.Subject(), out)
		if out != "" && !strings.HasSuffix(out, "\n") {
			bw.WriteString("\n")
		}
		fmt.Fprintln(bw, "=== END OUTPUT ===")
	}
}

// NamesByBlockID tells whether the report format names actions by their
// block id (label below) rather than task-N, so a front door can stream
// command output under the same name (engine.Config.StreamByBlockID).
func NamesByBlockID(format string) bool { return format == "summary" }

// label is how the summary names an action: its SHAM block id, else its
// task label.
func label(res engine.ActionResult) string {
	if res.BlockID != "" {
		return res.BlockID
	}
	return res.Task
}
