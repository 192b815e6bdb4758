package lang

import (
	"bytes"
	"sort"

	"github.com/clada-dev/clada/source"
)

// A long text's costliest splits (a whole-file fence scan, SHAM's) would
// each be one job of findSpans, and the longest of them a serial tail of
// the parse however many cores there are. A syntax with a resumable split
// (SyntaxDef.splitFrom) is instead scanned in pieces at once, each piece
// from a line start as if the text began there, and the pieces are then
// joined into exactly what one scan of the whole text finds:
//
//   - A piece's scan is the whole scan's from its first sync point on
//     that the whole scan also reaches: a sync point is where a scan is
//     again as at the text's start (after a block), named by the line it
//     resumes at, so two scans at the same one read the same from there.
//   - The first piece is the whole scan's start. From its last sync point
//     a scan of the text itself goes on (catch-up) until it reaches a sync
//     point one of the later pieces recorded; that piece's steps up to its
//     own last sync point are then taken as they are, and so on. Across
//     a border the catch-up reads one block or so: the one the border cut,
//     or, past a piece that found none, up to the next piece's first.
//   - Whatever a piece read wrongly from a start inside a block (a
//     heredoc's lines taken for a header, a fence's path line above the
//     border missed) lies before the catch-up's sync point and is dropped.
//
// A scan that reports itself unsure (a SHAM heredoc left open spends a
// search budget shared by the whole scan) makes the join ask the whole
// scan instead.

// chunkMin is the least piece worth a job of its own in Parse (plan).
const chunkMin = 64 << 10

// chunkBorders cuts src into up to n pieces of at least least bytes, each
// starting at a line start: borders[k] is where piece k starts, the last
// entry len(src).
func chunkBorders(src []byte, n, least int) []int {
	n = min(n, len(src)/max(least, 1))
	borders := []int{0}
	for k := 1; k < n; k++ {
		at := k * len(src) / n
		nl := bytes.IndexByte(src[at:], '\n')
		if nl < 0 {
			break
		}
		if at += nl + 1; at > borders[len(borders)-1] && at < len(src) {
			borders = append(borders, at)
		}
	}
	return append(borders, len(src))
}

// splitPiece is what a resumable split found in one piece.
type splitPiece struct {
	spans []source.Range
	diags source.Diagnostics
	syncs []syncPoint // the first few and the last, in scan order
	sure  bool
}

// syncPoint is a sync point of a piece's scan: where it resumes, and how
// many spans and diagnostics the piece had found by then.
type syncPoint struct{ next, spans, diags int }

// keptSyncs is how many of a piece's first sync points it keeps, besides
// its last: a catch-up meets a piece's scan at one of its first few, the
// piece read wrongly only up to the end of the block it started in. One
// it does not keep only makes a catch-up read on.
const keptSyncs = 8

// scanPiece runs def's resumable split over the lines from from to to.
func scanPiece(def *SyntaxDef, src []byte, from, to int) splitPiece {
	p := splitPiece{syncs: make([]syncPoint, 0, keptSyncs+1)}
	p.spans, p.diags, p.sure = def.splitFrom(src, from, to, func(next, spans, diags int) bool {
		if len(p.syncs) <= keptSyncs {
			p.syncs = append(p.syncs, syncPoint{next, spans, diags})
		} else {
			p.syncs[keptSyncs] = syncPoint{next, spans, diags} // the last so far
		}
		return false
	})
	return p
}

// joinPieces joins pieces, the scans of def's split over the pieces of
// src that start at borders (chunkBorders), into what def.split(src)
// finds.
func joinPieces(def *SyntaxDef, src []byte, borders []int, pieces []splitPiece) ([]source.Range, source.Diagnostics) {
	for k := range pieces {
		if !pieces[k].sure {
			return def.split(src)
		}
	}
	// syncAt finds a later piece's sync point at next: in the piece next
	// falls in, or the one before (whose last block may read past its
	// end). A sync point further back is missed, which costs only a
	// longer catch-up.
	syncAt := func(next int) (piece, sync int, ok bool) {
		j := sort.SearchInts(borders, next+1) - 1 // borders[j] <= next
		for k := j; k >= max(1, j-1); k-- {
			if k >= len(pieces) {
				continue
			}
			ss := pieces[k].syncs
			i := sort.Search(len(ss), func(i int) bool { return ss[i].next >= next })
			if i < len(ss) && ss[i].next == next {
				return k, i, true
			}
		}
		return 0, 0, false
	}
	n := 0
	for k := range pieces {
		n += len(pieces[k].spans)
	}
	spans := make([]source.Range, 0, n) // about what the pieces found
	var diags source.Diagnostics
	// take adds piece k's steps after its sync point i (from its start
	// when i < 0) up to its last one, and returns where a scan resumes
	// after it (from when there is none).
	take := func(k, i, from int) int {
		p := &pieces[k]
		if len(p.syncs) == 0 || i == len(p.syncs)-1 {
			return from
		}
		var s syncPoint
		if i >= 0 {
			s = p.syncs[i]
		}
		last := p.syncs[len(p.syncs)-1]
		spans = append(spans, p.spans[s.spans:last.spans]...)
		diags = append(diags, p.diags[s.diags:last.diags]...)
		return last.next
	}
	from := take(0, -1, 0)
	for from < len(src) {
		// The catch-up reads 16 KiB, and again four times as far while it
		// meets no sync point: the one it looks for is usually a block or
		// two away, and a scan's searches (the next fence line, the next
		// header) reach as far as it reads.
		var hp, hs int
		hit := false
		stop := func(next, _, _ int) bool {
			hp, hs, hit = syncAt(next)
			return hit
		}
		var cs []source.Range
		var cd source.Diagnostics
		sure := true
		for w := 16 << 10; ; w *= 4 {
			to := min(len(src), from+w)
			cs, cd, sure = def.splitFrom(src, from, to, stop)
			if hit || !sure || to == len(src) {
				break
			}
		}
		if !sure {
			return def.split(src)
		}
		spans, diags = append(spans, cs...), append(diags, cd...)
		if !hit {
			break // the catch-up read to the end
		}
		from = take(hp, hs, pieces[hp].syncs[hs].next)
	}
	if len(spans) == 0 {
		return nil, diags // as split's
	}
	return spans, diags
}
