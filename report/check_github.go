package report

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/clada-dev/clada/source"
)

// githubLimit is how many annotations of each kind (error, warning,
// notice) GitHub shows for one step; it drops the rest.
const githubLimit = 10

// checkGitHub prints GitHub Actions workflow commands, one per diagnostic:
//
//	::error file=answer.md,line=5,col=11,endLine=5,endColumn=20,title=UNKNOWN_ACTION::Unknown action 'file_wrte'%0Ahint: did you mean file_write?
//
// errors as ::error, warnings as ::warning, infos as ::notice; file is the
// path relative to the root. Columns are UTF-16 code units, the end
// exclusive, as in SARIF; GitHub takes columns only within one line, so a
// range over several lines gives line and endLine alone. Values are
// escaped as GitHub's toolkit escapes them: %, CR and LF everywhere, and
// ":" and "," in properties too. After the tenth of a kind, which is all
// GitHub shows per step, one plain line says how many more there are and
// which command lists them all.
func checkGitHub(w io.Writer, files []Checked, o CheckOptions) error {
	shown := map[string]int{}
	more := map[string]int{}
	for _, c := range files {
		path := c.ciPath()
		for _, d := range c.Diags {
			kind := githubKind(d.Severity)
			if shown[kind] == githubLimit {
				more[kind]++
				continue
			}
			shown[kind]++
			s := spanOf(c.Doc.File, d.Range)
			props := []string{"file=" + githubProperty(path), "line=" + strconv.Itoa(s.start.Line)}
			if s.start.Line == s.end.Line {
				props = append(props, "col="+strconv.Itoa(s.start.ColumnUTF16))
			}
			props = append(props, "endLine="+strconv.Itoa(s.end.Line))
			if s.start.Line == s.end.Line {
				props = append(props, "endColumn="+strconv.Itoa(s.end.ColumnUTF16))
			}
			props = append(props, "title="+githubProperty(d.Code))
			if _, err := fmt.Fprintf(w, "::%s %s::%s\n", kind, strings.Join(props, ","), githubData(messageWithHint(d))); err != nil {
				return err
			}
		}
	}
	for _, kind := range []string{"error", "warning", "notice"} {
		if more[kind] == 0 {
			continue
		}
		noun := kind
		if more[kind] > 1 {
			noun += "s"
		}
		if _, err := fmt.Fprintf(w, "clada: %d more %s not shown as annotations (GitHub shows the first %d %ss of a step); to list them all: %s\n",
			more[kind], noun, githubLimit, kind, listCommand(o.Args)); err != nil {
			return err
		}
	}
	return nil
}

func githubKind(s source.Severity) string {
	switch s {
	case source.Error:
		return "error"
	case source.Warning:
		return "warning"
	}
	return "notice"
}

// listCommand is the command that prints every problem of the files as
// text.
func listCommand(args []string) string {
	cmd := "clada check --format text"
	for _, a := range args {
		cmd += " " + shellQuote(a)
	}
	return cmd
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./=+,:@%", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// githubData escapes a workflow command's message.
func githubData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// githubProperty escapes a workflow command's property value.
func githubProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
