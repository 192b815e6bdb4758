package lang

import (
	"bytes"
	"sort"

	"github.com/clada-dev/clada/source"
)

// A Parser remembers its last parse (the text, the kept block spans and
// the document), so that a keystroke in a large answer does not run every
// splitter over the whole text again: the incremental path below finds
// what changed by comparing the texts, and when the change is one a full
// parse would read as a change of one block's contents and nothing else,
// re-runs that block's splitter over the window between its neighbours,
// re-lowers that block alone, and moves everything after it by the length
// delta. Any change it cannot prove local falls back to the full parse;
// TestIncrementalMatchesFull and FuzzIncremental hold the two to the same
// result (spans, AST, diagnostics).
type lastParse struct {
	src   []byte
	spans []blockSpan
	doc   *Document
	// hunks: the text holds "@@", so a diff's hunk may count lines. A
	// change the incremental path takes holds no '@', so the flag found by
	// the last full parse stays true of every text after it, or errs on
	// the safe side.
	hunks bool
}

// neighbourLines is how many lines above and below a changed line are
// looked at: a line may name the file of a fence or a SEARCH marker up to
// three lines below it (blockMarker.above), so a change within that reach
// of a marker line is not taken as contents.
const neighbourLines = 4

// ParseEdit is Parse for a text the caller knows to differ from from's
// only in f.Src[start:newEnd], which replaced from.Src[start:oldEnd] (a
// language server's incremental change): when from is the text the
// Parser last parsed, it spares comparing the two texts to find the
// change. Otherwise (the Parser parsed another text since, a change that
// does not fit the lengths), the change is found by comparing.
func (p *Parser) ParseEdit(f, from *source.File, start, oldEnd, newEnd int) *Document {
	p.mu.Lock()
	defer p.mu.Unlock()
	hint := [3]int{-1, -1, -1}
	if p.last != nil && from != nil && sameSlice(p.last.src, from.Src) {
		hint = [3]int{start, oldEnd, newEnd}
	}
	if d := p.incremental(f, hint); d != nil {
		p.incrementals++
		return d
	}
	return parse(f, p)
}

// incremental returns the parse of f from c.last when the change from
// c.last's text to f's is local (see localChange), or nil. hint is the
// change as ParseEdit takes it, or all -1: then it is found by comparing
// the texts. Called with c.mu held.
func (c *Parser) incremental(f *source.File, hint [3]int) *Document {
	last := c.last
	if last == nil {
		return nil
	}
	old, src := last.src, f.Src
	cs, oe, ne := hint[0], hint[1], hint[2]
	if cs < 0 || cs > oe || cs > ne || oe > len(old) || ne > len(src) || len(old)-oe != len(src)-ne {
		pre := sharedPrefix(old, src)
		if pre == len(old) && pre == len(src) {
			return nil // the same text: nothing to move (a full parse hits the cache)
		}
		suf := sharedSuffix(old[pre:], src[pre:])
		cs, oe, ne = pre, len(old)-suf, len(src)-suf
	}
	ch, ok := localChange(old, src, last.spans, last.hunks, cs, oe, ne)
	if !ok {
		return nil
	}
	delta := ne - oe
	if ch.window {
		if !sameInWindow(old, src, last, ch, cs, oe, ne) {
			return nil
		}
		c.windowed++
	} else {
		// The window: from the end of the block before b to the start of
		// the one after it. b's own splitter, run over the window alone in
		// the old text and the new, must find b there and nothing else, as
		// it did in the whole text: then its reading of b depends on
		// nothing outside the window, and the change moved only b's end.
		b := last.spans[ch.k]
		nb := b
		nb.End += delta
		ws, we := 0, len(old)
		if ch.k > 0 {
			ws = last.spans[ch.k-1].End
		}
		if ch.k+1 < len(last.spans) {
			we = last.spans[ch.k+1].Start
		}
		if !splitsAlone(old[ws:we], src[ws:we+delta], b, nb, ws, delta) {
			return nil
		}
	}
	// moved: the first block after the change, which moves whole.
	moved := ch.k + 1
	if ch.k < 0 {
		moved = ch.next
	}
	spans := make([]blockSpan, len(last.spans))
	copy(spans, last.spans)
	if ch.k >= 0 {
		spans[ch.k].End += delta
	}
	for i := moved; i < len(spans); i++ {
		spans[i].Start += delta
		spans[i].End += delta
	}
	doc := &Document{File: f, parser: c, Groups: make([]*Group, len(spans)), entries: make([]*cacheEntry, len(spans))}
	// The document's own diagnostics all lie outside the blocks (findSpans
	// drops those inside one), and none holds the change (localChange,
	// sameInWindow): those after it move with the text.
	doc.Diags = append(source.Diagnostics(nil), last.doc.Diags...)
	for i := range doc.Diags {
		if doc.Diags[i].Range.Start >= oe {
			doc.Diags[i].Range = doc.Diags[i].Range.Shift(delta)
		}
	}
	for i := range spans {
		if i == ch.k {
			continue
		}
		e := last.doc.entries[i]
		switch {
		case e != nil:
			c.touch(e)
			doc.Groups[i], doc.entries[i] = e.placed(spans[i].Start), e
		case i < moved || delta == 0:
			doc.Groups[i] = last.doc.Groups[i]
		default: // a mapped block (see placeGroup), moved as a whole
			doc.Groups[i] = cloneShift(last.doc.Groups[i], delta)
		}
	}
	if ch.k >= 0 {
		nb := spans[ch.k]
		text, m := blockText(src, nb)
		if e := c.lookup(nb.def.ID, text); e != nil {
			doc.Groups[ch.k] = placeGroup(e, nb.Start, m)
			if m == nil {
				doc.entries[ch.k] = e
			}
		} else {
			g := nb.def.lower(text, new(scratch))
			capDiags(g)
			at := nb.Start
			if m != nil {
				at = 0
			}
			e := c.insert(c.prepare(nb.def.ID, text, g, at))
			doc.Groups[ch.k] = placeGroup(e, nb.Start, m)
			if m == nil {
				doc.entries[ch.k] = e
			}
		}
	}
	c.last = &lastParse{src: src, spans: spans, doc: doc, hunks: last.hunks}
	return doc
}

// change is a change localChange takes: in the contents of block k, or
// (k < 0) in the prose before block next (len(spans) when it follows the
// last block). window says it is to be held to sameInWindow, every
// splitter over the blocks around it, rather than to splitsAlone.
type change struct {
	k, next int
	window  bool
}

// localChange says whether replacing old[cs:oe] by src[cs:ne] is a change
// either of the contents of one kept block or of the prose between two,
// that no splitter reads as structure. The lines it touches, before and
// after, hold no byte any marker, fence, bracket or quote is made of
// (inertLine) and start no marker (plainStart), or the change types plain
// bytes inside a quoted string (inQuotes) or changes a word that stands
// clear of such bytes (wordEdit, held to sameInWindow); they hold no sign of a
// placeholder that was not there (mayHoldPlaceholder is read over the
// whole text), nor a line that may end what a split opened above it (a
// SHAM heredoc's terminator, SyntaxDef.mayEnd); the change leaves its
// line's indent as it was (container views read indents,
// parse_indent.go). What such lines can still do reaches no further than
// the neighbouring blocks: a line may name the file of a fence or a
// SEARCH marker up to three lines below it (blockMarker.above).
//
// A change in a block's contents whose lines around it (neighbourLines)
// start no marker, and which is on neither the block's first line nor
// its last, is held to splitsAlone: only the block's own splitter can
// read it differently. Any other, in prose or near a marker, is held to
// sameInWindow, which runs every splitter over the neighbouring blocks.
// So is a change in a block that adds or removes lines in a text that
// holds "@@" (hunks): a diff's hunk counts its lines, and a block whose
// hunk comes out short or long may end elsewhere.
func localChange(old, src []byte, spans []blockSpan, hunks bool, cs, oe, ne int) (change, bool) {
	ls := bytes.LastIndexByte(old[:cs], '\n') + 1
	leOld := lineEnd(old, oe)
	leNew := lineEnd(src, ne)
	// k: the first block that ends past the changed line's start.
	k := sort.Search(len(spans), func(i int) bool { return spans[i].End > ls })
	ch := change{k: -1, next: k}
	switch {
	case k < len(spans) && spans[k].Start <= ls:
		b := spans[k]
		if b.prefix != nil || cs <= b.Start || leOld >= b.End {
			return change{}, false // an indented block, or the change at its start or on its last line
		}
		// A line added or removed where a diff's hunk may count lines: the
		// blocks around are read again too.
		lines := hunks && (bytes.IndexByte(old[cs:oe], '\n') >= 0 || bytes.IndexByte(src[cs:ne], '\n') >= 0)
		ch.k, ch.window = k, ls <= b.Start || lines
	case len(spans) == 0 || k < len(spans) && leOld >= spans[k].Start:
		return change{}, false // no block to start from, or the change reaches into one
	default: // prose, between spans[k-1] and spans[k]
		ch.window = true
	}
	indent := ls
	for indent < cs && (old[indent] == ' ' || old[indent] == '\t') {
		indent++
	}
	// A change that touches the line's indent is not taken; one at the
	// start of a line without indent, before and after, is (a key typed
	// after Enter).
	blankAt := func(b []byte, i int) bool { return i < len(b) && (b[i] == ' ' || b[i] == '\t') }
	if indent >= cs && (indent > ls || blankAt(old, ls) || blankAt(src, ls)) {
		return change{}, false
	}
	switch {
	case inertLines(old[ls:leOld]) && inertLines(src[ls:leNew]), inQuotes(old, src, ls, cs, oe, ne):
	case wordEdit(old, src, ls, cs, oe, ne):
		ch.window = true // its line holds other bytes: every splitter reads the blocks around it again
	default:
		return change{}, false
	}
	if mayHoldPlaceholder(src[ls:leNew]) && !mayHoldPlaceholder(old[ls:leOld]) {
		return change{}, false // the whole-file split looks for placeholders only in a text with a sign of one
	}
	if mayEndAbove(old, ls, leOld) || mayEndAbove(src, ls, leNew) {
		return change{}, false
	}
	if ch.window {
		return ch, true
	}
	// The neighbours, read in the old text (they are the same in the new).
	at := ls
	for n := 0; n < neighbourLines && at > 0; n++ {
		at = bytes.LastIndexByte(old[:at-1], '\n') + 1
		if !plainStart(old[at:lineEnd(old, at)]) {
			ch.window = true
			return ch, true
		}
	}
	at = leOld
	for n := 0; n < neighbourLines && at < len(old); n++ {
		at++
		e := lineEnd(old, at)
		if !plainStart(old[at:e]) {
			ch.window = true
			return ch, true
		}
		at = e
	}
	return ch, true
}

// mayEndAbove says whether a line of src[ls:le] may end something a
// syntax's split opened above it (SyntaxDef.mayEnd).
func mayEndAbove(src []byte, ls, le int) bool {
	for at := ls; at <= le; {
		e := lineEnd(src, at)
		for i := range syntaxes {
			if f := syntaxes[i].mayEnd; f != nil && f(src, at, src[at:e]) {
				return true
			}
		}
		at = e + 1
	}
	return false
}

// sameInWindow says whether every splitter (findSpans), run over the
// window from the start of the block before the change to the end of
// the one after it (the text's ends where there is none), alone in the
// old text and in the new, finds there exactly what the last parse found
// in the whole old text (the same blocks and the same diagnostics), and
// in the new the same moved by the change: the changed block (ch.k) ends
// delta later, and what follows the change starts delta later. Then no
// splitter's reading of those blocks depends on the change, and the
// change (inert lines, localChange) cannot open anything that would run
// past the window. A diagnostic of the document that holds the change is
// not taken.
func sameInWindow(old, src []byte, last *lastParse, ch change, cs, oe, ne int) bool {
	spans := last.spans
	delta := ne - oe
	// before and after: the blocks around the change, the window's ends.
	before, after := ch.next-1, ch.next
	if ch.k >= 0 {
		before, after = ch.k-1, ch.k+1
	}
	ws, we := 0, len(old)
	if before >= 0 {
		ws = spans[before].Start
	}
	if after < len(spans) {
		we = spans[after].End
	}
	lo, hi := max(before, 0), min(after+1, len(spans)) // the window's blocks
	// What the last parse found in the window, before and after the change.
	var wantOld, wantNew []blockSpan
	for i, s := range spans[lo:hi] {
		o := s
		o.Range = o.Range.Shift(-ws)
		wantOld = append(wantOld, o)
		switch {
		case lo+i == ch.k:
			s.End += delta
		case s.End <= cs:
		case s.Start >= oe:
			s.Range = s.Range.Shift(delta)
		default:
			return false
		}
		s.Range = s.Range.Shift(-ws)
		wantNew = append(wantNew, s)
	}
	var diagsOld, diagsNew source.Diagnostics
	for _, d := range last.doc.Diags {
		if d.Range.Start < ws {
			if d.Range.End > cs {
				return false
			}
			continue
		}
		if d.Range.Start >= we {
			continue
		}
		o := d
		o.Range = o.Range.Shift(-ws)
		diagsOld = append(diagsOld, o)
		switch {
		case d.Range.Start >= oe:
			d.Range = d.Range.Shift(delta)
		case d.Range.End <= cs:
		default:
			return false
		}
		d.Range = d.Range.Shift(-ws)
		diagsNew = append(diagsNew, d)
	}
	same := func(w []byte, spans []blockSpan, diags source.Diagnostics) bool {
		got, gd := findSpans(w, 1, 0)
		if len(got) != len(spans) || len(gd) != len(diags) {
			return false
		}
		for i := range got {
			if got[i].Range != spans[i].Range || got[i].def != spans[i].def || !bytes.Equal(got[i].prefix, spans[i].prefix) {
				return false
			}
		}
		for i := range gd {
			if gd[i] != diags[i] {
				return false
			}
		}
		return true
	}
	return same(old[ws:we], wantOld, diagsOld) && same(src[ws:we+delta], wantNew, diagsNew)
}

// splitsAlone says whether b's syntax, splitting the window alone in
// the old text (oldW) and the new (newW), both starting at ws in the
// text, finds exactly b in the old and nb in the new, and the same
// diagnostics outside them (moved by delta past them): then its reading of
// the block depends on nothing outside the window, and the change moved
// only the block's end. Diagnostics inside the block are the block's
// (findSpans drops them).
func splitsAlone(oldW, newW []byte, b, nb blockSpan, ws, delta int) bool {
	ro, do := b.def.split(oldW)
	rn, dn := b.def.split(newW)
	if len(ro) != 1 || ro[0].Start+ws != b.Start || ro[0].End+ws != b.End ||
		len(rn) != 1 || rn[0].Start+ws != nb.Start || rn[0].End+ws != nb.End {
		return false
	}
	outside := func(ds source.Diagnostics, r source.Range, delta int) source.Diagnostics {
		var out source.Diagnostics
		for _, d := range ds {
			switch {
			case d.Range.Start < r.Start:
				out = append(out, d)
			case d.Range.Start >= r.End:
				d.Range = d.Range.Shift(-delta)
				out = append(out, d)
			}
		}
		return out
	}
	oo, on := outside(do, ro[0], 0), outside(dn, rn[0], delta)
	if len(oo) != len(on) {
		return false
	}
	for i := range oo {
		if oo[i] != on[i] {
			return false
		}
	}
	return true
}

// sameSlice says whether a and b are the same bytes in memory, not
// merely equal ones.
func sameSlice(a, b []byte) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// lineEnd is the offset of the '\n' ending the line at off (or len(b)).
func lineEnd(b []byte, off int) int {
	if i := bytes.IndexByte(b[off:], '\n'); i >= 0 {
		return off + i
	}
	return len(b)
}

// inertLine says whether a line holds only letters, digits, blanks and
// punctuation that no syntax's marker, fence, tag, bracket, string or
// escape is made of, and no "==" (a SEARCH/REPLACE divider is a run of
// '='). Non-ASCII bytes are not inert: they are left to the full parse.
func inertLine(line []byte) bool {
	for i, ch := range line {
		switch {
		case 'a' <= ch && ch <= 'z', 'A' <= ch && ch <= 'Z', '0' <= ch && ch <= '9':
		case ch == ' ', ch == '\t', ch == '.', ch == ',', ch == ';', ch == ':', ch == '!',
			ch == '?', ch == '\'', ch == '(', ch == ')', ch == '_', ch == '/':
		case ch == '=':
			if i > 0 && line[i-1] == '=' {
				return false
			}
		case ch == '\r':
			if i != len(line)-1 {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// inQuotes says whether replacing old[cs:oe] by src[cs:ne] changes only
// letters, digits and inert punctuation within a quoted string of one
// line (a SHAM value, a path: what is typed most near a marker), a line
// that starts plainly and holds nothing but inert bytes and quotes: no
// escape, so the quotes pair as they stand, and the change, between the
// opening quote (an odd count of them before it) and the closing one,
// neither adds nor removes a quote. A string's contents are read as
// structure by no splitter.
func inQuotes(old, src []byte, ls, cs, oe, ne int) bool {
	leOld := lineEnd(old, oe)
	if leOld != lineEnd(old, cs) || !inertLine(old[cs:oe]) || !inertLine(src[cs:ne]) ||
		bytes.ContainsAny(old[cs:oe], "\r\n") || bytes.ContainsAny(src[cs:ne], "\r\n") || bytes.Contains(src[max(cs-1, ls):min(ne+1, len(src))], []byte("==")) {
		return false
	}
	line := old[ls:leOld]
	if !plainStart(line) || bytes.Count(old[ls:cs], []byte{'"'})%2 != 1 || bytes.IndexByte(old[oe:leOld], '"') < 0 {
		return false
	}
	for _, part := range bytes.Split(line, []byte{'"'}) {
		if !inertLine(part) {
			return false
		}
	}
	return true
}

// wordEdit says whether replacing old[cs:oe] by src[cs:ne] changes only
// a word of one line that starts plainly, whatever else the line holds (a
// backtick, a bold word in prose; code in a block's contents):
// the change is letters, digits and blanks, and the word it is in, before
// and after, stands between blanks, inert punctuation or the line's ends,
// never next to a byte a marker, tag, string or path is made of. Such a
// word is no marker, tag name, attribute, string or escape, and a line
// starting plainly opens no fence or marker; what it can still change
// (a line naming the file of a fence below it) is for sameInWindow to
// see, which every such change is held to.
func wordEdit(old, src []byte, ls, cs, oe, ne int) bool {
	leOld := lineEnd(old, oe)
	if leOld != lineEnd(old, cs) || !plainStart(old[ls:leOld]) || !wordBytes(old[cs:oe]) || !wordBytes(src[cs:ne]) {
		return false
	}
	sep := func(b []byte, i int) bool { // b[i] may stand beside a word
		if i < 0 || i >= len(b) {
			return true
		}
		switch b[i] {
		case ' ', '\t', '\r', '\n', '.', ',', ';', ':', '!', '?', '(', ')':
			return true
		}
		return false
	}
	isWord := func(c byte) bool {
		return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
	}
	for _, t := range []struct {
		b      []byte
		lo, hi int
	}{{old, cs, oe}, {src, cs, ne}} {
		for t.lo > ls && isWord(t.b[t.lo-1]) {
			t.lo--
		}
		for t.hi < len(t.b) && isWord(t.b[t.hi]) {
			t.hi++
		}
		if t.lo > ls && !sep(t.b, t.lo-1) || !sep(t.b, t.hi) {
			return false
		}
	}
	return true
}

// wordBytes says whether b is only letters, digits, '_' and blanks.
func wordBytes(b []byte) bool {
	for _, c := range b {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == ' ' || c == '\t') {
			return false
		}
	}
	return true
}

// inertLines says whether every line of b is inertLine and plainStart.
func inertLines(b []byte) bool {
	for {
		line, rest, more := bytes.Cut(b, []byte("\n"))
		if !inertLine(line) || !plainStart(line) {
			return false
		}
		if !more {
			return true
		}
		b = rest
	}
}

// plainStart says whether a line's first byte after its indent is one no
// marker or fence starts with: a letter, a digit, or nothing.
func plainStart(line []byte) bool {
	t := bytes.TrimLeft(line, " \t")
	if len(t) == 0 || t[0] == '\r' {
		return true
	}
	ch := t[0]
	return 'a' <= ch && ch <= 'z' || 'A' <= ch && ch <= 'Z' || '0' <= ch && ch <= '9'
}

// sharedPrefix is the length of the longest common prefix of a and b,
// compared a chunk at a time (bytes.Equal is vectorised).
func sharedPrefix(a, b []byte) int {
	n := min(len(a), len(b))
	const chunk = 4 << 10
	i := 0
	for i+chunk <= n && bytes.Equal(a[i:i+chunk], b[i:i+chunk]) {
		i += chunk
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

// sharedSuffix is the length of the longest common suffix of a and b.
func sharedSuffix(a, b []byte) int {
	n := min(len(a), len(b))
	const chunk = 4 << 10
	i := 0
	for i+chunk <= n && bytes.Equal(a[len(a)-i-chunk:len(a)-i], b[len(b)-i-chunk:len(b)-i]) {
		i += chunk
	}
	for i < n && a[len(a)-1-i] == b[len(b)-1-i] {
		i++
	}
	return i
}
