package lang

import (
	"container/list"
	"sync"

	"github.com/clada-dev/clada/source"
)

// Parser parses documents like Parse, but remembers lowered blocks by their
// text, so a language server re-parses only the blocks an edit touched.
// Cached blocks are stored with ranges relative to the block start and moved
// to where the block now sits. The cache is an LRU bounded by the bytes of
// block text it holds, so memory stays flat in a long-running server.
// A block that has not moved since the last parse is handed out as the very
// same *Group, so an edit costs work only for the blocks it touched or
// shifted: documents from a Parser share groups and must be treated as
// read-only (nothing outside lang modifies an AST).
// A Parser is safe for concurrent use; the zero value is not: use NewParser.
type Parser struct {
	mu       sync.Mutex
	maxBytes int
	size     int
	lru      list.List // of *cacheEntry, most recently used first
	tables   map[Syntax]map[string]*list.Element
	hits     int
	misses   int
	// last is the previous parse, which the next may start from
	// (parse_incremental.go).
	last *lastParse
	// incrementals counts the parses that took the incremental path,
	// windowed those of them held to sameInWindow (prose, near a marker).
	incrementals, windowed int
}

type cacheEntry struct {
	syntax Syntax
	text   string
	// last is the group handed out most recently, placed at lastAt. A block
	// that moves gets a moved copy of it; last itself is never changed, as
	// documents still hold it. One group per block: a pristine copy beside
	// it doubled the AST a server keeps.
	last   *Group
	lastAt int
	// checked is what Validate finds in the block's actions, placed where
	// the group it was computed on started (checkedAt); valid once
	// isChecked. A block's findings depend on its text alone, so an edit
	// elsewhere only moves them (Parser.check).
	checked   source.Diagnostics
	checkedAt int
	isChecked bool
	// el is the entry's element in the LRU, nil until inserted.
	el *list.Element
}

// newEntry makes an entry of a group just lowered (ranges relative to the
// block start), placed at at. It keeps a copy, not g: g's parts were
// allocated among the parser's garbage, on whichever worker lowered it,
// while copies made one after another lie together in memory, and every
// edit walks the whole AST again (lang.Check is 30% slower on a 1 MB
// document parsed without the copy).
func newEntry(s Syntax, text string, g *Group, at int) *cacheEntry {
	return &cacheEntry{syntax: s, text: text, last: cloneShift(g, at), lastAt: at}
}

// placed returns the block's group with ranges moved to start at at,
// reusing the previous copy when the block has not moved.
func (e *cacheEntry) placed(at int) *Group {
	if e.lastAt != at {
		e.last, e.lastAt = cloneShift(e.last, at-e.lastAt), at
	}
	return e.last
}

// DefaultCacheBytes bounds a Parser's cache when NewParser is given 0.
const DefaultCacheBytes = 32 << 20

// NewParser returns a Parser whose cache holds at most maxBytes of block
// text (DefaultCacheBytes when maxBytes <= 0).
func NewParser(maxBytes int) *Parser {
	if maxBytes <= 0 {
		maxBytes = DefaultCacheBytes
	}
	return &Parser{maxBytes: maxBytes, tables: map[Syntax]map[string]*list.Element{}}
}

// Parse is lang.Parse with the cache.
func (p *Parser) Parse(f *source.File) *Document {
	p.mu.Lock()
	defer p.mu.Unlock()
	if d := p.incremental(f, [3]int{-1, -1, -1}); d != nil {
		p.incrementals++
		return d
	}
	return parse(f, p)
}

// Stats returns how many blocks were served from the cache and how many were
// parsed, since the Parser was made.
func (p *Parser) Stats() (hits, misses int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.hits, p.misses
}

// Incrementals returns how many parses took the incremental path
// (parse_incremental.go) since the Parser was made.
func (p *Parser) Incrementals() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.incrementals
}

// Len returns the number of cached blocks.
func (p *Parser) Len() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.lru.Len()
}

// lookup returns the cache entry for a block text, or nil. Called with mu held.
func (p *Parser) lookup(s Syntax, text []byte) *cacheEntry {
	if e, ok := p.tables[s][string(text)]; ok {
		p.lru.MoveToFront(e)
		p.hits++
		return e.Value.(*cacheEntry)
	}
	p.misses++
	return nil
}

// touch marks a cached block used, as lookup does, for a block the
// incremental parse reuses without looking it up. Called with mu held.
func (p *Parser) touch(e *cacheEntry) {
	if e.el != nil {
		p.lru.MoveToFront(e.el) // no-op once evicted
	}
}

// prepare is the costly half of caching a block, which touches nothing shared: the
// entry (a copy of the group, the text as its key), so parse can make the
// entries of a document's blocks on its workers (storing a 5.6 MB
// document's blocks one by one was a fifth of didOpen). Called while
// the caller of parse holds mu; it only reads maxBytes.
func (p *Parser) prepare(s Syntax, text []byte, g *Group, at int) *cacheEntry {
	if len(text) > p.maxBytes/4 { // one huge block would flush everything else
		return newEntry(s, "", g, at)
	}
	return newEntry(s, string(text), g, at)
}

// insert caches a prepared entry and returns the entry that holds its
// block: e, or one stored before for the same text. An entry prepared
// without its text (too big) is returned uncached. Called with mu held.
func (p *Parser) insert(e *cacheEntry) *cacheEntry {
	if e.text == "" {
		return e
	}
	t := p.tables[e.syntax]
	if t == nil {
		t = map[string]*list.Element{}
		p.tables[e.syntax] = t
	}
	if el, ok := t[e.text]; ok { // the same text twice in one document
		return el.Value.(*cacheEntry)
	}
	e.el = p.lru.PushFront(e)
	t[e.text] = e.el
	p.size += len(e.text)
	p.evict()
	return e
}

// SetMaxBytes changes the bound on the block text the cache holds (0 or
// less: DefaultCacheBytes), evicting what no longer fits. A language server
// sizes it to the document, so that a document larger than the bound does
// not evict its own blocks on every parse.
func (p *Parser) SetMaxBytes(maxBytes int) {
	if maxBytes <= 0 {
		maxBytes = DefaultCacheBytes
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.maxBytes = maxBytes
	p.evict()
}

// evict drops the least recently used blocks beyond the size bound. Called
// with mu held.
func (p *Parser) evict() {
	for p.size > p.maxBytes {
		old := p.lru.Back()
		oe := old.Value.(*cacheEntry)
		p.lru.Remove(old)
		delete(p.tables[oe.syntax], oe.text)
		p.size -= len(oe.text)
	}
}

// check appends Validate's findings for the actions of d's groups to out,
// each block's computed once per cache entry and moved with its group: a
// keystroke in a 5.6 MB answer of 5,000 blocks validated all 5,000 (the
// lazy-placeholder scan of every content alone took 6 ms), though it
// changed one. Groups with no entry (a block read through a container
// view, whose ranges are mapped, not moved) are validated as Check does.
func (p *Parser) check(d *Document, out source.Diagnostics) source.Diagnostics {
	p.mu.Lock()
	defer p.mu.Unlock()
	for gi, g := range d.Groups {
		e := d.entries[gi]
		if e == nil {
			out = validateGroup(g, out)
			continue
		}
		if !e.isChecked {
			e.checked, e.checkedAt, e.isChecked = validateGroup(g, nil), g.Range.Start, true
		}
		delta := g.Range.Start - e.checkedAt
		for _, dg := range e.checked {
			dg.Range.Start += delta
			dg.Range.End += delta
			out = append(out, dg)
		}
	}
	return out
}
