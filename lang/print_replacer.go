package lang

import (
	"bytes"
	"io"
	"strings"

	"github.com/clada-dev/clada/grammar/replacer"
)

// printReplacer writes file_replace_text as <<<FILE>>> SEARCH/REPLACE
// blocks and file_write as OVERWRITE. The format's bodies end at the line
// before the next marker, an OVERWRITE gets a final line end, and an empty
// REPLACE deletes the searched lines with their line end: what those rules
// cannot give back is refused.
func printReplacer(w io.Writer, d *Document) error {
	var b bytes.Buffer
	marker := func(s string) bool { return replacer.IsMarker([]byte(s)) }
	for a := range d.Actions() {
		if hasCR(a) {
			return refuse(d, a, Replacer, "a carriage return in its text would be read as a line end")
		}
		path, _ := a.Value(ParamPath)
		if path == "" || strings.ContainsAny(path, "\n") || strings.TrimSpace(path) != path {
			return refuse(d, a, Replacer, "the format reads the path as a trimmed line")
		}
		switch canonOp(a) {
		case OpFileReplaceText:
			if k := onlyParams(a, ParamPath, ParamOldText, ParamNewText); k != "" {
				return refuse(d, a, Replacer, "the format has no "+k)
			}
			old, _ := a.Value(ParamOldText)
			repl, _ := a.Value(ParamNewText)
			switch {
			case strings.TrimSpace(old) == "":
				return refuse(d, a, Replacer, "the format cannot search for blank text")
			case repl != "" && strings.TrimSpace(repl) == "":
				return refuse(d, a, Replacer, "a REPLACE of blanks only means an empty replacement there")
			case hasLine(old, marker) || hasLine(repl, marker):
				return refuse(d, a, Replacer, "its text has a line the format would read as a marker")
			case repl == "" && !strings.HasSuffix(old, "\n"):
				return refuse(d, a, Replacer, "a deletion in this format removes whole lines with their line end")
			case repl == "":
				old = strings.TrimSuffix(old, "\n") // the reader gives a delete its line end back
			}
			b.WriteString("<<<FILE>>>\n" + path + "\n<<<SEARCH>>>\n" + old + "\n<<<REPLACE>>>\n")
			if repl != "" {
				b.WriteString(repl + "\n")
			}
			b.WriteString("<<<END>>>\n\n")
		case OpFileWrite:
			if k := onlyParams(a, ParamPath, ParamContent); k != "" {
				return refuse(d, a, Replacer, "the format has no "+k)
			}
			c, _ := a.Value(ParamContent)
			switch {
			case c != "" && !strings.HasSuffix(c, "\n"), strings.HasSuffix(c, "\n\n") && strings.TrimSpace(c) == "":
				return refuse(d, a, Replacer, "an OVERWRITE always ends its file with one line end")
			case hasLine(c, marker):
				return refuse(d, a, Replacer, "its content has a line the format would read as a marker")
			}
			b.WriteString("<<<FILE>>>\n" + path + "\n<<<OVERWRITE>>>\n" + c + "<<<END>>>\n\n")
		default:
			return refuse(d, a, Replacer, "the format only replaces text and overwrites files")
		}
	}
	_, err := w.Write(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
	return err
}
