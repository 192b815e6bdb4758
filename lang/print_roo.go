package lang

import (
	"bytes"
	"io"
	"strings"
)

// printRoo writes text replacements as <apply_diff> calls (one per call
// group, callGroups), near_line as :start_line:. A line of the text that
// Roo would read as a marker is escaped with a backslash, as Roo's reader
// takes it off; a line that already starts with such a backslash, or a
// text Roo cannot give back, is refused.
func printRoo(w io.Writer, d *Document) error {
	var b bytes.Buffer
	for _, call := range callGroups(d) {
		first := call[0]
		path, _ := first.Value(ParamPath)
		if path == "" || strings.TrimSpace(path) != path || strings.ContainsAny(path, "<>\n") {
			return refuse(d, first, Roo, "Roo reads the path as the trimmed text of <path>")
		}
		b.WriteString("<apply_diff>\n<path>" + path + "</path>\n<diff>\n")
		for _, a := range call {
			if canonOp(a) != OpFileReplaceText {
				return refuse(d, a, Roo, "apply_diff only replaces text")
			}
			if k := onlyParams(a, ParamPath, ParamOldText, ParamNewText, ParamNearLine); k != "" {
				return refuse(d, a, Roo, "apply_diff has no "+k)
			}
			if hasCR(a) {
				return refuse(d, a, Roo, "a carriage return in its text would be read as a line end")
			}
			search, _ := a.Value(ParamOldText)
			repl, _ := a.Value(ParamNewText)
			sEsc, ok1 := rooEscape(search)
			rEsc, ok2 := rooEscape(repl)
			switch {
			case search == "":
				return refuse(d, a, Roo, "apply_diff needs text to find")
			case !wholeLines(search) || !wholeLines(repl):
				return refuse(d, a, Roo, "apply_diff's blocks hold whole lines, and this text does not end with a line end")
			case !ok1 || !ok2:
				return refuse(d, a, Roo, "its text has a line starting with a backslash Roo would take off")
			case strings.Contains(search+repl, "</diff>"):
				return refuse(d, a, Roo, "its text holds </diff>")
			}
			b.WriteString("<<<<<<< SEARCH\n")
			if n, ok := a.Value(ParamNearLine); ok {
				b.WriteString(":start_line:" + n + "\n")
			}
			b.WriteString("-------\n" + sEsc + "=======\n" + rEsc + ">>>>>>> REPLACE\n")
		}
		b.WriteString("</diff>\n</apply_diff>\n\n")
	}
	_, err := w.Write(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
	return err
}

// rooMarkerStarts are the line starts Roo reads as markers (trimmed) or
// header lines, which its escape hides.
var rooMarkerStarts = []string{"<<<<<<<", "=======", ">>>>>>>", "-------", ":start_line:", ":end_line:"}

// rooEscape puts a backslash before each line Roo would read as a marker;
// ok is false when a line already starts with an escape Roo would take
// off.
func rooEscape(s string) (string, bool) {
	ls := strings.SplitAfter(s, "\n")
	for i, l := range ls {
		t := strings.TrimSpace(l)
		for _, m := range rooMarkerStarts {
			if strings.HasPrefix(l, `\`+m) {
				return "", false
			}
			if strings.HasPrefix(t, m) {
				if !strings.HasPrefix(l, m) { // an indented marker: Roo trims before it compares
					return "", false
				}
				ls[i] = `\` + l
				break
			}
		}
	}
	return strings.Join(ls, ""), true
}
