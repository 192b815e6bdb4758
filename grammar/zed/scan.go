// Package zed reads the edits Zed's agent writes for one file:
//
//	src/app.rs
//	<edits>
//	<old_text line=12>
//	text to find
//	</old_text>
//	<new_text>
//	its replacement
//	</new_text>
//	</edits>
//
// Zed's tool call names the file; in an answer it is the line stating the
// path before <edits> (or <edits path="…">). As Zed reads them, one line
// end after an opening tag and one before a closing tag are not part of
// the text; line=N says where the old text is expected. The scanner finds
// the tags; the participle grammar (grammar.go) checks their order.
//
// zed imports source, participle and grammar/internal (lines, pathline),
// nothing else of clada's; package lang imports it and never the other
// way. Start reading at Scan below.
package zed

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"

	"github.com/clada-dev/clada/grammar/internal/pathline"
	"github.com/clada-dev/clada/source"
)

// Diagnostic codes.
const (
	MissingPath    = "MISSING_PATH"     // no path line and no path attribute
	UnclosedTag    = "UNCLOSED_TAG"     // a tag that is never closed
	MissingNewText = "MISSING_NEW_TEXT" // <old_text> without <new_text> after it
	NoEdits        = "NO_EDITS"         // <edits> without an <old_text>
	OutsideText    = "OUTSIDE_TEXT"     // warning: text between edits is ignored
)

// Edit is one old_text/new_text pair.
type Edit struct {
	Start, End       int // <old_text …> to past </new_text>
	TagStart, TagEnd int // the <old_text …> tag
	// Line is the line= hint (0 when not given), at LineStart, LineEnd.
	Line               int
	LineStart, LineEnd int
	Old, New           string
	OldStart, OldEnd   int
	NewStart, NewEnd   int
	Diags              source.Diagnostics
}

// Block is one <edits> element.
type Block struct {
	Start, End         int // from the path line (or <edits>) to past </edits>
	OpenStart, OpenEnd int // the <edits> tag
	Path               string
	PathStart, PathEnd int // -1 when there is none
	Edits              []Edit
	Diags              source.Diagnostics
}

var (
	lineAttr = regexp.MustCompile(`\bline\s*=\s*"?(\d+)"?`)
	pathAttr = regexp.MustCompile(`\bpath\s*=\s*"([^"]*)"`)
)

// Scan finds every <edits> element of src, in order.
func Scan(src []byte) []Block { return scan(src, true) }

// scan is Scan; shapes says whether each pair goes through the grammar
// (Spans needs only where the elements are).
func scan(src []byte, shapes bool) []Block {
	var out []Block
	for p := 0; p < len(src); {
		i, te := openAt(src, p)
		if i < 0 {
			break
		}
		b := Block{Start: i, OpenStart: i, OpenEnd: te, PathStart: -1, PathEnd: -1}
		limit := len(src)
		c := bytes.Index(src[b.OpenEnd:], []byte("</edits>"))
		// an element cut short (no </edits> before the next <edits> opens a
		// line) ends before that element and its path line, rather than
		// taking its pairs in and lending them its path
		if q, _ := openAt(src, b.OpenEnd); q >= 0 && (c < 0 || q < b.OpenEnd+c) {
			c, limit = -1, q
			if name, _, _, at := pathAbove(src, q); name != "" && at > b.OpenEnd {
				limit = at
			}
		}
		if c >= 0 {
			limit = b.OpenEnd + c
			b.End = limit + len("</edits>")
			if nl := bytes.IndexByte(src[b.End:], '\n'); nl >= 0 && len(bytes.TrimSpace(src[b.End:b.End+nl])) == 0 {
				b.End += nl + 1
			}
		} else {
			// never closed, it ends after its last whole pair when nothing
			// follows that starts another: what follows (prose, another
			// format's block) is no part of it
			if k := bytes.LastIndex(src[b.OpenEnd:limit], []byte("</new_text>")); k >= 0 {
				rest := src[b.OpenEnd+k : limit]
				if !bytes.Contains(rest, []byte("<old_text")) && !bytes.Contains(rest, []byte("<new_text")) {
					limit = b.OpenEnd + k + len("</new_text>")
					if nl := bytes.IndexByte(src[limit:], '\n'); nl >= 0 && limit+nl < len(src) {
						limit += nl + 1
					}
				}
			}
			b.End = limit
			b.Diags = append(b.Diags, errorAt(UnclosedTag, b.OpenStart, b.OpenEnd, "<edits> is never closed, so where the edits end is unknown", "end the edits with </edits>"))
		}
		if m := pathAttr.FindSubmatchIndex(src[b.OpenStart:b.OpenEnd]); m != nil {
			b.Path, b.PathStart, b.PathEnd = string(src[b.OpenStart+m[2]:b.OpenStart+m[3]]), b.OpenStart+m[2], b.OpenStart+m[3]
		} else if name, s, e, at := pathAbove(src, i); name != "" {
			b.Path, b.PathStart, b.PathEnd, b.Start = name, s, e, at
		} else {
			b.Diags = append(b.Diags, errorAt(MissingPath, b.OpenStart, b.OpenEnd, "these edits name no file",
				"put the file's path alone on the line before <edits>, or write <edits path=\"src/file.rs\">"))
		}
		readEdits(src, &b, limit, shapes)
		out = append(out, b)
		p = b.End
	}
	return out
}

// openAt finds the next <edits> tag at or after p that starts a line:
// where it starts and ends, -1 when there is none.
func openAt(src []byte, p int) (int, int) {
	for p < len(src) {
		i := bytes.Index(src[p:], []byte("<edits"))
		if i < 0 {
			return -1, -1
		}
		i += p
		te := bytes.IndexByte(src[i:], '>')
		if te >= 0 && lineStart(src, i) && validOpen(src[i:i+te+1]) {
			return i, i + te + 1
		}
		p = i + len("<edits")
	}
	return -1, -1
}

// validOpen accepts "<edits>" and "<edits attr=…>", not "<editsfoo>".
func validOpen(tag []byte) bool {
	return len(tag) == len("<edits>") || tag[len("<edits")] == ' ' || tag[len("<edits")] == '\t'
}

// readEdits reads the pairs of b's body, up to limit.
func readEdits(src []byte, b *Block, limit int, shapes bool) {
	p := b.OpenEnd
	warned := false
	for p < limit {
		i := bytes.Index(src[p:limit], []byte("<old_text"))
		gap := limit
		if i >= 0 {
			gap = p + i
		}
		if !warned && len(bytes.TrimSpace(src[p:gap])) > 0 {
			t := bytes.TrimSpace(src[p:gap])
			at := p + bytes.Index(src[p:gap], t)
			b.Diags = append(b.Diags, source.Diagnostic{Severity: source.Warning, Code: OutsideText, Range: source.Range{Start: at, End: at + len(t)},
				Message: "text outside <old_text>/<new_text> is ignored", Hint: "put only <old_text> and <new_text> pairs in <edits>"})
			warned = true
		}
		if i < 0 {
			break
		}
		e := Edit{Start: gap, TagStart: gap}
		te := bytes.IndexByte(src[gap:limit], '>')
		if te < 0 {
			e.Diags = append(e.Diags, errorAt(UnclosedTag, gap, limit, "<old_text is never closed", "write <old_text> on a line of its own"))
			// the tag runs to limit; no text was written: empty there
			e.TagEnd, e.End = limit, limit
			e.OldStart, e.OldEnd, e.NewStart, e.NewEnd = limit, limit, limit, limit
			b.Edits = append(b.Edits, e)
			break
		}
		e.TagEnd = gap + te + 1
		if m := lineAttr.FindSubmatchIndex(src[e.TagStart:e.TagEnd]); m != nil {
			e.Line, _ = strconv.Atoi(string(src[e.TagStart+m[2] : e.TagStart+m[3]]))
			e.LineStart, e.LineEnd = e.TagStart+m[2], e.TagStart+m[3]
		}
		oldEnd, ok := text(src, e.TagEnd, limit, "</old_text>", &e.OldStart, &e.OldEnd)
		if !ok {
			e.Diags = append(e.Diags, errorAt(UnclosedTag, e.TagStart, e.TagEnd, "<old_text> is never closed", "end the text to find with </old_text>"))
			e.Old = clean(src[e.OldStart:e.OldEnd])
			e.NewStart, e.NewEnd = limit, limit // no new text: empty where the old one stops
			e.End = limit
			b.Edits = append(b.Edits, e)
			break
		}
		n := bytes.Index(src[oldEnd:limit], []byte("<new_text>"))
		if n < 0 || len(bytes.TrimSpace(src[oldEnd:oldEnd+n])) > 0 {
			e.Diags = append(e.Diags, errorAt(MissingNewText, e.TagStart, e.TagEnd, "this <old_text> has no <new_text> after it",
				"follow each </old_text> with <new_text>, the replacement and </new_text>"))
			e.End = oldEnd
			e.NewStart, e.NewEnd = oldEnd, oldEnd // no new text: empty after </old_text>
			e.Old = clean(src[e.OldStart:e.OldEnd])
			b.Edits = append(b.Edits, e)
			p = oldEnd
			continue
		}
		newEnd, ok := text(src, oldEnd+n+len("<new_text>"), limit, "</new_text>", &e.NewStart, &e.NewEnd)
		if !ok {
			e.Diags = append(e.Diags, errorAt(UnclosedTag, oldEnd+n, oldEnd+n+len("<new_text>"), "<new_text> is never closed", "end the replacement with </new_text>"))
			newEnd = limit
		}
		e.End = newEnd
		e.Old, e.New = clean(src[e.OldStart:e.OldEnd]), clean(src[e.NewStart:e.NewEnd])
		if shapes && len(e.Diags) == 0 {
			if err := checkShape(e); err != nil {
				e.Diags = append(e.Diags, *err)
			}
		}
		b.Edits = append(b.Edits, e)
		p = newEnd
	}
	if len(b.Edits) == 0 && !b.Diags.HasErrors() {
		b.Diags = append(b.Diags, errorAt(NoEdits, b.OpenStart, b.OpenEnd, "<edits> holds no <old_text>", "write <old_text>…</old_text><new_text>…</new_text> pairs"))
	}
}

// text finds the text from start up to the closing tag (before limit):
// its range, without one line end after the opening tag and one before
// the closing tag, and where the closing tag ends. Without the closing
// tag (ok false) the text runs to limit.
func text(src []byte, start, limit int, closeTag string, s, e *int) (end int, ok bool) {
	vs, ve, end := start, limit, limit
	if c := bytes.Index(src[start:limit], []byte(closeTag)); c >= 0 {
		ve, end, ok = start+c, start+c+len(closeTag), true
	}
	if vs < ve && src[vs] == '\n' {
		vs++
	} else if vs+1 < ve && src[vs] == '\r' && src[vs+1] == '\n' {
		vs += 2
	}
	if ve > vs && src[ve-1] == '\n' {
		ve--
		if ve > vs && src[ve-1] == '\r' {
			ve--
		}
	}
	*s, *e = vs, ve
	return end, ok
}

func clean(b []byte) string { return strings.ReplaceAll(string(b), "\r\n", "\n") }

// lineStart reports whether i starts a line. An element indented in a
// list item or a quote is read through lang's container views, which
// strip the indentation, as every block is (lang/parse_indent.go).
func lineStart(src []byte, i int) bool {
	return i == 0 || src[i-1] == '\n' || i == len("\ufeff") && bytes.HasPrefix(src, []byte("\ufeff")) // after a byte-order mark
}

// pathAbove looks at up to three lines above the line holding i, going on
// upwards only past fence lines, for a line stating a path.
func pathAbove(src []byte, i int) (string, int, int, int) {
	end := bytes.LastIndexByte(src[:i], '\n') // the end of the line above
	for k := 0; k < 3 && end >= 0; k++ {
		ls := bytes.LastIndexByte(src[:end], '\n') + 1
		raw := strings.TrimRight(string(src[ls:end]), "\r")
		if name, s, e, ok := pathline.Line(raw); ok {
			return name, ls + s, ls + e, ls
		}
		if t := strings.TrimSpace(raw); !strings.HasPrefix(t, "```") && t != "" {
			break
		}
		end = ls - 1
	}
	return "", -1, -1, 0
}

// Spans are the <edits> elements of src.
func Spans(src []byte) [][2]int {
	if !bytes.Contains(src, []byte("<edits")) {
		return nil
	}
	var out [][2]int
	for _, b := range scan(src, false) {
		out = append(out, [2]int{b.Start, b.End})
	}
	return out
}

func errorAt(code string, start, end int, msg, hint string) source.Diagnostic {
	return source.Diagnostic{Severity: source.Error, Code: code, Message: msg, Hint: hint, Range: source.Range{Start: start, End: end}}
}
