package textedit

import (
	"cmp"
	"fmt"
	"hash/maphash"
	"path/filepath"
	"slices"
	"strings"
	"unsafe"
)

// diffContext is the number of unchanged lines shown around each change.
const diffContext = 3

// maxDiffEdits bounds a Myers search (see myersWork).
const maxDiffEdits = 2000

// Change is one file a simulated apply would change (engine's
// Overlay.Changes lists them), the input of Diff.
type Change struct {
	Path    string // absolute
	Before  []byte // nil when the file is new
	After   []byte // nil when the file is deleted
	Created bool
	Deleted bool
}

// Diff renders changes (from Overlay.Changes) as one unified diff, paths
// shown relative to root with a/ and b/ prefixes as git does, so
// `apply --dry-run` output reads like `git diff` and can be fed to patch.
func Diff(root string, changes []Change) string {
	var b strings.Builder
	for _, c := range changes {
		name := filepath.ToSlash(c.Path)
		if rel, err := filepath.Rel(root, c.Path); err == nil && within(root, c.Path) {
			name = filepath.ToSlash(rel)
		}
		from, to := "a/"+name, "b/"+name
		if c.Created {
			from = "/dev/null"
		}
		if c.Deleted {
			to = "/dev/null"
		}
		fmt.Fprintf(&b, "--- %s\n+++ %s\n", from, to)
		// The lines are read in place, not copied: the change's bytes are
		// the overlay's finished state, which nothing writes while the
		// diff is made (two 10 MiB copies were a quarter of a dry run's
		// diff), and the diff's own text is copied out as it is written.
		writeHunks(&b, splitKeep(view(c.Before)), splitKeep(view(c.After)))
	}
	return b.String()
}

// view is b read as a string without a copy; b must not change while the
// string is in use.
func view(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// splitKeep splits after each "\n", keeping it; a last line without one
// stays as it is.
func splitKeep(s string) []string {
	if s == "" {
		return nil
	}
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// edit is one line of an edit script: ' ' kept, '-' removed, '+' added.
type edit struct {
	op   byte
	line string
}

// diffLines is the line diff Diff shows: the common prefix and suffix
// trimmed (where most of a real file's lines are), then a walk over both
// sides that resynchronises after each nearby difference (walkDiff), and
// where it cannot, patience anchors (lines that occur once in each side, in
// an order both sides keep) split what is left into gaps, each diffed the
// same way; Myers' shortest edit script runs only on a gap too small to be
// worth more, or without anchors. A plain Myers search over a large file costs time and memory in
// proportion to its length times its edits: a dry run of 5,000 edits in a
// 10 MiB file took 16 s and 11 GB and then showed the whole file replaced.
func diffLines(a, b []string) []edit {
	return appendDiff(make([]edit, 0, max(len(a), len(b))+8), a, b)
}

// smallGap is the size (lines on both sides) below which a gap goes
// straight to Myers: its minimal script reads best, and it costs little.
const smallGap = 256

// appendDiff appends the edit script of a against b to out.
func appendDiff(out []edit, a, b []string) []edit {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	for _, l := range a[:pre] {
		out = append(out, edit{' ', l})
	}
	ma, mb := a[pre:len(a)-suf], b[pre:len(b)-suf]
	switch {
	case len(ma) == 0 || len(mb) == 0 || len(ma)+len(mb) <= smallGap:
		out = myers(out, ma, mb)
	default:
		out = walkDiff(out, ma, mb)
	}
	for _, l := range a[len(a)-suf:] {
		out = append(out, edit{' ', l})
	}
	return out
}

// syncWindow is how far past a difference walkDiff looks, on each side,
// for the lines to agree again, and syncRun how many lines in a row must
// agree there: one equal line (a blank, a brace) is no sign.
const (
	syncWindow = 32
	syncRun    = 3
)

// walkDiff diffs a against b (both large) by walking them side by side:
// equal lines are kept, and at a difference the nearest point past it
// where syncRun lines agree (fewest lines skipped on both sides together,
// within syncWindow on each) ends the gap, which Myers diffs. Most changes
// to a large file are small and far apart, and this costs a comparison a
// line; where the sides do not agree again nearby (a block moved or
// rewritten), the rest goes to patience anchors.
func walkDiff(out []edit, a, b []string) []edit {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		if a[i] == b[j] {
			out = append(out, edit{' ', a[i]})
			i, j = i+1, j+1
			continue
		}
		di, dj, ok := resync(a[i:], b[j:])
		if !ok {
			return anchoredDiff(out, a[i:], b[j:])
		}
		out = myers(out, a[i:i+di], b[j:j+dj])
		i, j = i+di, j+dj
	}
	return myers(out, a[i:], b[j:]) // what is left of one side
}

// resync finds the nearest (di, dj) at which syncRun lines of a and b agree
// (or both sides end), searching by di+dj.
func resync(a, b []string) (di, dj int, ok bool) {
	agree := func(x, y int) bool {
		for k := range syncRun {
			switch {
			case x+k == len(a) && y+k == len(b):
				return true
			case x+k >= len(a) || y+k >= len(b) || a[x+k] != b[y+k]:
				return false
			}
		}
		return true
	}
	for s := 1; s <= 2*syncWindow; s++ {
		for di := max(0, s-syncWindow); di <= min(s, syncWindow); di++ {
			if dj := s - di; di <= len(a) && dj <= len(b) && agree(di, dj) {
				return di, dj, true
			}
		}
	}
	return 0, 0, false
}

// anchoredDiff diffs a against b by patience anchors: the gaps between
// them are diffed as appendDiff does, and without anchors Myers runs.
func anchoredDiff(out []edit, a, b []string) []edit {
	anchors := patienceAnchors(a, b)
	if len(anchors) == 0 {
		return myers(out, a, b)
	}
	i0, j0 := 0, 0
	for _, an := range anchors {
		out = appendDiff(out, a[i0:an.a], b[j0:an.b])
		out = append(out, edit{' ', a[an.a]})
		i0, j0 = an.a+1, an.b+1
	}
	return appendDiff(out, a[i0:], b[j0:])
}

// anchor pairs a line of a with the same line of b.
type anchor struct{ a, b int }

// patienceAnchors returns the lines found exactly once in a and once in b,
// as the longest run whose positions rise in both (patience sorting).
func patienceAnchors(a, b []string) []anchor {
	// Lines are counted by a 64-bit hash (cheaper than string keys over a
	// large file); a collision can only hide an anchor or pair two lines
	// that differ, and pairs are checked below.
	seed := maphash.MakeSeed()
	type seen struct{ na, nb, ia, ib int32 }
	count := make(map[uint64]seen, len(a))
	ha := make([]uint64, len(a))
	for i, l := range a {
		h := maphash.String(seed, l)
		ha[i] = h
		s, ok := count[h]
		if !ok {
			s.ia = int32(i)
		}
		s.na++
		count[h] = s
	}
	for j, l := range b {
		h := maphash.String(seed, l)
		if s, ok := count[h]; ok {
			s.nb++
			s.ib = int32(j)
			count[h] = s
		}
	}
	var cands []anchor // in a's order
	for i, h := range ha {
		if s := count[h]; s.na == 1 && s.nb == 1 && a[i] == b[s.ib] {
			cands = append(cands, anchor{i, int(s.ib)})
		}
	}
	if len(cands) == 0 {
		return nil
	}
	// tops[k] is the candidate ending the best rising run of length k+1;
	// prev links each candidate to the one before it in its run.
	var tops []int
	prev := make([]int, len(cands))
	for c, an := range cands {
		k, _ := slices.BinarySearchFunc(tops, an.b, func(t, b int) int { return cmp.Compare(cands[t].b, b) })
		if k > 0 {
			prev[c] = tops[k-1]
		} else {
			prev[c] = -1
		}
		if k == len(tops) {
			tops = append(tops, c)
		} else {
			tops[k] = c
		}
	}
	run := make([]anchor, len(tops))
	for c, k := tops[len(tops)-1], len(tops)-1; k >= 0; c, k = prev[c], k-1 {
		run[k] = cands[c]
	}
	return run
}

// myersWork bounds a Myers search by its cost, (n+m) times the edits
// searched: past it (or past maxDiffEdits) the gap is shown as all its old
// lines removed and all its new lines added, which is still correct.
const myersWork = 50_000_000

// myers appends a shortest edit script of a against b (Myers 1986). The
// trace keeps, for each edit count d, only the 2d+3 diagonals that step can
// reach, so memory grows with the edits squared, not with the lines.
func myers(out []edit, a, b []string) []edit {
	n, m := len(a), len(b)
	switch {
	case n == 0:
		for _, l := range b {
			out = append(out, edit{'+', l})
		}
		return out
	case m == 0:
		for _, l := range a {
			out = append(out, edit{'-', l})
		}
		return out
	}
	limit := min(n+m, maxDiffEdits, max(1, myersWork/(n+m)))
	off := limit + 1
	v := make([]int, 2*limit+4)
	var trace [][]int // trace[d][k+d+1] is v[off+k] before step d
	found := false
	for d := 0; d <= limit && !found; d++ {
		trace = append(trace, slices.Clone(v[off-d-1:off+d+2]))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && v[off+k-1] < v[off+k+1]) {
				x = v[off+k+1]
			} else {
				x = v[off+k-1] + 1
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[off+k] = x
			if x >= n && y >= m {
				found = true
				break
			}
		}
	}
	if !found {
		for _, l := range a {
			out = append(out, edit{'-', l})
		}
		for _, l := range b {
			out = append(out, edit{'+', l})
		}
		return out
	}
	base := len(out)
	x, y := n, m
	for d := len(trace) - 1; d >= 0; d-- {
		tv := trace[d]
		at := func(k int) int { return tv[k+d+1] }
		k := x - y
		var prevK int
		if k == -d || (k != d && at(k-1) < at(k+1)) {
			prevK = k + 1
		} else {
			prevK = k - 1
		}
		prevX := at(prevK)
		prevY := prevX - prevK
		for x > prevX && y > prevY {
			out = append(out, edit{' ', a[x-1]})
			x, y = x-1, y-1
		}
		if d > 0 {
			if x == prevX {
				out = append(out, edit{'+', b[y-1]})
				y--
			} else {
				out = append(out, edit{'-', a[x-1]})
				x--
			}
		}
	}
	slices.Reverse(out[base:])
	return out
}

// writeHunks writes the @@ hunks of the diff between a and b.
func writeHunks(b *strings.Builder, a, bl []string) {
	edits := diffLines(a, bl)
	hunks := hunkSpans(edits)
	// The text's size is known before it is written: grown as it went, a
	// 2.5 MB diff was copied and its fresh pages touched many times over.
	size := 0
	for _, h := range hunks {
		size += len("@@ -1234567,1234567 +1234567,1234567 @@\n")
		for _, e := range edits[h[0]:h[1]] {
			size += 1 + len(e.line) + len("\n\\ No newline at end of file\n")*boolInt(!strings.HasSuffix(e.line, "\n"))
		}
	}
	b.Grow(size)
	// 1-based line numbers in a and b before edit at, counted forward
	// from one hunk to the next.
	at, aLine, bLine := 0, 1, 1
	for _, h := range hunks {
		start, end := h[0], h[1]
		for ; at < start; at++ {
			aLine += boolInt(edits[at].op != '+')
			bLine += boolInt(edits[at].op != '-')
		}
		aCount, bCount := 0, 0
		for _, e := range edits[start:end] {
			aCount += boolInt(e.op != '+')
			bCount += boolInt(e.op != '-')
		}
		fmt.Fprintf(b, "@@ -%s +%s @@\n", hunkRange(aLine, aCount), hunkRange(bLine, bCount))
		for _, e := range edits[start:end] {
			b.WriteByte(e.op)
			b.WriteString(e.line)
			if !strings.HasSuffix(e.line, "\n") {
				b.WriteString("\n\\ No newline at end of file\n")
			}
		}
	}
}

// hunkSpans is where each hunk of edits starts and ends: its changed
// lines with diffContext kept lines around them, hunks whose context
// would meet joined into one.
func hunkSpans(edits []edit) [][2]int {
	var out [][2]int
	for i := 0; i < len(edits); {
		if edits[i].op == ' ' {
			i++
			continue
		}
		start := max(0, i-diffContext)
		end := i
		for j := i; j < len(edits); j++ {
			if edits[j].op != ' ' {
				end = j + 1
			} else if j-end >= 2*diffContext {
				break
			}
		}
		end = min(len(edits), end+diffContext)
		out = append(out, [2]int{start, end})
		i = end
	}
	return out
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// hunkRange formats "start,count" the way diff -u does (start is the line
// before an empty range).
func hunkRange(start, count int) string {
	if count == 0 {
		return fmt.Sprintf("%d,0", start-1)
	}
	if count == 1 {
		return fmt.Sprintf("%d", start)
	}
	return fmt.Sprintf("%d,%d", start, count)
}

// within reports whether p is dir or below it, comparing whole components so
// that /x/root_evil is not inside /x/root (as engine's Config.Resolve
// decides it).
func within(dir, p string) bool {
	dir = filepath.Clean(dir)
	if p == dir {
		return true
	}
	if strings.HasSuffix(dir, string(filepath.Separator)) { // "/", or C:\ on Windows
		return strings.HasPrefix(p, dir)
	}
	return strings.HasPrefix(p, dir+string(filepath.Separator))
}
