// Package wholefile reads the code blocks of a chat answer that show a
// whole file under its path: a markdown fence whose file is stated on the
// line before it (`src/app.py`, **src/app.py**, src/app.py:, ###
// src/app.py), in its info string (```src/app.py, ```go:cmd/main.go,
// ```python path=src/app.py, ```python src/app.py) or as its first line, a
// comment (// filepath: src/x.ts, # file: app.py, <!-- docs/a.md -->).
//
// It finds every fence and what its path statements say; which fences are
// files and which are examples is decided from that in package lang
// (README, "Whole-file blocks"). A fence whose statements disagree, or
// that is never closed, carries an error. The info string is read by a
// participle grammar (info.go); the scanner cuts the lines.
//
// wholefile imports source, grammar/internal/lines and
// grammar/internal/pathline, nothing else of clada's; package lang imports
// it and never the other way. Start reading at Scan below.
package wholefile

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/clada-dev/clada/grammar/internal/pathline"
	"github.com/clada-dev/clada/source"
)

// Diagnostic codes.
const (
	UnclosedFence = "UNCLOSED_FENCE" // a fence that names a file and never ends
	AmbiguousPath = "AMBIGUOUS_PATH" // two statements of the path disagree
)

// How says where a fence's path was stated.
type How uint8

const (
	None    How = iota
	Above       // on the line before the fence
	Info        // in the info string
	Comment     // as the first line, a comment
)

// Fence is one fenced code block of the text.
type Fence struct {
	// Start is where the block begins: its path line when the path is
	// stated above it, else its opening fence; End is past its closing
	// fence line (or the text's end when it is never closed).
	Start, End int
	// OpenStart, OpenEnd locate the opening fence line; CloseStart the
	// closing one (-1 when unclosed).
	OpenStart, OpenEnd, CloseStart int
	Info                           string // the info string, trimmed
	Lang                           string // the language the info string names, if any
	// Path is the file the fence is stated to hold ("" when none is), at
	// PathStart, PathEnd, stated How.
	Path               string
	PathStart, PathEnd int
	How                How
	// Citation marks Cursor's code reference (```12:15:path): it quotes
	// lines of a file, it does not write one.
	Citation bool
	// Content is the block's text (the path comment line left out), at
	// ContentStart, ContentEnd.
	Content                  string
	ContentStart, ContentEnd int
	Closed                   bool
	Diags                    source.Diagnostics
}

// Scan finds every fenced code block of src, in order. It looks at a
// line only when it starts with a backtick or a tilde (a fence), and at
// the two lines before a fence; a long answer's thousands of fences cost
// no line table. A fence's Content is filled only when it states a path
// (Body gives any fence's text).
func Scan(src []byte) []Fence {
	var out []Fence
	Each(src, func(f *Fence) { out = append(out, *f) })
	return out
}

// Each calls yield with every fenced code block of src, in order, as Scan
// finds them; the Fence is reused between calls.
func Each(src []byte, yield func(f *Fence)) {
	prevEnd := 0 // where the previous fence ended: a path line is never inside one
	ff := &fenceFinder{src: src, next: [2]int{-2, -2}}
	var f Fence // reused: yield is handed the same Fence each time
	for p := 0; p < len(src); {
		start := ff.from(p)
		if start < 0 {
			break
		}
		end := lineEnd(src, start)
		next := min(end+1, len(src))
		if end > start && src[end-1] == '\r' {
			end--
		}
		openLine := string(src[start:end])
		ch, n, info, ok := opening(openLine)
		if !ok {
			p = next
			continue
		}
		f = Fence{Start: start, OpenStart: start, OpenEnd: end, CloseStart: -1, Info: info}
		// the closing fence: the next line that starts with the fence's run
		run := []byte(strings.Repeat(string(ch), n))
		for q := next; q < len(src); {
			if bytes.HasPrefix(src[q:], run) && len(bytes.Trim(bytes.TrimRight(src[q:lineEnd(src, q)], " \t\r"), string(ch))) == 0 {
				f.Closed, f.CloseStart = true, q
				break
			}
			// the next run that starts a line (a search for the rare run,
			// not for the newline before it, which every line has)
			i := bytes.Index(src[q+1:], run)
			for i >= 0 && src[q+i] != '\n' {
				k := bytes.Index(src[q+i+2:], run)
				if k < 0 {
					i = -1
					break
				}
				i += k + 1
			}
			if i < 0 {
				break
			}
			q += i + 1
		}
		if f.Closed {
			f.End = min(lineEnd(src, f.CloseStart)+1, len(src))
			f.ContentEnd = f.CloseStart
		} else {
			f.End, f.ContentEnd = len(src), len(src)
		}
		f.ContentStart = min(next, f.ContentEnd)
		readInfo(&f, info, start+strings.Index(openLine, info))
		if ls, le := aboveLine(src, start, prevEnd); ls >= 0 && pathline.MayBeLine(src[ls:le]) {
			if path, s, e, ok := pathline.Line(string(src[ls:le])); ok {
				f.state(path, ls+s, ls+e, Above)
				f.Start = ls
			}
		}
		if f.ContentStart < f.ContentEnd && mayComment(src[f.ContentStart]) {
			fe := min(lineEnd(src, f.ContentStart), f.ContentEnd)
			first := strings.TrimRight(string(src[f.ContentStart:fe]), "\r")
			if f.statedIn(first) {
				path, s, e, _ := commentPath(first)
				if f.state(path, f.ContentStart+s, f.ContentStart+e, Comment) {
					f.ContentStart = min(fe+1, f.ContentEnd)
				}
			}
		}
		if f.Path != "" {
			f.Content = string(src[f.ContentStart:f.ContentEnd])
			if !f.Closed {
				f.Diags = append(f.Diags, errorAt(UnclosedFence, f.OpenStart, f.OpenEnd,
					fmt.Sprintf("the code block for %s is never closed, so where the file ends is unknown", f.Path),
					"end the block with a fence line like its opening one (```)"))
			}
		}
		yield(&f)
		p, prevEnd = f.End, f.End
	}
}

// Body is the fence's text in src (the path comment line left out).
func (f *Fence) Body(src []byte) []byte { return src[f.ContentStart:f.ContentEnd] }

// fenceFinder finds the lines that start with ``` or ~~~, each run
// searched for once from where the last search left it (a text without
// tildes is not searched again for them at every fence).
type fenceFinder struct {
	src  []byte
	next [2]int // where each run next occurs at or after the last position asked, -2: not searched yet
}

// from is the start of the next line at or after p that starts with ```
// or ~~~, or -1.
func (ff *fenceFinder) from(p int) int {
	for p < len(ff.src) {
		best := -1
		for k, run := range [2]string{"```", "~~~"} {
			if ff.next[k] != -1 && ff.next[k] < p {
				i := bytes.Index(ff.src[p:], []byte(run))
				if i < 0 {
					ff.next[k] = -1
				} else {
					ff.next[k] = p + i
				}
			}
			if ff.next[k] >= 0 && (best < 0 || ff.next[k] < best) {
				best = ff.next[k]
			}
		}
		if best < 0 {
			return -1
		}
		if best == 0 || ff.src[best-1] == '\n' {
			return best
		}
		p = best + 1
	}
	return -1
}

// mayComment reports whether a fence's first line, starting with c, may
// be a comment stating a path (commentPath).
func mayComment(c byte) bool {
	switch c {
	case '/', '#', '-', ';', '%', '<', '{', ' ', '\t':
		return true
	}
	return false
}

// lineEnd is the offset of the '\n' ending the line that starts at p, or
// len(src).
func lineEnd(src []byte, p int) int {
	if i := bytes.IndexByte(src[p:], '\n'); i >= 0 {
		return p + i
	}
	return len(src)
}

// state records a statement of the path; a second one that differs is an
// error. It reports whether the statement agrees (a comment that states
// the path is not content).
func (f *Fence) state(p string, start, end int, how How) bool {
	if f.Citation {
		return false
	}
	if f.Path == "" {
		f.Path, f.PathStart, f.PathEnd, f.How = p, start, end, how
		return true
	}
	if p == f.Path || strings.TrimPrefix(p, "./") == strings.TrimPrefix(f.Path, "./") {
		return true
	}
	f.Diags = append(f.Diags, errorAt(AmbiguousPath, start, end,
		fmt.Sprintf("this code block names two files, %s and %s, so which one it holds is unknown", f.Path, p),
		"name the file once: on the line before the fence, in the info string, or in a first-line comment"))
	return true
}

// statedIn reports whether line, the first of a fence's body, is a
// comment stating a path the fence may take: one with a label
// (filepath:, file:), one naming a folder, or the path already stated.
func (f *Fence) statedIn(line string) bool {
	p, _, _, labelled := commentPath(line)
	if p == "" {
		return false
	}
	return labelled || strings.ContainsAny(p, `/\`) || p == f.Path || strings.HasPrefix(strings.TrimSpace(line), "<!--")
}

// commentPath reads a first line that is a comment holding a path
// ("// filepath: src/x.ts", "# app.py", "<!-- docs/a.md -->"): the path,
// its offsets in the line, and whether a label (filepath:) preceded it.
func commentPath(line string) (string, int, int, bool) {
	t := strings.TrimRight(line, " \t\r")
	lead := len(t) - len(strings.TrimLeft(t, " \t"))
	t = t[lead:]
	inner, at := "", 0
	for _, p := range [][2]string{{"<!--", "-->"}, {"/*", "*/"}, {"{/*", "*/}"}} {
		if strings.HasPrefix(t, p[0]) && strings.HasSuffix(t, p[1]) && len(t) > len(p[0])+len(p[1]) {
			inner, at = t[len(p[0]):len(t)-len(p[1])], len(p[0])
		}
	}
	if inner == "" {
		for _, p := range []string{"//", "#", "--", ";", "%"} {
			if strings.HasPrefix(t, p) {
				n := len(t) - len(strings.TrimLeft(t, p[:1]))
				inner, at = t[n:], n
				break
			}
		}
	}
	if inner == "" || strings.HasPrefix(inner, "!") { // a shebang
		return "", 0, 0, false
	}
	trimmed := strings.TrimSpace(inner)
	at += strings.Index(inner, trimmed)
	labelled := false
	low := strings.ToLower(trimmed)
	for _, l := range []string{"filepath:", "file path:", "file:", "filename:", "path:"} {
		if strings.HasPrefix(low, l) {
			rest := strings.TrimLeft(trimmed[len(l):], " \t")
			at += len(trimmed) - len(rest)
			trimmed, labelled = rest, true
			break
		}
	}
	quoted := len(trimmed) > 2 && trimmed[0] == '`' && trimmed[len(trimmed)-1] == '`'
	if quoted {
		trimmed, at = trimmed[1:len(trimmed)-1], at+1
	}
	if !pathline.Path(trimmed, quoted) {
		return "", 0, 0, false
	}
	return trimmed, lead + at, lead + at + len(trimmed), labelled
}

// aboveLine is the line a fence starting at off may state its path on:
// the line before it, or the one before that when the line between is
// blank; its start and end (without its line end), or -1 when there is
// none (the text's start, or the previous fence at floor).
func aboveLine(src []byte, off, floor int) (int, int) {
	end := off
	for k := 0; k < 2 && end > floor; k++ {
		le := end - 1 // the '\n' ending the line above
		ls := bytes.LastIndexByte(src[:le], '\n') + 1
		if ls < floor {
			return -1, -1
		}
		t := bytes.TrimRight(src[ls:le], "\r")
		if len(bytes.TrimSpace(t)) > 0 {
			if len(t) >= 3 && (t[0] == '`' || t[0] == '~') && t[1] == t[0] && t[2] == t[0] {
				return -1, -1 // the line above is a fence
			}
			return ls, ls + len(t)
		}
		end = ls
	}
	return -1, -1
}

// opening reads a fence's opening line: three or more backticks or
// tildes at the line's start, and the info string (for backticks, without
// one). A fence indented in a list item or a quote is read through lang's
// container views, which strip the indentation (lang/parse_indent.go).
func opening(line string) (ch byte, n int, info string, ok bool) {
	t := line
	if len(t) < 3 || t[0] != '`' && t[0] != '~' {
		return 0, 0, "", false
	}
	ch = t[0]
	for n < len(t) && t[n] == ch {
		n++
	}
	if n < 3 {
		return 0, 0, "", false
	}
	info = strings.TrimSpace(t[n:])
	if ch == '`' && strings.Contains(info, "`") {
		return 0, 0, "", false
	}
	return ch, n, info, true
}

// HasFence reports whether src may hold a fence at all: one fast search
// instead of a line table for most answers.
func HasFence(src []byte) bool {
	return bytes.Contains(src, []byte("```")) || bytes.Contains(src, []byte("~~~"))
}

// Spans are the fences of src that state a path, each from its path line
// to its closing fence (citations left out).
func Spans(src []byte) [][2]int {
	if !HasFence(src) {
		return nil
	}
	var out [][2]int
	for _, f := range Scan(src) {
		if f.Path != "" {
			out = append(out, [2]int{f.Start, f.End})
		}
	}
	return out
}

func errorAt(code string, start, end int, msg, hint string) source.Diagnostic {
	return source.Diagnostic{Severity: source.Error, Code: code, Message: msg, Hint: hint, Range: source.Range{Start: start, End: end}}
}

// PathLine is the line a printer writes to state path p so that it reads
// back as p: the path in backticks, or "" when no line does.
func PathLine(p string) string {
	for _, l := range []string{"`" + p + "`", p} {
		if got, _, _, ok := pathline.Line(l); ok && got == p {
			return l
		}
	}
	return ""
}
