package lang

import (
	"bytes"
	"io"
	"strings"

	"github.com/clada-dev/clada/grammar/wholefile"
)

// printWholeFile writes each file_merge (without create_only) as a
// fenced block under its path line. A fence is long enough for every
// backtick run inside; what does not read back as the same path and text
// (a text without a final line end, a first line that states a path, a
// text another format would read) is refused.
func printWholeFile(w io.Writer, d *Document) error {
	var b bytes.Buffer
	for a := range d.Actions() {
		if canonOp(a) != OpFileMerge || createOnly(a) {
			return refuse(d, a, WholeFile, "a whole-file block only writes a whole file (file_merge), which creates no folders and refuses an excerpt")
		}
		if k := onlyParams(a, ParamPath, ParamContent, ParamCreateOnly); k != "" {
			return refuse(d, a, WholeFile, "a whole-file block has no "+k)
		}
		path, _ := a.Value(ParamPath)
		c, _ := a.Value(ParamContent)
		line := wholefile.PathLine(path)
		switch {
		case line == "":
			return refuse(d, a, WholeFile, "its path does not read back from a line of its own")
		case c == "" || !strings.HasSuffix(c, "\n"):
			return refuse(d, a, WholeFile, "a fenced block's text is whole lines, and this one does not end with a line end")
		case claimedByOther([]byte(c)):
			return refuse(d, a, WholeFile, "its text would be read as another format's block")
		}
		fence := "```"
		for strings.Contains(c, fence) {
			fence += "`"
		}
		block := line + "\n" + fence + "\n" + c + fence + "\n"
		got := wholefile.Scan([]byte(block))
		if len(got) != 1 || got[0].Path != path || got[0].Content != c {
			return refuse(d, a, WholeFile, "it does not read back as the same file and text")
		}
		b.WriteString(block + "\n")
	}
	_, err := w.Write(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
	return err
}
