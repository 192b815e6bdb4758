package lang

import (
	"bytes"
	"io"
	"strings"

	"github.com/clada-dev/clada/grammar/aider"
)

// printAider writes file_replace_text and file_append actions as aider
// SEARCH/REPLACE blocks, each with its file name. Aider blocks hold whole
// lines and know no other op, so anything else is refused.
func printAider(w io.Writer, d *Document) error {
	var b bytes.Buffer
	marker := func(s string) bool {
		return aider.IsMarker([]byte(s))
	}
	for a := range d.Actions() {
		if hasCR(a) {
			return refuse(d, a, Aider, "a carriage return in its text would be read as a line end")
		}
		path, _ := a.Value(ParamPath)
		var search, repl string
		switch canonOp(a) {
		case OpFileReplaceText:
			if k := onlyParams(a, ParamPath, ParamOldText, ParamNewText); k != "" {
				return refuse(d, a, Aider, "aider blocks have no "+k)
			}
			search, _ = a.Value(ParamOldText)
			repl, _ = a.Value(ParamNewText)
			if strings.TrimSpace(search) == "" {
				return refuse(d, a, Aider, "an empty SEARCH appends in aider")
			}
		case OpFileAppend:
			repl, _ = a.Value(ParamContent)
		default:
			return refuse(d, a, Aider, "aider blocks only replace text and add to files")
		}
		switch {
		case path == "" || aider.FileName(path) != path:
			return refuse(d, a, Aider, "aider reads a file name without blanks on a line of its own")
		case !wholeLines(search) || !wholeLines(repl):
			return refuse(d, a, Aider, "aider blocks hold whole lines, and this text does not end with a line end")
		case hasLine(search, marker) || hasLine(repl, marker):
			return refuse(d, a, Aider, "its text has a line aider would read as a block marker")
		}
		b.WriteString(path + "\n<<<<<<< SEARCH\n" + search + "=======\n" + repl + ">>>>>>> REPLACE\n\n")
	}
	_, err := w.Write(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
	return err
}
