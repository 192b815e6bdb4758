// Package v4a reads OpenAI's apply_patch format (V4A): a `*** Begin Patch`
// … `*** End Patch` envelope holding Add File, Delete File and Update File
// sections, the last made of `@@` hunks. It follows the format's public
// grammar (Codex's apply_patch tool instructions): header lines may be
// padded with whitespace, hunk lines are read exactly as written.
//
// The format is line-oriented with no nesting: a line lexer (lexer.go)
// gives every line a token type from its own text, a participle grammar
// (grammar.go) parses one patch's tokens into sections and hunks (a patch
// of only the common lines is parsed by hand into the same shape,
// parseSimple), and the builder walks that parse, reporting each wrong
// line at its bytes.
// The Responses API's apply_patch_call items and Codex's calls (JSON) are
// read by call.go and codex.go, the JSON by grammar/jsoncall's reader
// (json.go).
//
// v4a imports source, grammar/internal/lines, grammar/jsoncall and
// participle, nothing else of clada's; package lang imports it and lowers what it reads into the AST, and
// it never imports lang. Start reading at Split and Parse below, then lexer.go
// and grammar.go.
package v4a

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/clada-dev/clada/grammar/internal/lines"
	"github.com/clada-dev/clada/source"
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
	TooBig        = "V4A_TOO_BIG"
	// Unprefixed is the warning on a run of hunk lines written without
	// their ' ' (README, "V4A patches (apply_patch)").
	Unprefixed = "V4A_UNPREFIXED_CONTEXT"
	// NoChange is the warning on a hunk whose old and new lines are the
	// same: it changes nothing and is not applied.
	NoChange = "V4A_NO_CHANGE"
)

// MaxSteps is the most hunks and file sections one patch may hold (each is
// an action). An action costs clada a few kilobytes between parse, check and
// apply whatever its size, so a 5 MiB patch of 300,000 one-line hunks took
// 1.2 GB; at this cap the worst patch stays under 100 MB. No model writes
// a patch near it in one answer (20,000 hunks is millions of output
// tokens); a patch over it is refused whole, before its grammar runs.
const MaxSteps = 20_000

// Patch is one envelope.
type Patch struct {
	Span
	Files  []*FileOp
	Closed bool
	// Diags are the patch's problems at the bytes each is about: errors,
	// and the warnings on unprefixed context lines.
	Diags source.Diagnostics
	// run counts the lines in a row the last error covers (errf).
	run int
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
	ls := lines.Split(src)
	var out []Span
	for i := 0; i < len(ls); i++ {
		// Only at column 1: a patch indented in a list item, a quote or a
		// padded line is read through lang's indented view, which strips
		// its container prefix from every line.
		if strings.TrimRight(string(src[ls[i].Start:ls[i].End]), " \t") != beginMarker {
			continue
		}
		start, end, j := ls[i].Start, ls[i].End, i+1
		closed := false
		for k := i + 1; k < len(ls); k++ {
			t := trimmed(src, ls[k])
			if t == beginMarker {
				break
			}
			if t == endMarker {
				end, j, closed = ls[k].End, k, true
				break
			}
		}
		if !closed {
			for j = i + 1; j < len(ls) && patchLine(string(src[ls[j].Start:ls[j].End])) && trimmed(src, ls[j]) != beginMarker; j++ {
				end = ls[j].End
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
// problems are in Patch.Diags, and sections read before a problem are kept.
func Parse(text []byte) *Patch { return parse(text, true) }

// parse is Parse; simple lets a patch of only the common lines skip
// participle (parseSimple).
func parse(text []byte, simple bool) *Patch {
	p := &Patch{Span: Span{0, len(text)}}
	ls := lines.Split(text)
	if n := countSteps(text, ls); n > MaxSteps {
		p.errf(Span{ls[0].Start, ls[0].End}, TooBig, fmt.Sprintf("the patch holds %d hunks and file sections; clada reads at most %d in one patch", n, MaxSteps),
			fmt.Sprintf("split the work into patches of at most %d hunks each; nothing of this patch is applied", MaxSteps))
		return p
	}
	toks := lexPatch(text, ls)
	var g *patchAST
	if simple {
		g = parseSimple(toks)
	}
	var err error
	if g == nil {
		g, err = lines.Parse(parser(), toks)
	}
	if err != nil {
		// The grammar takes every stream that starts with Begin Patch.
		p.errf(Span{0, 0}, MissingEnd, "the patch does not start with `*** Begin Patch`", "start the patch with a line `*** Begin Patch`")
		return p
	}
	b := &builder{src: text, ls: ls, p: p, bare: -1}
	for _, s := range g.Sections {
		b.section(s)
	}
	p.Closed = g.End != nil
	if !p.Closed {
		last := ls[len(ls)-1]
		p.errf(Span{last.Start, last.End}, MissingEnd, "the patch has no `*** End Patch` line",
			"end the patch with a line `*** End Patch`; nothing of an unclosed patch is applied")
	}
	if p.Closed && len(p.Files) == 0 && len(p.Diags) == 0 {
		p.errf(Span{ls[0].Start, ls[0].End}, EmptyPatch, "the patch has no file sections",
			"add `*** Add File:`, `*** Update File:` or `*** Delete File:` sections between the markers")
	}
	return p
}

// countSteps counts what would become actions: each file section header
// (and Move to) and each hunk start, an @@ line after a line that is not
// one (several @@ lines narrow one hunk). A section's first hunk may have
// no @@; its header counts for it.
func countSteps(src []byte, ls []lines.Line) int {
	n := 0
	prevAt := false
	for _, l := range ls {
		raw := src[l.Start:l.End]
		at := len(raw) >= 2 && raw[0] == '@' && raw[1] == '@'
		if at && !prevAt {
			n++
		}
		prevAt = at
		if !at && len(raw) > 0 && raw[0] != '+' && raw[0] != '-' && raw[0] != ' ' {
			t := bytes.TrimSpace(raw)
			if hasPrefix(t, addHeader) || hasPrefix(t, delHeader) || hasPrefix(t, updHeader) || hasPrefix(t, moveHeader) {
				n++
			}
		}
	}
	return n
}

// The same error on the next line extends the last one over both, so a
// mistake repeated on a run of lines is one diagnostic saying how many.
func (p *Patch) errf(at Span, code, msg, hint string) {
	if n := len(p.Diags); n > 0 {
		last := &p.Diags[n-1]
		if gap := at.Start - last.Range.End; last.Code == code && last.Hint == hint && gap > 0 && gap <= 2 &&
			(last.Message == msg || p.run > 1 && strings.HasSuffix(last.Message, runSuffix(p.run)) && strings.TrimSuffix(last.Message, runSuffix(p.run)) == msg) {
			p.run++
			last.Range.End = at.End
			last.Message = msg + runSuffix(p.run)
			return
		}
	}
	p.run = 1
	p.Diags = append(p.Diags, source.Diagnostic{Severity: source.Error, Code: code, Message: msg, Hint: hint,
		Range: source.Range{Start: at.Start, End: at.End}})
}

// runSuffix is what an error covering n lines in a row adds to its message.
func runSuffix(n int) string { return fmt.Sprintf(" (on %d lines in a row)", n) }

// builder turns the grammar's parse of one patch into its FileOps and
// errors, reading each token's lines from the text.
type builder struct {
	src []byte
	ls  []lines.Line
	p   *Patch
	// bare is the index in p.Diags of the warning on the run of unprefixed
	// context lines that ends at line bareEnd, or -1.
	bare, bareEnd int
}

func (b *builder) raw(i int) []byte { return b.src[b.ls[i].Start:b.ls[i].End] }
func (b *builder) span(i int) Span  { return Span{b.ls[i].Start, b.ls[i].End} }

// lastLine is the index of the last line a token stands for (see lexPatch).
func lastLine(t lexer.Token) int { return t.Pos.Line + t.Pos.Column - 1 }

func (b *builder) section(s *sectionAST) {
	switch {
	case s.Add != nil:
		b.add(s.Add)
	case s.Delete != nil:
		i := s.Delete.Pos.Line
		f := b.header(i, delHeader, Delete)
		f.End = b.ls[i].End
	case s.Update != nil:
		b.update(s.Update)
	case s.Stray != nil:
		// Reported at its first line only: the lines up to the next header
		// belong to the section that could not be read.
		i := s.Stray.Head.Pos.Line
		t := trimmed(b.src, b.ls[i])
		if strings.HasPrefix(t, "***") {
			b.p.errf(b.span(i), UnknownHeader, "unknown patch line `"+t+"`",
				"a file section starts with `*** Add File: path`, `*** Update File: path` or `*** Delete File: path`")
		} else {
			b.p.errf(b.span(i), UnknownHeader, "`"+t+"` is not a file section header",
				"a file section starts with `*** Add File: path`, `*** Update File: path` or `*** Delete File: path`")
		}
	}
}

// UnquotePath is a header's path without the quotes a model put around it
// (`*** Add File: "docs/x.md"`, also '…' and `…`): the name is what is
// inside, where Codex's applier would make a folder named `"docs`. Quotes
// that do not pair, or that hold a quote of their kind or padding, stay.
func UnquotePath(p string) string {
	if len(p) < 3 || !strings.ContainsRune("\"'`", rune(p[0])) || p[len(p)-1] != p[0] {
		return p
	}
	inner := p[1 : len(p)-1]
	if strings.IndexByte(inner, p[0]) >= 0 || strings.TrimSpace(inner) != inner {
		return p
	}
	return inner
}

// header starts a file section from its header line i.
func (b *builder) header(i int, prefix string, k Kind) *FileOp {
	f := &FileOp{Kind: k, Span: b.span(i), HeaderSpan: b.span(i)}
	raw := string(b.raw(i))
	at := strings.Index(raw, prefix) + len(prefix)
	path := UnquotePath(strings.TrimSpace(raw[at:]))
	off := b.ls[i].Start + at + strings.Index(raw[at:], path)
	f.Path, f.PathSpan = path, Span{off, off + len(path)}
	if path == "" {
		b.p.errf(b.span(i), MissingPath, "`"+strings.TrimSpace(raw)+"` names no file", "write the path after the colon: `"+prefix+" src/app.py`")
	}
	b.p.Files = append(b.p.Files, f)
	return f
}

func (b *builder) add(a *addAST) {
	i := a.Header.Pos.Line
	f := b.header(i, addHeader, Add)
	f.ContentSp = Span{b.ls[i].Next, b.ls[i].Next}
	if c := a.Content; c != nil {
		var sb strings.Builder
		for k := c.Pos.Line; k <= lastLine(*c); k++ {
			sb.Write(b.raw(k)[1:])
			sb.WriteByte('\n')
		}
		f.Content = sb.String()
		f.End = b.ls[lastLine(*c)].End
		f.ContentSp.End = f.End
	}
}

func (b *builder) update(u *updateAST) {
	i := u.Header.Pos.Line
	f := b.header(i, updHeader, Update)
	f.End = b.ls[i].End
	if u.Move != nil {
		j := u.Move.Pos.Line
		raw := string(b.raw(j))
		at := strings.Index(raw, moveHeader) + len(moveHeader)
		to := UnquotePath(strings.TrimSpace(raw[at:]))
		off := b.ls[j].Start + at + strings.Index(raw[at:], to)
		f.MoveTo, f.MoveSpan = to, Span{off, off + len(to)}
		if to == "" {
			b.p.errf(b.span(j), MissingPath, "`*** Move to:` names no file", "write the new path after the colon, or drop the line")
		}
		f.End = b.ls[j].End
	}
	badLines := len(b.p.Diags) // a hunk whose lines were all bad is reported once
	for _, t := range u.Lead {
		for k := t.Pos.Line; k <= lastLine(t); k++ {
			b.p.errf(b.span(k), BadHunkLine, "`*** End of File` outside a hunk", "put `*** End of File` right after the last line of a hunk")
			f.End = b.ls[k].End
		}
	}
	for _, hk := range u.Hunks {
		var h *Hunk
		if hk.Lines[0].Type == tAt {
			h = &Hunk{Span: b.span(hk.Lines[0].Pos.Line)}
			badLines = len(b.p.Diags)
		} else { // the first hunk may omit its @@
			at := b.ls[hk.Lines[0].Pos.Line].Start
			h = &Hunk{Span: Span{at, at}}
		}
		var old, nw strings.Builder
		o, n := b.hunkSizes(hk.Lines)
		old.Grow(o)
		nw.Grow(n)
		for _, t := range hk.Lines {
			for k := t.Pos.Line; k <= lastLine(t); k++ {
				b.hunkLine(h, t.Type, k, &old, &nw)
				h.End = b.ls[k].End
			}
		}
		f.End = h.End
		h.Old, h.New = old.String(), nw.String()
		if h.Old == "" && h.New == "" && len(b.p.Diags) == badLines {
			b.p.errf(h.Span, EmptyHunk, "the hunk has no lines", "a hunk holds lines starting with ' ' (context), '-' (removed) or '+' (added)")
		}
		f.Hunks = append(f.Hunks, h)
	}
	if len(f.Hunks) == 0 && f.MoveTo == "" {
		b.p.errf(f.HeaderSpan, EmptyHunk, "`*** Update File: "+f.Path+"` has no hunks",
			"add at least one hunk (`@@` then lines starting with ' ', '-' or '+'), or use `*** Delete File:`")
	}
}

// hunkSizes is about how many bytes the old and new texts of a hunk of
// toks take (hunkLine builds them), so each is one allocation: growing
// them line by line was a quarter of a 5,000-hunk patch's parse.
func (b *builder) hunkSizes(toks []lexer.Token) (old, nw int) {
	for _, t := range toks {
		for k := t.Pos.Line; k <= lastLine(t); k++ {
			raw := b.raw(k)
			switch {
			case t.Type == tAt || t.Type == tEOFMark:
			case len(raw) == 0:
				old, nw = old+1, nw+1
			case raw[0] == '-':
				old += len(raw)
			case raw[0] == '+':
				nw += len(raw)
			default:
				old, nw = old+len(raw)+1, nw+len(raw)+1
			}
		}
	}
	return old, nw
}

// hunkLine adds line k, of token type tt, to hunk h.
func (b *builder) hunkLine(h *Hunk, tt lexer.TokenType, k int, old, nw *strings.Builder) {
	raw := b.raw(k)
	switch {
	case tt == tAt:
		if a := strings.TrimSpace(string(raw[2:])); a != "" && a != "@@" && !unifiedRange.MatchString(a) {
			h.Anchors = append(h.Anchors, strings.TrimSpace(strings.TrimSuffix(a, "@@")))
		}
	case tt == tEOFMark:
		h.AtEnd = true
	case h.AtEnd:
		b.p.errf(b.span(k), BadHunkLine, "a hunk line after `*** End of File`", "start a new hunk with `@@`, or move `*** End of File` to the hunk's end")
	case len(raw) == 0:
		old.WriteByte('\n')
		nw.WriteByte('\n')
	case raw[0] == ' ':
		old.Write(raw[1:])
		old.WriteByte('\n')
		nw.Write(raw[1:])
		nw.WriteByte('\n')
	case raw[0] == '-':
		old.Write(raw[1:])
		old.WriteByte('\n')
	case raw[0] == '+':
		nw.Write(raw[1:])
		nw.WriteByte('\n')
	case tt == tOther || tt == tBlankBad:
		// A line without its prefix, as Copilot's model writes context
		// lines: read as context, which only narrows where the hunk
		// applies (the file must hold the line), never adds text. One
		// warning covers a run of such lines.
		old.Write(raw)
		old.WriteByte('\n')
		nw.Write(raw)
		nw.WriteByte('\n')
		if b.bare >= 0 && b.bareEnd == k-1 {
			b.p.Diags[b.bare].Range.End = b.ls[k].End
			b.p.Diags[b.bare].Message = fmt.Sprintf("%d hunk lines start with neither ' ', '-' nor '+'; they are read as context lines", k-b.bareStart()+1)
		} else {
			b.bare = len(b.p.Diags)
			b.p.Diags = append(b.p.Diags, source.Diagnostic{Severity: source.Warning, Code: Unprefixed,
				Message: "hunk line `" + string(raw) + "` starts with neither ' ', '-' nor '+'; it is read as a context line",
				Hint:    "start a context line with a space (the file must hold it as it is), a removed line with '-', an added line with '+'",
				Range:   source.Range{Start: b.ls[k].Start, End: b.ls[k].End}})
		}
		b.bareEnd = k
	default:
		b.p.errf(b.span(k), BadHunkLine, "hunk line `"+string(raw)+"` does not start with ' ', '-' or '+'",
			"start a context line with a space, a removed line with '-', an added line with '+'")
	}
}

// bareStart is the first line of the run of unprefixed lines b.bare covers.
func (b *builder) bareStart() int {
	start := b.p.Diags[b.bare].Range.Start
	for i := b.bareEnd; i >= 0; i-- {
		if b.ls[i].Start == start {
			return i
		}
	}
	return b.bareEnd
}
