package lang

import (
	"bytes"
	"io"
	"strings"

	"github.com/clada-dev/clada/grammar/cline"
)

// printCline writes edits as <replace_in_file> calls (one per call group,
// callGroups), file_write and a placeholder file_merge as
// <write_to_file>, and a create_only file_merge as an empty SEARCH. The
// blocks hold whole lines; what Cline's reader cannot give back is
// refused.
func printCline(w io.Writer, d *Document) error {
	var b bytes.Buffer
	marker := func(s string) bool { return cline.IsMarker([]byte(s)) }
	for _, call := range callGroups(d) {
		first := call[0]
		path, _ := first.Value(ParamPath)
		if path == "" || strings.TrimSpace(path) != path || strings.ContainsAny(path, "<>\n") {
			return refuse(d, first, Cline, "Cline reads the path as the trimmed text of <path>")
		}
		op := canonOp(first)
		if len(call) == 1 && (op == OpFileWrite || op == OpFileMerge && !createOnly(first)) {
			if k := onlyParams(first, ParamPath, ParamContent); k != "" {
				return refuse(d, first, Cline, "write_to_file has no "+k)
			}
			c, _ := first.Value(ParamContent)
			switch {
			case op == OpFileMerge && len(Placeholders(c)) == 0:
				return refuse(d, first, Cline, "write_to_file writes a file whole, creating its folders, and never refuses an excerpt, as file_merge does")
			case c != "" && !strings.HasSuffix(c, "\n"):
				return refuse(d, first, Cline, "write_to_file's content ends with a line end")
			case strings.Contains(c, "</content>"):
				return refuse(d, first, Cline, "its content holds </content>")
			}
			b.WriteString("<write_to_file>\n<path>" + path + "</path>\n<content>\n" + c + "</content>\n</write_to_file>\n\n")
			continue
		}
		b.WriteString("<replace_in_file>\n<path>" + path + "</path>\n<diff>\n")
		for _, a := range call {
			if hasCR(a) {
				return refuse(d, a, Cline, "a carriage return in its text would be read as a line end")
			}
			var search, repl string
			switch canonOp(a) {
			case OpFileReplaceText:
				if k := onlyParams(a, ParamPath, ParamOldText, ParamNewText); k != "" {
					return refuse(d, a, Cline, "Cline's blocks have no "+k)
				}
				search, _ = a.Value(ParamOldText)
				repl, _ = a.Value(ParamNewText)
				if strings.TrimSpace(search) == "" {
					return refuse(d, a, Cline, "an empty SEARCH creates a file in Cline")
				}
			case OpFileMerge:
				if !createOnly(a) {
					return refuse(d, a, Cline, "only write_to_file writes a whole file")
				}
				repl, _ = a.Value(ParamContent)
			default:
				return refuse(d, a, Cline, "Cline's calls only replace text and write files")
			}
			switch {
			case !wholeLines(search) || !wholeLines(repl):
				return refuse(d, a, Cline, "Cline's blocks hold whole lines, and this text does not end with a line end")
			case hasLine(search, marker) || hasLine(repl, marker):
				return refuse(d, a, Cline, "its text has a line Cline would read as a block marker")
			case strings.Contains(search+repl, "</diff>"):
				return refuse(d, a, Cline, "its text holds </diff>")
			}
			b.WriteString("------- SEARCH\n" + search + "=======\n" + repl + "+++++++ REPLACE\n")
		}
		b.WriteString("</diff>\n</replace_in_file>\n\n")
	}
	_, err := w.Write(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
	return err
}

// createOnly reports whether a is a file_merge with create_only.
func createOnly(a *Action) bool {
	v, _ := a.Value(ParamCreateOnly)
	return v == "true"
}
