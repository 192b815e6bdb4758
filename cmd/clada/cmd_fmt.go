package main

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/report"
	"github.com/clada-dev/clada/source"
)

// cmdFmt prints a document's actions in canonical layout, in the syntax they
// were written in or converted to --to. It refuses rather than print lossily:
// a document with syntax errors gets its diagnostics (exit 1), a conversion
// that would drop a meaning the target syntax cannot carry (a TASKS group
// printed as SHAM) is refused unless --flatten, and -w will not rewrite a
// file whose prose around the blocks would be dropped.
func cmdFmt(e *env) int {
	fs := newFlagSet(e, "fmt", "[--to "+strings.Join(lang.SyntaxNames(), "|")+"] [--flatten] [-w] FILE|-")
	to := fs.String("to", "", "convert to this syntax: "+lang.SyntaxList()+" (default: the document's own)")
	write := fs.Bool("w", false, "rewrite FILE in place (atomically) instead of printing to stdout")
	flatten := fs.Bool("flatten", false, "convert even where the target cannot carry a group: TASKS/<tasks> become standalone blocks, versions it does not know are dropped")
	pos, code, ok := parseArgs(fs, e.args)
	if !ok {
		return code
	}
	usageErr := func(format string, args ...any) int {
		fmt.Fprintf(e.stderr, "clada fmt: "+format+"\n", args...)
		return exitUsage
	}
	target := lang.ParseSyntax(*to)
	if *to != "" && target == 0 {
		return usageErr("unknown --to %q; use %s", *to, lang.SyntaxList())
	}
	if *write && (len(pos) == 0 || pos[0] == "-") {
		return usageErr("-w needs a FILE to rewrite, not stdin")
	}
	name, data, err := readInput(e, pos)
	if err != nil {
		return usageErr("%v", err)
	}
	doc := lang.Parse(source.NewFile(name, data))
	if ds := doc.Diagnostics(); ds.HasErrors() {
		fmt.Fprintf(e.stderr, "clada fmt: %s has syntax errors; nothing was formatted (fix them first)\n", name)
		_ = report.WriteCheck(e.stderr, "text", []report.Checked{{Doc: doc, Diags: ds}}, report.CheckOptions{})
		return exitFail
	}
	if len(doc.Groups) == 0 {
		fmt.Fprintf(e.stderr, "clada fmt: %s has no action blocks to format\n", name)
		return exitFail
	}
	if target == 0 {
		target = doc.Groups[0].Syntax
		for _, g := range doc.Groups {
			if g.Syntax != target {
				return usageErr("%s mixes syntaxes (%s and %s); choose one with --to", name, target, g.Syntax)
			}
		}
	}
	if losses := lang.ConvertLosses(doc, target); len(losses) > 0 && !*flatten {
		fmt.Fprintf(e.stderr, "clada fmt: %s cannot be converted to %s without changing what runs; nothing was printed\n", name, strings.ToUpper(target.String()))
		for _, l := range losses {
			fmt.Fprintf(e.stderr, "%s:%d: %s\n    hint: %s\n", name, l.Line, l.Message, l.Hint)
		}
		return exitFail
	}
	var out bytes.Buffer
	if err := lang.Print(&out, doc, target); err != nil {
		fmt.Fprintf(e.stderr, "clada fmt: %s: %v\n", name, err)
		return exitFail
	}
	if !*write {
		if _, err := e.stdout.Write(out.Bytes()); err != nil {
			return usageErr("writing output: %v", err)
		}
		return exitOK
	}
	if line := proseLine(doc); line > 0 {
		fmt.Fprintf(e.stderr, "clada fmt: %s has text outside its blocks (line %d) that fmt does not keep; not rewritten\n"+
			"    hint: print instead and keep what you need: clada fmt %s > NEW\n", name, line, name)
		return exitFail
	}
	if bytes.Equal(out.Bytes(), data) {
		return exitOK
	}
	abs, err := filepath.Abs(name)
	if err != nil {
		return usageErr("-w %s: %v", name, err)
	}
	cfg := engine.DefaultConfig(filepath.Dir(abs))
	ws, err := engine.NewOS(cfg)
	if err != nil {
		return usageErr("-w %s: %v", name, err)
	}
	defer ws.Close()
	if err := ws.WriteFile(abs, out.Bytes()); err != nil {
		return usageErr("-w %s: %v", name, err)
	}
	return exitOK
}

// proseLine returns the first line holding non-blank text outside every
// block, or 0: the text a rewrite would drop.
func proseLine(doc *lang.Document) int {
	src := doc.File.Src
	at := 0
	check := func(end int) int {
		if s := src[at:end]; len(strings.TrimSpace(string(s))) > 0 {
			i := at + len(s) - len(bytes.TrimLeft(s, " \t\r\n"))
			return doc.File.Line(i)
		}
		return 0
	}
	for _, g := range doc.Groups {
		if l := check(g.Range.Start); l > 0 {
			return l
		}
		at = g.Range.End
	}
	return check(len(src))
}
