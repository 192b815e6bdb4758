package textedit

import "strings"

// Putting a tolerant hunk's lines into the file without rewriting what the
// hunk did not change (README, "V4A patches (apply_patch)"). A hunk that
// matched on a tolerance rung (trailing whitespace, whitespace, unicode)
// knows the file's lines only up to that tolerance: the bytes it writes for
// its context lines and for its added lines' indentation are the model's
// guess, not the file's. So the lines the hunk keeps (its context) keep the
// file's bytes and endings, the lines it removes go, and each line it adds
// takes the indentation the file uses where it sits: a Makefile's recipe
// keeps its tab, a YAML list its nesting.

// ReplaceHunk puts the hunk's new lines repl in place of the len(old) file
// lines from at, which matched the hunk's old lines old, exactly or (when
// tolerant) on a tolerance rung. A line common to old and repl is the
// hunk's context and keeps the file's line, ending included; on a tolerance
// rung an added line takes the file's indentation (fitIndent).
func (h *Lines) ReplaceHunk(at int, old, repl []string, tolerant bool) {
	out, keep := h.fitted(at, old, repl, tolerant)
	h.replace(at, len(old), out, keep)
}

// Fitted is what ReplaceHunk would put in place of the lines from at on a
// tolerance rung: the hunk's result as this file would hold it, which a
// replayed tolerant hunk finds there (replay.go).
func (h *Lines) Fitted(at int, old, repl []string) []string {
	out, _ := h.fitted(at, old, repl, true)
	return out
}

// fitted gives ReplaceHunk's new lines, and for each the old line (from
// at) whose ending it keeps, -1 for an added line.
func (h *Lines) fitted(at int, old, repl []string, tolerant bool) ([]string, []int) {
	out := make([]string, len(repl))
	keep := make([]int, len(repl))
	pos := make([]int, len(repl)) // each new line's place in the script
	var pairs []indentPair
	i, j := 0, 0
	for p, e := range diffLines(old, repl) {
		switch e.op {
		case ' ':
			out[j], keep[j], pos[j] = h.ls[at+i], i, p
			if tolerant {
				pairs = appendPair(pairs, p, old[i], h.ls[at+i])
			}
			i, j = i+1, j+1
		case '-':
			if tolerant {
				pairs = appendPair(pairs, p, old[i], h.ls[at+i])
			}
			i++
		case '+':
			out[j], keep[j], pos[j] = repl[j], -1, p
			j++
		}
	}
	if tolerant && reindents(pairs) {
		f := newIndentFitter(pairs, old, repl)
		for j := range out {
			if keep[j] < 0 {
				out[j] = f.fit(pos[j], repl[j])
			}
		}
	}
	return out, keep
}

// indentPair is one old line of a tolerant hunk: its place in the edit
// script, its indentation as the hunk wrote it and as the file has it.
type indentPair struct {
	pos         int
	patch, file string
}

func appendPair(pairs []indentPair, pos int, patch, file string) []indentPair {
	if strings.TrimSpace(patch) == "" {
		return pairs // a blank line says nothing about indentation
	}
	return append(pairs, indentPair{pos, leadingBlank(patch), leadingBlank(file)})
}

// reindents reports whether the file indents any matched line otherwise than
// the hunk (else the hunk's added lines are written as given).
func reindents(pairs []indentPair) bool {
	for _, p := range pairs {
		if p.patch != p.file {
			return true
		}
	}
	return false
}

// leadingBlank is s's indentation: its leading spaces and tabs.
func leadingBlank(s string) string {
	return s[:len(s)-len(strings.TrimLeft(s, " \t"))]
}

// indentFitter re-indents a tolerant hunk's added lines.
type indentFitter struct {
	pairs     []indentPair
	patchUnit int  // the hunk's indentation step, in columns
	fileUnit  int  // the file's step, in columns, where it indents with spaces
	fileTabs  bool // the matched file lines indent with tabs
}

// tabCols is how many columns a tab counts for when the hunk's and the
// file's indentation are compared; only the ratio of steps matters.
const tabCols = 4

func newIndentFitter(pairs []indentPair, old, repl []string) *indentFitter {
	f := &indentFitter{pairs: pairs}
	pu := 0
	for _, set := range [][]string{old, repl} {
		for _, l := range set {
			if strings.TrimSpace(l) != "" {
				pu = gcd(pu, cols(leadingBlank(l)))
			}
		}
	}
	fu := 0
	for _, p := range pairs {
		if strings.Contains(p.file, "\t") {
			f.fileTabs = true
		} else {
			fu = gcd(fu, len(p.file))
		}
	}
	f.patchUnit, f.fileUnit = max(pu, 1), max(fu, 1)
	if pu == 0 {
		f.patchUnit = tabCols
	}
	if fu == 0 {
		f.fileUnit = f.patchUnit
	}
	return f
}

// fit gives the added line l (at script place pos) the file's indentation:
// its own when an old line the hunk indented the same way has it in the
// file too, else that of the nearest old line the hunk indented the same
// way, or else the
// nearest old line's, moved by as many steps as l is deeper or shallower
// than it in the hunk (unless the old lines all sit at one level and l is
// indented as the file has them). A blank line is written empty.
func (f *indentFitter) fit(pos int, l string) string {
	if strings.TrimSpace(l) == "" {
		return ""
	}
	a := leadingBlank(l)
	body := l[len(a):]
	if _, ok := f.nearest(pos, func(p indentPair) bool { return p.patch == a && p.file == a }); ok {
		return l // the file has lines indented just so where the hunk has them: written as given
	}
	if p, ok := f.nearest(pos, func(p indentPair) bool { return p.patch == a }); ok {
		return p.file + body
	}
	p, ok := f.nearest(pos, func(indentPair) bool { return true })
	if !ok {
		return l
	}
	if a == p.file && f.oneLevel() {
		// The hunk's old lines show one indentation only, so they say
		// nothing of its steps, and this line is indented as the file
		// indents them: written the file's way already.
		return l
	}
	return f.shift(p, cols(a)-cols(p.patch)) + body
}

// oneLevel reports whether every old line has the same indentation in the
// hunk.
func (f *indentFitter) oneLevel() bool {
	for _, p := range f.pairs {
		if p.patch != f.pairs[0].patch {
			return false
		}
	}
	return true
}

// nearest is the pair closest to pos that ok accepts, the earlier of two
// as close.
func (f *indentFitter) nearest(pos int, ok func(indentPair) bool) (indentPair, bool) {
	best, found := indentPair{}, false
	for _, p := range f.pairs {
		if !ok(p) {
			continue
		}
		if !found || abs(p.pos-pos) < abs(best.pos-pos) {
			best, found = p, true
		}
	}
	return best, found
}

// shift moves the file indentation of p by d of the hunk's columns, in the
// file's own style (whole tabs for a tab-indented file).
func (f *indentFitter) shift(p indentPair, d int) string {
	tabs := strings.Contains(p.file, "\t") || p.file == "" && f.fileTabs
	if tabs {
		steps := d / f.patchUnit
		if steps >= 0 {
			return p.file + strings.Repeat("\t", steps) + strings.Repeat(" ", d%f.patchUnit)
		}
		return trimIndent(p.file, -steps, '\t')
	}
	n := d * f.fileUnit / f.patchUnit
	if n >= 0 {
		return p.file + strings.Repeat(" ", n)
	}
	return trimIndent(p.file, -n, ' ')
}

// trimIndent drops up to n trailing c from an indentation.
func trimIndent(s string, n int, c byte) string {
	for n > 0 && s != "" && s[len(s)-1] == c {
		s, n = s[:len(s)-1], n-1
	}
	return s
}

// cols is an indentation's width, a tab counting tabCols.
func cols(s string) int {
	return len(s) + strings.Count(s, "\t")*(tabCols-1)
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
