package engine

import (
	"bufio"
	"fmt"
	"io"
)

// WriteSummary renders the block the original tool pasted back into the
// chat so the LLM sees what happened: one line per action (id, ✅ or ❌, op,
// main param, error) between === CLADA RESULTS === and === END ===.
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
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write summary report: %w", err)
	}
	return nil
}
