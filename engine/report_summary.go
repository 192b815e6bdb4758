package engine

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// WriteSummary renders the block the original tool pasted back into the
// chat so the LLM sees what happened: one line per action (id, ✅ or ❌, op,
// main param, error) between === CLADA RESULTS === and === END ===, then
// what the LLM asked to see: each read's content, each listing or search,
// each command's output, under === OUTPUT id: op param === headers.
func (r *Report) WriteSummary(w io.Writer, o RenderOptions) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "=== CLADA RESULTS ===")
	for _, pe := range r.ParseErrors {
		id := pe.BlockID
		if id == "" {
			id = "-"
		}
		fmt.Fprintf(bw, "%s ❌ syntax line %d: %s\n", id, pe.Line, pe.Message)
	}
	if r.Fatal != "" {
		fmt.Fprintf(bw, "❌ %s\n", r.Fatal)
	}
	for _, w := range r.Warnings {
		fmt.Fprintf(bw, "⚠️ %s\n", w)
	}
	for _, res := range r.Results {
		id := res.BlockID
		if id == "" {
			id = res.Task
		}
		mark := "✅"
		if !res.Success {
			mark = "❌"
		}
		line := fmt.Sprintf("%s %s %s", id, mark, oneLine(res))
		if !res.Success {
			line += " - " + firstLine(res.Error, 200)
			if res.Hint != "" {
				line += " (" + firstLine(res.Hint, 200) + ")"
			}
		}
		fmt.Fprintln(bw, line)
	}
	fmt.Fprintln(bw, "=== END ===")
	for _, res := range r.Results {
		out, ok := outputText(res)
		if !ok {
			continue
		}
		id := res.BlockID
		if id == "" {
			id = res.Task
		}
		fmt.Fprintf(bw, "\n=== OUTPUT %s: %s ===\n%s", id, oneLine(res), out)
		if out != "" && !strings.HasSuffix(out, "\n") {
			bw.WriteString("\n")
		}
		fmt.Fprintln(bw, "=== END OUTPUT ===")
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write summary report: %w", err)
	}
	return nil
}

// outputText is the part of a result the LLM asked to see, as text: a read's
// content (also the partial content of a failed file_read_numbered), an ls
// listing, grep/glob matches, or a command's output. ok is false when the
// op produces nothing to show (writes, edits, moves).
func outputText(res ActionResult) (text string, ok bool) {
	d := res.Data
	if d == nil || res.Skipped {
		return "", false
	}
	if c, isStr := d["content"].(string); isStr {
		return c, true
	}
	var b strings.Builder
	switch v := d["entries"].(type) {
	case []LsEntry:
		for _, e := range v {
			fmt.Fprintf(&b, "%s\t%s\t%d\t%s\n", e.Name, e.Type, e.Size, e.Modified)
		}
		return b.String(), true
	}
	switch v := d["matches"].(type) {
	case []GrepMatch:
		for _, m := range v {
			fmt.Fprintf(&b, "%s:%d: %s\n", m.File, m.LineNumber, m.Line)
		}
		return b.String(), true
	case []string:
		for _, m := range v {
			b.WriteString(m + "\n")
		}
		return b.String(), true
	}
	if stdout, isExec := d["stdout"].(string); isExec {
		b.WriteString(stdout)
		if stderr, _ := d["stderr"].(string); stderr != "" {
			if stdout != "" && !strings.HasSuffix(stdout, "\n") {
				b.WriteString("\n")
			}
			b.WriteString("--- stderr ---\n" + stderr)
		}
		if code, _ := d["exit_code"].(int); code != 0 {
			if b.Len() > 0 && !strings.HasSuffix(b.String(), "\n") {
				b.WriteString("\n")
			}
			fmt.Fprintf(&b, "--- exit code %d ---\n", code)
		}
		return b.String(), true
	}
	return "", false
}
