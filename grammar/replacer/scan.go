// Package replacer reads the replacer tool's edit format (the README's
// section on replacer blocks):
//
//	<<<EXPLANATION>>>      (optional: why, in prose)
//	<<<FILE>>>
//	path/to/file
//	<<<SEARCH>>>
//	text to find
//	<<<REPLACE>>>
//	its replacement
//	<<<END>>>
//
// or <<<OVERWRITE>>> and the whole new content instead of SEARCH/REPLACE.
// Markers are whole lines. The scanner cuts blocks into marker and body
// tokens; the participle grammar (grammar.go) checks their order.
//
// replacer imports source, grammar/internal/lines and participle, nothing else
// of clada's; package lang imports it and lowers what it reads into the AST,
// and it never imports lang. Start reading at Scan below, then grammar.go.
package replacer

import (
	"bytes"
	"strings"

	"github.com/clada-dev/clada/grammar/internal/lines"
	"github.com/clada-dev/clada/source"
)

// Marker words.
const (
	Explanation = "EXPLANATION"
	FileM       = "FILE"
	Search      = "SEARCH"
	Replace     = "REPLACE"
	Overwrite   = "OVERWRITE"
	End         = "END"
)

// errorAt is the error diagnostic of a problem at [start, end).
func errorAt(code string, start, end int, msg, hint string) source.Diagnostic {
	return source.Diagnostic{Severity: source.Error, Code: code, Message: msg, Hint: hint, Range: source.Range{Start: start, End: end}}
}

// Block is one FILE block.
type Block struct {
	Start, End         int
	FileStart, FileEnd int // the <<<FILE>>> line
	Path               string
	PathStart, PathEnd int
	// Overwrite is true for an OVERWRITE block (Content), false for
	// SEARCH/REPLACE (Search, Replace).
	Overwrite                bool
	Search, Replace, Content string
	SearchStart, SearchEnd   int
	ReplaceStart, ReplaceEnd int
	Closed                   bool
	// Diags are the block's problems (all errors), with byte offsets into
	// the scanned text.
	Diags source.Diagnostics
}

// marker returns the word of a marker line ("" for any other line).
func marker(b []byte) string {
	t := bytes.TrimRight(b, " \t") // at column 1: an indented block is read through lang's container views
	if len(t) < 7 || !bytes.HasPrefix(t, []byte("<<<")) || !bytes.HasSuffix(t, []byte(">>>")) {
		return ""
	}
	switch w := string(t[3 : len(t)-3]); w {
	case Explanation, FileM, Search, Replace, Overwrite, End:
		return w
	}
	return ""
}

// IsMarker reports whether a line is one of the format's markers.
func IsMarker(s []byte) bool { return marker(s) != "" }

// Scan finds every block of src.
func Scan(src []byte) []Block {
	if !bytes.Contains(src, []byte("<<<FILE>>>")) {
		return nil // one fast search instead of a line table
	}
	ls := lines.Split(src)
	word := func(i int) string {
		if i >= len(ls) {
			return ""
		}
		return marker(src[ls[i].Start:ls[i].End])
	}
	var out []Block
	for i := 0; i < len(ls); i++ {
		start := ls[i].Start
		if word(i) == Explanation {
			j := i + 1
			for j < len(ls) && word(j) == "" {
				j++
			}
			if word(j) != FileM {
				continue
			}
			i = j
		}
		if word(i) != FileM {
			continue
		}
		b := Block{Start: start, FileStart: ls[i].Start, FileEnd: ls[i].End}
		errAt := func(l lines.Line, code, msg, hint string) {
			b.Diags = append(b.Diags, errorAt(code, l.Start, l.End, msg, hint))
		}
		j := i + 1
		for j < len(ls) && word(j) == "" && len(bytes.TrimSpace(src[ls[j].Start:ls[j].End])) == 0 {
			j++
		}
		if j < len(ls) && word(j) == "" {
			raw := src[ls[j].Start:ls[j].End]
			p := strings.TrimSpace(string(raw))
			off := bytes.Index(raw, []byte(p))
			b.Path, b.PathStart, b.PathEnd = p, ls[j].Start+off, ls[j].Start+off+len(p)
			j++
		} else {
			errAt(ls[i], "MISSING_PATH", "<<<FILE>>> is not followed by a file path", "put the file's path on the line after <<<FILE>>>")
		}
		for j < len(ls) && word(j) == "" && len(bytes.TrimSpace(src[ls[j].Start:ls[j].End])) == 0 {
			j++
		}
		body := func(from int) (int, int, int) { // text up to the next marker; returns start, end, marker line
			k := from
			for k < len(ls) && word(k) == "" {
				k++
			}
			if k == from {
				at := ls[from-1].Next
				return at, at, k
			}
			return ls[from].Start, ls[k-1].End, k
		}
		end := len(src)
		switch w := word(j); {
		case w == Overwrite:
			b.Overwrite = true
			s, e, k := body(j + 1)
			b.Content = normalizeEOL(string(src[s:e]))
			if b.Content != "" {
				b.Content += "\n"
			}
			b.SearchStart, b.SearchEnd = s, e
			j = k
		case w == Search:
			s, e, k := body(j + 1)
			b.Search, b.SearchStart, b.SearchEnd = normalizeEOL(string(src[s:e])), s, e
			if strings.TrimSpace(b.Search) == "" {
				errAt(ls[j], "EMPTY_SEARCH", "the SEARCH text is empty", "give the exact text to replace; to write a whole file use <<<OVERWRITE>>>")
			}
			if word(k) == Replace {
				s, e, k2 := body(k + 1)
				b.Replace, b.ReplaceStart, b.ReplaceEnd = normalizeEOL(string(src[s:e])), s, e
				if strings.TrimSpace(b.Replace) == "" {
					b.Replace = "" // the format's way to delete: a blank REPLACE
				}
				j = k2
			} else {
				if k < len(ls) {
					errAt(ls[k], "MISSING_REPLACE", "<<<SEARCH>>> text is followed by <<<"+word(k)+">>>, not <<<REPLACE>>>", "write <<<REPLACE>>> and the replacement after the text to find")
				} else {
					errAt(ls[j], "MISSING_REPLACE", "<<<SEARCH>>> has no <<<REPLACE>>>", "write <<<REPLACE>>> and the replacement after the text to find")
				}
				j = k
			}
		case j < len(ls):
			errAt(ls[j], "MISSING_SECTION", "expected <<<SEARCH>>> or <<<OVERWRITE>>> after the file path", "write <<<SEARCH>>> … <<<REPLACE>>> … <<<END>>>, or <<<OVERWRITE>>> … <<<END>>>")
		default:
			errAt(ls[i], "MISSING_SECTION", "the <<<FILE>>> block ends before <<<SEARCH>>> or <<<OVERWRITE>>>", "write <<<SEARCH>>> … <<<REPLACE>>> … <<<END>>>, or <<<OVERWRITE>>> … <<<END>>>")
		}
		switch {
		case word(j) == End:
			b.Closed = true
			end = ls[j].Next
			i = j
		case len(b.Diags) == 0:
			at := ls[i]
			if j < len(ls) {
				at = ls[j]
			}
			errAt(at, "UNCLOSED_BLOCK", "the block has no <<<END>>>", "end every block with a line <<<END>>>")
			fallthrough
		default:
			if j < len(ls) {
				end = ls[j].Start
				i = j - 1
			} else {
				i = len(ls)
			}
		}
		b.End = end
		if len(b.Diags) == 0 {
			if err := checkShape(b); err != nil {
				b.Diags = append(b.Diags, *err)
			}
		}
		out = append(out, b)
	}
	return out
}

func normalizeEOL(s string) string { return strings.ReplaceAll(s, "\r\n", "\n") }

// Spans are the blocks' ranges.
func Spans(src []byte) [][2]int {
	var out [][2]int
	for _, b := range Scan(src) {
		out = append(out, [2]int{b.Start, b.End})
	}
	return out
}
