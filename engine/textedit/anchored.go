package textedit

import (
	"fmt"
	"strings"
	"unicode"
)

// The anchored merge (README, "Lazy placeholders"): a whole-file block in
// which some lines are placeholders for unchanged code is merged into the
// current file only where the file alone decides every placeholder.
//
// The block's lines split at the placeholders into segments. Each
// placeholder stands for the file's lines between two anchors: the run of
// lines just above it in the block and the run just below it, each the
// shortest run (holding a non-blank line) that occurs exactly once in the
// file after the anchor before it, so the anchors are found exactly,
// uniquely and in order. A segment's lines between its two anchors replace
// the file's lines between them; the first segment replaces the file from
// its start, the last one to its end. Nothing is ever guessed:
//
//   - an anchor line that is not in the file, or a run that is never
//     unique, refuses the merge, naming the placeholder and the line;
//   - a change that takes more lines of the file than it gives lines of
//     the block is refused too: the block would delete file lines it does
//     not show, which may mean "delete" or may be a placeholder the model
//     forgot, and only the model can say (a run of blank lines alone is
//     kept rather than refused).

// MergeAnchor is what one placeholder stood for in a merge.
type MergeAnchor struct {
	Placeholder int // 1-based line of the placeholder in the block
	// Above and Below are the file lines (1-based, of the file before the
	// merge) next to the placeholder: the last line of the run above it
	// and the first of the run below it; 0 where the placeholder starts
	// or ends the block.
	Above, Below int
	// From and To are the file lines (1-based, inclusive) the placeholder
	// kept; To < From when it kept none.
	From, To int
}

// MergeError is a merge the file does not decide: where, and why, in
// words for the LLM.
type MergeError struct {
	Placeholder int    // 1-based line of the placeholder in the block; 0 when the problem is no placeholder's
	Line        int    // 1-based line of the block the problem is at
	Reason      string // what is wrong, naming lines of the block and the file
	Fix         string
}

func (e *MergeError) Error() string { return e.Reason }

// splitLines is s's lines without their line ends.
func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	ls := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	for i, l := range ls {
		ls[i] = strings.TrimSuffix(l, "\r")
	}
	return ls
}

// AnchoredMerge merges block (whole lines, with placeholders at the
// 1-based lines placeholders, at least one, in order) into body, the
// file's text after its BOM. Every line the file keeps keeps its bytes;
// the block's own lines end with eol (the file's line end). It returns the
// merged text and what each placeholder stood for.
func AnchoredMerge(body, block string, placeholders []int, eol string) (string, []MergeAnchor, *MergeError) {
	file := splitLines(body)
	keep := strings.SplitAfter(body, "\n") // the file's own bytes, line by line
	if len(keep) > 0 && keep[len(keep)-1] == "" {
		keep = keep[:len(keep)-1]
	}
	blk := splitLines(block)
	isPH := map[int]bool{}
	for _, p := range placeholders {
		isPH[p-1] = true
	}
	type seg struct{ from, to int } // [from, to) of blk
	var segs []seg
	from := 0
	for i := 0; i <= len(blk); i++ {
		if i == len(blk) || isPH[i] {
			segs = append(segs, seg{from, i})
			from = i + 1
		}
	}
	var out []string // whole lines with their ends
	var anchors []MergeAnchor
	lastFromBlock := false
	pos := 0 // file line where the next anchor is looked for
	// The run below a placeholder is found before the run above it: the
	// run above need only be unique up to where the run below starts.
	type run struct{ n, at int }
	var nextHead *run
	headOf := func(j int) (run, *MergeError) {
		s := segs[j]
		n, at, err := uniqueRun(file, pos, blk[s.from:s.to], true, len(file))
		if err != nil {
			return run{}, anchorError(s.from, s.from+1, true, blk[s.from:s.to], err)
		}
		return run{n, at}, nil
	}
	for j, s := range segs {
		lines := blk[s.from:s.to]
		left, right := j > 0, j < len(segs)-1
		if left && len(lines) == 0 {
			ph := s.from // the placeholder before this segment, 1-based
			if right {
				return "", nil, &MergeError{Placeholder: ph, Line: ph, Reason: fmt.Sprintf("the placeholders at lines %d and %d of the block have no line between them", ph, s.to+1),
					Fix: "write one placeholder for a run of unchanged lines"}
			}
			// the block ends with a placeholder: it keeps the file to its end
			a := &anchors[len(anchors)-1]
			a.From, a.To = pos+1, len(file)
			out = append(out, keep[pos:]...)
			lastFromBlock = false
			break
		}
		head := 0
		if left {
			h := nextHead
			if h == nil {
				r, err := headOf(j)
				if err != nil && !right {
					if at, n, ok := appendAt(file, pos, lines); ok {
						// the last placeholder keeps the file up to the
						// tail the block ends with, and the block's new
						// lines go there
						a := &anchors[len(anchors)-1]
						a.From, a.To = pos+1, at
						if at < len(file) {
							a.Below = at + 1
						}
						out = append(out, keep[pos:at]...)
						if k := len(out) - 1; k >= 0 && !strings.HasSuffix(out[k], "\n") {
							out[k] += eol // the file's last line had no line end: the new lines start on their own
						}
						for _, l := range lines[:n] {
							out = append(out, l+eol)
						}
						out = append(out, keep[at:]...)
						lastFromBlock = at == len(file)
						break
					}
					err.Fix += "; new lines after the last placeholder are added where its lines end only when that place is certain: code at no indentation, or no deeper than every line the placeholder keeps, or ending with the file's own last lines (a class's closing brace), and holding no line the file has just once"
				}
				if err != nil {
					return "", nil, err
				}
				h = &r
			}
			nextHead = nil
			n, at := h.n, h.at
			a := &anchors[len(anchors)-1]
			a.Below, a.From, a.To = at+1, pos+1, at
			out = append(out, keep[pos:at+n]...)
			head, pos = n, at+n
			lastFromBlock = false
		}
		rest := lines[head:]
		if right && len(rest) == 0 {
			// the segment is all anchor: the run below one placeholder is
			// the run above the next
			anchors = append(anchors, MergeAnchor{Placeholder: s.to + 1, Above: pos})
			continue
		}
		tail, tailAt := 0, len(file)
		if right {
			limit := len(file)
			if next := segs[j+1]; next.to > next.from {
				r, err := headOf(j + 1)
				switch {
				case err == nil:
					nextHead, limit = &r, r.at
				case j+1 < len(segs)-1:
					return "", nil, err
				}
				// the last segment, not anchored: it may add lines at the
				// file's end (appendAt), else it fails again below
			}
			n, at, err := uniqueRun(file, pos, rest, false, limit)
			if err != nil {
				return "", nil, anchorError(s.to+1, s.to, false, rest, err)
			}
			tail, tailAt = n, at
		}
		mid := rest[:len(rest)-tail]
		merged, bad, blockLast := replaceRegion(keep[pos:tailAt], file[pos:tailAt], mid, eol)
		if bad >= 0 {
			at := max(s.from+head, 1) // block line before the region's place
			return "", nil, &MergeError{Line: at,
				Reason: fmt.Sprintf("the block would delete line %d of the file (%q), which it does not show, with no placeholder saying so (after line %d of the block: the file has more lines there than the block)",
					pos+bad+1, cut(file[pos+bad]), at),
				Fix: "put a placeholder line where unchanged lines are left out; to delete lines, send an edit (SEARCH/REPLACE) that deletes them"}
		}
		out = append(out, merged...)
		out = append(out, keep[tailAt:tailAt+tail]...)
		lastFromBlock = tail == 0 && blockLast
		pos = tailAt + tail
		if right {
			anchors = append(anchors, MergeAnchor{Placeholder: s.to + 1, Above: pos})
		}
	}
	res := strings.Join(out, "")
	// A last line the block wrote ends as the block's last line does.
	if lastFromBlock && !strings.HasSuffix(block, "\n") {
		res = strings.TrimSuffix(res, eol)
	}
	return res, anchors, nil
}

// appendAt reads the lines after a block's last placeholder (seg) that
// no run anchors as new lines added at the end of what the placeholder
// keeps, where that is certain (README, "Lazy placeholders"): the
// placeholder then keeps the file from line from up to line at (0-based),
// seg's first n lines follow, then the file from at on. seg's lines after
// those n are its tail: its last lines indented less than its first line,
// the file's own last lines (a class's closing brace). It is certain when
//
//   - the tail is the file's last lines exactly, or there is no tail and
//     the new lines start at no indentation (code at the file's top
//     level: "# ... existing code ..." then a new function) or no deeper
//     than every line the placeholder keeps (a method after "class A:"
//     and a placeholder, the class the file's last), and
//   - the new code has a line the file does not have, and every line of it
//     that the file has (leaving out lines of brackets and punctuation
//     alone) it has more than once ("return this;"), so no line names a
//     place in the file that the code may have been meant to replace.
func appendAt(file []string, from int, seg []string) (at, tail int, ok bool) {
	first := -1
	for i, l := range seg {
		if strings.TrimSpace(l) != "" {
			first = i
			break
		}
	}
	if first < 0 {
		return 0, 0, false
	}
	indent := func(l string) int { return len(l) - len(strings.TrimLeft(l, " \t")) }
	n := len(seg)
	for n > first && strings.TrimSpace(seg[n-1]) == "" {
		n-- // blank lines after the tail
	}
	k := n
	for k > first+1 && strings.TrimSpace(seg[k-1]) != "" && indent(seg[k-1]) < indent(seg[first]) {
		k--
	}
	end := len(file)
	for end > from && strings.TrimSpace(file[end-1]) == "" {
		end--
	}
	tail = n - k
	if end-from < tail {
		return 0, 0, false
	}
	if tail == 0 && indent(seg[first]) > 0 {
		// indented code goes at the end only when everything the
		// placeholder keeps is indented as deep (a Python class's
		// methods, the class the file's last): it stays in that block
		for _, l := range file[from:] {
			if strings.TrimSpace(l) != "" && indent(l) < indent(seg[first]) {
				return 0, 0, false
			}
		}
	}
	for i := range tail {
		if strings.TrimRight(file[end-tail+i], " \t") != strings.TrimRight(seg[k+i], " \t") {
			return 0, 0, false
		}
	}
	at = end - tail
	if tail == 0 {
		k, at = len(seg), len(file) // added after the file's last line
	}
	counts := map[string]int{}
	for _, l := range file[from:] {
		counts[l]++
	}
	added := false
	for _, l := range seg[:k] {
		if !strings.ContainsFunc(l, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) {
			continue // blank, or only brackets and punctuation: it names no place
		}
		switch counts[l] {
		case 0:
			added = true
		case 1:
			return 0, 0, false
		}
	}
	return at, k, added
}

// replaceRegion gives the lines that replace a region of the file (keep:
// its lines with their ends; region: the same without) by mid, the
// block's lines: kept lines keep their bytes, the block's lines end with
// eol. It refuses (bad ≥ 0, the index in region of a line it would drop)
// a change that takes more non-blank lines of the file than it gives
// lines of the block: the block would delete file lines it does not show.
// A run of blank lines deleted with nothing in its place is kept.
// blockLast says the last line given is one of mid's.
func replaceRegion(keep, region, mid []string, eol string) (out []string, bad int, blockLast bool) {
	ed := diffLines(region, mid)
	i := 0 // index in region
	for k := 0; k < len(ed); {
		if ed[k].op == ' ' {
			out = append(out, keep[i])
			blockLast = false
			i++
			k++
			continue
		}
		var dels []int
		var adds []string
		for k < len(ed) && ed[k].op != ' ' {
			if ed[k].op == '-' {
				dels = append(dels, i)
				i++
			} else {
				adds = append(adds, ed[k].line)
			}
			k++
		}
		// More lines of the file go than lines of the block come: the block
		// leaves lines out without a placeholder saying so (or deletes
		// them, which only the model can say). Blank lines alone are kept.
		var gone []int
		for _, d := range dels {
			if strings.TrimSpace(region[d]) != "" {
				gone = append(gone, d)
			}
		}
		if len(gone) > len(adds) {
			return nil, gone[len(adds)], false
		}
		if len(adds) == 0 {
			for _, d := range dels {
				out = append(out, keep[d])
			}
			blockLast = false
			continue
		}
		for _, a := range adds {
			out = append(out, a+eol)
		}
		blockLast = true
	}
	return out, -1, blockLast
}

// runError is why no run of a segment anchors a placeholder.
type runError struct {
	missing   int   // index in the segment of a line not in the file where it would have to be, or -1
	ambiguous []int // where the longest run tried occurs, when it is never unique
}

// uniqueRun finds the shortest run of lines at the start (head) or the end
// of seg, holding a non-blank line, that occurs in file exactly once at or
// after line from and ending by line limit: its length and where it
// starts.
func uniqueRun(file []string, from int, seg []string, head bool, limit int) (int, int, *runError) {
	var last []int
	for n := 1; n <= len(seg); n++ {
		run := seg[:n]
		if !head {
			run = seg[len(seg)-n:]
		}
		if blankLines(run) {
			continue
		}
		hits := findRun(file[:limit], from, run)
		switch len(hits) {
		case 1:
			return n, hits[0], nil
		case 0:
			// a longer run holds this one: it will not be found either
			return 0, 0, &runError{missing: firstMissing(file[:limit], from, seg, head, n), ambiguous: last}
		}
		last = hits
	}
	return 0, 0, &runError{missing: -1, ambiguous: last}
}

// firstMissing is the index in seg of the line nearest the placeholder
// that keeps the first n lines (head) or the last n from being found.
func firstMissing(file []string, from int, seg []string, head bool, n int) int {
	for k := 1; k <= n; k++ {
		sub := seg[:k]
		if !head {
			sub = seg[len(seg)-k:]
		}
		if len(findRun(file, from, sub)) == 0 {
			if head {
				return k - 1
			}
			return len(seg) - k
		}
	}
	return -1
}

func blankLines(run []string) bool {
	for _, l := range run {
		if strings.TrimSpace(l) != "" {
			return false
		}
	}
	return true
}

// findRun lists where run occurs in file at or after line from.
func findRun(file []string, from int, run []string) []int {
	var hits []int
	for i := from; i+len(run) <= len(file); i++ {
		ok := true
		for k, l := range run {
			if file[i+k] != l {
				ok = false
				break
			}
		}
		if ok {
			hits = append(hits, i)
		}
	}
	return hits
}

// anchorError words a runError for the placeholder at block line ph. The
// anchor tried is the run below it (below) or above it, in seg, whose
// first line is block line segLine when below, whose last line it is
// when above.
func anchorError(ph, segLine int, below bool, seg []string, err *runError) *MergeError {
	side := "above"
	if below {
		side = "below"
	}
	if err.missing >= 0 && len(err.ambiguous) > 0 {
		// the lines next to the placeholder are in the file, but more than
		// once, and the next line out (changed or new) cannot tell which
		line := segLine - (len(seg) - 1) + err.missing
		if below {
			line = segLine + err.missing
		}
		return &MergeError{Placeholder: ph, Line: ph,
			Reason: fmt.Sprintf("the placeholder at line %d of the block cannot be placed: the unchanged lines %s it occur %d times in the file (lines %s), and line %d of the block (%q) is not in the file, so nothing says which",
				ph, side, len(err.ambiguous), LineNumbers(err.ambiguous), line, cut(seg[err.missing])),
			Fix: "include more unchanged lines between your change and the placeholder, until they occur in the file only once; or send a SEARCH/REPLACE edit"}
	}
	if err.missing >= 0 {
		line := segLine - (len(seg) - 1) + err.missing
		if below {
			line = segLine + err.missing
		}
		fix := "a placeholder stands for unchanged lines and must sit between lines copied exactly from the file: copy the lines around it from the file as they are, or send the whole file, or a SEARCH/REPLACE edit"
		if line == ph+1 || line == ph-1 {
			// the line next to the placeholder is new or changed
			fix = fmt.Sprintf("the line next to a placeholder must be one the file has, unchanged: keep the file's unchanged line %s your change, between it and the placeholder; or send a SEARCH/REPLACE edit", map[bool]string{true: "before", false: "after"}[below])
		}
		return &MergeError{Placeholder: ph, Line: line,
			Reason: fmt.Sprintf("the placeholder at line %d of the block cannot be placed: line %d of the block (%q), %s it, is not in the file where it would have to be",
				ph, line, cut(seg[err.missing]), side),
			Fix: fix}
	}
	return &MergeError{Placeholder: ph, Line: ph,
		Reason: fmt.Sprintf("the placeholder at line %d of the block cannot be placed: the lines %s it occur %d times in the file (lines %s), never once",
			ph, side, len(err.ambiguous), LineNumbers(err.ambiguous)),
		Fix: "include more unchanged lines " + side + " the placeholder, until they occur in the file only once"}
}

// cut shortens a line for a message.
func cut(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > 60 {
		return s[:57] + "..."
	}
	return s
}
