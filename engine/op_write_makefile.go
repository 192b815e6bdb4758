package engine

import (
	"path/filepath"
	"strconv"
	"strings"
)

// makeRecipeTabs gives a whole Makefile (path's name Makefile, makefile,
// GNUmakefile or *.mk) its recipe lines' leading tabs back where content
// indents them with spaces, as a chat interface's copy of the file does:
// make refuses a recipe line that does not start with a tab ("missing
// separator"), so such a file is broken as written, and the tab is the
// only reading make has of it (README, "Whole-file blocks"). A recipe
// line is an indented line after a rule line (a line at the left margin
// with a colon and no assignment before it) and before the next line at
// the left margin; the indentation of the recipe's first line becomes one
// tab, deeper lines keep the rest. Nothing is changed in a file that sets
// .RECIPEPREFIX. It returns the content and the 1-based lines it changed.
func makeRecipeTabs(path, content string) (string, []int) {
	switch base := filepath.Base(path); {
	case base == "Makefile", base == "makefile", base == "GNUmakefile", strings.HasSuffix(base, ".mk"):
	default:
		return content, nil
	}
	if !strings.Contains(content, "\n ") || strings.Contains(content, ".RECIPEPREFIX") {
		return content, nil
	}
	lines := strings.SplitAfter(content, "\n")
	var changed []int
	inRecipe, base := false, ""
	for i, l := range lines {
		body := strings.TrimRight(l, "\r\n")
		switch {
		case strings.TrimSpace(body) == "":
			continue // a blank line does not end a recipe
		case body[0] != ' ' && body[0] != '\t':
			inRecipe, base = ruleLine(body), ""
			continue
		case !inRecipe || body[0] == '\t':
			continue
		}
		ind := body[:len(body)-len(strings.TrimLeft(body, " "))]
		if base == "" || !strings.HasPrefix(ind, base) {
			base = ind
		}
		lines[i] = "\t" + l[len(base):]
		changed = append(changed, i+1)
	}
	if len(changed) == 0 {
		return content, nil
	}
	return strings.Join(lines, ""), changed
}

// ruleLine reports whether a Makefile line at the left margin starts a
// rule ("build: deps", "%.o: %.c"): a colon that is not part of an
// assignment (":=", "::="), with no "=" before it, and not a comment or
// a directive.
func ruleLine(l string) bool {
	if strings.HasPrefix(l, "#") {
		return false
	}
	c := strings.IndexByte(l, ':')
	if c <= 0 || strings.Contains(l[:c], "=") || strings.HasPrefix(l[c:], ":=") || strings.HasPrefix(l[c:], "::=") {
		return false
	}
	for _, d := range []string{"ifeq", "ifneq", "ifdef", "ifndef", "else", "endif", "define", "endef", "include", "-include", "export", "override"} {
		if strings.HasPrefix(l, d+" ") || l == d {
			return false
		}
	}
	return true
}

// lineList is 1-based line numbers as a report gives them ("4, 7, 10").
func lineList(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ", ")
}
