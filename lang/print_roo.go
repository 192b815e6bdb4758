package lang

import (
	"bytes"
	"io"
	"strconv"
	"strings"

	"github.com/clada-dev/clada/grammar/roo"
)

// printRoo writes text replacements as <apply_diff> calls (one per call
// group, callGroups), near_line as :start_line:; an insertion or an
// append of whole lines as <insert_content>, and a replacement of every
// occurrence as <search_and_replace>, each a call of its own. A line of the text that
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
		if len(call) == 1 {
			switch canonOp(first) {
			case OpFileInsert, OpFileAppend:
				if err := printRooInsert(&b, d, first, path); err != nil {
					return err
				}
				continue
			case OpFileReplaceAllText:
				if err := printRooSearch(&b, d, first, path); err != nil {
					return err
				}
				continue
			}
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

// printRooInsert writes file_insert after line N as <insert_content> before
// line N+1, and file_append as line 0: whole lines, which Roo's content
// gives back with the line end after its last line.
func printRooInsert(b *bytes.Buffer, d *Document, a *Action, path string) error {
	content, _ := a.Value(ParamContent)
	line := "0"
	if canonOp(a) == OpFileInsert {
		if k := onlyParams(a, ParamPath, ParamLine, ParamContent); k != "" {
			return refuse(d, a, Roo, "insert_content has no "+k)
		}
		v, _ := a.Value(ParamLine)
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return refuse(d, a, Roo, "insert_content's line is a whole number")
		}
		line = strconv.Itoa(n + 1)
	} else if k := onlyParams(a, ParamPath, ParamContent); k != "" {
		return refuse(d, a, Roo, "insert_content has no "+k)
	}
	switch {
	case content == "" || !strings.HasSuffix(content, "\n"):
		return refuse(d, a, Roo, "insert_content inserts whole lines, and this text does not end with a line end")
	case hasCR(a):
		return refuse(d, a, Roo, "a carriage return in its text would be read as a line end")
	case strings.Contains(content, "</content>"):
		return refuse(d, a, Roo, "its text holds </content>")
	}
	b.WriteString("<insert_content>\n<path>" + path + "</path>\n<line>" + line + "</line>\n<content>\n" + content + "</content>\n</insert_content>\n\n")
	return nil
}

// printRooSearch writes file_replace_all_text as <search_and_replace>,
// whose values Roo trims and whose replacement JavaScript reads patterns
// in.
func printRooSearch(b *bytes.Buffer, d *Document, a *Action, path string) error {
	if k := onlyParams(a, ParamPath, ParamOldText, ParamNewText); k != "" {
		return refuse(d, a, Roo, "search_and_replace has no "+k)
	}
	search, _ := a.Value(ParamOldText)
	repl, _ := a.Value(ParamNewText)
	switch {
	case search == "" || roo.Trim(search) != search || roo.Trim(repl) != repl:
		return refuse(d, a, Roo, "Roo trims search_and_replace's values, and this text starts or ends with white space")
	case hasCR(a):
		return refuse(d, a, Roo, "a carriage return in its text would be read as a line end")
	case strings.Contains(search, "</search>") || strings.Contains(repl, "</replace>"):
		return refuse(d, a, Roo, "its text holds the closing tag")
	case replacePattern(repl) != "":
		return refuse(d, a, Roo, "its replacement holds "+replacePattern(repl)+", which Roo's replace reads as a pattern")
	}
	b.WriteString("<search_and_replace>\n<path>" + path + "</path>\n<search>" + search + "</search>\n<replace>" + repl + "</replace>\n</search_and_replace>\n\n")
	return nil
}
