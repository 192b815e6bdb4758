package textedit

import (
	"fmt"
	"path/filepath"
	"strings"
)

// diffContext is the number of unchanged lines shown around each change.
const diffContext = 3

// maxDiffEdits bounds the Myers search; past it a file's diff is shown as
// all old lines removed and all new lines added, which is still correct.
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
		writeHunks(&b, splitKeep(string(c.Before)), splitKeep(string(c.After)))
	}
	return b.String()
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

// diffLines is a Myers diff of a and b after trimming their common prefix
// and suffix (which is where most of a real file's lines are).
func diffLines(a, b []string) []edit {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	out := make([]edit, 0, len(a)+len(b))
	for _, l := range a[:pre] {
		out = append(out, edit{' ', l})
	}
	out = append(out, myers(a[pre:len(a)-suf], b[pre:len(b)-suf])...)
	for _, l := range a[len(a)-suf:] {
		out = append(out, edit{' ', l})
	}
	return out
}

// myers finds a shortest edit script (Myers 1986, with the trace kept for
// backtracking).
func myers(a, b []string) []edit {
	n, m := len(a), len(b)
	limit := n + m
	if limit == 0 {
		return nil
	}
	off := limit
	v := make([]int, 2*limit+2)
	var trace [][]int
	found := false
	for d := 0; d <= limit && d <= maxDiffEdits; d++ {
		trace = append(trace, append([]int(nil), v...))
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
		if found {
			break
		}
	}
	if !found {
		out := make([]edit, 0, n+m)
		for _, l := range a {
			out = append(out, edit{'-', l})
		}
		for _, l := range b {
			out = append(out, edit{'+', l})
		}
		return out
	}
	var rev []edit
	x, y := n, m
	for d := len(trace) - 1; d >= 0; d-- {
		tv := trace[d]
		k := x - y
		var prevK int
		if k == -d || (k != d && tv[off+k-1] < tv[off+k+1]) {
			prevK = k + 1
		} else {
			prevK = k - 1
		}
		prevX := tv[off+prevK]
		prevY := prevX - prevK
		for x > prevX && y > prevY {
			rev = append(rev, edit{' ', a[x-1]})
			x, y = x-1, y-1
		}
		if d > 0 {
			if x == prevX {
				rev = append(rev, edit{'+', b[y-1]})
				y--
			} else {
				rev = append(rev, edit{'-', a[x-1]})
				x--
			}
		}
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev
}

// writeHunks writes the @@ hunks of the diff between a and b.
func writeHunks(b *strings.Builder, a, bl []string) {
	edits := diffLines(a, bl)
	// aLine/bLine[i]: 1-based line numbers in a and b before edit i.
	aLine := make([]int, len(edits)+1)
	bLine := make([]int, len(edits)+1)
	aLine[0], bLine[0] = 1, 1
	for i, e := range edits {
		aLine[i+1], bLine[i+1] = aLine[i], bLine[i]
		if e.op != '+' {
			aLine[i+1]++
		}
		if e.op != '-' {
			bLine[i+1]++
		}
	}
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
		aCount, bCount := 0, 0
		for _, e := range edits[start:end] {
			if e.op != '+' {
				aCount++
			}
			if e.op != '-' {
				bCount++
			}
		}
		fmt.Fprintf(b, "@@ -%s +%s @@\n", hunkRange(aLine[start], aCount), hunkRange(bLine[start], bCount))
		for _, e := range edits[start:end] {
			b.WriteByte(e.op)
			b.WriteString(e.line)
			if !strings.HasSuffix(e.line, "\n") {
				b.WriteString("\n\\ No newline at end of file\n")
			}
		}
		i = end
	}
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
