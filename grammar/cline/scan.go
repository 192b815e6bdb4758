// Package cline reads Cline's file tools as a model writes them:
//
//	<replace_in_file>
//	<path>src/app.ts</path>
//	<diff>
//	------- SEARCH
//	text to find
//	=======
//	its replacement
//	+++++++ REPLACE
//	</diff>
//	</replace_in_file>
//
// (markers of three or more characters, an optional '>' after SEARCH and
// REPLACE, and the older <<<<<<< SEARCH / >>>>>>> REPLACE), the same
// blocks bare after a line stating the file's path, and
// <write_to_file><path>…</path><content>…</content></write_to_file>.
// The scanner cuts calls and blocks; the participle grammar (grammar.go)
// checks each block's order. It knows nothing of what an edit means.
//
// cline imports source, participle and grammar/internal (lines, pathline,
// xmltool), nothing else of clada's; package lang imports it and never
// the other way. Start reading at Scan below, then marker.go.
package cline

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/clada-dev/clada/grammar/internal/lines"
	"github.com/clada-dev/clada/grammar/internal/pathline"
	"github.com/clada-dev/clada/grammar/internal/xmltool"
	"github.com/clada-dev/clada/source"
)

// Diagnostic codes.
const (
	MissingPath    = "MISSING_PATH"    // no <path>, and no path line before bare blocks
	NoBlocks       = "NO_BLOCKS"       // a <diff> without a SEARCH/REPLACE block
	StrayMarker    = "STRAY_MARKER"    // ======= or REPLACE outside a block
	MissingDivider = "MISSING_DIVIDER" // SEARCH without =======
	MissingReplace = "MISSING_REPLACE" // ======= without REPLACE
	ExtraDivider   = "EXTRA_DIVIDER"   // a second ======= in one block
	OutsideText    = "OUTSIDE_TEXT"    // warning: text between blocks is ignored
)

// Kind tells an edit call from a write.
type Kind uint8

const (
	Replace Kind = iota + 1 // replace_in_file, or bare SEARCH/REPLACE blocks
	Write                   // write_to_file
)

// Edit is one SEARCH/REPLACE block. Search and Replace are its texts,
// each line with its line end made LF; a block without a divider has an
// empty replacement where the divider would be.
type Edit struct {
	Start, End               int // the SEARCH line to past the REPLACE line
	HeadStart, HeadEnd       int // the SEARCH line
	Search, Replace          string
	SearchStart, SearchEnd   int
	ReplaceStart, ReplaceEnd int
	Diags                    source.Diagnostics
}

// Call is one tool call: a <replace_in_file> or <write_to_file> element,
// or a run of bare blocks after a path line.
type Call struct {
	Kind               Kind
	Start, End         int
	NameStart, NameEnd int // the tag, or the first SEARCH line of bare blocks
	Path               string
	PathStart, PathEnd int // -1 when there is no path
	Edits              []Edit
	// Content is a write's file text (each line with its line end, made
	// LF), at ContentStart, ContentEnd (an empty range after the opening
	// tag when there is no <content>).
	Content                  string
	ContentStart, ContentEnd int
	Diags                    source.Diagnostics
}

// Scan finds every call of src, in order.
func Scan(src []byte) []Call { return scan(src, true) }

// scan is Scan; shapes says whether each block goes through the grammar
// (Spans needs only where the calls are).
func scan(src []byte, shapes bool) []Call {
	var out []Call
	tags := xmltool.Find(src, []string{"replace_in_file", "write_to_file"}, []string{"path", "diff", "content"})
	var all []lines.Line // the line table, made once when a run between calls needs it
	p := 0
	for _, t := range tags {
		out = append(out, bare(src, &all, p, t.Start, shapes)...)
		out = append(out, fromTag(src, t, shapes))
		p = t.End
	}
	return append(out, bare(src, &all, p, len(src), shapes)...)
}

// fromTag reads one element.
func fromTag(src []byte, t xmltool.Call, shapes bool) Call {
	c := Call{Kind: Replace, Start: t.Start, End: t.End, NameStart: t.Start, NameEnd: t.OpenEnd, PathStart: -1, PathEnd: -1, Diags: t.Diags}
	if t.Name == "write_to_file" {
		c.Kind = Write
	}
	if p := t.Get("path"); p != nil && strings.TrimSpace(p.Value) != "" {
		v := strings.TrimSpace(p.Value)
		c.Path = v
		c.PathStart = p.ValueStart + strings.Index(p.Value, v)
		c.PathEnd = c.PathStart + len(v)
	} else {
		c.Diags = append(c.Diags, xmltool.Missing(&t, "path", "<path>path/to/file</path>"))
	}
	if c.Kind == Write {
		p := t.Get("content")
		if p == nil {
			c.Diags = append(c.Diags, xmltool.Missing(&t, "content", "<content>the whole file</content>"))
			c.ContentStart, c.ContentEnd = t.OpenEnd, t.OpenEnd // empty where it would start, inside this call
			return c
		}
		c.ContentStart, c.ContentEnd = p.ValueStart, p.ValueEnd
		c.Content = strings.ReplaceAll(p.Value, "\r\n", "\n") // LF, as the edits' texts are
		if c.Content != "" {
			c.Content += "\n" // the line end taken off before </content> ends the last line
		}
		return c
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
	edits, ds := blocks(src, ls, true, shapes)
	c.Edits, c.Diags = edits, append(c.Diags, ds...)
	if len(edits) == 0 && !c.Diags.HasErrors() {
		c.Diags = append(c.Diags, errorAt(NoBlocks, d.Start, d.ValueStart, "this <diff> holds no SEARCH/REPLACE block",
			"write ------- SEARCH, the lines to find, =======, their replacement, +++++++ REPLACE"))
	}
	return c
}

// bare reads the bare blocks of src[from:to]: each run of blocks after a
// path line is one call; a block with no path line above it joins the
// call before it.
func bare(src []byte, table *[]lines.Line, from, to int, shapes bool) []Call {
	if !bytes.Contains(src[from:to], []byte("- SEARCH")) {
		return nil // one fast search instead of a line table
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
	for i := 0; i < len(ls); i++ {
		if !isBareHead(text(i)) {
			continue
		}
		// the run of blocks from here: until a line that is neither a block
		// line nor blank (prose ends the run), or the end of the fence the
		// blocks are in
		closes := lines.FenceAbove(text, i)
		j := i
		for j < len(ls) {
			k := blockEnd(src, ls, j, closes)
			if k <= j {
				break
			}
			j = k
			for j < len(ls) && len(bytes.TrimSpace(text(j))) == 0 {
				j++
			}
			if j >= len(ls) || !isSearch(text(j)) {
				break
			}
		}
		edits, ds := blocks(src, ls[i:j], false, shapes)
		c := Call{Kind: Replace, Start: ls[i].Start, End: ls[j-1].Next, NameStart: ls[i].Start, NameEnd: ls[i].End, PathStart: -1, PathEnd: -1, Edits: edits, Diags: ds}
		if name, ps, pe, line := pathAbove(src, ls, i, floor); name != "" {
			c.Path, c.PathStart, c.PathEnd, c.Start = name, ps, pe, ls[line].Start
		} else if len(out) > 0 && out[len(out)-1].Path != "" {
			prev := &out[len(out)-1]
			prev.Edits = append(prev.Edits, c.Edits...)
			prev.Diags = append(prev.Diags, c.Diags...)
			prev.End = c.End
			i, floor = j-1, j
			continue
		} else {
			c.Diags = append(c.Diags, errorAt(MissingPath, ls[i].Start, ls[i].End, "these SEARCH/REPLACE blocks name no file",
				"put the file's path alone on the line before the first ------- SEARCH (or before the opening fence)"))
		}
		out = append(out, c)
		i, floor = j-1, j
	}
	return out
}

// blockEnd is the line after the block starting at line i (its REPLACE
// line, or where it stops being a block: the next SEARCH line, or, for a
// block cut short, a line closes says ends the fence it is in, so fence
// lines in a whole block's texts stay text, or the path line stating the
// next SEARCH's file, so that block keeps its own path), i when line i
// starts none.
func blockEnd(src []byte, ls []lines.Line, i int, closes func([]byte) bool) int {
	text := func(k int) []byte { return src[ls[k].Start:ls[k].End] }
	if !isSearch(text(i)) {
		return i
	}
	k := i + 1
	for k < len(ls) && !isReplace(text(k)) && !isSearch(text(k)) {
		k++
	}
	if k < len(ls) && isReplace(text(k)) {
		return k + 1
	}
	// Cut short: it ends at its fence's closing line, if one comes first,
	// else before the next file's path line above the next SEARCH
	for c := i + 1; c < k; c++ {
		if closes(text(c)) {
			return c
		}
	}
	if k < len(ls) {
		if name, _, _, line := pathAbove(src, ls, k, i+1); name != "" {
			return line
		}
	}
	return k
}

// pathAbove looks at up to three lines above line i (not above floor),
// going on upwards only past fence lines, for a line stating a path.
func pathAbove(src []byte, ls []lines.Line, i, floor int) (string, int, int, int) {
	for k := i - 1; k >= floor && k >= i-3; k-- {
		raw := string(src[ls[k].Start:ls[k].End])
		if name, s, e, ok := pathline.Line(raw); ok {
			return name, ls[k].Start + s, ls[k].Start + e, k
		}
		t := strings.TrimSpace(raw)
		if !strings.HasPrefix(t, "```") && t != "" {
			break
		}
	}
	return "", -1, -1, 0
}

// blocks reads the SEARCH/REPLACE blocks of the lines ls (a <diff>'s, or
// a run of bare blocks): each block's text is its lines, each with its
// line end, as Cline builds them. inDiff warns about text between blocks,
// which a <diff> should not have.
func blocks(src []byte, ls []lines.Line, inDiff, shapes bool) ([]Edit, source.Diagnostics) {
	text := func(i int) []byte { return src[ls[i].Start:ls[i].End] }
	var out []Edit
	var ds source.Diagnostics
	warned := false
	for i := 0; i < len(ls); i++ {
		t := text(i)
		switch {
		case isSearch(t):
		case isDivider(t) || isReplace(t):
			ds = append(ds, errorAt(StrayMarker, ls[i].Start, ls[i].End,
				fmt.Sprintf("%q outside a SEARCH/REPLACE block", string(t)),
				"start each block with a line ------- SEARCH (three or more dashes, a space, SEARCH)"))
			continue
		default:
			if inDiff && !warned && len(bytes.TrimSpace(t)) > 0 {
				ds = append(ds, source.Diagnostic{Severity: source.Warning, Code: OutsideText, Range: source.Range{Start: ls[i].Start, End: ls[i].End},
					Message: "text outside a SEARCH/REPLACE block is ignored",
					Hint:    "put only SEARCH/REPLACE blocks in <diff>"})
				warned = true
			}
			continue
		}
		h := ls[i]
		e := Edit{Start: h.Start, HeadStart: h.Start, HeadEnd: h.End}
		j := i + 1
		for j < len(ls) && !isDivider(text(j)) && !isSearch(text(j)) && !isReplace(text(j)) {
			j++
		}
		e.SearchStart, e.SearchEnd = body(ls, i+1, j, h.Next)
		e.Search = string(src[e.SearchStart:e.SearchEnd])
		if j >= len(ls) || !isDivider(text(j)) {
			at := h
			if j < len(ls) {
				at = ls[j]
			}
			e.Diags = append(e.Diags, errorAt(MissingDivider, at.Start, at.End,
				"this SEARCH block has no ======= line before its end",
				"end the text to find with a line =======, then the replacement, then +++++++ REPLACE"))
			e.End = e.SearchEnd
			if j < len(ls) && isReplace(text(j)) {
				e.End = ls[j].Next
				j++
			}
			// no replacement was written: empty where it would start
			e.ReplaceStart, e.ReplaceEnd = e.SearchEnd, e.SearchEnd
			e.Search = strings.ReplaceAll(e.Search, "\r\n", "\n")
			out = append(out, e)
			i = j - 1
			continue
		}
		d := ls[j]
		k := j + 1
		for k < len(ls) && !isReplace(text(k)) && !isDivider(text(k)) && !isSearch(text(k)) {
			k++
		}
		e.ReplaceStart, e.ReplaceEnd = body(ls, j+1, k, d.Next)
		e.Replace = string(src[e.ReplaceStart:e.ReplaceEnd])
		switch {
		case k < len(ls) && isReplace(text(k)):
			e.End = ls[k].Next
			i = k
		case k < len(ls) && isDivider(text(k)):
			e.Diags = append(e.Diags, errorAt(ExtraDivider, ls[k].Start, ls[k].End,
				"a second ======= in one SEARCH/REPLACE block",
				"end the replacement with +++++++ REPLACE; start the next edit with its own ------- SEARCH"))
			e.End = ls[k].Next
			i = k
		default:
			e.Diags = append(e.Diags, errorAt(MissingReplace, d.Start, d.End,
				"this block's replacement has no +++++++ REPLACE line after it, so where it ends is unknown",
				"end the replacement text with a line +++++++ REPLACE"))
			e.End = e.ReplaceEnd
			i = k - 1
		}
		e.Search = strings.ReplaceAll(e.Search, "\r\n", "\n")
		e.Replace = strings.ReplaceAll(e.Replace, "\r\n", "\n")
		if shapes && len(e.Diags) == 0 {
			if err := checkShape(e); err != nil {
				e.Diags = append(e.Diags, *err)
			}
		}
		out = append(out, e)
	}
	return out, ds
}

// body is the text of lines [from, to), each with its line end; an empty
// run is empty at at.
func body(ls []lines.Line, from, to, at int) (int, int) {
	if from >= to {
		return at, at
	}
	return ls[from].Start, ls[to-1].Next
}

// Spans are the calls of src, each on its own.
func Spans(src []byte) [][2]int {
	if !bytes.Contains(src, []byte("- SEARCH")) && !bytes.Contains(src, []byte("<write_to_file>")) && !bytes.Contains(src, []byte("<replace_in_file>")) {
		return nil
	}
	var out [][2]int
	for _, c := range scan(src, false) {
		out = append(out, [2]int{c.Start, c.End})
	}
	return out
}

func errorAt(code string, start, end int, msg, hint string) source.Diagnostic {
	return source.Diagnostic{Severity: source.Error, Code: code, Message: msg, Hint: hint, Range: source.Range{Start: start, End: end}}
}
