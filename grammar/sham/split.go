package sham

import (
	"bytes"
	"fmt"

	"github.com/clada-dev/clada/source"
)

var bom = []byte("\xEF\xBB\xBF")

// Split finds the SHAM blocks in arbitrary text (prose, markdown, other
// syntaxes) in one forward pass of bytes.IndexByte-driven line scanning. A
// header must start a line; "#!SHAM" anywhere else is prose. Inside a block,
// heredoc bodies are skipped as content, so markers in them are not seen.
// A block ends at its "#!END_SHAM_" line; without one it ends before the next
// header, before a markdown fence line, or at the end of input. A header that
// cannot be read yields an error and no span; scanning resumes on the next
// line. An end marker outside any block is a STRAY_MARKER error (unless it
// ends a block whose header could not be read). Offsets are into src.
//
// A block's span, src[Start:End], runs from the start of its header line to
// the end of its end-marker line (newline excluded), or to the last
// non-blank line of an unclosed block.
func Split(src []byte) ([]source.Range, source.Diagnostics) {
	spans, errs, _ := SplitFrom(src, 0, len(src), nil)
	return spans, errs
}

// SplitFrom is Split's scan of the lines of src that start in [from, to),
// from a line start from in the state the scan is in on the line after a
// block's end (at 0, the text's start: Split is SplitFrom(src, 0,
// len(src), nil)); a block found there still reads past to. So that a
// text can be scanned in pieces at once (DESIGN.md, "Three syntaxes, one
// AST"), after each block and each end marker outside one, where the scan
// is again in that state at the line that follows (next), it calls sync,
// when not nil, with next and how many spans and errors it has so far,
// and stops when sync returns true. sure is false when a heredoc left
// open spent some of the search budget (heredocFinder): a scan started
// elsewhere may then read differently, and only a scan of the whole text
// holds.
func SplitFrom(src []byte, from, to int, sync func(next, spans, errs int) bool) (spans []source.Range, errs source.Diagnostics, sure bool) {
	hf := newHeredocFinder(src)
	budget := hf.budget
	// afterBadHeader: the last marker line was a header that could not be
	// read; its end marker is explained by that error, not a stray.
	afterBadHeader := false
	off := from
	if off == 0 && bytes.HasPrefix(src, bom) {
		off = len(bom)
	}
	for off < to {
		// Fast path: only lines starting with '#' can open a block.
		if src[off] != '#' {
			i := bytes.Index(src[off:min(len(src), to+1)], []byte("\n#")) // a line from to on is not read
			if i < 0 {
				break
			}
			off += i + 1
			continue
		}
		end, next := lineAt(src, off)
		line := src[off:end]
		if !isHeaderLine(line) {
			if isEndLine(line) {
				if !afterBadHeader {
					errs = append(errs, strayEnd(line, off))
				}
				afterBadHeader = false
				if sync != nil && sync(next, len(spans), len(errs)) {
					break
				}
			}
			off = next
			continue
		}
		h, err := parseHeader(line)
		if err != nil {
			err.Range = err.Range.Shift(off)
			errs = append(errs, *err)
			afterBadHeader = true
			off = next
			continue
		}
		afterBadHeader = false
		bEnd, bNext := scanBlock(src, hf, next, off+len(trimRightSpace(line)), h.id)
		spans = append(spans, source.Range{Start: off, End: bEnd})
		off = bNext
		if sync != nil && sync(off, len(spans), len(errs)) {
			break
		}
	}
	return spans, errs, hf.budget == budget
}

// scanBlock walks the body lines of block id from off and returns where the
// block text ends and where scanning resumes. lastEnd is the end of the
// header line.
func scanBlock(src []byte, hf *heredocFinder, off, lastEnd int, id string) (end, next int) {
	for off < len(src) {
		lend, lnext := lineAt(src, off)
		line := src[off:lend]
		switch {
		case isEndLine(trimLeftBlank(line)):
			return off + len(trimRightSpace(line)), lnext
		case isHeaderLine(line), isFenceLine(trimLeftBlank(line)):
			return lastEnd, off
		}
		if len(trimRightSpace(line)) > 0 {
			lastEnd = off + len(trimRightSpace(line))
		}
		off = lnext
		a, ok := splitAssign(line)
		if !ok || !isHeredocValue(line, a.valStart) {
			continue
		}
		o := parseOpener(line, a.valStart)
		if !o.ok {
			continue
		}
		bodyEnd, hnext, closed := hf.find(lnext, o.delim, id)
		if closed {
			dend, _ := lineAt(src, bodyEnd)
			lastEnd, off = dend, hnext
			continue
		}
		if bodyEnd < len(src) { // stopped at this block's end marker
			mend, mnext := lineAt(src, bodyEnd)
			return bodyEnd + len(trimRightSpace(src[bodyEnd:mend])), mnext
		}
		return len(bytes.TrimRight(src, " \t\r\n")), len(src)
	}
	return lastEnd, len(src)
}

// strayEnd is the error of an end marker line at off that ends no block.
func strayEnd(line []byte, off int) source.Diagnostic {
	line = trimRightSpace(line)
	id := string(line[len(endPrefix):])
	return syntaxError(StrayMarker, off, off+len(line),
		fmt.Sprintf("End marker %q has no block to end.", clip(line)),
		fmt.Sprintf("Start the block with a header line #!SHAM [@three-char-SHA-256: %s] at the start of a line, "+
			"indented as its end marker, or remove this line.", clipString(id)))
}

// clipString is clip for a string.
func clipString(s string) string { return clip([]byte(s)) }

// MayEndHeredoc reports whether line, which starts at offset at of src,
// could be the terminator of a heredoc opened above it: it could be a
// delimiter (not blank, no space: parseOpener's rule) and src before it
// holds an opener of that delimiter ("<<'line'", "<<\"line\"" or
// "<<line"). A heredoc is read to the first line equal to its delimiter
// anywhere below it (scanHeredoc), so such a line, typed or changed far
// from any block, may end or extend a heredoc of a block above it; any
// other line is content to every heredoc. The incremental parse
// (lang/parse_incremental.go) asks this of every line a change touches.
func MayEndHeredoc(src []byte, at int, line []byte) bool {
	d := trimRightSpace(line)
	if len(d) == 0 || bytes.IndexByte(d, ' ') >= 0 {
		return false
	}
	before := src[:at]
	for _, q := range []string{"'", "\"", ""} {
		opener := append(append(append([]byte("<<"), q...), d...), q...)
		if bytes.Contains(before, opener) {
			return true
		}
	}
	return false
}
