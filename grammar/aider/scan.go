// Package aider reads aider's SEARCH/REPLACE edit blocks: a file name on
// its own line (before the opening fence or inside it), then
//
//	<<<<<<< SEARCH
//	text to find
//	=======
//	its replacement
//	>>>>>>> REPLACE
//
// with 5 to 9 marker characters. A block without a file name of its own
// edits the file of the block before it, as aider does. The scanner finds
// blocks and their parts; the participle grammar (grammar.go) checks each
// block's shape. It knows nothing of what an edit means.
//
// aider imports source, grammar/internal/lines, grammar/internal/pathline
// and participle, nothing else of clada's; package lang imports it and
// lowers what it reads into the AST, and it never imports lang. Start
// reading at Scan below, then marker.go and grammar.go.
package aider

import (
	"bytes"
	"strings"

	"github.com/clada-dev/clada/grammar/internal/lines"
	"github.com/clada-dev/clada/grammar/internal/pathline"
	"github.com/clada-dev/clada/source"
)

// errorAt is the error diagnostic of a problem at [start, end).
func errorAt(code string, start, end int, msg, hint string) source.Diagnostic {
	return source.Diagnostic{Severity: source.Error, Code: code, Message: msg, Hint: hint, Range: source.Range{Start: start, End: end}}
}

// Diagnostic codes.
const (
	MissingFilename = "MISSING_FILENAME" // no file name before the first block
	MissingDivider  = "MISSING_DIVIDER"  // SEARCH without =======
	MissingReplace  = "MISSING_REPLACE"  // ======= without >>>>>>> REPLACE
	ExtraDivider    = "EXTRA_DIVIDER"    // a second ======= in one block
)

// Edit is one SEARCH/REPLACE block.
type Edit struct {
	// Start is where the block begins: its file name's line when it has one,
	// else its SEARCH line. End is past its REPLACE line (or where it stops).
	Start, End int
	Path       string
	// PathStart, PathEnd locate the file name; both -1 when the block
	// inherits the previous block's file.
	PathStart, PathEnd int
	HeadStart, HeadEnd int // the SEARCH marker line
	Search, Replace    string
	// SearchStart/End, ReplaceStart/End cover each text as written.
	SearchStart, SearchEnd   int
	ReplaceStart, ReplaceEnd int
	// Diags are the block's problems (all errors), with byte offsets into
	// the scanned text.
	Diags source.Diagnostics
}

// Inherited reports whether the block edits the previous block's file.
func (e *Edit) Inherited() bool { return e.PathStart < 0 && e.Path != "" }

// Scan finds every block of src in order.
func Scan(src []byte) []Edit { return scan(src, true) }

// scan is Scan; without whole, it finds only where each block is and
// which file it names (Spans needs no more): no texts copied, no shape
// checked, so the splitter's pass over a whole answer stays a line scan
// (the lowering of each span, in parallel, scans it whole).
func scan(src []byte, whole bool) []Edit {
	ls := lines.Split(src)
	text := func(l lines.Line) []byte { return src[l.Start:l.End] }
	var out []Edit
	cur, have := "", false
	floor := 0 // first line a file name may be looked for on
	for i := 0; i < len(ls); i++ {
		if !isHead(text(ls[i])) {
			continue
		}
		if i+1 < len(ls) && otherHeader(text(ls[i+1])) {
			// Roo Code's apply_diff (its :start_line: header), not an aider
			// block: grammar/roo reads it.
			for i+1 < len(ls) && !isUpdated(text(ls[i+1])) {
				i++
			}
			floor = i + 1
			continue
		}
		h := ls[i]
		e := Edit{Start: h.Start, HeadStart: h.Start, HeadEnd: h.End, PathStart: -1, PathEnd: -1}
		if name, ps, pe, from := findFilename(src, ls, i, floor); name != "" {
			e.Path, e.PathStart, e.PathEnd, e.Start = name, ps, pe, ls[from].Start
			cur, have = name, true
		} else if have {
			e.Path = cur
		} else {
			e.Diags = append(e.Diags, errorAt(MissingFilename, h.Start, h.End,
				"this SEARCH/REPLACE block names no file",
				"put the file's path alone on the line before the opening fence (or the SEARCH line)"))
		}
		limit := blockLimit(ls, text, i)
		j := i + 1
		for j < limit && !isDivider(text(ls[j])) && !isHead(text(ls[j])) && !isUpdated(text(ls[j])) {
			j++
		}
		e.SearchStart, e.SearchEnd = bodyRange(ls, i+1, j, h.Next)
		if whole {
			e.Search = string(src[e.SearchStart:e.SearchEnd])
		}
		if j >= limit || !isDivider(text(ls[j])) {
			e.Diags = append(e.Diags, errorAt(MissingDivider, h.Start, h.End,
				"this SEARCH block has no ======= line before its end",
				"end the text to find with a line =======, then the replacement, then >>>>>>> REPLACE"))
			e.End = e.SearchEnd
			e.Search = strings.ReplaceAll(e.Search, "\r\n", "\n")
			out = append(out, e)
			i = j - 1
			floor = j
			continue
		}
		d := ls[j]
		k := j + 1
		for k < limit && !isUpdated(text(ls[k])) && !isDivider(text(ls[k])) && !isHead(text(ls[k])) {
			k++
		}
		e.ReplaceStart, e.ReplaceEnd = bodyRange(ls, j+1, k, d.Next)
		if whole {
			e.Replace = string(src[e.ReplaceStart:e.ReplaceEnd])
		}
		switch {
		case k < limit && isUpdated(text(ls[k])):
			e.End = ls[k].Next
			i = k
		case k < limit && isDivider(text(ls[k])):
			e.Diags = append(e.Diags, errorAt(ExtraDivider, ls[k].Start, ls[k].End,
				"a second ======= in one SEARCH/REPLACE block",
				"end the replacement with >>>>>>> REPLACE; start the next edit with its own <<<<<<< SEARCH"))
			e.End = ls[k].Next
			i = k
		default:
			e.Diags = append(e.Diags, errorAt(MissingReplace, d.Start, d.End,
				"this block's replacement has no >>>>>>> REPLACE line after it",
				"end the replacement text with a line >>>>>>> REPLACE"))
			e.End = e.ReplaceEnd
			i = k - 1
		}
		if e.End > len(src) {
			e.End = len(src)
		}
		if whole {
			e.Search = strings.ReplaceAll(e.Search, "\r\n", "\n")
			e.Replace = strings.ReplaceAll(e.Replace, "\r\n", "\n")
			if err := checkShape(e); err != nil {
				e.Diags = append(e.Diags, *err)
			}
		}
		out = append(out, e)
		floor = i + 1
	}
	return out
}

// blockLimit is the line the block whose SEARCH line is i cannot reach
// past. A block that reaches its >>>>>>> REPLACE line before another
// SEARCH line is read as aider reads it, fence lines in its texts or not.
// A block cut short would read on into the next block; when it is in a
// fence, it ends at that fence's closing line instead (lines.FenceAbove
// says why).
func blockLimit(ls []lines.Line, text func(lines.Line) []byte, i int) int {
	m := i + 1
	for m < len(ls) && !isUpdated(text(ls[m])) && !isHead(text(ls[m])) {
		m++
	}
	if m < len(ls) && isUpdated(text(ls[m])) {
		return len(ls)
	}
	closes := lines.FenceAbove(func(k int) []byte { return text(ls[k]) }, i)
	for k := i + 1; k < m; k++ {
		if closes(text(ls[k])) {
			return k
		}
	}
	// In no fence, it ends before the file name stating the next SEARCH's
	// file (as findFilename reads it), so that block keeps its own file.
	for k := m - 1; m < len(ls) && k > i && k >= m-3; k-- {
		t := text(ls[k])
		if stripFilename(t) != "" {
			return k
		}
		if !bytes.HasPrefix(t, []byte("```")) {
			break
		}
	}
	return len(ls)
}

// bodyRange is the text of lines [from, to): each line with its line
// ending, as aider keeps it ("Two\n"). An empty run is empty at at.
func bodyRange(ls []lines.Line, from, to, at int) (int, int) {
	if from >= to {
		return at, at
	}
	return ls[from].Start, ls[to-1].Next
}

// findFilename looks at up to three lines above the SEARCH line i (not
// above floor), as aider does: the nearest line that reads as a file name,
// going on upwards only past fence lines (```python, a closing ```), so a
// name before the opening fence and one inside it both count. Of the names
// seen, the first with a "." wins, else the first. It returns the name, its
// offsets and its line.
func findFilename(src []byte, ls []lines.Line, i, floor int) (string, int, int, int) {
	type cand struct {
		name       string
		start, end int
		line       int
	}
	var cands []cand
	for k := i - 1; k >= floor && k >= i-3; k-- {
		raw := src[ls[k].Start:ls[k].End]
		if name := stripFilename(raw); name != "" {
			off := bytes.Index(raw, []byte(name))
			cands = append(cands, cand{name, ls[k].Start + off, ls[k].Start + off + len(name), k})
		}
		if !bytes.HasPrefix(raw, []byte("```")) {
			break
		}
	}
	for _, c := range cands {
		if strings.Contains(c.name, ".") {
			return c.name, c.start, c.end, c.line
		}
	}
	if len(cands) > 0 {
		return cands[0].name, cands[0].start, cands[0].end, cands[0].line
	}
	return "", -1, -1, 0
}

// stripFilename reads one line as a file name the way aider does: "..."
// and fence lines are none (except "```name.ext"), a list item's bullet, a
// trailing ":", leading "#", and wrapping "`" and "*" are dropped. Unlike aider, a line with
// blanks inside is prose, never a file name, unless the name is in
// backticks and reads as a path.
func stripFilename(raw []byte) string {
	s := strings.TrimSpace(string(raw))
	s = s[pathline.Bullet(s):] // a list item's name ("2. **src/app.py**"), as a path line reads it
	if s == "..." || s == "" {
		return ""
	}
	if rest, ok := strings.CutPrefix(s, "```"); ok {
		return infoFilename(rest)
	}
	if strings.HasPrefix(s, "<") && strings.HasSuffix(s, ">") {
		return "" // an XML tag (<diff>, an agent's tool call) is never a file name
	}
	s = strings.TrimRight(s, ":")
	s = strings.TrimLeft(s, "#")
	s = strings.TrimSpace(s)
	// in backticks, a name may hold blanks (`My Docs/notes.md`), as a
	// path line reads it (README, "Whole-file blocks")
	if t := strings.Trim(s, "*"); len(t) > 2 && t[0] == '`' {
		s = t // **`name`**
	}
	quoted := len(s) > 2 && s[0] == '`' && s[len(s)-1] == '`' && !strings.Contains(s[1:len(s)-1], "`")
	// in bold, a name with blanks that reads as one (**docs/My Notes.md**)
	bold := len(s) > 4 && strings.HasPrefix(s, "**") && strings.HasSuffix(s, "**")
	s = strings.Trim(s, "`")
	s = strings.Trim(s, "*")
	if s == "" || strings.ContainsAny(s, " \t") && !(quoted && pathline.Path(s, true)) && !(bold && pathline.Spaced(s)) || isHead([]byte(s)) || isDivider([]byte(s)) || isUpdated([]byte(s)) {
		return ""
	}
	return s
}

// infoFilename is the file a fence's info string names, in the forms a
// whole-file block's fence may name it (README, "Whole-file blocks"):
// ```src/app.py, Cursor's and Continue's ```python:src/app.py, Continue's
// ```python src/app.py, and ```python path=src/app.py (also file=,
// filename=, title=); "" for a language alone, or anything else.
func infoFilename(info string) string {
	fields := strings.Fields(info)
	if len(fields) == 0 {
		return ""
	}
	if lang, p, ok := strings.Cut(fields[0], ":"); ok {
		if len(fields) == 1 && lang != "" && !strings.ContainsAny(lang, "./") && !strings.Contains(p, ":") && pathline.Path(p, false) {
			return p
		}
		return "" // Cursor's ```12:15:app.tsx quotes lines of a file
	}
	if len(fields) == 1 {
		if strings.ContainsAny(fields[0], "./") {
			return fields[0]
		}
		return ""
	}
	for _, f := range fields[1:] {
		if k, v, ok := strings.Cut(f, "="); ok {
			switch strings.ToLower(k) {
			case "path", "file", "filename", "filepath", "title":
				if v = strings.Trim(v, `"'`); pathline.Path(v, false) {
					return v
				}
			}
		}
	}
	if len(fields) == 2 && !strings.ContainsAny(fields[0], "./=") && pathline.Path(fields[1], false) {
		return fields[1]
	}
	return ""
}

// FileName is how a line holding name reads as a file name ("" for none):
// a printer writes a name only when it reads back as itself.
func FileName(name string) string { return stripFilename([]byte(name)) }

// Spans groups the blocks of src into spans: a block that inherits its
// file joins the span of the block before it, so each span can be read on
// its own.
func Spans(src []byte) [][2]int {
	if !bytes.Contains(src, []byte("<<<<< SEARCH")) && !bytes.Contains(src, []byte("<<<<<< SEARCH")) {
		return nil // most answers have no block: one fast search instead of a line table
	}
	var out [][2]int
	for _, e := range scan(src, false) {
		if e.Inherited() && len(out) > 0 {
			out[len(out)-1][1] = e.End
			continue
		}
		out = append(out, [2]int{e.Start, e.End})
	}
	return out
}
