package engine

import (
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/engine/textedit"
	"github.com/clada-dev/clada/lang"
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
// .RECIPEPREFIX. It returns the content and the 0-based lines it changed
// (textedit.LineNumbers prints them).
//
// Every way a whole Makefile is written gets it: a whole-file block
// (file_merge), and file_write, which is what a V4A Add File, a
// SHAM/CSL/CML file_write and a JSON create call are. An edit gets it
// through editRecipeTabs.
func makeRecipeTabs(path, content string) (string, []int) {
	if !isMakefile(path) {
		return content, nil
	}
	return recipeTabs(content, false)
}

// recipeTabs is makeRecipeTabs for any Makefile text. With inPiece, the
// text is a piece of a file (an edit's new text), whose first lines'
// rule is not in it: a line indented with a tab, not continuing a line
// that ends in a backslash, then says a recipe is under way, as it is in
// a file whose recipes start with tabs.
func recipeTabs(content string, inPiece bool) (string, []int) {
	if !strings.Contains(content, "\n ") || strings.Contains(content, ".RECIPEPREFIX") {
		return content, nil
	}
	lines := strings.SplitAfter(content, "\n")
	var changed []int
	inRecipe, base, cont := false, "", false
	for i, l := range lines {
		body := strings.TrimRight(l, "\r\n")
		continues := cont
		if strings.TrimSpace(body) != "" {
			cont = strings.HasSuffix(body, "\\")
		}
		switch {
		case strings.TrimSpace(body) == "":
			continue // a blank line does not end a recipe
		case body[0] != ' ' && body[0] != '\t':
			inRecipe, base = ruleLine(body), ""
			continue
		case body[0] == '\t':
			if inPiece && !continues {
				inRecipe, base = true, ""
			}
			continue
		case !inRecipe:
			continue
		}
		ind := body[:len(body)-len(strings.TrimLeft(body, " "))]
		if base == "" || !strings.HasPrefix(ind, base) {
			base = ind
		}
		lines[i] = "\t" + l[len(base):]
		changed = append(changed, i)
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

// isMakefile reports whether path names a Makefile: Makefile, makefile,
// GNUmakefile or *.mk.
func isMakefile(path string) bool {
	base := filepath.Base(path)
	return base == "Makefile" || base == "makefile" || base == "GNUmakefile" || strings.HasSuffix(base, ".mk")
}

// editRecipeTabs is makeRecipeTabs for a Makefile changed in part (an
// edit, a diff's hunk, an append): after is the file with the change,
// before without. Only when before's recipes all start with make's tab
// (makeRecipeTabs changes nothing in it) are after's space-indented
// recipe lines given theirs: then every such line is one the change
// added, as certain a mistake as in a whole file, since make refuses it
// and the file read before that. A file whose own recipes already start
// with spaces, or that sets .RECIPEPREFIX, is left as the change leaves
// it.
func editRecipeTabs(path, before, after string) (string, []int) {
	if !isMakefile(path) || !strings.Contains(after, "\n ") {
		return after, nil
	}
	if _, own := makeRecipeTabs(path, before); len(own) > 0 {
		return after, nil
	}
	return makeRecipeTabs(path, after)
}

// newTextTabs gives an edit's new_text its recipe lines' tab before the
// edit runs, where path is a Makefile whose recipes all start with make's
// tab (editRecipeTabs' certainty): so the file gets the text it would
// have got, and an edit sent again finds that text there and is already
// applied (textedit/replay.go), which a tab added only when saving would
// defeat. A line counts as a recipe line by what new_text itself shows
// (recipeTabs' piece of a file); one whose rule is outside it is left to
// savedRecipeTabs. It returns the params to run with (a copy, when
// changed) and the lines of new_text it changed, 0-based.
func newTextTabs(ws fsys.Workspace, cfg *Config, op lang.OpID, params map[string]string) (map[string]string, []int) {
	if !isMakefile(params[lang.ParamPath]) { // every op comes here: the cheap test first
		return params, nil
	}
	key := newTextParam(op.String())
	nt, has := params[key]
	if !has || !strings.Contains(nt, " ") {
		return params, nil
	}
	before, ok := makefileNow(ws, cfg, params[lang.ParamPath])
	if !ok {
		return params, nil
	}
	if _, own := recipeTabs(before, false); len(own) > 0 || strings.Contains(before, ".RECIPEPREFIX") {
		return params, nil
	}
	var conv string
	var lines []int
	if op == lang.OpFileInsert {
		// The file's lines above the insertion say whether a recipe is
		// under way there.
		at, err := strconv.Atoi(strings.TrimSpace(params[lang.ParamLine]))
		starts := textedit.LineStarts(before)
		if err != nil || at < 0 || at > len(starts) {
			return params, nil // the op says why
		}
		above := before
		if at < len(starts) {
			above = before[:starts[at]]
		}
		if above != "" && !strings.HasSuffix(above, "\n") {
			above += "\n"
		}
		whole, all := recipeTabs(above+nt, false)
		skip := strings.Count(above, "\n")
		for _, l := range all {
			lines = append(lines, l-skip)
		}
		conv = whole[len(above):] // above's lines are never changed: its recipes start with tabs
	} else {
		conv, lines = recipeTabs(nt, true)
	}
	if len(lines) == 0 {
		return params, nil
	}
	out := maps.Clone(params)
	out[key] = conv
	return out, lines
}

// newTextParam is the param holding the text op (its catalog name) adds:
// new_text, or an insert's content (the lines after line `line`).
func newTextParam(op string) string {
	if op == lang.OpFileInsert.String() {
		return lang.ParamContent
	}
	return lang.ParamNewText
}

// maxMakefile is the largest Makefile whose recipes an edit looks at.
const maxMakefile = 1 << 20

// makefileNow is the text of the Makefile at p as the workspace has it;
// false when it is not there, too big or not text (the edit says why).
func makefileNow(ws fsys.Workspace, cfg *Config, p string) (string, bool) {
	abs, err := cfg.Resolve(p)
	if err != nil {
		return "", false
	}
	if fi, err := ws.Lstat(abs); err != nil || !fi.Mode().IsRegular() || fi.Size() > maxMakefile {
		return "", false
	}
	data, err := ws.ReadFile(abs)
	if err != nil {
		return "", false
	}
	t, err := textedit.Decode(data)
	if err != nil {
		return "", false
	}
	return t.Body, true
}

// savedRecipeTabs is editRecipeTabs for an edit about to save t to the
// Makefile at abs (p as the answer wrote it), against what the file holds
// now: the recipe lines new_text added whose rule newTextTabs could not
// see. The lines of the file given a tab, those newTextTabs gave one
// included, go into data as recipeTabs (when data is kept).
func (x *opRun) savedRecipeTabs(abs, p string, t textedit.Text, data map[string]any) textedit.Text {
	if !isMakefile(p) {
		return t
	}
	var lines []int
	if len(x.tabbed) > 0 {
		nt := x.params[newTextParam(x.op)]
		at := strings.Index(t.Body, nt)
		if at < 0 && t.CRLF {
			at = strings.Index(t.Body, t.ToFileEOL(nt))
		}
		if at >= 0 {
			first := strings.Count(t.Body[:at], "\n")
			for _, l := range x.tabbed {
				lines = append(lines, first+l)
			}
		}
	}
	if strings.Contains(t.Body, "\n ") {
		if before, ok := makefileNow(x.ws, x.cfg, p); ok {
			if body, more := editRecipeTabs(p, before, t.Body); len(more) > 0 {
				t.Body = body
				lines = append(lines, more...)
			}
		}
	}
	if len(lines) > 0 && data != nil {
		slices.Sort(lines)
		data["recipeTabs"] = textedit.LineNumbers(slices.Compact(lines))
	}
	return t
}
