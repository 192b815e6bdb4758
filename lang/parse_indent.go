package lang

import (
	"bytes"
	"fmt"
	"slices"
	"sort"

	"github.com/clada-dev/clada/source"
)

// Blocks as LLMs write them: indented inside a markdown list item, a fence
// or a block quote, and pasted with CRLF line endings. Every front-end reads
// blocks that start at column 1 with LF endings; this file turns the other
// kind into that one and maps positions back to the real bytes.
//
// The rule, for every syntax:
//
//   - A block marker (SyntaxDef.markers) may be preceded on its line by a
//     container prefix: a run of spaces, tabs and '>' (what CommonMark
//     strips for a list item, an indented fence or a block quote), at most
//     containerPrefixMax bytes. A marker after anything else (prose, a list
//     bullet) is not a marker. A CML element may start anywhere on a line;
//     its prefix is the run of container bytes that starts its line.
//   - From every later line of that block, the longest common prefix with
//     the marker line's prefix is stripped: a line indented as the marker
//     loses exactly that indentation, a line indented less (a heredoc line
//     at column 1 inside an indented block) loses what it has, and a line
//     indented more keeps the extra. Tabs and spaces are not interchangeable.
//   - Line endings of the block are made LF ("\r\n", and "\r\r\n" from a
//     doubled conversion, → "\n"; in CML a lone "\r" too, as XML 1.0 §2.11
//     says). The file a write lands in decides
//     the endings written.
//
// Every range in the AST still points at the source bytes: a lowered block
// is mapped back through its textMap.

// containerPrefixMax bounds a container prefix (deeply nested lists stay
// well inside it).
const containerPrefixMax = 64

// isContainerByte reports whether c may be part of a container prefix.
func isContainerByte(c byte) bool { return c == ' ' || c == '\t' || c == '>' }

// lineStartNear returns where the line holding off starts when that is at
// most limit bytes back; ok is false when it is further (so a text of one
// huge line costs no backward scan per marker).
func lineStartNear(src []byte, off, limit int) (start int, ok bool) {
	from := max(off-limit-1, 0)
	if i := bytes.LastIndexByte(src[from:off], '\n'); i >= 0 {
		return from + i + 1, true
	}
	return 0, from == 0
}

// containerPrefix returns the container prefix before off on its line: the
// bytes from the line start to off when they are all container bytes (nil
// when off is at the line start or anything else precedes it).
func containerPrefix(src []byte, off int) []byte {
	ls, ok := lineStartNear(src, off, containerPrefixMax)
	if !ok || ls == off {
		return nil
	}
	for _, c := range src[ls:off] {
		if !isContainerByte(c) {
			return nil
		}
	}
	return src[ls:off]
}

// lineCursor finds line starts for offsets that mostly increase, scanning
// the text forward once instead of backward from each offset (elements on
// one long line would make that quadratic).
type lineCursor struct {
	src        []byte
	pos, start int // every '\n' before pos has been seen; start follows the last
}

// lineStart returns where the line holding off starts.
func (c *lineCursor) lineStart(off int) int {
	if off < c.pos {
		return bytes.LastIndexByte(c.src[:off], '\n') + 1
	}
	if i := bytes.LastIndexByte(c.src[c.pos:off], '\n'); i >= 0 {
		c.start = c.pos + i + 1
	}
	c.pos = off
	return c.start
}

// indentRun returns the maximal run of container bytes that starts the line
// holding off.
func (c *lineCursor) indentRun(off int) []byte {
	ls := c.lineStart(off)
	i := ls
	for i < len(c.src) && i-ls < containerPrefixMax+1 && isContainerByte(c.src[i]) {
		i++
	}
	return c.src[ls:i]
}

// commonPrefix is the length of the longest common prefix of a and b.
func commonPrefix(a, b []byte) int {
	n := min(len(a), len(b))
	for i := range n {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}

// textMap maps offsets of a normalized text back to the source, one entry
// per line of the normalized text.
type textMap struct {
	lines []mappedLine
}

// mappedLine is one line of a normalized text: it starts at norm; its first
// byte came from the source offset orig, and the source line it came from
// starts at lineStart (before the stripped prefix).
type mappedLine struct {
	norm, orig, lineStart int
}

// line returns the normalized line holding offset x.
func (m *textMap) line(x int) int {
	return sort.Search(len(m.lines), func(k int) bool { return m.lines[k].norm > x }) - 1
}

// start maps an offset that starts a range.
func (m *textMap) start(x int) int {
	l := m.lines[max(m.line(x), 0)]
	return l.orig + x - l.norm
}

// end maps an offset that ends a range: the start of a line maps to the
// start of its source line, so a range ending after a newline does not take
// the next line's prefix.
func (m *textMap) end(x int) int {
	k := max(m.line(x), 0)
	l := m.lines[k]
	if x == l.norm && k > 0 {
		return l.lineStart
	}
	return l.orig + x - l.norm
}

// rng maps a range; an empty range stays empty.
func (m *textMap) rng(r source.Range) source.Range {
	s := m.start(r.Start)
	if r.End <= r.Start {
		return source.Range{Start: s, End: s}
	}
	return source.Range{Start: s, End: max(m.end(r.End), s)}
}

// normalize copies src[start:end] with the container prefix stripped from
// each line (from the first one too when stripFirst) and line endings made
// LF (lone "\r" too when loneCR), and returns the map back to src.
func normalize(src []byte, start, end int, prefix []byte, stripFirst, loneCR bool) ([]byte, *textMap) {
	out := make([]byte, 0, end-start)
	m := &textMap{lines: make([]mappedLine, 0, bytes.Count(src[start:end], []byte{'\n'})+2)}
	ls := start
	for first := true; ; first = false {
		cs := ls
		if !first || stripFirst {
			cs += commonPrefix(src[ls:end], prefix)
		}
		m.lines = append(m.lines, mappedLine{len(out), cs, ls})
		// The line runs to its break: "\n", "\r\n", or (loneCR) "\r".
		rest := src[cs:end]
		brk := bytes.IndexByte(rest, '\n')
		if loneCR {
			if r := bytes.IndexByte(rest, '\r'); r >= 0 && (brk < 0 || r < brk) {
				brk = r
			}
		}
		if brk < 0 {
			out = append(out, rest...)
			return out, m
		}
		le := cs + brk // the break's first byte
		next := le + 1
		if src[le] == '\r' && next < end && src[next] == '\n' {
			next++
		} else if src[le] == '\n' {
			// Every CR before the LF goes, not one: "\r\r\n" is what a CRLF
			// text converted to CRLF once more looks like, and a lone CR
			// kept at a line's end would print back as a CRLF break.
			for le > cs && src[le-1] == '\r' {
				le--
			}
		}
		out = append(out, src[cs:le]...)
		out = append(out, '\n')
		if next >= end {
			m.lines = append(m.lines, mappedLine{len(out), next, next})
			return out, m
		}
		ls = next
	}
}

// blockText returns the text s's front-end lowers, and the map back to src
// when that text is not src[s.Start:s.End] itself (an indented block, or
// one with CR line endings).
func blockText(src []byte, s blockSpan) ([]byte, *textMap) {
	text := src[s.Start:s.End]
	if s.prefix == nil && (s.def.rawCR || bytes.IndexByte(text, '\r') < 0) {
		return text, nil
	}
	return normalize(src, s.Start, s.End, s.prefix, false, s.def.loneCR)
}

// mapGroup moves every range of g (relative to a normalized text) to the
// source, in place.
func mapGroup(g *Group, m *textMap) {
	g.Range = m.rng(g.Range)
	mapDiags(g.Diags, m)
	for _, a := range g.Actions {
		a.Range = m.rng(a.Range)
		a.IDRange = m.rng(a.IDRange)
		a.OpRange = m.rng(a.OpRange)
		mapDiags(a.Diags, m)
		for _, p := range a.Params {
			p.KeyRange = m.rng(p.KeyRange)
			p.ValueRange = m.rng(p.ValueRange)
			p.ContentRange = m.rng(p.ContentRange)
		}
	}
}

func mapDiags(ds source.Diagnostics, m *textMap) {
	for i := range ds {
		ds[i].Range = m.rng(ds[i].Range)
	}
}

// blockMarker is one way a syntax's blocks announce themselves at the
// start of a line (SyntaxDef.markers). Every syntax's markers are looked
// for in the whole text, beside the splitters: a marker behind a container
// prefix opens a view of the text with that prefix stripped (findIndented),
// a marker line written after a list bullet is reported rather than
// skipped in silence, and a split that needs a marker runs only when it
// was seen (SyntaxDef.gate). A CML element is found anywhere on a line by
// its own splitter and needs none.
type blockMarker struct {
	// text starts every such marker line; it is what the search looks for.
	text string
	// opens, when not nil, tells whether b, which starts with text, really
	// is a marker ("#!" alone may be a shebang); nil when text is enough.
	opens func(b []byte) bool
	// wholeLine, when not nil, tells whether line, which starts with text
	// and follows a list bullet, is a whole marker line the writer meant
	// as one (MARKER_AFTER_BULLET); nil when such a line is never reported.
	wholeLine func(line []byte) bool
	// above is how many lines above its marker a block may start (an aider
	// block's file name): the view of an indented one starts that far up.
	above int
}

// maxMarkers bounds how many markers all syntaxes together declare, so
// findMarkers keeps its positions in a fixed array (no allocation per
// search); newMarkerTable refuses more.
const maxMarkers = 24

// indentedMarkers is every syntax's markers in the registry's order, and
// markerGroups the same by first byte: the markers of one group are looked
// for in one pass over the text, each stop at that byte tried against all
// of them ("<---", "<<<<<", "<<<FILE>>>" and "<<<EXPLANATION>>>" share
// '<'). Both are built once, by init (newMarkerTable), and never changed
// after. Past maxViews prefixes, which prefixes get a view follows this
// order.
var (
	indentedMarkers []blockMarker
	markerGroups    [][]int
)

// newMarkerTable collects the markers of defs, in order, and groups them
// by first byte.
func newMarkerTable(defs []SyntaxDef) (markers []blockMarker, groups [][]int) {
	byFirst := map[byte]int{}
	for i := range defs {
		for _, mk := range defs[i].markers {
			k := len(markers)
			markers = append(markers, mk)
			if g, ok := byFirst[mk.text[0]]; ok {
				groups[g] = append(groups[g], k)
				continue
			}
			byFirst[mk.text[0]] = len(groups)
			groups = append(groups, []int{k})
		}
	}
	if len(markers) > maxMarkers {
		panic(fmt.Sprintf("lang: the syntaxes declare %d block markers, more than maxMarkers (%d)", len(markers), maxMarkers))
	}
	return markers, groups
}

// markerIndex is the index in indentedMarkers of the marker text, -1 if
// no syntax declares it.
func markerIndex(text string) int {
	for k := range indentedMarkers {
		if indentedMarkers[k].text == text {
			return k
		}
	}
	return -1
}

// markerHit is a marker of indentedMarkers found in the text that may open
// a view or is written after a list bullet: at is where it starts, prefix
// its container prefix, above the start of the line a view of its block
// starts at (blockMarker.above), and diag the MARKER_AFTER_BULLET
// diagnostic when bullet.
type markerHit struct {
	at, above int
	prefix    []byte
	bullet    bool
	diag      source.Diagnostic
}

// markerFinds is what the search for each marker of indentedMarkers found
// (finds[k] for marker k): the occurrences that have a container prefix or
// follow a list bullet, in source order, and whether the marker occurs in
// the text at all.
type markerFinds []struct {
	hits []markerHit
	seen bool
}

// anySeen reports whether one of markers occurs in the text.
func (f markerFinds) anySeen(markers []blockMarker) bool {
	for _, m := range markers {
		if f[markerIndex(m.text)].seen {
			return true
		}
	}
	return false
}

// findMarkers looks for the markers ks (one of markerGroups) in src and
// records what it finds in out[k] for each. Each marker's occurrences are
// those a repeated bytes.Index gives, searching on after each match: a
// match starts at or after the end of the one before. It reads src only,
// so the groups can be looked for at once, beside the splitters;
// findIndented weighs the hits against the blocks found.
func findMarkers(src []byte, ks []int, out markerFinds) {
	if len(ks) == 1 {
		k := ks[0]
		mk := []byte(indentedMarkers[k].text)
		for i := 0; ; {
			j := bytes.Index(src[i:], mk)
			if j < 0 {
				return
			}
			out[k].seen = true
			if h, ok := markerHitAt(src, i+j, k); ok {
				out[k].hits = append(out[k].hits, h)
			}
			i += j + len(mk)
		}
	}
	var next [maxMarkers]int // where marker k's next match may start
	first := indentedMarkers[ks[0]].text[0]
	for at := 0; ; at++ {
		j := bytes.IndexByte(src[at:], first)
		if j < 0 {
			return
		}
		at += j
		for _, k := range ks {
			// the second byte first: the group's markers share their
			// first, and a text may hold thousands of it (every "<" of
			// an aider block's markers)
			if mk := indentedMarkers[k].text; at >= next[k] && len(src)-at >= len(mk) && (len(mk) < 2 || src[at+1] == mk[1]) && string(src[at:at+len(mk)]) == mk {
				out[k].seen = true
				if h, ok := markerHitAt(src, at, k); ok {
					out[k].hits = append(out[k].hits, h)
				}
				next[k] = at + len(mk)
			}
		}
	}
}

// markerHitAt reads the occurrence of indentedMarkers[k] at src[at:]: a hit
// when it is a marker (blockMarker.opens) and has a container prefix or
// follows a list bullet.
func markerHitAt(src []byte, at, k int) (markerHit, bool) {
	mk := &indentedMarkers[k]
	// At a line start a marker has no container prefix and no bullet:
	// the common case (every column-1 block) costs no look back.
	if at == 0 || src[at-1] == '\n' || mk.opens != nil && !mk.opens(src[at:]) {
		return markerHit{}, false
	}
	h := markerHit{at: at, prefix: containerPrefix(src, at)}
	if mk.wholeLine != nil {
		h.diag, h.bullet = bulletMarker(src, at, mk.wholeLine)
	}
	if len(h.prefix) == 0 && !h.bullet {
		return markerHit{}, false
	}
	if mk.above > 0 {
		h.above = aboveLines(src, at, mk.above)
	}
	return h, true
}

// findIndented finds the blocks (and splitter diagnostics) whose marker line
// has a container prefix. Each distinct prefix gets one view: the source
// from the first line with that prefix and a marker to the end, with the
// prefix stripped from every line; every front-end splits the view, and a
// block or diagnostic is kept when its line's own prefix is the view's.
// base holds the blocks found at column 1, sorted; a marker inside one of
// them is its content and opens no view. finds are findMarkers' finds; a
// marker with no container prefix and no bullet before it opens nothing.
func findIndented(src []byte, base []blockSpan, finds markerFinds) ([]blockSpan, source.Diagnostics) {
	type view struct {
		prefix []byte
		from   int
	}
	var views []view
	var refused [][]byte // prefixes past maxViews, reported once each
	var bullets source.Diagnostics
	lines := &lineCursor{src: src}
	inBase := func(off int) bool {
		i := sort.Search(len(base), func(i int) bool { return base[i].End > off })
		return i < len(base) && base[i].Start <= off
	}
	add := func(off int, p []byte, checkBase bool) {
		if len(p) == 0 || len(p) > containerPrefixMax || checkBase && inBase(off) {
			return
		}
		for i, v := range views {
			if bytes.Equal(v.prefix, p) {
				// markers are looked for kind by kind: a view starts at the
				// earliest line of its prefix (a diff's "diff --git" above its "---")
				views[i].from = min(v.from, lines.lineStart(off))
				return
			}
		}
		if len(views) == maxViews {
			for _, r := range refused {
				if bytes.Equal(r, p) {
					return
				}
			}
			refused = append(refused, p)
			if checkBase { // a marker on its block's first line (a CML element is still read, unstripped)
				bullets = append(bullets, source.Diagnostic{Severity: source.Error, Code: "TOO_MANY_INDENTS", Range: source.Range{Start: off, End: off + len(p)},
					Message: "this block is not read: the answer indents its blocks in more than 16 different ways",
					Hint:    "indent the blocks of one answer alike, or start them at column 1"})
			}
			return
		}
		// A copy: the spans keep their view's prefix, and a language
		// server writes its next text over the buffer of an old one
		// (lsp's document.editText), which a parser no longer holds.
		views = append(views, view{bytes.Clone(p), lines.lineStart(off)})
	}
	for k := range indentedMarkers {
		for _, h := range finds[k].hits {
			if indentedMarkers[k].above > 0 { // the block starts on a line above its marker (an aider file name)
				if !inBase(h.at) {
					add(h.above, h.prefix, false)
				}
			} else {
				add(h.at, h.prefix, true)
			}
			if h.bullet && !inBase(h.at) {
				bullets = append(bullets, h.diag)
			}
		}
	}
	mid := &lineCursor{src: src}
	for _, s := range base {
		if s.def.midLine { // a block (a CML element) anywhere on an indented line
			add(s.Start, mid.indentRun(s.Start), false)
		}
	}
	if len(views) == 0 {
		return nil, bullets
	}
	var spans []blockSpan
	diags := bullets
	for _, v := range views {
		text, m := normalize(src, v.from, len(src), v.prefix, true, false)
		for i := range syntaxes {
			def := &syntaxes[i]
			rs, ds := def.split(text)
			own := func(c *lineCursor, r source.Range) (source.Range, bool) {
				o := m.rng(r)
				return o, bytes.Equal(c.indentRun(o.Start), v.prefix)
			}
			spanLines, diagLines := &lineCursor{src: src}, &lineCursor{src: src}
			for _, r := range rs {
				o, ok := own(spanLines, r)
				if above := def.markersAbove(); !ok && above > 0 {
					ok = markedBelow(src, o, above, v.prefix)
				}
				if ok {
					spans = append(spans, blockSpan{Range: o, def: def, prefix: v.prefix})
				}
			}
			for _, d := range ds {
				if o, ok := own(diagLines, d.Range); ok {
					d.Range = o
					diags = append(diags, d)
				}
			}
		}
	}
	return spans, diags
}

// markersAbove is how many lines above its marker a block of d may start
// (0 when it starts on its marker's line).
func (d *SyntaxDef) markersAbove() int {
	n := 0
	for _, m := range d.markers {
		n = max(n, m.above)
	}
	return n
}

// markedBelow reports whether the block at r starts on lines written less
// indented than prefix and has its marker on a later line, at most above
// lines down, whose container prefix is prefix: a list item's path line
// ("2. **src/app.py**") above the fence indented in that item. Such a
// block is the view's, though its first line is not indented as the view.
func markedBelow(src []byte, r source.Range, above int, prefix []byte) bool {
	ls := bytes.LastIndexByte(src[:r.Start], '\n') + 1
	for n := 0; n <= above && ls < r.End; n++ {
		run := ls
		for run < len(src) && run-ls <= containerPrefixMax && isContainerByte(src[run]) {
			run++
		}
		switch indent := src[ls:run]; {
		case bytes.Equal(indent, prefix):
			return n > 0
		case len(indent) >= len(prefix) || !bytes.HasPrefix(prefix, indent):
			return false
		}
		i := bytes.IndexByte(src[ls:r.End], '\n')
		if i < 0 {
			return false
		}
		ls += i + 1
	}
	return false
}

// aboveLines returns the start of the line n lines above the one holding
// off (or of the first line), so a view of an indented block holds what
// is written above its marker (an aider block's file name).
func aboveLines(src []byte, off, n int) int {
	ls := bytes.LastIndexByte(src[:off], '\n') + 1
	for ; n > 0 && ls > 0; n-- {
		ls = bytes.LastIndexByte(src[:ls-1], '\n') + 1
	}
	return ls
}

// bulletMarker reports a whole marker line written after a list bullet
// ("1. #!SHAM [@…: k7m]", "- <---WRITE file="a"--->"): no syntax reads a
// marker there, and a silent skip would leave the user believing the block
// ran. Prose that merely mentions a marker is not such a line: the marker
// must fill the rest of the line, as wholeLine (the marker's
// blockMarker.wholeLine) judges.
func bulletMarker(src []byte, at int, wholeLine func(line []byte) bool) (source.Diagnostic, bool) {
	ls, ok := lineStartNear(src, at, containerPrefixMax+16)
	if !ok {
		return source.Diagnostic{}, false
	}
	i := ls
	for i < at && isContainerByte(src[i]) {
		i++
	}
	b := i
	switch {
	case i < at && (src[i] == '-' || src[i] == '*' || src[i] == '+'):
		i++
	default:
		for i < at && src[i] >= '0' && src[i] <= '9' && i-b < 9 {
			i++
		}
		if i == b || i >= at || src[i] != '.' && src[i] != ')' {
			return source.Diagnostic{}, false
		}
		i++
	}
	if i >= at || src[i] != ' ' && src[i] != '\t' {
		return source.Diagnostic{}, false
	}
	for i < at && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	if i != at {
		return source.Diagnostic{}, false
	}
	le := bytes.IndexByte(src[at:], '\n')
	if le < 0 {
		le = len(src) - at
	}
	line := bytes.TrimRight(src[at:at+le], " \t\r")
	if !wholeLine(line) {
		return source.Diagnostic{}, false
	}
	return source.Diagnostic{Severity: source.Error, Code: "MARKER_AFTER_BULLET", Range: source.Range{Start: at, End: at + len(line)},
		Message: "a block marker after a list bullet is not read: " + string(src[b:i]) + "starts the line",
		Hint: "put the marker on a line of its own, indented under the list item's text, " +
			"and indent the rest of the block the same way"}, true
}

// maxViews bounds the distinct container prefixes one document gets views
// for (each costs a pass over the rest of the text); real answers use two
// or three.
const maxViews = 16

// CodeShallowLines is the warning of a value whose later lines lost the
// block's indentation (warnShallow).
const CodeShallowLines = "SHALLOW_LINES"

// warnShallow warns about each value of g, a block indented by prefix (its
// ranges already in the source), whose first line starts after its tag on
// the same line and so keeps the indentation it has there, while a later
// line, once the prefix is stripped as the rule above says, is indented
// less than that first line and would not be with the prefix kept: the
// writer indented the later lines from the margin rather than from the
// block (a CML <replace><![CDATA[ in a list item, say). The value still
// reads as the rule says, one level too shallow after its first line, so
// this is a warning at the first such line, saying how to write it.
func warnShallow(src, prefix []byte, g *Group) {
	if len(prefix) == 0 {
		return
	}
	for _, a := range g.Actions {
		for _, p := range a.Params {
			if d, ok := shallowLine(src, prefix, p); ok {
				a.Diags = append(slices.Clip(a.Diags), d)
			}
		}
	}
}

// shallowLine is warnShallow's test on one value.
func shallowLine(src, prefix []byte, p *Param) (source.Diagnostic, bool) {
	r := p.ContentRange
	if r.End <= r.Start || r.End > len(src) {
		return source.Diagnostic{}, false
	}
	ls := bytes.LastIndexByte(src[:r.Start], '\n') + 1
	if len(bytes.Trim(src[ls:r.Start], " \t>")) == 0 {
		return source.Diagnostic{}, false // the value starts its line: every line of it lost the prefix alike
	}
	first := blanks(src[r.Start:r.End])
	nl := bytes.IndexByte(src[r.Start:r.End], '\n')
	if nl < 0 || first == len(lineOf(src[r.Start:r.End])) {
		return source.Diagnostic{}, false // one line, or a blank first line
	}
	for at := r.Start + nl + 1; at < r.End; {
		line := lineOf(src[at:r.End])
		stripped := commonPrefix(line, prefix)
		w := blanks(line[stripped:])
		if stripped+w < len(line) && w < first && stripped+w >= first {
			return source.Diagnostic{Severity: source.Warning, Code: CodeShallowLines,
				Range: source.Range{Start: at, End: at + len(line)},
				Message: fmt.Sprintf("this line of %s loses the block's indentation (%s) and ends up indented less than the value's first line, "+
					"which starts after its tag and keeps its own indentation", p.Key, describeIndent(prefix)),
				Hint: fmt.Sprintf("indent the value's later lines by the block's %s plus their own, like the block's other lines, "+
					"or start the value on a line of its own (a line break right after <![CDATA[ or the opening tag) so every line of it is read alike",
					describeIndent(prefix))}, true
		}
		at += len(line)
		if at < r.End && src[at] == '\r' {
			at++
		}
		at++ // the '\n'
	}
	return source.Diagnostic{}, false
}

// lineOf is b up to its first line end ("\n" or "\r\n"), without it.
func lineOf(b []byte) []byte {
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		b = b[:i]
	}
	return bytes.TrimSuffix(b, []byte("\r"))
}

// blanks is how many spaces and tabs start b.
func blanks(b []byte) int {
	n := 0
	for n < len(b) && (b[n] == ' ' || b[n] == '\t') {
		n++
	}
	return n
}

// describeIndent names a container prefix: "4 spaces", "1 tab", or the
// bytes themselves ("> ") for a quote.
func describeIndent(p []byte) string {
	switch {
	case len(bytes.Trim(p, " ")) == 0:
		return fmt.Sprintf("%d spaces", len(p))
	case len(bytes.Trim(p, "\t")) == 0 && len(p) == 1:
		return "1 tab"
	case len(bytes.Trim(p, "\t")) == 0:
		return fmt.Sprintf("%d tabs", len(p))
	}
	return fmt.Sprintf("%q", p)
}
