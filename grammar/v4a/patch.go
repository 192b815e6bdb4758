// Package v4a reads OpenAI's apply_patch format (V4A): a `*** Begin Patch`
// … `*** End Patch` envelope holding Add File, Delete File and Update File
// sections, the last made of `@@` hunks. It follows the format's public
// grammar (Codex's apply_patch tool instructions): header lines may be
// padded with whitespace, hunk lines are read exactly as written.
//
// The format is line-oriented with no nesting, so it is read by a line
// scanner rather than a token grammar: every line's role is decided by its
// first characters, and a scanner can say precisely which line is wrong.
package v4a

import (
	"bytes"
	"regexp"
	"strings"
)

// Kind is what a file section does.
type Kind uint8

const (
	Add Kind = iota + 1
	Delete
	Update
)

// Span is a byte range [Start, End) in the text given to Split or Parse.
type Span struct{ Start, End int }

// Error codes.
const (
	MissingEnd    = "V4A_MISSING_END"
	UnknownHeader = "V4A_UNKNOWN_HEADER"
	BadHunkLine   = "V4A_BAD_HUNK_LINE"
	EmptyHunk     = "V4A_EMPTY_UPDATE"
	EmptyPatch    = "V4A_EMPTY_PATCH"
	MissingPath   = "V4A_MISSING_PATH"
)

// Error is one problem in a patch, with the bytes it is about.
type Error struct {
	Span
	Code, Message, Hint string
}

// Patch is one envelope.
type Patch struct {
	Span
	Files  []*FileOp
	Closed bool
	Errs   []Error
}

// FileOp is one file section.
type FileOp struct {
	Span
	Kind     Kind
	Path     string
	PathSpan Span
	// MoveTo is the Update's `*** Move to:` target, "" when none.
	MoveTo     string
	MoveSpan   Span
	Content    string // Add: the '+' lines, each ending in "\n"
	ContentSp  Span
	Hunks      []*Hunk
	HeaderSpan Span // the `*** … File:` line
}

// Hunk is one `@@` chunk of an Update: the lines it expects (Old) and the
// lines it leaves (New), each line ending in "\n".
type Hunk struct {
	Span
	// Anchors are the texts after each `@@` of the hunk (several `@@ ctx`
	// lines narrow the place step by step); empty ones are dropped.
	Anchors []string
	Old     string
	New     string
	// AtEnd is set by `*** End of File`: the hunk matches the file's end.
	AtEnd bool
}

const (
	beginMarker = "*** Begin Patch"
	endMarker   = "*** End Patch"
	eofMarker   = "*** End of File"
	addHeader   = "*** Add File:"
	delHeader   = "*** Delete File:"
	updHeader   = "*** Update File:"
	moveHeader  = "*** Move to:"
)

// line is one line of text: [start, end) without its terminator, next is
// where the following line starts.
type line struct{ start, end, next int }

func lines(src []byte) []line {
	var out []line
	for i := 0; i < len(src); {
		j := i
		for j < len(src) && src[j] != '\n' {
			j++
		}
		next := j
		if j < len(src) {
			next = j + 1
		}
		end := j
		if end > i && src[end-1] == '\r' {
			end--
		}
		out = append(out, line{i, end, next})
		i = next
	}
	return out
}

func trimmed(src []byte, l line) string { return strings.TrimSpace(string(src[l.start:l.end])) }

// patchLine says whether a line may belong to an unclosed patch: prose or
// a closing fence after a patch without `*** End Patch` ends it there.
func patchLine(s string) bool {
	if s == "" {
		return true
	}
	switch s[0] {
	case ' ', '+', '-':
		return true
	}
	return strings.HasPrefix(s, "@@") || strings.HasPrefix(strings.TrimSpace(s), "***")
}

// Split finds every envelope in src: from a `*** Begin Patch` line to the
// next `*** End Patch` line (bad lines between are Parse's errors), or,
// when none comes before the next Begin or the end of input, to the last
// line that can belong to a patch (the missing marker is then Parse's error).
func Split(src []byte) []Span {
	if !bytes.Contains(src, []byte(beginMarker)) { // most answers: no line table
		return nil
	}
	ls := lines(src)
	var out []Span
	for i := 0; i < len(ls); i++ {
		// Only at column 1: a patch indented in a list item, a quote or a
		// padded line is read through lang's indented view, which strips
		// its container prefix from every line.
		if strings.TrimRight(string(src[ls[i].start:ls[i].end]), " \t") != beginMarker {
			continue
		}
		start, end, j := ls[i].start, ls[i].end, i+1
		closed := false
		for k := i + 1; k < len(ls); k++ {
			t := trimmed(src, ls[k])
			if t == beginMarker {
				break
			}
			if t == endMarker {
				end, j, closed = ls[k].end, k, true
				break
			}
		}
		if !closed {
			for j = i + 1; j < len(ls) && patchLine(string(src[ls[j].start:ls[j].end])) && trimmed(src, ls[j]) != beginMarker; j++ {
				end = ls[j].end
			}
			j--
		}
		out = append(out, Span{start, end})
		i = j
	}
	return out
}

// unifiedRange is a unified diff's hunk range (`@@ -3,7 +3,8 @@`), which
// models sometimes write in a V4A patch: it locates nothing in V4A, so it
// is not taken as an anchor (the hunk's lines locate it).
var unifiedRange = regexp.MustCompile(`^-\d+(,\d+)? \+\d+(,\d+)? @@`)

// Parse reads one envelope (text as Split delimits it). It never fails:
// problems are in Patch.Errs, and sections read before a problem are kept.
func Parse(text []byte) *Patch {
	p := &Patch{Span: Span{0, len(text)}}
	ls := lines(text)
	if len(ls) == 0 || trimmed(text, ls[0]) != beginMarker {
		p.errf(Span{0, 0}, MissingEnd, "the patch does not start with `*** Begin Patch`", "start the patch with a line `*** Begin Patch`")
		return p
	}
	r := &reader{src: text, ls: ls, i: 1, p: p}
	r.run()
	if !p.Closed {
		last := ls[len(ls)-1]
		p.errf(Span{last.start, last.end}, MissingEnd, "the patch has no `*** End Patch` line",
			"end the patch with a line `*** End Patch`; nothing of an unclosed patch is applied")
	}
	if p.Closed && len(p.Files) == 0 && len(p.Errs) == 0 {
		p.errf(Span{ls[0].start, ls[0].end}, EmptyPatch, "the patch has no file sections",
			"add `*** Add File:`, `*** Update File:` or `*** Delete File:` sections between the markers")
	}
	return p
}

func (p *Patch) errf(at Span, code, msg, hint string) {
	p.Errs = append(p.Errs, Error{at, code, msg, hint})
}

type reader struct {
	src []byte
	ls  []line
	i   int
	p   *Patch
}

func (r *reader) raw(i int) string { return string(r.src[r.ls[i].start:r.ls[i].end]) }
func (r *reader) span(i int) Span  { return Span{r.ls[i].start, r.ls[i].end} }

func (r *reader) run() {
	for r.i < len(r.ls) {
		i := r.i
		t := trimmed(r.src, r.ls[i])
		switch {
		case t == endMarker:
			r.p.Closed = true
			return
		case strings.HasPrefix(t, addHeader):
			r.add(i, t)
		case strings.HasPrefix(t, delHeader):
			f := r.header(i, t, delHeader, Delete)
			f.End = r.ls[i].end
			r.i++
		case strings.HasPrefix(t, updHeader):
			r.update(i, t)
		case strings.HasPrefix(t, "***"):
			r.p.errf(r.span(i), UnknownHeader, "unknown patch line `"+t+"`",
				"a file section starts with `*** Add File: path`, `*** Update File: path` or `*** Delete File: path`")
			r.i++
			r.skipSection()
		case t == "":
			r.i++
		default:
			r.p.errf(r.span(i), UnknownHeader, "`"+t+"` is not a file section header",
				"a file section starts with `*** Add File: path`, `*** Update File: path` or `*** Delete File: path`")
			r.i++
			r.skipSection()
		}
	}
}

// skipSection moves past the lines of a section that could not be read, to
// the next header, so one bad section is reported once.
func (r *reader) skipSection() {
	for r.i < len(r.ls) {
		t := trimmed(r.src, r.ls[r.i])
		if t == endMarker || strings.HasPrefix(t, addHeader) || strings.HasPrefix(t, delHeader) || strings.HasPrefix(t, updHeader) {
			return
		}
		r.i++
	}
}

// header starts a file section from its header line.
func (r *reader) header(i int, t, prefix string, k Kind) *FileOp {
	f := &FileOp{Kind: k, Span: r.span(i), HeaderSpan: r.span(i)}
	raw := r.raw(i)
	at := strings.Index(raw, prefix) + len(prefix)
	path := strings.TrimSpace(raw[at:])
	off := r.ls[i].start + at + strings.Index(raw[at:], path)
	f.Path, f.PathSpan = path, Span{off, off + len(path)}
	if path == "" {
		r.p.errf(r.span(i), MissingPath, "`"+t+"` names no file", "write the path after the colon: `"+prefix+" src/app.py`")
	}
	r.p.Files = append(r.p.Files, f)
	return f
}

func (r *reader) add(i int, t string) {
	f := r.header(i, t, addHeader, Add)
	r.i++
	var b strings.Builder
	f.ContentSp = Span{r.ls[i].next, r.ls[i].next}
	for r.i < len(r.ls) {
		raw := r.raw(r.i)
		if !strings.HasPrefix(raw, "+") {
			break
		}
		b.WriteString(raw[1:])
		b.WriteByte('\n')
		f.End = r.ls[r.i].end
		f.ContentSp.End = r.ls[r.i].end
		r.i++
	}
	f.Content = b.String()
	if f.End < r.ls[i].end {
		f.End = r.ls[i].end
	}
}

// sectionEnd says whether line i ends an Update's hunks.
func (r *reader) sectionEnd(i int) bool {
	t := trimmed(r.src, r.ls[i])
	return t == endMarker || strings.HasPrefix(t, addHeader) || strings.HasPrefix(t, delHeader) ||
		strings.HasPrefix(t, updHeader) || (strings.HasPrefix(t, "***") && t != eofMarker && !strings.HasPrefix(t, moveHeader))
}

func (r *reader) update(i int, t string) {
	f := r.header(i, t, updHeader, Update)
	r.i++
	f.End = r.ls[i].end
	if r.i < len(r.ls) {
		if mt := trimmed(r.src, r.ls[r.i]); strings.HasPrefix(mt, moveHeader) {
			raw := r.raw(r.i)
			at := strings.Index(raw, moveHeader) + len(moveHeader)
			to := strings.TrimSpace(raw[at:])
			off := r.ls[r.i].start + at + strings.Index(raw[at:], to)
			f.MoveTo, f.MoveSpan = to, Span{off, off + len(to)}
			if to == "" {
				r.p.errf(r.span(r.i), MissingPath, "`*** Move to:` names no file", "write the new path after the colon, or drop the line")
			}
			f.End = r.ls[r.i].end
			r.i++
		}
	}
	var h *Hunk
	var old, nw strings.Builder
	badLines := len(r.p.Errs) // a hunk whose lines were all bad is reported once
	flush := func() {
		if h == nil {
			return
		}
		h.Old, h.New = old.String(), nw.String()
		old.Reset()
		nw.Reset()
		if h.Old == "" && h.New == "" && len(r.p.Errs) == badLines {
			r.p.errf(h.Span, EmptyHunk, "the hunk has no lines", "a hunk holds lines starting with ' ' (context), '-' (removed) or '+' (added)")
		}
		f.Hunks = append(f.Hunks, h)
		h = nil
	}
	for r.i < len(r.ls) && !r.sectionEnd(r.i) {
		raw := r.raw(r.i)
		sp := r.span(r.i)
		switch {
		case strings.HasPrefix(raw, "@@"):
			if h == nil || h.Old != "" || old.Len() > 0 || nw.Len() > 0 || h.AtEnd {
				flush()
				h = &Hunk{Span: sp}
				badLines = len(r.p.Errs)
			}
			if a := strings.TrimSpace(raw[2:]); a != "" && a != "@@" && !unifiedRange.MatchString(a) {
				h.Anchors = append(h.Anchors, strings.TrimSpace(strings.TrimSuffix(a, "@@")))
			}
		case strings.TrimSpace(raw) == eofMarker:
			if h == nil {
				r.p.errf(sp, BadHunkLine, "`*** End of File` outside a hunk", "put `*** End of File` right after the last line of a hunk")
				break
			}
			h.AtEnd = true
		default:
			if h == nil {
				h = &Hunk{Span: Span{sp.Start, sp.Start}} // the first hunk may omit its @@
			}
			if h.AtEnd {
				r.p.errf(sp, BadHunkLine, "a hunk line after `*** End of File`", "start a new hunk with `@@`, or move `*** End of File` to the hunk's end")
				break
			}
			switch {
			case raw == "":
				old.WriteByte('\n')
				nw.WriteByte('\n')
			case raw[0] == ' ':
				old.WriteString(raw[1:] + "\n")
				nw.WriteString(raw[1:] + "\n")
			case raw[0] == '-':
				old.WriteString(raw[1:] + "\n")
			case raw[0] == '+':
				nw.WriteString(raw[1:] + "\n")
			default:
				r.p.errf(sp, BadHunkLine, "hunk line `"+raw+"` does not start with ' ', '-' or '+'",
					"start a context line with a space, a removed line with '-', an added line with '+'")
			}
		}
		if h != nil {
			h.End = sp.End
		}
		f.End = sp.End
		r.i++
	}
	flush()
	if len(f.Hunks) == 0 && f.MoveTo == "" {
		r.p.errf(f.HeaderSpan, EmptyHunk, "`*** Update File: "+f.Path+"` has no hunks",
			"add at least one hunk (`@@` then lines starting with ' ', '-' or '+'), or use `*** Delete File:`")
	}
}
