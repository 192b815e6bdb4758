package textedit

import "strings"

// EOFMatch finds a search of whole lines at the end of a file whose last
// line has no line end (Cline's, Roo's and aider's blocks hold whole lines,
// each with its line end; the file's last line has none): the search
// without its last line end ends the file, starting at a line start. Every
// byte of the file's lines matches, so this is no tolerance: the search
// only asks for a line end the file never had. It returns where the match
// starts, the text matched, and repl with its last line end taken off too,
// so the file still ends as it did. ok is false when old is not such a
// search or does not end the file so.
func EOFMatch(body, old, repl string) (off int, matched, newRepl string, ok bool) {
	if !strings.HasSuffix(old, "\n") || strings.HasSuffix(body, "\n") || body == "" {
		return 0, "", "", false
	}
	m := strings.TrimSuffix(strings.TrimSuffix(old, "\n"), "\r")
	if m == "" || !strings.HasSuffix(body, m) {
		return 0, "", "", false
	}
	off = len(body) - len(m)
	if off > 0 && body[off-1] != '\n' {
		return 0, "", "", false // inside a line: not the whole last line
	}
	if strings.HasSuffix(repl, "\n") {
		repl = strings.TrimSuffix(strings.TrimSuffix(repl, "\n"), "\r")
	}
	return off, m, repl, true
}
