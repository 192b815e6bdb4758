// Package report renders an engine.Report in the five formats clada prints:
// json (for programs, complete), and text, summary, csl and cml (for a
// person and the LLM that reads them back, each action's output bounded by
// Options.MaxReport). It reads the engine's results and the document they
// came from; it decides nothing about what a run meant. It also renders
// what `clada check` found (WriteCheck, check.go): text, json, and the CI
// formats sarif, github and rdjsonl, each in its check_<format>.go, with
// the table of diagnostic codes in check_rules.go.
//
// report imports engine, engine/textedit, lang and source, and runs
// nothing; session and the front doors (lsp, mcp, watch, cmd/clada) import
// it, never engine or anything below. Start reading at Write below, then
// the format you care about (json.go, text.go, summary.go, csl.go, cml.go)
// and bound.go (the per-action bound).
package report

import (
	"fmt"
	"io"
	"slices"
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

// format is one report format: its name and renderer (nil for json, which
// Write writes itself).
type format struct {
	name   string
	render func(io.Writer, *lang.Document, *engine.Report, Options) error
}

// formats lists every report format, in the order help texts name them.
var formats = [...]format{{"json", nil}, {"text", Text}, {"summary", Summary}, {"cml", CML}, {"csl", CSL}}

// Formats lists the report formats: what --format, watch's --format and
// .clada.yaml's format accept, and a syntax's default report
// (lang.SyntaxDef.ReportFormat) is one of.
func Formats() []string {
	out := make([]string, len(formats))
	for i, f := range formats {
		out[i] = f.name
	}
	return out
}

// FormatList is the formats as help texts and errors name them: "json,
// text, summary, cml or csl".
func FormatList() string {
	names := Formats()
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// DefaultFormat is the report a document gets without --format: the one
// of its first block's syntax (lang.SyntaxDef.ReportFormat), JSON for an
// empty document.
func DefaultFormat(doc *lang.Document) string {
	if doc != nil && len(doc.Groups) > 0 {
		return doc.Groups[0].Syntax.Def().ReportFormat
	}
	return "json"
}

// Write renders rep, produced from doc, in the format name ("" for the
// document's default).
func Write(w io.Writer, name string, doc *lang.Document, rep *engine.Report, o Options) error {
	if name == "" {
		name = DefaultFormat(doc)
	}
	i := slices.IndexFunc(formats[:], func(f format) bool { return f.name == name })
	if i < 0 {
		return fmt.Errorf("report: unknown format %q; use %s", name, FormatList())
	}
	render := formats[i].render
	if render == nil {
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
	}
	// Every format but JSON is read on a terminal or by an LLM as it is:
	// no control sequence of a command's output or a file gets through.
	var buf strings.Builder
	if err := render(&buf, doc, rep, o); err != nil {
		return err
	}
	if _, err := io.WriteString(w, textedit.Printable(buf.String())); err != nil {
		return fmt.Errorf("write %s report: %w", name, err)
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
