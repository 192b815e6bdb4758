// Package roo reads Roo Code's apply_diff as a model writes it:
//
//	<apply_diff>
//	<path>src/app.ts</path>
//	<diff>
//	<<<<<<< SEARCH
//	:start_line:12
//	-------
//	text to find
//	=======
//	its replacement
//	>>>>>>> REPLACE
//	</diff>
//	</apply_diff>
//
// or the same blocks bare after a line stating the file's path, when the
// first block carries Roo's header (a :start_line: or :end_line: line, or
// the ------- separator; without one the blocks are aider's). A content
// line that would read as a marker is escaped with a backslash
// (\=======, \:start_line:), which the reader takes off. Markers follow
// Roo's validator: one exact marker per line, a line that starts like a
// marker and is none is an error (it must be escaped), and a line marker
// in a REPLACE section is an error. The scanner cuts calls and blocks; the
// participle grammar (grammar.go) checks each block's order.
//
// roo imports source, participle and grammar/internal (lines, pathline,
// xmltool), nothing else of clada's; package lang imports it and never
// the other way. Start reading at Scan below.
package roo

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/clada-dev/clada/grammar/internal/lines"
	"github.com/clada-dev/clada/grammar/internal/pathline"
	"github.com/clada-dev/clada/grammar/internal/xmltool"
	"github.com/clada-dev/clada/source"
)

// Diagnostic codes.
const (
	MissingPath       = "MISSING_PATH"     // no <path>
	NoBlocks          = "NO_BLOCKS"        // a <diff> without a block
	StrayMarker       = "STRAY_MARKER"     // a marker out of sequence
	UnescapedMarker   = "UNESCAPED_MARKER" // a line that starts like a marker and is none
	LineMarkerReplace = "LINE_MARKER_IN_REPLACE"
	MissingDivider    = "MISSING_DIVIDER"
	MissingReplace    = "MISSING_REPLACE"
	EmptySearch       = "EMPTY_SEARCH"
)

// Edit is one SEARCH/REPLACE block.
type Edit struct {
	Start, End         int
	HeadStart, HeadEnd int // the SEARCH line
	// StartLine is the :start_line: number (0 when not given), at
	// StartLineStart, StartLineEnd (the digits).
	StartLine                    int
	StartLineStart, StartLineEnd int
	// Search and Replace are the texts with their escapes taken off, each
	// line with its line end.
	Search, Replace          string
	SearchStart, SearchEnd   int
	ReplaceStart, ReplaceEnd int
	Diags                    source.Diagnostics
}

// Call is one tool call: an apply_diff element or a run of bare blocks
// after a path line (Edits), an insert_content (Inserts) or a
// search_and_replace (Subs).
type Call struct {
	Kind               Kind
	Start, End         int
	NameStart, NameEnd int
	Path               string
	PathStart, PathEnd int // -1 when there is no path
	Edits              []Edit
	Inserts            []Insertion
	Subs               []Substitution
	Diags              source.Diagnostics
}

// Scan finds every call of src, in order.
func Scan(src []byte) []Call { return scan(src, true) }

// scan is Scan; shapes says whether each block goes through the grammar
// (Spans needs only where the calls are).
func scan(src []byte, shapes bool) []Call {
	var out []Call
	var all []lines.Line // the line table, made once when a run between calls needs it
	p := 0
	names, children := toolNames[:1], toolChildren[:1]
	if hasToolTag(src) { // else a search for each of their tags in vain
		names, children = toolNames, toolChildren
	}
	for _, t := range xmltool.FindEach(src, names, children) {
		out = append(out, bare(src, &all, p, t.Start, shapes)...)
		if t.Name == "apply_diff" {
			out = append(out, fromTag(src, t, shapes))
		} else {
			out = append(out, fromTool(src, t))
		}
		p = t.End
	}
	return append(out, bare(src, &all, p, len(src), shapes)...)
}

func fromTag(src []byte, t xmltool.Call, shapes bool) Call {
	c := Call{Start: t.Start, End: t.End, NameStart: t.Start, NameEnd: t.OpenEnd, PathStart: -1, PathEnd: -1, Diags: t.Diags}
	if p := t.Get("path"); p != nil && strings.TrimSpace(p.Value) != "" {
		v := strings.TrimSpace(p.Value)
		c.Path, c.PathStart = v, p.ValueStart+strings.Index(p.Value, v)
		c.PathEnd = c.PathStart + len(v)
	} else {
		c.Diags = append(c.Diags, xmltool.Missing(&t, "path", "<path>path/to/file</path>"))
	}
	d := t.Get("diff")
	if d == nil {
		c.Diags = append(c.Diags, xmltool.Missing(&t, "diff", "<diff> with SEARCH/REPLACE blocks"))
		return c
	}
	ls := lines.SplitRange(src, d.ValueStart, d.ValueEnd)
	if !d.Closed {
		// a <diff> never closed ends after its last REPLACE line: what
		// follows (prose, another format's block) is no part of the call
		for k := len(ls) - 1; k >= 0; k-- {
			if isReplace(src[ls[k].Start:ls[k].End]) {
				ls, c.End = ls[:k+1], ls[k].Next
				break
			}
		}
	}
	edits, ds := blocks(src, ls, shapes)
	c.Edits, c.Diags = edits, append(c.Diags, ds...)
	if len(edits) == 0 && !c.Diags.HasErrors() {
		c.Diags = append(c.Diags, errorAt(NoBlocks, d.Start, d.ValueStart, "this <diff> holds no SEARCH/REPLACE block",
			"write <<<<<<< SEARCH, :start_line:N, -------, the lines to find, =======, their replacement, >>>>>>> REPLACE"))
	}
	return c
}

// bare reads the runs of bare blocks in src[from:to] whose first block
// has Roo's header.
func bare(src []byte, table *[]lines.Line, from, to int, shapes bool) []Call {
	if !bytes.Contains(src[from:to], []byte("<<<<<<< SEARCH")) {
		return nil
	}
	if *table == nil {
		*table = lines.Split(src)
	}
	all := *table
	first := sort.Search(len(all), func(i int) bool { return all[i].Start >= from })
	last := sort.Search(len(all), func(i int) bool { return all[i].Start >= to })
	ls := all[first:last]
	text := func(i int) []byte { return src[ls[i].Start:ls[i].End] }
	var out []Call
	floor := 0 // the first line after the call before: a path is not looked for above it
	for i := 0; i+1 < len(ls); i++ {
		if !isSearch(text(i)) || !IsHeader(text(i+1)) {
			continue
		}
		// the run of blocks from here: a block ends at its REPLACE line,
		// the next SEARCH line, or the end of the fence it is in (so one
		// cut short does not read on into the next file's blocks)
		closes := lines.FenceAbove(text, i)
		j := i
		for j < len(ls) {
			k := j + 1
			for k < len(ls) && !isReplace(text(k)) && !isSearch(text(k)) && !closes(text(k)) {
				k++
			}
			if k < len(ls) && isReplace(text(k)) {
				k++
			} else if k < len(ls) && isSearch(text(k)) {
				// cut short before the next file's blocks: it ends before
				// their path line, so they keep their own path
				if name, _, _, line := pathAbove(src, ls[j+1:k+1], k-j-1, 0); name != "" {
					k = j + 1 + line
				}
			}
			j = k
			for j < len(ls) && len(bytes.TrimSpace(text(j))) == 0 {
				j++
			}
			if j >= len(ls) || !isSearch(text(j)) {
				break
			}
		}
		j = min(j, len(ls))
		for j > i+1 && len(bytes.TrimSpace(text(j-1))) == 0 {
			j--
		}
		edits, ds := blocks(src, ls[i:j], shapes)
		c := Call{Start: ls[i].Start, End: ls[j-1].Next, NameStart: ls[i].Start, NameEnd: ls[i].End, PathStart: -1, PathEnd: -1, Edits: edits, Diags: ds}
		if name, ps, pe, line := pathAbove(src, ls, i, floor); name != "" {
			c.Path, c.PathStart, c.PathEnd, c.Start = name, ps, pe, ls[line].Start
		} else {
			c.Diags = append(c.Diags, errorAt(MissingPath, ls[i].Start, ls[i].End, "these SEARCH/REPLACE blocks name no file",
				"put the file's path alone on the line before the first <<<<<<< SEARCH, or write the blocks in <apply_diff><path>…</path><diff>…</diff></apply_diff>"))
		}
		out = append(out, c)
		i, floor = j-1, j
	}
	return out
}

// pathAbove looks at up to three lines above line i (not above floor: a
// line of the call before, a block cut short at its fence, is none of
// this call's), going on upwards only past fence lines, for a line
// stating a path.
func pathAbove(src []byte, ls []lines.Line, i, floor int) (string, int, int, int) {
	for k := i - 1; k >= floor && k >= i-3; k-- {
		raw := string(src[ls[k].Start:ls[k].End])
		if name, s, e, ok := pathline.Line(raw); ok {
			return name, ls[k].Start + s, ls[k].Start + e, k
		}
		if t := strings.TrimSpace(raw); !strings.HasPrefix(t, "```") && t != "" {
			break
		}
	}
	return "", -1, -1, 0
}

// state is where the reader is in a block, as Roo's validator names it.
type state uint8

const (
	outside state = iota
	inSearch
	inReplace
)

// blocks reads the blocks of the lines ls; text between blocks (a file
// name Roo's own examples write) is ignored, as Roo ignores it.
func blocks(src []byte, ls []lines.Line, shapes bool) ([]Edit, source.Diagnostics) {
	text := func(i int) []byte { return src[ls[i].Start:ls[i].End] }
	var out []Edit
	var ds source.Diagnostics
	st := outside
	var e Edit
	var searchFrom, divider int
	bad := func(i int, code, msg, hint string) {
		d := errorAt(code, ls[i].Start, ls[i].End, msg, hint)
		if st != outside {
			e.Diags = append(e.Diags, d)
		} else {
			ds = append(ds, d)
		}
	}
	// finish ends the block at end, its open section (the search or the
	// replacement) running up to line i (len(ls): the last line); a
	// section never written is empty where it would start.
	finish := func(i, end int) {
		at := end
		if i < len(ls) {
			at = ls[i].Start
		}
		switch st {
		case inSearch:
			e.SearchStart, e.SearchEnd = body(ls, searchFrom, i, at)
			e.ReplaceStart, e.ReplaceEnd = e.SearchEnd, e.SearchEnd
		case inReplace:
			e.ReplaceStart, e.ReplaceEnd = body(ls, divider+1, i, at)
		}
		e.End = end
		out = append(out, e)
		e = Edit{}
		st = outside
	}
	for i := 0; i < len(ls); i++ {
		t := text(i)
		m := string(bytes.TrimSpace(t))
		if st == inReplace && !bytes.HasPrefix(bytes.TrimSpace(t), []byte(`\`)) {
			for _, lm := range []string{":start_line:", ":end_line:"} {
				if strings.HasPrefix(m, lm) {
					bad(i, LineMarkerReplace, fmt.Sprintf("the line marker %s is in a REPLACE section", lm),
						"line markers belong after <<<<<<< SEARCH; in replacement text write \\"+lm)
				}
			}
		}
		switch {
		case isSearchTrim(m):
			if st != outside {
				bad(i, StrayMarker, "<<<<<<< SEARCH inside a block: the block before it is not finished",
					"end each block with =======, the replacement and >>>>>>> REPLACE before the next <<<<<<< SEARCH")
				finish(i, ls[i].Start)
			}
			e = Edit{Start: ls[i].Start, HeadStart: ls[i].Start, HeadEnd: ls[i].End}
			st = inSearch
			searchFrom = header(src, ls, i+1, &e)
			i = searchFrom - 1
		case m == "=======":
			switch st {
			case outside:
				bad(i, StrayMarker, "======= outside a SEARCH/REPLACE block",
					"start the block with <<<<<<< SEARCH; in a file's text write \\=======")
			case inSearch:
				divider = i
				e.SearchStart, e.SearchEnd = body(ls, searchFrom, i, ls[i].Start)
				st = inReplace
			case inReplace:
				bad(i, StrayMarker, "a second ======= in one block",
					"end the replacement with >>>>>>> REPLACE; in a file's text write \\=======")
			}
		case m == ">>>>>>> REPLACE":
			switch st {
			case outside:
				bad(i, StrayMarker, ">>>>>>> REPLACE outside a SEARCH/REPLACE block", "start the block with <<<<<<< SEARCH")
			case inSearch:
				bad(i, MissingDivider, "this block has no ======= between its SEARCH and REPLACE",
					"end the text to find with a line =======, then the replacement")
				finish(i, ls[i].Next)
			case inReplace:
				finish(i, ls[i].Next)
			}
		case strings.HasPrefix(m, "<<<<<<<") || strings.HasPrefix(m, ">>>>>>>"):
			bad(i, UnescapedMarker, fmt.Sprintf("%q reads as a marker and is none", m),
				"escape a file's line that starts with <<<<<<< or >>>>>>> with a backslash: \\"+m)
		}
	}
	if st != outside {
		want := "======="
		if st == inReplace {
			want = ">>>>>>> REPLACE"
		}
		e.Diags = append(e.Diags, errorAt(MissingReplace, e.HeadStart, e.HeadEnd,
			fmt.Sprintf("this block ends without %s, so where it ends is unknown", want), "end the block with "+want))
		finish(len(ls), ls[len(ls)-1].Next)
	}
	for k := range out {
		b := &out[k]
		b.Search = unescape(src[b.SearchStart:b.SearchEnd])
		b.Replace = unescape(src[b.ReplaceStart:b.ReplaceEnd])
		if b.Search == "" && len(b.Diags) == 0 {
			b.Diags = append(b.Diags, errorAt(EmptySearch, b.HeadStart, b.HeadEnd, "this block's SEARCH is empty",
				"give the lines to find; to insert, find the line next to the new ones and repeat it in the replacement"))
		}
		if shapes && len(b.Diags) == 0 {
			if err := checkShape(*b); err != nil {
				b.Diags = append(b.Diags, *err)
			}
		}
	}
	return out, ds
}

// header reads the lines after a SEARCH line that Roo takes as its header
// (:start_line:N, :end_line:N, -------, each optional, in that order) and
// returns the first line of the search text.
func header(src []byte, ls []lines.Line, i int, e *Edit) int {
	text := func(k int) []byte { return src[ls[k].Start:ls[k].End] }
	if i < len(ls) {
		if n, s, en, ok := lineNumber(text(i), ":start_line:"); ok {
			e.StartLine, e.StartLineStart, e.StartLineEnd = n, ls[i].Start+s, ls[i].Start+en
			i++
		}
	}
	if i < len(ls) {
		if _, _, _, ok := lineNumber(text(i), ":end_line:"); ok {
			i++
		}
	}
	if i < len(ls) && string(bytes.TrimRight(text(i), " \t")) == "-------" {
		i++
	}
	return i
}

// lineNumber reads "<marker>N" (blanks allowed around N).
func lineNumber(t []byte, marker string) (int, int, int, bool) {
	rest, ok := bytes.CutPrefix(t, []byte(marker))
	if !ok {
		return 0, 0, 0, false
	}
	digits := bytes.TrimSpace(rest)
	n, err := strconv.Atoi(string(digits))
	if err != nil || n < 0 {
		return 0, 0, 0, false
	}
	s := len(marker) + bytes.Index(rest, digits)
	return n, s, s + len(digits), true
}

// IsHeader reports whether a line after <<<<<<< SEARCH is Roo's header.
func IsHeader(t []byte) bool {
	if _, _, _, ok := lineNumber(t, ":start_line:"); ok {
		return true
	}
	if _, _, _, ok := lineNumber(t, ":end_line:"); ok {
		return true
	}
	return string(bytes.TrimRight(t, " \t")) == "-------"
}

// escapes are the line starts Roo takes a backslash off.
var escapes = []string{`\<<<<<<<`, `\=======`, `\>>>>>>>`, `\-------`, `\:end_line:`, `\:start_line:`}

// unescape takes the escaping backslash off each line that has one, and
// makes line ends LF.
func unescape(b []byte) string {
	s := strings.ReplaceAll(string(b), "\r\n", "\n")
	ls := strings.SplitAfter(s, "\n")
	for i, l := range ls {
		for _, e := range escapes {
			if strings.HasPrefix(l, e) {
				ls[i] = l[1:]
				break
			}
		}
	}
	return strings.Join(ls, "")
}

func body(ls []lines.Line, from, to, at int) (int, int) {
	if from >= to {
		return at, at
	}
	return ls[from].Start, ls[to-1].Next
}

func isSearchTrim(m string) bool { return m == "<<<<<<< SEARCH" || m == "<<<<<<< SEARCH>" }

// isSearch is a SEARCH line, blanks after it allowed.
func isSearch(t []byte) bool {
	m := bytes.TrimSpace(t) // compared as string(m) == …: no copy made
	return string(m) == "<<<<<<< SEARCH" || string(m) == "<<<<<<< SEARCH>"
}

func isReplace(t []byte) bool { return string(bytes.TrimSpace(t)) == ">>>>>>> REPLACE" }

// Spans are the calls of src, each on its own.
func Spans(src []byte) [][2]int {
	if !bytes.Contains(src, []byte("<<<<<<< SEARCH")) && !bytes.Contains(src, []byte("<apply_diff>")) && !hasToolTag(src) {
		return nil
	}
	var out [][2]int
	for _, c := range scan(src, false) {
		out = append(out, [2]int{c.Start, c.End})
	}
	return out
}

// hasToolTag reports whether src holds <insert_content> or
// <search_and_replace>: one pass over its '<'s rather than a search for
// each (most answers hold neither, and few '<').
func hasToolTag(src []byte) bool {
	for p := 0; ; {
		i := bytes.IndexByte(src[p:], '<')
		if i < 0 {
			return false
		}
		p += i + 1
		for p < len(src) && src[p] == '<' { // a run of '<': the tag would start at its last
			p++
		}
		if r := src[p:]; bytes.HasPrefix(r, []byte("insert_content>")) || bytes.HasPrefix(r, []byte("search_and_replace>")) {
			return true
		}
	}
}

func errorAt(code string, start, end int, msg, hint string) source.Diagnostic {
	return source.Diagnostic{Severity: source.Error, Code: code, Message: msg, Hint: hint, Range: source.Range{Start: start, End: end}}
}
