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
		path, _ := a.Value("path")
		var search, repl string
		switch canonOp(a) {
		case "file_replace_text":
			if k := onlyParams(a, "path", "old_text", "new_text"); k != "" {
				return refuse(d, a, Aider, "aider blocks have no "+k)
			}
			search, _ = a.Value("old_text")
			repl, _ = a.Value("new_text")
			if strings.TrimSpace(search) == "" {
				return refuse(d, a, Aider, "an empty SEARCH appends in aider")
			}
		case "file_append":
			repl, _ = a.Value("content")
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
