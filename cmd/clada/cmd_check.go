package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// cmdCheck lints a document: syntax and catalog validation, nothing touched.
func cmdCheck(e *env) int {
	fs := newFlagSet(e, "check", "[--format text|json] [FILE|-]")
	format := fs.String("format", "text", "output format: text (FILE:LINE:COL: severity: message [CODE]) or json")
	pos, code, ok := parseArgs(fs, e.args)
	if !ok {
		return code
	}
	if *format != "text" && *format != "json" {
		fmt.Fprintf(e.stderr, "clada check: unknown --format %q; use text or json\n", *format)
		return exitUsage
	}
	name, data, err := readInput(e, pos)
	if err != nil {
		fmt.Fprintf(e.stderr, "clada check: %v\n", err)
		return exitUsage
	}
	doc := lang.Parse(source.NewFile(name, data))
	ds := lang.Check(doc)
	if *format == "json" {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(lang.NewCheckReport(doc, ds)); err != nil {
			fmt.Fprintf(e.stderr, "clada check: writing output: %v\n", err)
			return exitUsage
		}
	} else {
		writeCheckText(e.stdout, doc, ds)
	}
	if ds.HasErrors() {
		return exitFail
	}
	return exitOK
}

// writeCheckText prints diagnostics in the gcc form editors and CI annotate,
// a hint line under each that has one, and a summary.
func writeCheckText(w io.Writer, doc *lang.Document, ds source.Diagnostics) {
	f := doc.File
	for _, d := range ds {
		p := f.Position(d.Range.Start)
		fmt.Fprintf(w, "%s:%d:%d: %s: %s [%s]\n", f.Name, p.Line, p.Column, d.Severity, d.Message, d.Code)
		if d.Hint != "" {
			fmt.Fprintf(w, "    hint: %s\n", d.Hint)
		}
	}
	blocks := 0
	for range doc.Actions() {
		blocks++
	}
	errs, warns := ds.Count(source.Error), ds.Count(source.Warning)
	if errs == 0 && warns == 0 {
		fmt.Fprintf(w, "no problems in %s\n", plural(blocks, "block"))
		return
	}
	fmt.Fprintf(w, "%s, %s in %s\n", plural(errs, "error"), plural(warns, "warning"), plural(blocks, "block"))
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
