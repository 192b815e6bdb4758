package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/session"
	"github.com/clada-dev/clada/source"
)

// cmdCheck lints a document: syntax and catalog validation, and what the
// project's .clada.yaml refuses (as the language server shows it); nothing
// touched. A config that does not load is a CONFIG_ERROR diagnostic, not a
// usage error: check reports problems, it does not stop at them.
func cmdCheck(e *env) int {
	fs := newFlagSet(e, "check", "[--root DIR] [--config FILE] [--format text|json] [FILE|-]")
	root := fs.String("root", ".", "project root the actions' paths resolve against, for the project's refusals")
	configFile := fs.String("config", "", "project config (default: .clada.yaml in the root or a parent)")
	format := fs.String("format", "text", "output format: text (FILE:LINE:COL: severity: message [CODE]) or json")
	pos, code, ok := parseArgs(fs, e.args)
	if !ok {
		return code
	}
	if *format != "text" && *format != "json" {
		fmt.Fprintf(e.stderr, "clada check: unknown --format %q; use text or json\n", *format)
		return exitUsage
	}
	absRoot, err := resolveRoot(*root, true)
	if err != nil {
		fmt.Fprintf(e.stderr, "clada check: %v\n", err)
		return exitUsage
	}
	name, data, err := readInput(e, pos)
	if err != nil {
		fmt.Fprintf(e.stderr, "clada check: %v\n", err)
		return exitUsage
	}
	// check runs nothing: no hooks, no commands to pass secrets to.
	s, err := session.Open(session.Input{Root: absRoot, ConfigFile: *configFile},
		session.NoHooks, session.NoPassEnv, session.KeepBrokenConfig)
	if err != nil {
		fmt.Fprintf(e.stderr, "clada check: %v\n", err)
		return exitUsage
	}
	doc := lang.Parse(source.NewFile(name, data))
	ds := s.Check(doc)
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
