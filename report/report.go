// Package report renders an engine.Report in the five formats clada prints:
// json (for programs, complete), and text, summary, csl and cml (for a
// person and the LLM that reads them back, each action's output bounded by
// Options.MaxReport). It reads the engine's results and the document they
// came from; it decides nothing about what a run meant.
package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/textedit"
	"github.com/clada-dev/clada/lang"
)

// Options shape every renderer.
type Options struct {
	// Full adds the source text of each failed action (--error-detail
	// full), read from the document. Hints are always shown: they say how
	// to fix it.
	Full bool
	// Stable drops durations and commit ids, which differ on every run, so
	// reports can be compared with goldens.
	Stable bool
	// Output prints each command's captured output line by line as
	// "[task-N:exec] line" before its status line (--output-mode buffer;
	// the CML report also prints reads as "[task-N:read] line"). What is
	// shown there is not repeated in the output sections.
	Output bool
	// MaxReport bounds each action's output in the formats meant for an
	// LLM (--max-report; 0 means unbounded). JSON is always complete.
	MaxReport int
}

// DefaultFormat is the report a document gets without --format: the one
// of its first block's syntax (JSON for SHAM, as seed 004 reports).
func DefaultFormat(doc *lang.Document) string {
	if doc != nil && len(doc.Groups) > 0 {
		switch doc.Groups[0].Syntax {
		case lang.CML:
			return "cml"
		case lang.CSL:
			return "csl"
		}
	}
	return "json"
}

// Write renders rep, produced from doc, in format ("" for the document's
// default).
func Write(w io.Writer, format string, doc *lang.Document, rep *engine.Report, o Options) error {
	if format == "" {
		format = DefaultFormat(doc)
	}
	var render func(io.Writer, *lang.Document, *engine.Report, Options) error
	switch format {
	case "json":
		// encoding/json escapes C0 controls but not DEL or the C1 range
		// (U+009B is a CSI on some terminals): escape those too.
		var buf strings.Builder
		if err := JSON(&buf, doc, rep, o); err != nil {
			return err
		}
		if _, err := io.WriteString(w, jsonControls(buf.String())); err != nil {
			return fmt.Errorf("write json report: %w", err)
		}
		return nil
	case "text":
		render = Text
	case "summary":
		render = Summary
	case "cml":
		render = CML
	case "csl":
		render = CSL
	default:
		return fmt.Errorf("report: unknown format %q; use json, text, summary, cml or csl", format)
	}
	// Every format but JSON is read on a terminal or by an LLM as it is:
	// no control sequence of a command's output or a file gets through.
	var buf strings.Builder
	if err := render(&buf, doc, rep, o); err != nil {
		return err
	}
	if _, err := io.WriteString(w, textedit.Printable(buf.String())); err != nil {
		return fmt.Errorf("write %s report: %w", format, err)
	}
	return nil
}

// source is a failed action's text when Full is set, else "".
func (o Options) source(doc *lang.Document, res engine.ActionResult) string {
	if !o.Full || doc == nil || doc.File == nil || res.Range.End <= res.Range.Start {
		return ""
	}
	return doc.File.Text(res.Range)
}

// jsonControls rewrites DEL and C1 control characters of JSON text as \u
// escapes. In JSON text they can only occur inside strings, where the
// escape means the same character.
func jsonControls(s string) string {
	if !strings.ContainsRune(s, 0x7f) && !hasC1(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for _, r := range s {
		if r == 0x7f || (r >= 0x80 && r < 0xa0) {
			fmt.Fprintf(&b, "\\u%04x", r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// hasC1 reports whether s holds a UTF-8 encoded C1 control (0xc2 0x80-0x9f).
func hasC1(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if s[i] == 0xc2 && s[i+1] >= 0x80 && s[i+1] < 0xa0 {
			return true
		}
	}
	return false
}
