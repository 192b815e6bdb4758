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
	"unicode"

	"github.com/clada-dev/clada/grammar/internal/pathline"
	"github.com/clada-dev/clada/source"
)

// Diagnostic codes.
const (
	UnclosedFence = "UNCLOSED_FENCE" // a fence that names a file and never ends
	NestedFence   = "NESTED_FENCE"   // a file's fence ended by the closing line of a fence it holds
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
	EachFrom(src, 0, len(src), func(f *Fence) bool { yield(f); return true })
}

// EachFrom is Each over the fences whose opening line starts in [from,
// to), as Each finds them when a fence ends at from (or from is 0): a
// fence's path line is not looked for above from, and a fence found
// still reads past to. After each fence Each is in the state EachFrom
// starts in at its End, so a text can be scanned in pieces at once
// (DESIGN.md, "Three syntaxes, one AST"). It stops when yield returns
// false.
func EachFrom(src []byte, from, to int, yield func(f *Fence) bool) {
	prevEnd := from // where the previous fence ended: a path line is never inside one
	// the fence lines are looked for only up to to (a run that starts
	// before it may end past it)
	ff := &fenceFinder{src: src[:min(len(src), to+len("```")-1)], next: [2]int{-2, -2}}
	var f Fence // reused: yield is handed the same Fence each time
	// A fence that states no path costs no allocation: its lines are read
	// as bytes, and its language is one string per name (a long answer's
	// thousands of fences say ```sh or ```go again and again).
	langs := map[string]string{}
	for p := from; p < to; {
		start := ff.from(p)
		if start < 0 || start >= to {
			break
		}
		end := lineEnd(src, start)
		next := min(end+1, len(src))
		if end > start && src[end-1] == '\r' {
			end--
		}
		openLine := src[start:end]
		ch, n, infoAt, info, ok := opening(openLine)
		if !ok {
			p = next
			continue
		}
		f = Fence{Start: start, OpenStart: start, OpenEnd: end, CloseStart: -1}
		// the closing fence: the next line that starts with the fence's run
		run := openLine[:n]
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
		readInfo(&f, info, start+infoAt, langs)
		if ls, le := aboveLine(src, start, prevEnd); ls >= 0 && pathline.MayBeLine(src[ls:le]) {
			if path, s, e, ok := pathline.Line(string(src[ls:le])); ok {
				f.state(path, ls+s, ls+e, Above)
				f.Start = ls
			}
		}
		if f.ContentStart < f.ContentEnd && mayComment(src[f.ContentStart]) {
			fe := min(lineEnd(src, f.ContentStart), f.ContentEnd)
			first := bytes.TrimRight(src[f.ContentStart:fe], "\r")
			if f.statedIn(first) {
				s, e, _, _ := commentPath(first)
				if f.state(string(first[s:e]), f.ContentStart+s, f.ContentStart+e, Comment) {
					f.ContentStart = min(fe+1, f.ContentEnd)
				}
			}
		}
		if f.Path != "" {
			// A fence holding fences of its own (a README's examples) is
			// ended, by Markdown's rule, at its first example's closing
			// line. Read with the fences inside pairing up, it ends at a
			// later fence line instead; when that leaves the rest of the
			// answer's fences paired too, that is how the answer reads,
			// rather than as a file whose closing fence was forgotten and
			// the next file's block (an example's path line inside it).
			is, ie, paired := -1, -1, -1
			if f.Closed {
				if is, ie = openInside(src, f.ContentStart, f.CloseStart, run); is >= 0 {
					paired = pairedClose(src, lineEnd(src, f.CloseStart)+1, run)
				}
			}
			nested := paired >= 0 && pairsUp(src, lineEnd(src, paired)+1)
			cut := nextFileAt(src, f.ContentStart, f.End, openLine[:n])
			bareEnd := -1 // the last fence line of a Markdown file cut at a bare example's opening line
			if f.Closed && is < 0 {
				bareEnd = bareNested(src, f.ContentStart, f.CloseStart, run, cut >= 0, markdownFile(f.Path, f.Lang))
			}
			if cut >= 0 && !nested && bareEnd < 0 {
				f.Closed, f.CloseStart = false, -1
				f.End, f.ContentEnd = cut, max(cut, f.ContentStart)
			}
			f.Content = string(src[f.ContentStart:f.ContentEnd])
			switch {
			case !f.Closed:
				f.Diags = append(f.Diags, errorAt(UnclosedFence, f.OpenStart, f.OpenEnd,
					fmt.Sprintf("the code block for %s is never closed, so where the file ends is unknown", f.Path),
					"end the block with a fence line like its opening one (```)"))
			case bareEnd >= 0:
				// The refused block reaches the last fence line of the
				// README's reading, so that the file's tail is no block of
				// the answer (an example in it under a path line would
				// otherwise be written as that file).
				cut := f.CloseStart
				f.CloseStart, f.ContentEnd = bareEnd, bareEnd
				f.End = min(lineEnd(src, bareEnd)+1, len(src))
				f.Content = string(src[f.ContentStart:f.ContentEnd])
				ce := lineEnd(src, cut)
				if ce > cut && src[ce-1] == '\r' {
					ce--
				}
				f.Diags = append(f.Diags, errorAt(NestedFence, cut, ce,
					fmt.Sprintf("the code block for %s seems to hold examples in bare fences (%s) of its own: by Markdown's rule it ends at this line, after %q, yet the fence lines down to the one %d lines below read as the file's examples and its end; written, the file would lose everything from this line on",
						f.Path, run, lastLine(src[f.ContentStart:cut]), lineNumber(src, bareEnd)-lineNumber(src, cut)),
					fmt.Sprintf("put the file in a fence longer than the ones it holds: open its block with %s%s and close it with %s", strings.Repeat(string(ch), n+1), info, strings.Repeat(string(ch), n+1))))
			case is >= 0:
				// The refused block reaches the fence line that pairs with
				// its opening once the fences it holds pair up, when there
				// is one: the file's tail after the cut is no block of the
				// answer, and its lone closing line would otherwise open a
				// fence that swallows the next file's block.
				if paired >= 0 {
					f.CloseStart, f.ContentEnd = paired, paired
					f.End = min(lineEnd(src, paired)+1, len(src))
					f.Content = string(src[f.ContentStart:f.ContentEnd])
				}
				f.Diags = append(f.Diags, errorAt(NestedFence, is, ie,
					fmt.Sprintf("the code block for %s holds a fence (%s) whose closing line, by Markdown's rule, also ends the file's block: written, the file would lose everything after that line", f.Path, src[is:ie]),
					fmt.Sprintf("put the file in a fence longer than the ones it holds: open its block with %s%s and close it with %s", strings.Repeat(string(ch), n+1), info, strings.Repeat(string(ch), n+1))))
			}
		}
		if !yield(&f) {
			return
		}
		p, prevEnd = f.End, f.End
	}
}

// nextFileAt is where, in the lines from p up to end, a fence whose run
// is run is cut short by the next file's block: the start of a path line
// above a line that opens a fence with the same run or a longer one and an
// info string (```python: it can close nothing), or above the line that
// closes this fence when the path line is marked as one (bold, backticks,
// a heading, a label or a colon: a bare path there may be the file's own
// last line, as in a .gitignore). -1 when there is none. A block whose
// closing fence the model forgot then fails alone instead of being written
// with the next file's path line and text in it, the next file's block
// lost (README, "Whole-file blocks").
func nextFileAt(src []byte, p, end int, run []byte) int {
	for q := p; q < end; q = lineEnd(src, q) + 1 {
		line := bytes.TrimRight(src[q:lineEnd(src, q)], "\r")
		if !bytes.HasPrefix(line, run) {
			continue
		}
		ch, n, _, info, ok := opening(line)
		if !ok || n < len(run) || ch != run[0] {
			continue
		}
		ls, le := aboveLine(src, q, p)
		if ls < 0 || !pathline.MayBeLine(src[ls:le]) {
			continue
		}
		path, _, _, ok := pathline.Line(string(src[ls:le]))
		if !ok {
			continue
		}
		if len(info) > 0 || string(bytes.TrimSpace(src[ls:le])) != path {
			return ls
		}
	}
	return -1
}

// openInside is the opening line (start, end without its line end) of a
// fence with an info string (```bash) left open in the lines from p up to
// end, the content of a fence whose run is run; -1 when every one is
// closed. A whole README in a ``` fence holding its own ```bash examples
// is ended, by Markdown's rule, at the first example's closing line, so
// the file's block is that text cut short (README, "Whole-file blocks").
// Which later fence line ends the file instead cannot be told from the
// answer's prose after it, so the block is refused, never written short.
func openInside(src []byte, p, end int, run []byte) (int, int) {
	open, openEnd := -1, -1
	var inner []byte
	for q := p; q < end; q = lineEnd(src, q) + 1 {
		line := bytes.TrimRight(src[q:min(lineEnd(src, q), end)], "\r")
		if !bytes.HasPrefix(line, run[:3]) {
			continue
		}
		_, n, _, info, ok := opening(line)
		switch {
		case !ok:
		case open < 0 && len(info) > 0:
			open, openEnd, inner = q, q+len(line), line[:n]
		case open >= 0 && len(info) == 0 && n >= len(inner):
			open, openEnd = -1, -1
		}
	}
	return open, openEnd
}

// markdownFile reports whether a fence's file is Markdown, the one kind
// of file whose text holds fence lines of its own (a README's examples).
func markdownFile(path, lang string) bool {
	switch strings.ToLower(lang) {
	case "markdown", "md", "mdx":
		return true
	}
	dot := strings.LastIndexByte(path, '.')
	if dot < 0 {
		return false
	}
	ext := strings.ToLower(path[dot+1:])
	return ext == "md" || ext == "markdown" || ext == "mdx"
}

// bareNested is the last fence line of a file's block that, by
// Markdown's rule, ends at close but holds bare examples (```, no
// language) of its own, or -1. markdown says the file is Markdown (a
// README); a file of code ends cut by codeEndsCut instead of endsCut, and
// its blocks' headings say nothing. Which fence line ends such a block cannot
// be read from the fences alone: an answer's file block, then prose, then
// a bare example fence has the same lines. One bare fence line after
// close, left open, after a text that ends cut (below) is the file's
// closing line forgotten after its last example, and that line is
// returned (when the text between sits tight, as below). Otherwise both
// must hold:
//   - the fences after close pair up as bare blocks (an opening line
//     without a language, no path stated above it or in its first line,
//     then its closing line), at least one pair, before the next file's
//     block or the text's end; the last such closing line is returned;
//   - the file's text before close ends as no Markdown file does (its last
//     line a heading, a line ending in a colon, or a sentence cut off
//     without its stop) or one of those pairs holds a Markdown heading
//     (## Usage: the README going on, not an example's code), and the
//     text between close and the next fence line sits tight against both,
//     as an example's code does (hugs), where an answer's prose after a
//     file is set off by blank lines.
//
// When the bare example is under a path line of its own inside the
// file's block (example: "**config.yaml**" above it, which would
// otherwise end the file as one whose closing fence was forgotten), the
// second need not hold if those pairs reach the text's end: read so, every
// fence of the answer pairs up, where the other reading leaves the last
// one open.
//
// A README whose text before its first bare example ends with a full
// sentence and whose later sections have no headings is still read as
// Markdown reads it (README, "Whole-file blocks").
func bareNested(src []byte, p, close int, run []byte, example, markdown bool) int {
	// whether the file's text before close ends cut, asked only once the
	// fences after it read as its own (most blocks are followed by the
	// next file's or by none)
	endsShort := func() bool {
		lb := lastLineBytes(src[p:close])
		if !markdown && !codeEndsCut(lb) {
			return false // most blocks: no string made of their last line
		}
		l := string(lb)
		if markdown && !endsCut(l) {
			return false
		}
		// a path line last is the next file's, or an example's (example
		// below), never the sign of a cut ("`b.py`" ends with a
		// backtick, "config.yaml:" with a colon)
		if pathline.MayBeLine([]byte(l)) {
			if _, _, _, ok := pathline.Line(l); ok {
				return false
			}
		}
		return true
	}
	if !markdown && !example && !endsShort() {
		return -1 // the only sign a file of code can give is missing
	}
	last, heading, toEnd, hug := -1, false, false, false
	for q := lineEnd(src, close) + 1; ; {
		// the next fence line, an opening one
		o := -1
		if q < len(src) {
			o = nextFenceLine(src, q, run[0])
		}
		if o < 0 {
			toEnd = true
			break
		}
		if last < 0 {
			hug = hugs(src[lineEnd(src, close)+1 : o])
		}
		line := bytes.TrimRight(src[o:lineEnd(src, o)], "\r")
		_, n, _, info, ok := opening(line)
		if !ok || len(info) > 0 || n != len(run) {
			break
		}
		if ls, le := aboveLine(src, o, q); ls >= 0 && pathline.MayBeLine(src[ls:le]) {
			if _, _, _, ok := pathline.Line(string(src[ls:le])); ok {
				break
			}
		}
		bs := min(lineEnd(src, o)+1, len(src))
		c := nextFenceLine(src, bs, run[0])
		if c < 0 {
			// a bare fence left open to the end: the file's last example
			// closed at the cut, its own closing line forgotten ("## Build",
			// the cut, "make build", a lone fence line)
			if last < 0 && hug && endsShort() {
				return o
			}
			break
		}
		cl := bytes.TrimRight(src[c:lineEnd(src, c)], "\r")
		if _, n, _, info, ok := opening(cl); !ok || len(info) > 0 || n < len(run) {
			break
		}
		if bs < c {
			if _, _, labelled, ok := commentPath(bytes.TrimRight(src[bs:lineEnd(src, bs)], "\r")); ok && labelled {
				break
			}
		}
		heading = heading || markdown && holdsHeading(src[bs:c])
		last = c
		q = min(lineEnd(src, c)+1, len(src))
	}
	if last < 0 || !(example && toEnd) && !(hug && (heading || endsShort())) {
		return -1
	}
	return last
}

// hugs reports whether gap, the text between a file's closing line and
// the next fence line, sits tight between them as an example's code does
// (its first and last lines not blank), not as an answer's prose, which a
// blank line sets off from the fences around it.
func hugs(gap []byte) bool {
	if len(bytes.TrimSpace(gap)) == 0 {
		return false
	}
	first := gap[:lineEnd(gap, 0)]
	t := bytes.TrimSuffix(bytes.TrimSuffix(gap, []byte("\n")), []byte("\r"))
	lastL := t[bytes.LastIndexByte(t, '\n')+1:]
	return len(bytes.TrimSpace(first)) > 0 && len(bytes.TrimSpace(lastL)) > 0
}

// nextFenceLine is the start of the next line from p that starts with
// three of ch, or -1.
func nextFenceLine(src []byte, p int, ch byte) int {
	run := []byte{ch, ch, ch}
	for p < len(src) {
		i := bytes.Index(src[p:], run)
		if i < 0 {
			return -1
		}
		if p+i == 0 || src[p+i-1] == '\n' {
			return p + i
		}
		p += i + 1
	}
	return -1
}

// holdsHeading reports whether text has a Markdown heading of the second
// level or deeper (a shell example's comments take one #).
func holdsHeading(text []byte) bool {
	for len(text) > 0 {
		line := text[:max(0, lineEnd(text, 0))]
		text = text[min(len(line)+1, len(text)):]
		h := len(line) - len(bytes.TrimLeft(line, "#"))
		if h >= 2 && h <= 6 && len(line) > h+1 && line[h] == ' ' {
			return true
		}
	}
	return false
}

// lastLine is the last line of text that is not blank, trimmed.
func lastLine(text []byte) string { return string(lastLineBytes(text)) }

func lastLineBytes(text []byte) []byte {
	t := bytes.TrimRight(text, " \t\r\n")
	return bytes.TrimSpace(t[bytes.LastIndexByte(t, '\n')+1:])
}

// endsCut reports whether line, the last of a Markdown file's text, is
// one no file ends with: a heading, a line introducing what follows (a
// colon), or a sentence of three words or more cut off without its stop.
func endsCut(line string) bool {
	switch {
	case line == "":
		return false
	case strings.HasSuffix(line, ":"):
		return true
	case line[0] == '#':
		return true
	}
	r := []rune(line)
	first, end := r[0], r[len(r)-1]
	return unicode.IsLetter(first) && len(strings.Fields(line)) >= 3 && (unicode.IsLetter(end) || end == ',')
}

// codeEndsCut reports whether line, the last of a file's text that is
// not Markdown, is one no such file ends with: one that opens what must
// be closed later (a bracket, a block's colon, a string: PROMPT = """,
// const md = `), or that goes on (a "+", a backslash). A file of code
// holds fence lines only inside such a string (a prompt written in
// Markdown), so its text cut at one ends there. A comma or an "=" may end
// a data file (a CSV's empty last field, an .env template's API_KEY=).
func codeEndsCut(line []byte) bool {
	for _, end := range codeEnds {
		if bytes.HasSuffix(line, []byte(end)) {
			return true
		}
	}
	return false
}

// codeEnds are the ends of a line a file of code does not end with.
var codeEnds = []string{"(", "[", "{", ":", "+", "`", `"""`, "'''", `\`}

// lineNumber is the 1-based number of the line holding offset off.
func lineNumber(src []byte, off int) int { return bytes.Count(src[:off], []byte("\n")) + 1 }

// pairedClose is the start of the first line from p that closes a fence
// whose run is run when the fences between pair up (one with an info
// string opens, the next bare one of its run closes it), or -1.
func pairedClose(src []byte, p int, run []byte) int {
	var inner []byte
	for q := p; q < len(src); q = lineEnd(src, q) + 1 {
		line := bytes.TrimRight(src[q:lineEnd(src, q)], "\r")
		if !bytes.HasPrefix(line, run[:3]) {
			continue
		}
		_, n, _, info, ok := opening(line)
		switch {
		case !ok:
		case inner == nil && len(info) > 0:
			inner = line[:n]
		case inner == nil && n >= len(run):
			return q
		case inner != nil && len(info) == 0 && n >= len(inner):
			inner = nil
		}
	}
	return -1
}

// pairsUp reports whether the fences from p on pair up as Markdown reads
// them: each fence line opens a fence that a later bare line of its
// character, as long or longer, closes.
func pairsUp(src []byte, p int) bool {
	var open []byte
	for q := p; q < len(src); q = lineEnd(src, q) + 1 {
		line := bytes.TrimRight(src[q:lineEnd(src, q)], "\r")
		ch, n, _, info, ok := opening(line)
		switch {
		case !ok:
		case open == nil:
			open = line[:n]
		case ch == open[0] && n >= len(open) && len(info) == 0:
			open = nil
		}
	}
	return open == nil
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
		if best == 0 || ff.src[best-1] == '\n' || best == len("\ufeff") && bytes.HasPrefix(ff.src, []byte("\ufeff")) {
			return best // a line's start (the first after a byte-order mark)
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
// (filepath:, file:), one naming a folder, a file of the fence's language
// (lang_files.go), or the path already stated.
func (f *Fence) statedIn(line []byte) bool {
	s, e, labelled, ok := commentPath(line)
	if !ok {
		return false
	}
	p := line[s:e]
	return labelled || bytes.ContainsAny(p, `/\`) || string(p) == f.Path || bytes.HasPrefix(bytes.TrimSpace(line), []byte("<!--")) ||
		ofLang(string(p), f.Lang)
}

// commentPath reads a first line that is a comment holding a path
// ("// filepath: src/x.ts", "# app.py", "<!-- docs/a.md -->"): the
// path's offsets in the line, whether a label (filepath:) preceded it,
// and whether there is one. It reads bytes so that the first lines of
// the many fences that state no path cost nothing.
func commentPath(line []byte) (start, end int, labelled, ok bool) {
	t := bytes.TrimRight(line, " \t\r")
	lead := len(t) - len(bytes.TrimLeft(t, " \t"))
	t = t[lead:]
	var inner []byte
	at := 0
	for _, p := range [][2]string{{"<!--", "-->"}, {"/*", "*/"}, {"{/*", "*/}"}} {
		if bytes.HasPrefix(t, []byte(p[0])) && bytes.HasSuffix(t, []byte(p[1])) && len(t) > len(p[0])+len(p[1]) {
			inner, at = t[len(p[0]):len(t)-len(p[1])], len(p[0])
		}
	}
	if len(inner) == 0 {
		for _, p := range []string{"//", "#", "--", ";", "%"} {
			if bytes.HasPrefix(t, []byte(p)) {
				n := len(t) - len(bytes.TrimLeft(t, p[:1]))
				inner, at = t[n:], n
				break
			}
		}
	}
	if len(inner) == 0 || inner[0] == '!' { // a shebang
		return 0, 0, false, false
	}
	trimmed := bytes.TrimSpace(inner)
	at += len(inner) - len(bytes.TrimLeftFunc(inner, unicode.IsSpace))
	for _, l := range []string{"filepath:", "file path:", "file:", "filename:", "path:"} {
		if len(trimmed) >= len(l) && asciiFold(trimmed[:len(l)], l) {
			rest := bytes.TrimLeft(trimmed[len(l):], " \t")
			at += len(trimmed) - len(rest)
			trimmed, labelled = rest, true
			break
		}
	}
	quoted := len(trimmed) > 2 && trimmed[0] == '`' && trimmed[len(trimmed)-1] == '`'
	if quoted {
		trimmed, at = trimmed[1:len(trimmed)-1], at+1
	}
	if !pathline.Path(string(trimmed), quoted) {
		return 0, 0, false, false
	}
	return lead + at, lead + at + len(trimmed), labelled, true
}

// asciiFold reports whether b is label l (lower-case ASCII) in any case.
func asciiFold(b []byte, l string) bool {
	for i := range len(l) {
		c := b[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != l[i] {
			return false
		}
	}
	return true
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
// one) with its offset in the line. A fence indented in a list item or a
// quote is read through lang's container views, which strip the
// indentation (lang/parse_indent.go).
func opening(line []byte) (ch byte, n, infoAt int, info []byte, ok bool) {
	t := line
	if len(t) < 3 || t[0] != '`' && t[0] != '~' {
		return 0, 0, 0, nil, false
	}
	ch = t[0]
	for n < len(t) && t[n] == ch {
		n++
	}
	if n < 3 {
		return 0, 0, 0, nil, false
	}
	rest := t[n:]
	info = bytes.TrimLeftFunc(rest, unicode.IsSpace)
	infoAt = n + len(rest) - len(info)
	info = bytes.TrimRightFunc(info, unicode.IsSpace)
	if ch == '`' && bytes.IndexByte(info, '`') >= 0 {
		return 0, 0, 0, nil, false
	}
	return ch, n, infoAt, info, true
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
