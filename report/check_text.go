package report

import (
	"fmt"
	"io"

	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// checkText prints diagnostics in the gcc form editors and CI annotate
// (FILE:LINE:COL: severity: message [CODE], columns in characters), a hint
// line under each that has one, and one summary line for all the files.
// Of each code a file lists the first lang.MaxDiagsPerKind and one line
// saying how many more, as the apply reports do: a diff of 10,000 hunks
// with wrong counts printed 10,000 copies of one warning. The summary
// counts them all; the machine formats (json, sarif, rdjsonl, github)
// list every one.
func checkText(w io.Writer, files []Checked, _ CheckOptions) error {
	blocks, errs, warns := 0, 0, 0
	for _, c := range files {
		f := c.Doc.File
		for _, d := range c.Diags.CappedPer(lang.MaxDiagsPerKind, "answer") {
			p := f.Position(d.Range.Start)
			fmt.Fprintf(w, "%s:%d:%d: %s: %s [%s]\n", f.Name, p.Line, p.Column, d.Severity, d.Message, d.Code)
			if d.Hint != "" {
				fmt.Fprintf(w, "    hint: %s\n", d.Hint)
			}
		}
		for range c.Doc.Actions() {
			blocks++
		}
		errs += c.Diags.Count(source.Error)
		warns += c.Diags.Count(source.Warning)
	}
	where := plural(blocks, "block")
	if len(files) > 1 {
		where += " in " + plural(len(files), "file")
	}
	var err error
	switch {
	case errs == 0 && warns == 0 && blocks == 0 && len(files) == 1:
		// nothing read: say what the input held instead
		_, err = fmt.Fprintf(w, "no problems in 0 blocks: %s\n", lang.NoBlocksReason(files[0].Doc))
	case errs == 0 && warns == 0:
		_, err = fmt.Fprintf(w, "no problems in %s\n", where)
	default:
		_, err = fmt.Fprintf(w, "%s, %s in %s\n", plural(errs, "error"), plural(warns, "warning"), where)
	}
	return err
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
