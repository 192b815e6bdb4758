package textedit

import (
	"bytes"
	"encoding/binary"
	"runtime"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/clada-dev/clada/internal/bigbuf"
	"github.com/clada-dev/clada/internal/parallel"
)

// The fast path for many file_replace_text actions on one file in one apply.
// Checking that a search occurs exactly once means scanning the
// whole file, and splicing the replacement in means copying it: for 5,000
// edits of a 10 MiB file that is 5,000 scans and copies. Instead, when an
// apply holds a file it already wrote (engine's write-back cache) and the
// document has many searches for it, the file gets an Index: its text in a gap
// buffer, and where each of those searches occurs in it, found in one pass
// and kept current edit by edit by looking only around the edited span.
//
// The fast path only ever takes the plain success case (the search occurs
// exactly once, no line endings to adapt; replaced, or already applied when
// that one match lies inside a copy of the replacement, replay.go) and
// gives the very result the ordinary path would; anything else (not found,
// found twice, CRLF to adapt, a search the index does not know) goes the
// ordinary way on the same text.

// KeyLen is the shortest search an Index takes: it finds a search by its
// first KeyLen bytes (index_filter.go says how it skips the others).
const KeyLen = 16

// occ is one occurrence of pattern pid at byte pos of the text.
type occ struct {
	pos int
	pid int32
}

// The occurrences are kept in two stacks split at a point that follows the
// edits, as the text's gap buffer does: pre holds those before the split by
// their offset from the text's start, ascending, and post those after it by
// their offset from the text's end, the one nearest the split last. An edit
// changes neither kind of offset of the occurrences it does not touch, so
// it costs only the occurrences between the last edit and this one (edits
// come in file order, mostly), not every occurrence of the file. where
// finds a pattern's occurrence without a search: the slot in recs of the
// one last made, while it lives.
type occRec struct {
	key  int // offset from the start (in pre) or from the end (in post)
	pid  int32
	post bool
	dead bool
}

// Index is one file's text and the occurrences of the planned searches.
type Index struct {
	bom     bool   // the file starts with BOM, kept out of the text as Decode does
	buf     []byte // gap buffer: the text is buf[:gs] followed by buf[ge:]
	gs, ge  int
	shared  bool     // Bytes handed out buf's text: the next edit copies buf first
	crlfs   int      // "\r\n" pairs in the text: with any, searches with line ends go the ordinary way
	crs     int      // "\r" bytes in the text: with any, V4A hunks climb the ladder (ReplaceLines)
	olds    []string // the planned searches, as NewIndex was given them
	pats    []string // the distinct ones (ensurePatterns), by id
	ids     map[string]int32
	byKey   map[[2]uint64][]int32 // a pattern's first KeyLen bytes → the patterns
	filter  keyFilter             // over the keys
	maxLen  int
	recs    []occRec // every occurrence found, overlapping ones too, dead ones included
	pre     []int32  // slots of recs before the split, ascending by position
	post    []int32  // slots of recs after it, descending by position
	where   []int32  // pattern → slot of its latest occurrence, -1 when gone
	count   []int32  // live occurrences per pattern
	scratch []byte
	// scanned says the occurrences are found: NewIndex leaves that to the
	// first edit that needs them (ensureScanned), since a unified diff's
	// hunk that matches at its stated line needs none (ReplaceOnce), and
	// the scan of every byte was most of a thousand-file diff's trial.
	scanned bool
	// line is the 1-based line number at text offset linePos, kept
	// across edits, so the lines of ascending matches (a unified diff's
	// hunks) are counted once over the file, not from its start each time.
	linePos, line int
}

// NewIndex indexes data for the searches olds; nil when data is not
// UTF-8 (the ordinary path reports that).
func NewIndex(data []byte, olds []string) *Index {
	if !utf8.Valid(data) {
		return nil
	}
	x := &Index{line: 1, olds: olds}
	if bytes.HasPrefix(data, []byte(BOM)) {
		x.bom, data = true, data[len(BOM):]
	}
	gap := len(data)/8 + 4096
	x.buf = bigbuf.Make(len(data)+gap, len(data)+gap)
	copy(x.buf, data)
	x.gs, x.ge = len(data), len(x.buf)
	x.crlfs = bytes.Count(data, []byte("\r\n"))
	x.crs = bytes.Count(data, []byte("\r"))
	return x
}

// ensurePatterns makes the tables of the planned searches, once: like the
// scan, only an edit that needs the occurrences pays for them.
func (x *Index) ensurePatterns() {
	if x.ids != nil {
		return
	}
	x.ids, x.byKey, x.filter = map[string]int32{}, map[[2]uint64][]int32{}, newKeyFilter(len(x.olds))
	for _, p := range x.olds {
		if _, dup := x.ids[p]; dup {
			continue
		}
		id := int32(len(x.pats))
		x.ids[p] = id
		x.pats = append(x.pats, p)
		k := keyOf([]byte(p))
		x.byKey[k] = append(x.byKey[k], id)
		x.filter.add(k)
		x.maxLen = max(x.maxLen, len(p))
	}
	x.count = make([]int32, len(x.pats))
	x.where = make([]int32, len(x.pats))
	for i := range x.where {
		x.where[i] = -1
	}
}

// ensureScanned finds the occurrences in the text as it now is, once.
func (x *Index) ensureScanned() {
	if x.scanned {
		return
	}
	x.ensurePatterns()
	x.scanned = true
	x.moveGap(x.len(), 0)
	x.scanAll(x.buf[:x.gs])
}

// scanAll finds the occurrences in the whole text, on every core (a 10 MiB
// file is tens of milliseconds on one), in chunks of starting positions.
func (x *Index) scanAll(data []byte) {
	const chunk = 1 << 20
	n := (len(data) + chunk - 1) / chunk
	found := make([][]occ, n)
	sm := newSampler(x.pats) // index_sampled.go
	parallel.Do(n, runtime.GOMAXPROCS(0), func(j int) {
		emit := func(o occ) { found[j] = append(found[j], o) }
		if sm != nil {
			sm.scanFrom(x, data, j*chunk, (j+1)*chunk, emit)
		} else {
			x.scanFrom(data, j*chunk, (j+1)*chunk, 0, emit)
		}
	})
	for _, f := range found {
		for _, o := range f {
			x.add(o)
			x.pre = append(x.pre, int32(len(x.recs)-1))
		}
	}
}

// add makes a live record of o (its key not yet set) and counts it.
func (x *Index) add(o occ) {
	x.recs = append(x.recs, occRec{key: o.pos, pid: o.pid})
	x.count[o.pid]++
	x.where[o.pid] = int32(len(x.recs) - 1)
}

// pos is the text offset of the occurrence in slot i.
func (x *Index) pos(i int32) int {
	r := &x.recs[i]
	if r.post {
		return x.len() - r.key
	}
	return r.key
}

// kill drops the occurrence in slot i.
func (x *Index) kill(i int32) {
	r := &x.recs[i]
	r.dead = true
	x.count[r.pid]--
	if x.where[r.pid] == i {
		x.where[r.pid] = -1
	}
}

// only is the position of pattern id's one live occurrence (count is 1).
func (x *Index) only(id int32) int {
	if i := x.where[id]; i >= 0 {
		return x.pos(i)
	}
	// Made long ago and outlived by a later one: look (rare).
	for _, s := range [][]int32{x.pre, x.post} {
		for _, i := range s {
			if r := x.recs[i]; r.pid == id && !r.dead {
				x.where[id] = i
				return x.pos(i)
			}
		}
	}
	panic("textedit: index lost an occurrence")
}

// keyOf is the first KeyLen bytes of s (which has at least that many).
func keyOf(s []byte) [2]uint64 {
	return [2]uint64{binary.LittleEndian.Uint64(s), binary.LittleEndian.Uint64(s[8:])}
}

// scan reports every occurrence of every pattern in text, whose first byte is
// at base in the whole text, in order of position.
func (x *Index) scan(text []byte, base int, emit func(occ)) {
	x.scanFrom(text, 0, len(text), base, emit)
}

// scanFrom is scan of the occurrences starting at lo..hi-1 of text.
func (x *Index) scanFrom(text []byte, lo, hi, base int, emit func(occ)) {
	filter := &x.filter
	for i := lo; i < hi && i+KeyLen <= len(text); i++ {
		w := text[i : i+KeyLen : i+KeyLen]
		k0, k1 := binary.LittleEndian.Uint64(w[:8]), binary.LittleEndian.Uint64(w[8:])
		if !filter.mayHold(keyHash(k0, k1)) {
			continue
		}
		k := [2]uint64{k0, k1}
		for _, id := range x.byKey[k] {
			if bytes.HasPrefix(text[i:], []byte(x.pats[id])) {
				emit(occ{base + i, id})
			}
		}
	}
}

func (x *Index) len() int { return len(x.buf) - (x.ge - x.gs) }

// Bytes is the file's content, never written to again. Without a BOM it
// is the index's own buffer, the gap moved to its end (a new 10 MiB slice
// per write-out was a tenth of an apply's page faults); the next edit
// copies the buffer before it changes anything.
func (x *Index) Bytes() []byte {
	if x.bom {
		out := make([]byte, 0, len(BOM)+x.len())
		return append(append(append(out, BOM...), x.buf[:x.gs]...), x.buf[x.ge:]...)
	}
	if !x.shared {
		x.moveGap(x.len(), 0)
		x.shared = true
	}
	return x.buf[:x.gs:x.gs]
}

// text copies the text's bytes from..to (clamped) into scratch.
func (x *Index) text(from, to int) []byte {
	from, to = max(from, 0), min(to, x.len())
	x.scratch = x.scratch[:0]
	if from >= to {
		return x.scratch
	}
	if from < x.gs {
		x.scratch = append(x.scratch, x.buf[from:min(to, x.gs)]...)
	}
	if to > x.gs {
		g := x.ge - x.gs
		x.scratch = append(x.scratch, x.buf[max(from, x.gs)+g:to+g]...)
	}
	return x.scratch
}

// moveGap puts the gap at text offset at with room for n more bytes.
func (x *Index) moveGap(at, n int) {
	if x.ge-x.gs < n {
		grown := bigbuf.Make(len(x.buf)+n+len(x.buf)/8, len(x.buf)+n+len(x.buf)/8)
		copy(grown, x.buf[:x.gs])
		tail := len(x.buf) - x.ge
		copy(grown[len(grown)-tail:], x.buf[x.ge:])
		x.buf, x.ge = grown, len(grown)-tail
	}
	switch {
	case at < x.gs:
		n := x.gs - at
		copy(x.buf[x.ge-n:x.ge], x.buf[at:x.gs])
		x.gs, x.ge = at, x.ge-n
	case at > x.gs:
		n := at - x.gs
		copy(x.buf[x.gs:x.gs+n], x.buf[x.ge:x.ge+n])
		x.gs, x.ge = at, x.ge+n
	}
}

// Indexed is what the index made of one file_replace_text.
type Indexed uint8

const (
	Declined Indexed = iota // the ordinary path must decide; nothing changed
	Replaced                // old replaced by repl
	Replayed                // already applied: old's one match lies in a copy of repl (replay.go)
)

// countNL counts the "\n" bytes of the text from..to, across the gap.
func (x *Index) countNL(from, to int) int {
	n := 0
	if from < x.gs {
		n += bytes.Count(x.buf[from:min(to, x.gs)], []byte("\n"))
	}
	if to > x.gs {
		g := x.ge - x.gs
		n += bytes.Count(x.buf[max(from, x.gs)+g:to+g], []byte("\n"))
	}
	return n
}

// lineAt is the 1-based line number of text offset pos, counted from the
// last one asked for (or the start, whichever is nearer).
func (x *Index) lineAt(pos int) int {
	switch {
	case pos >= x.linePos:
		x.line += x.countNL(x.linePos, pos)
	case pos < x.linePos-pos:
		x.line = 1 + x.countNL(0, pos)
	default:
		x.line -= x.countNL(pos, x.linePos)
	}
	x.linePos = pos
	return x.line
}

// ReplaceOnce is file_replace_text's success case: old (a planned search)
// occurs exactly once and needs no line-end adapting. It also gives the
// 1-based line the match starts on (a unified diff's hunk reports how far
// that is from the line it stated). With near > 0 (near_line, a unified
// diff's hunk) only a match that starts a line counts, and one starting at
// line near is taken however many others there are, as PickNear takes it:
// that needs no search, only the line's offset and a comparison, which is
// how git apply places a hunk too. It declines, having changed nothing,
// when the ordinary path must decide.
func (x *Index) ReplaceOnce(old, repl string, near int) (Indexed, int) {
	if x.crlfs > 0 && strings.ContainsAny(old+repl, "\r\n") {
		return Declined, 0 // ToFileEOL/ReplacementEOL may adapt them
	}
	if near > 0 {
		if at, ok := x.lineStart(near); ok && x.holds(at, old) {
			return x.replaceAt(at, near, old, repl)
		}
	}
	x.ensurePatterns()
	id, known := x.ids[old]
	if !known {
		return Declined, 0
	}
	x.ensureScanned()
	if x.count[id] != 1 {
		return Declined, 0
	}
	at := x.only(id)
	if near > 0 && at > 0 && x.text(at-1, at)[0] != '\n' {
		return Declined, 0
	}
	return x.replaceAt(at, x.lineAt(at), old, repl)
}

// replaceAt replaces old, found at at on line line, by repl, unless a
// copy of repl lies around it (the edit was made before: Replayed).
func (x *Index) replaceAt(at, line int, old, repl string) (Indexed, int) {
	x.linePos, x.line = at, line
	if repl != old && strings.Contains(repl, old) { // a copy of repl around old's one match?
		lo := max(0, at+len(old)-len(repl))
		if j := bytes.Index(x.text(lo, at+len(repl)), []byte(repl)); j >= 0 && lo+j <= at {
			return Replayed, line
		}
	}
	// The line counted at the match stands: the text before it, and so
	// its line number, the edit does not change.
	x.splice(at, len(old), repl)
	return Replaced, line
}

// lineStart is the text offset where 1-based line n starts, counted from
// the last line asked for when n lies after it (a diff's hunks come in
// order), else from the start; false when the text has fewer lines.
func (x *Index) lineStart(n int) (int, bool) {
	pos, line := 0, 1
	if n > x.line {
		pos, line = x.linePos, x.line
	}
	for ; line < n; line++ {
		nl := x.indexNL(pos)
		if nl < 0 {
			return 0, false
		}
		pos = nl + 1
	}
	x.linePos, x.line = pos, n
	return pos, true
}

// indexNL is the offset of the first "\n" of the text at or after from,
// across the gap; -1 when there is none.
func (x *Index) indexNL(from int) int {
	if from < x.gs {
		if i := bytes.IndexByte(x.buf[from:x.gs], '\n'); i >= 0 {
			return from + i
		}
		from = x.gs
	}
	g := x.ge - x.gs
	if i := bytes.IndexByte(x.buf[from+g:], '\n'); i >= 0 {
		return from + i
	}
	return -1
}

// holds reports whether the text has s at offset at.
func (x *Index) holds(at int, s string) bool {
	return at+len(s) <= x.len() && string(x.text(at, at+len(s))) == s
}

// ReplaceLines is the exact rung of a V4A hunk without anchors (the
// ladder's first rung on the raw bytes, exact_bytes.go) on the index: old
// is the hunk's old lines and repl its new ones, each line ending in
// "\n" (old a planned search). It replaces old when old occurs exactly
// once in the text and that once starts a line, the text has no CR and
// ends with "\n": then old is the one line-aligned match ExactBytes finds,
// and the edit is ReplaceExactBytes's. It declines, having changed
// nothing, in every other case (and when repl holds old: whether the hunk
// is a replay, the ladder says).
func (x *Index) ReplaceLines(old, repl string) Indexed {
	x.ensurePatterns()
	id, known := x.ids[old]
	if known {
		x.ensureScanned()
	}
	if !known || x.count[id] != 1 || x.crs > 0 || x.len() == 0 || x.text(x.len()-1, x.len())[0] != '\n' {
		return Declined
	}
	if !strings.HasSuffix(old, "\n") || (repl != "" && !strings.HasSuffix(repl, "\n")) || strings.Contains(repl, old) {
		return Declined
	}
	at := x.only(id)
	if at > 0 && x.text(at-1, at)[0] != '\n' {
		return Declined
	}
	x.splice(at, len(old), repl)
	return Replaced
}

// splice replaces the olen bytes at at with repl, keeping the
// occurrences current.
func (x *Index) splice(at, olen int, repl string) {
	if x.shared {
		x.buf, x.shared = slices.Clone(x.buf), false
	}
	end, n := at+olen, len(repl)
	x.crs += strings.Count(repl, "\r") - bytes.Count(x.text(at, end), []byte("\r"))
	x.crlfs -= bytes.Count(x.text(at-1, end+1), []byte("\r\n"))
	x.moveGap(end, n)
	x.gs = at // drop old: it sits just before the gap
	copy(x.buf[x.gs:], repl)
	x.gs += n
	x.crlfs += bytes.Count(x.text(at-1, at+n+1), []byte("\r\n"))
	if !x.scanned {
		return // the scan, when one is needed, finds the text as edited
	}

	// Occurrences touching the old span are gone; those after it keep
	// their offset from the end, those before it their offset from the
	// start. The split goes where the first one that may touch it starts.
	// (The text is already edited: positions after the edit are found from
	// the end, which the edit did not move.)
	from := at - x.maxLen + 1
	keep := x.splitEdited(from, at, end, n)
	// New ones overlap the new span (or, for an empty one, straddle it).
	var fresh []occ
	x.scan(x.text(from, at+n+x.maxLen-1), max(from, 0), func(o occ) {
		if o.pos+len(x.pats[o.pid]) > at && o.pos < at+n {
			fresh = append(fresh, o)
		}
	})
	for _, o := range fresh {
		x.add(o)
		keep = append(keep, int32(len(x.recs)-1))
	}
	// The kept and the new ones start from from on and before at+n, so
	// before every occurrence left in post: pushed in order of position,
	// the first last, post stays in order.
	for _, i := range keep {
		if !x.recs[i].post {
			x.recs[i].key, x.recs[i].post = x.len()-x.recs[i].key, true
		}
	}
	slices.SortFunc(keep, func(a, b int32) int { return x.recs[a].key - x.recs[b].key })
	x.post = append(x.post, keep...)
}

// splitEdited moves the split to from, just after the text's span
// [at, end) became n bytes, dropping the occurrences that touched the old
// span. pre's keys are offsets from the start, which the edit moved only
// at or after at; post's are from the end, which it moved only before end.
// It returns, out of post, the occurrences from from on that end by at,
// keyed from the end of the edited text, for the caller to put back with
// the new ones.
func (x *Index) splitEdited(from, at, end, n int) []int32 {
	delta := n - (end - at)
	newLen := x.len()
	oldLen := newLen - delta
	// From pre, everything starting at or after from goes to post (by its
	// old position: it starts before at, or touches the span, or follows).
	for len(x.pre) > 0 {
		i := x.pre[len(x.pre)-1]
		if x.recs[i].key < from {
			break
		}
		x.pre = x.pre[:len(x.pre)-1]
		x.recs[i].key, x.recs[i].post = oldLen-x.recs[i].key, true
		x.post = append(x.post, i)
	}
	// From post, in order of position (oldLen-key before the edit): those
	// before from go to pre, those touching [at, end) die, the others
	// before end are kept.
	var keep []int32
	for len(x.post) > 0 {
		i := x.post[len(x.post)-1]
		r := &x.recs[i]
		p := oldLen - r.key
		if p >= end {
			break
		}
		x.post = x.post[:len(x.post)-1]
		switch {
		case p < from:
			r.key, r.post = p, false
			x.pre = append(x.pre, i)
		case p+len(x.pats[r.pid]) > at: // touches the old span (p < end)
			x.kill(i)
		default: // before at and ends by it: its position stands
			keep = append(keep, i)
		}
	}
	for _, i := range keep {
		x.recs[i].key = newLen - (oldLen - x.recs[i].key)
	}
	return keep
}
