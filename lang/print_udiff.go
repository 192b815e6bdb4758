package lang

import (
	"bytes"
	"io"
	"strconv"
	"strings"
)

// printUDiff writes the actions as one unified diff. Without the files a
// diff cannot give line numbers, so each replacement is a hunk with a bare
// "@@ @@" header, located by its text alone: whole lines, '-' for the old
// text and '+' for the new. A new file is written as a --- /dev/null diff
// (file_write), a deletion as +++ /dev/null, a move as a git rename that
// refuses to overwrite. Anything else, or text that is not whole lines, is
// refused.
func printUDiff(w io.Writer, d *Document) error {
	var b bytes.Buffer
	lines := func(prefix, s string) {
		for l := range strings.SplitSeq(strings.TrimSuffix(s, "\n"), "\n") {
			b.WriteString(prefix + l + "\n")
		}
	}
	// After a section that is only a git header (a delete, a rename), a
	// following "--- " section would be read as that header's: it gets a
	// "diff --git" line of its own (found by FuzzParseUDiff).
	headerOnly := false
	gitHeader := func(path, mode string) {
		if headerOnly {
			b.WriteString("diff --git a/" + path + " b/" + path + "\n" + mode)
		}
		headerOnly = false
	}
	for a := range d.Actions() {
		if hasCR(a) {
			return refuse(d, a, UDiff, "a carriage return in its text would be read as a line end")
		}
		path, _ := a.Value(ParamPath)
		if strings.ContainsAny(path, " \t\r\n") {
			return refuse(d, a, UDiff, "its path has blanks a diff header would cut")
		}
		if isNullPath(path) {
			return refuse(d, a, UDiff, "a diff header naming /dev/null means no file")
		}
		switch canonOp(a) {
		case OpFileReplaceText:
			if k := onlyParams(a, ParamPath, ParamOldText, ParamNewText, ParamNearLine); k != "" {
				return refuse(d, a, UDiff, "a hunk has no "+k)
			}
			o, _ := a.Value(ParamOldText)
			n, _ := a.Value(ParamNewText)
			if o == "" || !wholeLines(o) || !wholeLines(n) {
				return refuse(d, a, UDiff, "a hunk holds whole lines, and this text does not end with a line end")
			}
			gitHeader(path, "")
			b.WriteString("--- a/" + path + "\n+++ b/" + path + "\n")
			if l, ok := a.Value(ParamNearLine); ok {
				b.WriteString("@@ -" + l + "," + itoa(strings.Count(o, "\n")) + " +" + l + "," + itoa(strings.Count(n, "\n")) + " @@\n")
			} else {
				header := func(l string) bool {
					return strings.HasPrefix(l, "-- ") || strings.HasPrefix(l, "++ ") || strings.HasPrefix(l, "@") || strings.HasPrefix(l, "iff --git ")
				}
				if hasLine(o, header) || hasLine(n, header) {
					return refuse(d, a, UDiff, "without a line number its hunk would have a line that reads as a diff header")
				}
				b.WriteString("@@ @@\n")
			}
			lines("-", o)
			if n != "" {
				lines("+", n)
			}
		case OpFileWrite:
			if ow, _ := a.Value(ParamOverwrite); ow != "false" {
				return refuse(d, a, UDiff, "a diff's new file never replaces an existing file, and this write would")
			}
			c, _ := a.Value(ParamContent)
			if !wholeLines(c) || c == "" {
				return refuse(d, a, UDiff, "a new file's diff holds whole lines")
			}
			gitHeader(path, "new file mode 100644\n")
			b.WriteString("--- /dev/null\n+++ b/" + path + "\n")
			b.WriteString("@@ -0,0 +1," + itoa(strings.Count(c, "\n")) + " @@\n")
			lines("+", c)
		case OpFileDelete:
			b.WriteString("diff --git a/" + path + " b/" + path + "\ndeleted file mode 100644\n")
			if c, given := a.Value(ParamOldContent); given {
				if !wholeLines(c) || c == "" {
					return refuse(d, a, UDiff, "a deleted file's diff holds whole lines")
				}
				b.WriteString("--- a/" + path + "\n+++ /dev/null\n")
				b.WriteString("@@ -1," + itoa(strings.Count(c, "\n")) + " +0,0 @@\n")
				lines("-", c)
				break
			}
			headerOnly = true
		case OpFileMove:
			o, _ := a.Value(ParamOldPath)
			n, _ := a.Value(ParamNewPath)
			if strings.ContainsAny(o+n, " \t\r\n") {
				return refuse(d, a, UDiff, "its paths have blanks a diff header would cut")
			}
			if isNullPath(o) || isNullPath(n) {
				return refuse(d, a, UDiff, "a diff header naming /dev/null means no file")
			}
			if ow, _ := a.Value(ParamOverwrite); ow != "false" {
				return refuse(d, a, UDiff, "a diff's rename never replaces a file at new_path, and this move would")
			}
			b.WriteString("diff --git a/" + o + " b/" + n + "\nrename from " + o + "\nrename to " + n + "\n")
			headerOnly = true
		default:
			return refuse(d, a, UDiff, "a unified diff only creates, changes, moves and deletes files")
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

func itoa(n int) string { return strconv.Itoa(n) }

// isNullPath reports whether p, printed in a header (a/p, b/p), would read
// back as no file at all (--- /dev/null): the reader strips the prefix.
func isNullPath(p string) bool { return p == "/dev/null" }
