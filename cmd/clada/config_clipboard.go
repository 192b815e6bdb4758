package main

import (
	"bytes"
	"context"
	"fmt"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/watch"
)

// readInputOrClipboard is readInput, or the clipboard's text for
// --from-clipboard (which takes no FILE).
func readInputOrClipboard(e *env, pos []string, fromClip bool) (string, []byte, error) {
	if !fromClip {
		return readInput(e, pos)
	}
	if len(pos) > 0 {
		return "", nil, fmt.Errorf("--from-clipboard reads the answer from the clipboard; drop the FILE argument %q", pos[0])
	}
	cb, err := watch.FindClipboard()
	if err != nil {
		return "", nil, err
	}
	text, err := cb.Read(context.Background())
	if err != nil {
		return "", nil, err
	}
	return "<clipboard>", []byte(text), nil
}

// copyResults puts rep's results summary on the clipboard (--to-clipboard).
func copyResults(e *env, doc *lang.Document, rep *engine.Report, maxReport int) error {
	cb, err := watch.FindClipboard()
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := watch.WriteSummary(&b, doc, rep, maxReport); err != nil {
		return err
	}
	if err := cb.Write(context.Background(), b.String()); err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "clada: results copied to the clipboard (%s)\n", cb.Name)
	return nil
}
