package sham

import (
	"bytes"
	"sort"
)

// heredocFinder answers "where does this heredoc end?" for Split without
// quadratic time on hostile input. A heredoc that is never closed costs a
// search to the end of the text; many such blocks (each with its own id)
// would make a large input hang a language server. The finder therefore
// charges failed searches against a budget of a few passes over the text.
// Once it is spent, canonical delimiters (EOT_SHAM_…) are looked up in an
// index of the lines that start with "EOT_SHAM_", built once, and other
// delimiters are searched within a bounded window. Ordinary documents never
// exhaust the budget, so their results are exactly scanHeredoc's.
type heredocFinder struct {
	src    []byte
	budget int
	index  map[string][]int // trimmed "EOT_SHAM_…" line → line starts, ascending
}

// windowAfterBudget bounds a non-canonical delimiter search once the budget
// is spent.
const windowAfterBudget = 64 << 10

var canonicalPrefix = []byte("EOT_SHAM_")

func newHeredocFinder(src []byte) *heredocFinder {
	return &heredocFinder{src: src, budget: 4*len(src) + 1<<20}
}

// find is scanHeredoc over f.src with the budget applied.
func (f *heredocFinder) find(bodyStart int, delim []byte, id string) (bodyEnd, next int, closed bool) {
	if f.budget > 0 {
		bodyEnd, next, closed = scanHeredoc(f.src, bodyStart, delim, id)
		if !closed {
			f.budget -= len(f.src) - bodyStart
		}
		return bodyEnd, next, closed
	}
	if bytes.HasPrefix(delim, canonicalPrefix) {
		if i, ok := f.lookup(bodyStart, delim); ok {
			_, n := lineAt(f.src, i)
			return i, n, true
		}
	} else {
		limit := min(len(f.src), bodyStart+windowAfterBudget)
		if i, n, ok := findLine(f.src[:limit], bodyStart, delim, nil); ok {
			return i, n, true
		}
	}
	if i, _, ok := findLine(f.src, bodyStart, endPrefix, []byte(id)); ok {
		return i, i, false
	}
	return len(f.src), len(f.src), false
}

// lookup finds the first line at or after from equal to delim (trailing
// blanks allowed) through the index.
func (f *heredocFinder) lookup(from int, delim []byte) (int, bool) {
	if f.index == nil {
		f.index = map[string][]int{}
		for off := 0; off < len(f.src); {
			end, next := lineAt(f.src, off)
			if line := f.src[off:end]; bytes.HasPrefix(line, canonicalPrefix) {
				k := string(trimRightSpace(line))
				f.index[k] = append(f.index[k], off)
			}
			if next == off {
				break
			}
			off = next
		}
	}
	starts := f.index[string(delim)]
	i := sort.SearchInts(starts, from)
	if i == len(starts) {
		return 0, false
	}
	return starts[i], true
}
