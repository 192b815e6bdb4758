package lang

import (
	"bytes"
	"io"
	"strings"

	"github.com/clada-dev/clada/grammar/wholefile"
	"github.com/clada-dev/clada/grammar/zed"
)

// printZed writes text replacements as <edits> elements under their path
// line (one per call group, callGroups), near_line as line=. What Zed's
// reader cannot give back (a text holding one of its tags) is refused.
func printZed(w io.Writer, d *Document) error {
	var b bytes.Buffer
	for _, call := range callGroups(d) {
		first := call[0]
		path, _ := first.Value(ParamPath)
		line := wholefile.PathLine(path)
		if line == "" {
			return refuse(d, first, Zed, "its path does not read back from a line of its own")
		}
		var e bytes.Buffer
		e.WriteString(line + "\n<edits>\n")
		for _, a := range call {
			if canonOp(a) != OpFileReplaceText {
				return refuse(d, a, Zed, "<edits> only replaces text")
			}
			if k := onlyParams(a, ParamPath, ParamOldText, ParamNewText, ParamNearLine); k != "" {
				return refuse(d, a, Zed, "<edits> has no "+k)
			}
			old, _ := a.Value(ParamOldText)
			repl, _ := a.Value(ParamNewText)
			for _, tag := range []string{"</old_text>", "</new_text>", "</edits>", "<old_text", "<new_text>"} {
				if strings.Contains(old+repl, tag) {
					return refuse(d, a, Zed, "its text holds "+tag)
				}
			}
			if strings.Contains(old+repl, "\r") {
				return refuse(d, a, Zed, "a carriage return in its text would be read as a line end")
			}
			e.WriteString("<old_text")
			if n, ok := a.Value(ParamNearLine); ok {
				e.WriteString(" line=" + n)
			}
			e.WriteString(">\n" + old + "\n</old_text>\n<new_text>\n" + repl + "\n</new_text>\n")
		}
		e.WriteString("</edits>\n")
		if got := zed.Scan(e.Bytes()); len(got) != 1 || got[0].Path != path || len(got[0].Edits) != len(call) {
			return refuse(d, first, Zed, "it does not read back as the same edits")
		}
		b.Write(e.Bytes())
		b.WriteString("\n")
	}
	_, err := w.Write(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
	return err
}
