package lang

import (
	"runtime"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/clada-dev/clada/grammar/csl"
	"github.com/clada-dev/clada/grammar/sham"
)

// frontEnd is one block syntax. split finds the spans of its blocks in a
// whole text (plus diagnostics for would-be blocks that yield none); lower
// parses one block text into a Group whose ranges are relative to the block
// start, so a lowered block can be cached and moved.
//
// Adding CSL or CML is one more entry in frontEnds.
type frontEnd struct {
	syntax Syntax
	split  func(src []byte) ([]Range, Diagnostics)
	lower  func(text []byte, sc *scratch) *Group
}

// scratch is one worker's reusable parser buffers, handed to each lower it
// calls, so blocks parsed one after another reuse them. Never shared between
// goroutines.
type scratch struct {
	sham sham.Scratch
	csl  csl.Scratch
}

// frontEnds lists every syntax Parse looks for. It is never modified.
var frontEnds = [...]frontEnd{shamFrontEnd, cmlFrontEnd, cslFrontEnd}

// blockSpan is one block found by a front-end.
type blockSpan struct {
	Range
	fe *frontEnd
}

// Parse finds every action block in f (any mix of syntaxes, between arbitrary
// prose) and lowers each into the shared AST. It never fails: every problem
// is a Diagnostic on the document, group or action it belongs to. Blocks are
// parsed concurrently; the result is in source order.
func Parse(f *File) *Document { return parse(f, nil) }

// parse is Parse with an optional block cache.
func parse(f *File, c *Parser) *Document {
	doc := &Document{File: f}
	spans, diags := findSpans(f.Src)
	doc.Diags = diags
	doc.Groups = make([]*Group, len(spans))
	todo := make([]int, 0, len(spans))
	for i, s := range spans {
		if c != nil {
			if e := c.lookup(s.fe.syntax, f.Src[s.Start:s.End]); e != nil {
				doc.Groups[i] = e.placed(s.Start)
				continue
			}
		}
		todo = append(todo, i)
	}
	lowerAll(f.Src, spans, todo, doc.Groups)
	for _, i := range todo {
		s, g := spans[i], doc.Groups[i]
		if c != nil {
			doc.Groups[i] = c.store(s.fe.syntax, f.Src[s.Start:s.End], g, s.Start).placed(s.Start)
		} else {
			shiftGroup(g, s.Start)
		}
	}
	return doc
}

// findSpans runs every front-end's splitter and merges the spans in source
// order. A span that starts inside an earlier one is content of that block,
// not a block; so are diagnostics that fall inside another syntax's block.
func findSpans(src []byte) ([]blockSpan, Diagnostics) {
	var all []blockSpan
	var diags Diagnostics
	type tagged struct {
		d  Diagnostic
		fe *frontEnd
	}
	var tds []tagged
	for i := range frontEnds {
		fe := &frontEnds[i]
		rs, ds := fe.split(src)
		for _, r := range rs {
			all = append(all, blockSpan{r, fe})
		}
		for _, d := range ds {
			tds = append(tds, tagged{d, fe})
		}
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].Start < all[j].Start })
	kept := all[:0]
	end := -1
	for _, s := range all {
		if s.Start < end {
			continue
		}
		kept = append(kept, s)
		end = s.End
	}
	for _, t := range tds {
		i := sort.Search(len(kept), func(i int) bool { return kept[i].End > t.d.Range.Start })
		if i < len(kept) && kept[i].fe != t.fe && kept[i].Start <= t.d.Range.Start {
			continue
		}
		diags = append(diags, t.d)
	}
	diags.Sort()
	return kept, diags
}

// parallelMin is the amount of block text below which spawning workers
// costs more than it saves.
const parallelMin = 64 << 10

// lowerAll lowers spans[todo[k]] into out, on a pool of GOMAXPROCS workers
// when there is enough work. Each index is written by exactly one worker.
func lowerAll(src []byte, spans []blockSpan, todo []int, out []*Group) {
	size := 0
	for _, i := range todo {
		size += spans[i].End - spans[i].Start
	}
	workers := min(runtime.GOMAXPROCS(0), len(todo))
	if workers < 2 || size < parallelMin {
		sc := new(scratch)
		for _, i := range todo {
			s := spans[i]
			out[i] = s.fe.lower(src[s.Start:s.End], sc)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sc := new(scratch)
			for {
				k := int(next.Add(1) - 1)
				if k >= len(todo) {
					return
				}
				s := spans[todo[k]]
				out[todo[k]] = s.fe.lower(src[s.Start:s.End], sc)
			}
		}()
	}
	wg.Wait()
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

func shiftDiags(ds Diagnostics, delta int) {
	for i := range ds {
		ds[i].Range = ds[i].Range.Shift(delta)
	}
}

// cloneShift returns a deep copy of g moved by delta, so cached groups are
// never shared with callers.
func cloneShift(g *Group, delta int) *Group {
	c := *g
	c.Diags = append(Diagnostics(nil), g.Diags...)
	c.Actions = make([]*Action, len(g.Actions))
	for i, a := range g.Actions {
		ac := *a
		ac.Diags = append(Diagnostics(nil), a.Diags...)
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
