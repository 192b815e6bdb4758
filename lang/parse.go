package lang

import (
	"bytes"
	"cmp"
	"container/list"
	"runtime"
	"slices"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/clada-dev/clada/grammar/csl"
	"github.com/clada-dev/clada/grammar/sham"
	"github.com/clada-dev/clada/internal/parallel"
	"github.com/clada-dev/clada/source"
)

// spanRanges turns a grammar's [start, end) block spans into Ranges, for
// the front-ends whose split is the grammar's own.
func spanRanges(spans [][2]int) []source.Range {
	out := make([]source.Range, len(spans))
	for i, s := range spans {
		out[i] = source.Range{Start: s[0], End: s[1]}
	}
	return out
}

// scratch is one worker's reusable parser buffers, handed to each lower it
// calls, so blocks parsed one after another reuse them. Never shared between
// goroutines.
type scratch struct {
	sham sham.Scratch
	csl  csl.Scratch
	run  struct {
		texts  [][]byte
		groups []*Group
	}
	// deferHunks is ParseOptions.DeferHunkTexts (hunk_texts.go).
	deferHunks bool
}

// blockSpan is one block found by a syntax's split. prefix is the
// container prefix of its marker line (see parse_indent.go), nil at
// column 1.
type blockSpan struct {
	source.Range
	def    *SyntaxDef
	prefix []byte
}

// Parse finds every action block in f (any mix of syntaxes, between arbitrary
// prose) and lowers each into the shared AST. It never fails: every problem
// is a Diagnostic on the document, group or action it belongs to. Blocks are
// parsed concurrently; the result is in source order.
func Parse(f *source.File) *Document { return parse(f, nil) }

// plan is how a parse shares its work among goroutines: up to workers of
// them (fewer than two: none), for the scan when the text has scanMin
// bytes, in pieces of at least chunkMin bytes (parse_chunks.go), for
// lowering when the blocks have lowerMin bytes; a worker takes runMax
// blocks at a time (see lowerAll). Parse plans from GOMAXPROCS; tests
// force every path on small texts.
type plan struct {
	workers, scanMin, chunkMin, lowerMin, runMax int
	// deferHunks is ParseOptions.DeferHunkTexts, handed to each lowering
	// in its scratch.
	deferHunks bool
}

// defaultPlan is the plan of Parse: the thresholds are where spawning
// workers starts to cost less than it saves.
func defaultPlan() plan {
	return plan{workers: runtime.GOMAXPROCS(0), scanMin: 256 << 10, chunkMin: chunkMin, lowerMin: 64 << 10, runMax: runMax}
}

// parse is Parse with an optional block cache.
func parse(f *source.File, c *Parser) *Document { return parseWith(f, c, defaultPlan()) }

// parseWith is parse under plan p.
func parseWith(f *source.File, c *Parser, p plan) *Document {
	doc := &Document{File: f}
	scanWorkers := p.workers
	if len(f.Src) < p.scanMin {
		scanWorkers = 1
	}
	spans, diags := findSpans(f.Src, scanWorkers, p.chunkMin)
	doc.Diags = diags
	if c != nil {
		c.last = &lastParse{src: f.Src, spans: spans, doc: doc, hunks: bytes.Contains(f.Src, []byte("@@"))}
	}
	doc.Groups = make([]*Group, len(spans))
	texts := make([][]byte, len(spans))
	maps := make([]*textMap, len(spans))
	if c == nil {
		// Everything per block happens on the workers: its text, its
		// lowering, and moving its ranges to where it sits.
		todo := make([]int, len(spans))
		for i := range todo {
			todo[i] = i
		}
		text := func(i int) []byte {
			texts[i], maps[i] = blockText(f.Src, spans[i])
			return texts[i]
		}
		place := func(i int) {
			if maps[i] != nil {
				mapGroup(doc.Groups[i], maps[i])
				warnShallow(f.Src, spans[i].prefix, doc.Groups[i])
			} else {
				shiftGroup(doc.Groups[i], spans[i].Start)
			}
		}
		lowerAll(text, spans, todo, doc.Groups, place, p)
		return doc
	}
	todo := make([]int, 0, len(spans))
	doc.parser, doc.entries = c, make([]*cacheEntry, len(spans))
	// Each block's text and its look-up in the cache, a hash of the whole
	// text (a serial step of every parse of a language server's, 5,000
	// blocks of 5.6 MB), on the workers: the cache's tables are only read
	// until the inserts below. The hits are then marked used in source
	// order, as one look-up after another would (Parser.lookup).
	found := make([]*list.Element, len(spans))
	look := func(i int) {
		texts[i], maps[i] = blockText(f.Src, spans[i])
		found[i] = c.tables[spans[i].def.ID][string(texts[i])]
	}
	if size := len(f.Src); p.workers < 2 || size < p.lowerMin {
		for i := range spans {
			look(i)
		}
	} else {
		const batch = 64
		parallel.Do((len(spans)+batch-1)/batch, p.workers, func(j int) {
			for i := j * batch; i < min(len(spans), (j+1)*batch); i++ {
				look(i)
			}
		})
	}
	for i, s := range spans {
		if found[i] == nil {
			c.misses++
			todo = append(todo, i)
			continue
		}
		c.lru.MoveToFront(found[i])
		c.hits++
		e := found[i].Value.(*cacheEntry)
		doc.Groups[i] = placeGroup(e, s.Start, maps[i])
		if maps[i] != nil {
			warnShallow(f.Src, s.prefix, doc.Groups[i])
		} else {
			doc.entries[i] = e
		}
	}
	// The cache entries are made on the workers, stored below.
	entries := make([]*cacheEntry, len(spans))
	prepare := func(i int) {
		at := spans[i].Start
		if maps[i] != nil {
			at = 0
		}
		entries[i] = c.prepare(spans[i].def.ID, texts[i], doc.Groups[i], at)
	}
	lowerAll(func(i int) []byte { return texts[i] }, spans, todo, doc.Groups, prepare, p)
	for _, i := range todo {
		e := c.insert(entries[i])
		doc.Groups[i] = placeGroup(e, spans[i].Start, maps[i])
		if maps[i] != nil {
			warnShallow(f.Src, spans[i].prefix, doc.Groups[i])
		} else {
			doc.entries[i] = e
		}
	}
	return doc
}

// placeGroup returns a cached block's group placed in the document: moved
// to start, or, for a normalized block (m != nil), a copy mapped to the
// source (the entry stays relative to the normalized text).
func placeGroup(e *cacheEntry, start int, m *textMap) *Group {
	if m == nil {
		return e.placed(start)
	}
	g := cloneShift(e.last, -e.lastAt)
	mapGroup(g, m)
	return g
}

// findSpans runs every syntax's splitter and merges the spans in source
// order: first over the text itself (blocks at column 1), then over one
// view per container prefix (indented blocks, see findIndented). A span
// that starts inside an earlier one is content of that block, not a block;
// at the same start an indented reading wins (CML finds an indented
// element both ways). Diagnostics that fall inside a kept block are that
// block's business, not the splitter's.
//
// The splitters, the search for indented markers and the searches for
// formats clada does not read (unread.go) each read the whole text and
// nothing else, so they run as separate jobs on up to workers goroutines
// (a third of a 5.6 MB parse on one core), a resumable split in pieces of
// at least chunkMin bytes; their results are merged in a fixed order, the
// same whatever ran where. A format not read is reported
// where it stands outside every block, as a splitter's diagnostic is.
func findSpans(src []byte, workers, chunkMin int) ([]blockSpan, source.Diagnostics) {
	var ranges [len(syntaxes)][]source.Range
	var splitDiags [len(syntaxes)]source.Diagnostics
	finds := make(markerFinds, len(indentedMarkers))
	unread := make([][]source.Range, len(unreadFormats))
	split := func(i int) { ranges[i], splitDiags[i] = syntaxes[i].split(src) }
	// First every splitter that needs no marker (SyntaxDef.gate), the
	// marker searches and the finds of unread formats, then the splitters
	// whose marker was seen. With several workers a resumable split
	// (SyntaxDef.splitFrom) is scanned in pieces, four a worker, after the
	// whole-text jobs (the longest go first, the short pieces fill in
	// after them), and joined by the worker that scans its last piece,
	// while the others still scan (parse_chunks.go).
	var jobs, pieceJobs []func()
	for g := range markerGroups {
		jobs = append(jobs, func() { findMarkers(src, markerGroups[g], finds) })
	}
	for u := range unreadFormats {
		jobs = append(jobs, func() { unread[u] = unreadFormats[u].find(src) })
	}
	var borders []int
	if workers >= 2 {
		borders = chunkBorders(src, 4*workers, chunkMin)
	}
	var pieces [len(syntaxes)][]splitPiece
	var left [len(syntaxes)]atomic.Int32 // pieces not scanned yet
	for i := range syntaxes {
		def := &syntaxes[i]
		switch {
		case def.gate != "" || def.gatedByAny:
		case def.splitFrom != nil && len(borders) > 2:
			pieces[i] = make([]splitPiece, len(borders)-1)
			left[i].Store(int32(len(pieces[i])))
			for k := range pieces[i] {
				pieceJobs = append(pieceJobs, func() {
					pieces[i][k] = scanPiece(def, src, borders[k], borders[k+1])
					if left[i].Add(-1) == 0 { // every piece's scan is done
						ranges[i], splitDiags[i] = joinPieces(def, src, borders, pieces[i])
					}
				})
			}
		default:
			jobs = append(jobs, func() { split(i) })
		}
	}
	jobs = append(jobs, pieceJobs...)
	parallel.Do(len(jobs), workers, func(j int) { jobs[j]() })
	var gated []int
	for i := range syntaxes {
		if mk := syntaxes[i].gate; mk != "" && finds[markerIndex(mk)].seen || syntaxes[i].gatedByAny && finds.anySeen(syntaxes[i].markers) {
			gated = append(gated, i)
		}
	}
	parallel.Do(len(gated), workers, func(j int) { split(gated[j]) })
	var found source.Diagnostics
	for i := range syntaxes {
		found = append(found, splitDiags[i]...)
	}
	kept := dropOverlaps(dropYielding(orderSpans(&ranges)))
	if more, mds := findIndented(src, kept, finds); len(more) > 0 || len(mds) > 0 {
		kept = append(kept, more...)
		found = append(found, mds...)
		sortSpans(kept)
		kept = dropOverlaps(dropYielding(kept))
	}
	found = append(found, unreadFound(src, unread)...)
	var diags source.Diagnostics
	for _, d := range found {
		i := sort.Search(len(kept), func(i int) bool { return kept[i].End > d.Range.Start })
		if i < len(kept) && kept[i].Start <= d.Range.Start {
			continue
		}
		diags = append(diags, d)
	}
	diags.Sort()
	return kept, diags
}

// orderSpans is every syntax's spans (ranges[i] are syntaxes[i]'s) in
// sortSpans's order. A split finds its blocks in order, so the lists are
// merged, a run at a time, without a sort (a serial step of a parse
// however many cores: a sort of 5,000 spans took as long as lowering 60
// blocks); a list out of order is sorted.
func orderSpans(ranges *[len(syntaxes)][]source.Range) []blockSpan {
	n, inOrder := 0, true
	for _, rs := range ranges {
		n += len(rs)
		for k := 1; k < len(rs) && inOrder; k++ {
			inOrder = rs[k-1].Start <= rs[k].Start
		}
	}
	all := make([]blockSpan, 0, n)
	if !inOrder {
		for i, rs := range ranges {
			for _, r := range rs {
				all = append(all, blockSpan{Range: r, def: &syntaxes[i]})
			}
		}
		sortSpans(all)
		return all
	}
	var at [len(syntaxes)]int
	for len(all) < n {
		// the list with the first head (at a tie, the syntax first in the
		// registry, as sortSpans keeps), and the next head after it
		best, next := -1, -1
		for i, rs := range ranges {
			if at[i] == len(rs) {
				continue
			}
			switch s := rs[at[i]].Start; {
			case best < 0 || s < ranges[best][at[best]].Start:
				best, next = i, best
			case next < 0 || s < ranges[next][at[next]].Start:
				next = i
			}
		}
		rs := ranges[best]
		for at[best] < len(rs) && (next < 0 || rs[at[best]].Start < ranges[next][at[next]].Start ||
			rs[at[best]].Start == ranges[next][at[next]].Start && best < next) {
			all = append(all, blockSpan{Range: rs[at[best]], def: &syntaxes[best]})
			at[best]++
		}
	}
	return all
}

// sortSpans orders spans by start, an indented reading first at a tie.
func sortSpans(all []blockSpan) {
	// slices, not sort.SliceStable: its in-place merge swapped through
	// reflection, a tenth of parsing 5,000 aider blocks.
	slices.SortStableFunc(all, func(a, b blockSpan) int {
		if a.Start != b.Start {
			return cmp.Compare(a.Start, b.Start)
		}
		switch {
		case a.prefix != nil && b.prefix == nil:
			return -1
		case a.prefix == nil && b.prefix != nil:
			return 1
		}
		return 0
	})
}

// dropYielding drops, of sorted spans, each span of a yielding syntax
// (SyntaxDef.yields: a whole-file fence) that holds the start of another
// syntax's span: the fence holds that block, and is not a file.
func dropYielding(all []blockSpan) []blockSpan {
	any := false
	for _, s := range all {
		any = any || s.def.yields
	}
	if !any {
		return all
	}
	out := all[:0]
	for i, s := range all {
		if s.def.yields {
			held := false
			for j := i + 1; j < len(all) && all[j].Start < s.End; j++ {
				held = held || !all[j].def.yields
			}
			for j := i - 1; j >= 0 && all[j].Start == s.Start; j-- {
				held = held || !all[j].def.yields
			}
			if held {
				continue
			}
		}
		out = append(out, s)
	}
	return out
}

// dropOverlaps keeps, of sorted spans, those that start after every earlier
// kept one ends, in all's array.
func dropOverlaps(all []blockSpan) []blockSpan {
	kept := all[:0]
	end := -1
	for _, s := range all {
		if s.Start < end {
			continue
		}
		kept = append(kept, s)
		end = s.End
	}
	return kept
}

// capDiags folds the syntax diagnostics of a lowered block past
// MaxDiagsPerKind of a code, for the group and each of its actions.
func capDiags(g *Group) {
	if g == nil {
		return
	}
	g.Diags = g.Diags.Capped(MaxDiagsPerKind)
	for _, a := range g.Actions {
		a.Diags = a.Diags.Capped(MaxDiagsPerKind)
	}
}

// runMax is the most blocks a worker takes at once: a run of SHAM blocks
// among them is one grammar call. Past a few dozen blocks the call's fixed
// cost is spread thin; more would only even out the workers' shares worse.
const runMax = 32

// lowerAll lowers text(i) (spans[i]'s block text) into out[i] for each i
// of todo, on up to p.workers goroutines when there is enough work. Workers
// take runs of consecutive blocks, up to p.runMax, fewer when that would
// leave a worker without its share (a few big blocks are still spread over
// the cores); each index is handled by exactly one worker: text(i), the
// lowering, then then(i) when then is not nil.
func lowerAll(text func(i int) []byte, spans []blockSpan, todo []int, out []*Group, then func(i int), p plan) {
	size := 0
	for _, i := range todo {
		size += spans[i].End - spans[i].Start
	}
	workers := min(p.workers, len(todo))
	if workers < 2 || size < p.lowerMin {
		sc := &scratch{deferHunks: p.deferHunks}
		for k := 0; k < len(todo); k += p.runMax {
			lowerChunk(text, spans, todo[k:min(k+p.runMax, len(todo))], out, then, sc)
		}
		return
	}
	step := max(1, min(p.runMax, len(todo)/(4*workers)))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			sc := &scratch{deferHunks: p.deferHunks}
			for {
				k := int(next.Add(int64(step)) - int64(step))
				if k >= len(todo) {
					return
				}
				lowerChunk(text, spans, todo[k:min(k+step, len(todo))], out, then, sc)
			}
		})
	}
	wg.Wait()
}

// lowerChunk lowers the blocks chunk lists, each consecutive run of one
// syntax with a lowerRun in one call, the others one by one.
func lowerChunk(text func(i int) []byte, spans []blockSpan, chunk []int, out []*Group, then func(i int), sc *scratch) {
	for len(chunk) > 0 {
		def := spans[chunk[0]].def
		n := 1
		for n < len(chunk) && spans[chunk[n]].def == def {
			n++
		}
		run := chunk[:n]
		chunk = chunk[n:]
		if def.lowerRun == nil || n == 1 {
			for _, i := range run {
				out[i] = def.lower(text(i), sc)
				capDiags(out[i])
				if then != nil {
					then(i)
				}
			}
			continue
		}
		rt, rg := sc.run.texts[:0], sc.run.groups[:0]
		for _, i := range run {
			rt, rg = append(rt, text(i)), append(rg, nil)
		}
		def.lowerRun(rt, sc, rg)
		for k, i := range run {
			out[i] = rg[k]
			capDiags(out[i])
			if then != nil {
				then(i)
			}
		}
		clear(rt)
		clear(rg)
		sc.run.texts, sc.run.groups = rt, rg
	}
}

// shiftGroup moves every range of g by delta bytes, in place.
func shiftGroup(g *Group, delta int) {
	g.Range = g.Range.Shift(delta)
	shiftDiags(g.Diags, delta)
	for _, a := range g.Actions {
		a.Range = a.Range.Shift(delta)
		a.IDRange = a.IDRange.Shift(delta)
		a.OpRange = a.OpRange.Shift(delta)
		shiftDiags(a.Diags, delta)
		for _, p := range a.Params {
			p.KeyRange = p.KeyRange.Shift(delta)
			p.ValueRange = p.ValueRange.Shift(delta)
			p.ContentRange = p.ContentRange.Shift(delta)
		}
	}
}

func shiftDiags(ds source.Diagnostics, delta int) {
	for i := range ds {
		ds[i].Range = ds[i].Range.Shift(delta)
	}
}

// cloneShift returns a deep copy of g moved by delta, so cached groups are
// never shared with callers.
func cloneShift(g *Group, delta int) *Group {
	c := *g
	c.Diags = append(source.Diagnostics(nil), g.Diags...)
	c.Actions = make([]*Action, len(g.Actions))
	for i, a := range g.Actions {
		ac := *a
		ac.Diags = append(source.Diagnostics(nil), a.Diags...)
		ac.Params = make([]*Param, len(a.Params))
		for j, p := range a.Params {
			pc := *p
			ac.Params[j] = &pc
		}
		c.Actions[i] = &ac
	}
	shiftGroup(&c, delta)
	return &c
}
