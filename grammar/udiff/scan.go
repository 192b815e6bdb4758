// Package udiff reads unified diffs as `git diff` and `diff -u` write them:
// one or more files, each with its header (diff --git, extended header
// lines, ---/+++), then hunks (@@ -a,b +c,d @@ and their lines), with
// "\ No newline at end of file" markers. The scanner finds diffs and their
// parts; the participle grammar (grammar.go) checks each hunk's shape.
// It knows nothing of files on disk.
//
// udiff imports source, grammar/internal/lines and participle, nothing else of
// clada's; package lang imports it and lowers what it reads into the AST, and
// it never imports lang. Start reading at Scan below, then grammar.go.
package udiff

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"github.com/clada-dev/clada/grammar/internal/lines"
	"github.com/clada-dev/clada/source"
)

// errorAt is the error diagnostic of a problem at [start, end).
func errorAt(code string, start, end int, msg, hint string) source.Diagnostic {
	return source.Diagnostic{Severity: source.Error, Code: code, Message: msg, Hint: hint, Range: source.Range{Start: start, End: end}}
}

// warningAt is errorAt for a problem that does not stop the diff.
func warningAt(code string, start, end int, msg, hint string) source.Diagnostic {
	d := errorAt(code, start, end, msg, hint)
	d.Severity = source.Warning
	return d
}

// Diagnostic codes.
const (
	HunkCount = "HUNK_COUNT" // a hunk's lines disagree with its header, and do not say where it ends
	// Recounted is the warning on a hunk whose header counts disagree with
	// its lines when the lines alone delimit it: its counts are corrected.
	Recounted       = "HUNK_RECOUNTED"
	BadHunkLine     = "BAD_HUNK_LINE" // a line inside a hunk with no ' ', '-' or '+'
	NoHunks         = "NO_HUNKS"      // a file header with nothing to change
	BinaryPatch     = "BINARY_PATCH"  // GIT binary patch / Binary files differ
	CopyUnsupported = "COPY_NOT_SUPPORTED"
	ModeIgnored     = "MODE_IGNORED"     // warning: old mode / new mode lines, an executable new file
	SymlinkPatch    = "SYMLINK_PATCH"    // a symbolic link's diff (mode 120000)
	NewFileContext  = "NEW_FILE_CONTEXT" // a new file's hunk has context or removed lines
	// PathsDiffer: a git diff whose --- and +++ lines name two files with
	// no rename from/rename to lines (a typo, or another file's name).
	PathsDiffer = "PATHS_DIFFER"
)

// Diff is a run of file diffs with nothing but blank lines between them.
type Diff struct {
	Start, End int
	Files      []File
}

// File is one file's part of a diff.
type File struct {
	Start, End int
	// OldPath and NewPath are the paths as given (without git's a/ and b/),
	// "" for /dev/null. Their ranges locate them.
	OldPath, NewPath          string
	OldStart, OldEnd          int
	NewStart, NewEnd          int
	Created, Deleted, Renamed bool
	Hunks                     []Hunk
	// Diags are the file header's problems, with byte offsets into the
	// scanned text; a warning does not stop the diff.
	Diags source.Diagnostics
}

// Hunk is one @@ section.
type Hunk struct {
	Start, End int // the @@ line to past the hunk's last line
	HeadEnd    int // end of the @@ line
	// OldLine and NewLine are the header's start lines, 0 when the header
	// has no numbers ("@@ ... @@"); Counted tells whether it gave counts.
	OldLine, OldCount, NewLine, NewCount int
	Counted                              bool
	// Recounted tells that the header's counts were wrong and the hunk was
	// delimited by its lines: OldCount and NewCount are then its lines'
	// counts, and only the lines may place it (README, "Unified diffs").
	Recounted bool
	// RawCR tells that a line of the hunk kept its "\r" (the diff states
	// its line ends byte for byte).
	RawCR    bool
	Old, New string // each side's text, lines with their "\n"
	// Dropped tells that Old and New were let go once read (ScanDropping):
	// HunkSides reads them again.
	Dropped bool
	Diags   source.Diagnostics
}

// Scan finds every diff in src.
func Scan(src []byte) []Diff { return scan(src, false) }

// ScanDropping is Scan, letting go of the texts of each hunk drop returns
// true for as soon as it is read (Hunk.Dropped): a reader that reads them
// again when it needs them (HunkSides) does not hold a whole diff's hunk
// texts, twice its size, at once. drop sees the hunk whole but its texts,
// given as bytes it must not keep, and its file as read up to its hunks
// (its header); the texts of a hunk it drops are never made.
func ScanDropping(src []byte, drop func(f *File, h *Hunk, old, new []byte) bool) []Diff {
	if !bytes.Contains(src, []byte("+++ ")) && !bytes.Contains(src, []byte("diff --git ")) {
		return nil
	}
	return scanWith(&scanner{src: src, ends: lineEnds(src), drop: drop})
}

// Spans finds every diff in src as Scan does, without the hunks' text
// (Hunk.Old and Hunk.New are empty, and no EMPTY_HUNK is said, but where
// the reading depends on them):
// a document's diffs are found before each is read (lang's splitUDiff),
// and building ten thousand hunks' text only to find where they end was a
// third of reading a big diff.
func Spans(src []byte) []Diff { return scan(src, true) }

// HunkSides reads again the old and new text of a hunk Scan read, from
// the text it was scanned from: src[start:end] is the hunk (Hunk.Start to
// Hunk.End) and recounted its Hunk.Recounted. It gives the hunk's Old and
// New exactly as Scan did, so a reader may drop them and read them again
// when it needs them (a diff's hunk texts are twice its size, and a big
// one's applier needs one file's at a time).
func HunkSides(src []byte, start, end int, recounted bool) (old, new string) {
	sub := src[start:end]
	// Each side is at most the hunk's size: one buffer holds both.
	buf := make([]byte, 2*len(sub))
	s := &scanner{src: sub, ends: lineEnds(sub), sidesOnly: true, old: buf[:0:len(sub)], new: buf[len(sub):len(sub)]}
	if len(s.ends) == 0 {
		return "", ""
	}
	s.readHunk(0, !recounted)
	// buf is this call's and never written again: the sides are views of
	// it, not copies (a big diff's trial reads every hunk once more).
	return view(s.old), view(s.new)
}

// view is b as a string, without a copy; b must never change after.
func view(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

func scan(src []byte, spansOnly bool) []Diff {
	if !bytes.Contains(src, []byte("+++ ")) && !bytes.Contains(src, []byte("diff --git ")) {
		return nil // no file header anywhere: one fast search instead of a line table
	}
	return scanWith(&scanner{src: src, ends: lineEnds(src), spansOnly: spansOnly})
}

func scanWith(s *scanner) []Diff {
	var out []Diff
	for i := 0; i < len(s.ends); {
		if !s.fileStart(i) {
			i++
			continue
		}
		d := Diff{Start: s.line(i).Start}
		for {
			f, next := s.file(i)
			d.Files = append(d.Files, f)
			d.End = f.End
			j := next
			for j < len(s.ends) && len(bytes.TrimSpace(s.text(j))) == 0 {
				j++
			}
			i = next
			if j >= len(s.ends) || !s.fileStart(j) {
				break
			}
			i = j
		}
		out = append(out, d)
	}
	return out
}

type scanner struct {
	src []byte
	// ends is where each line ends (lineEnds): line i is s.line(i).
	ends []int
	// spansOnly: Spans, which needs no hunk's text but a recount's
	// (hunk: which reading stands depends on it).
	spansOnly bool
	// old and new are the hunk being read's sides (readHunk), each line
	// with its "\n": kept across hunks, so each side's text is one copy
	// at its size.
	old, new []byte
	// hunks is the file being read's hunks (file), kept across files:
	// each file's are copied out at their count, not grown hunk by hunk.
	hunks []Hunk
	// sidesOnly: HunkSides, which reads a hunk Scan already checked.
	sidesOnly bool
	// drop is ScanDropping's, and cur the file whose hunks are read.
	drop func(f *File, h *Hunk, old, new []byte) bool
	cur  *File
}

func (s *scanner) text(i int) []byte {
	l := s.line(i)
	return s.src[l.Start:l.End]
}

// lineEnds is, for each line of src as lines.Split cuts it, the offset
// past its "\n" (lines.Line.Next). A line table of three offsets a line
// was a sixth of the live heap at the end of reading a 4.7 MB diff of
// 180,000 lines; its starts and ends follow from the one offset (line).
func lineEnds(src []byte) []int {
	p := 0
	if bytes.HasPrefix(src, bom) {
		p = len(bom)
	}
	if p >= len(src) {
		return nil
	}
	out := make([]int, 0, bytes.Count(src[p:], []byte{'\n'})+1)
	for p < len(src) {
		le := bytes.IndexByte(src[p:], '\n')
		if le < 0 {
			p = len(src)
		} else {
			p += le + 1
		}
		out = append(out, p)
	}
	return out
}

// bom is UTF-8's byte-order mark, which lines.Split skips.
var bom = []byte("\xEF\xBB\xBF")

// line is line i, as lines.Split gives it: from the end of the line
// before (or the start of the text, past a byte-order mark) to its "\n",
// and a "\r" before that is not the line's.
func (s *scanner) line(i int) lines.Line {
	start := 0
	if i > 0 {
		start = s.ends[i-1]
	} else if bytes.HasPrefix(s.src, bom) {
		start = len(bom)
	}
	next := s.ends[i]
	end := next
	if end > start && s.src[end-1] == '\n' {
		end--
	}
	if end > start && s.src[end-1] == '\r' {
		end--
	}
	return lines.Line{Start: start, End: end, Next: next}
}

func (s *scanner) has(i int, p string) bool {
	return i < len(s.ends) && bytes.HasPrefix(s.text(i), []byte(p))
}

// fileStart: "diff --git", or a "--- " line right before a "+++ " line.
func (s *scanner) fileStart(i int) bool {
	return s.has(i, "diff --git ") || s.has(i, "--- ") && s.has(i+1, "+++ ")
}

// extended header lines git writes between "diff --git" and "---".
var extended = []string{"old mode ", "new mode ", "deleted file mode ", "new file mode ", "similarity index ",
	"dissimilarity index ", "rename from ", "rename to ", "copy from ", "copy to ", "index ", "Binary files ", "GIT binary patch"}

func (s *scanner) file(i int) (File, int) {
	f := File{Start: s.line(i).Start, OldStart: -1, NewStart: -1}
	git := false
	if s.has(i, "diff --git ") {
		git = true
		rest := strings.TrimRight(string(s.text(i)[len("diff --git "):]), " \t")
		a, b, ok := gitPaths(rest)
		if ok {
			at := s.line(i).Start + len("diff --git ")
			f.OldPath, f.NewPath = a, b
			f.OldStart, f.OldEnd = at+2, at+2+len(a)
			f.NewEnd = at + len(rest)
			f.NewStart = f.NewEnd - len(b)
		}
		f.End = s.line(i).Next
		i++
	header:
		for ; i < len(s.ends); i++ {
			t := string(s.text(i))
			for _, p := range extended {
				if strings.HasPrefix(t, p) {
					s.extendedLine(&f, i, p, t[len(p):])
					f.End = s.line(i).Next
					if p == "GIT binary patch" {
						if j := s.binaryBody(i + 1); j > i+1 {
							f.End, i = s.line(j-1).Next, j-1
						}
					}
					continue header
				}
			}
			break
		}
	}
	if s.has(i, "--- ") && s.has(i+1, "+++ ") && s.ownPair(i, git, f) {
		oldP, os, oe := headerPath(s.text(i)[4:], s.line(i).Start+4)
		newP, ns, ne := headerPath(s.text(i + 1)[4:], s.line(i+1).Start+4)
		prefixed := func(p, pre string) bool { return p == "/dev/null" || strings.HasPrefix(p, pre) }
		if git || prefixed(oldP, "a/") && prefixed(newP, "b/") {
			// (git diff --no-prefix writes a git diff without them: then
			// the path starts where it stands.)
			if rest, ok := strings.CutPrefix(oldP, "a/"); ok {
				oldP, os = rest, os+2
			}
			if rest, ok := strings.CutPrefix(newP, "b/"); ok {
				newP, ns = rest, ns+2
			}
		} else if rest, ok := belowTwoTops(oldP, newP); ok {
			// diff -ru orig/ new/ (or a model's old/ and new/): the same
			// file below two top folders, as git's a/ and b/ are; git
			// apply and patch -p1 take it below them, not the new tree's.
			os, ns = os+len(oldP)-len(rest), ns+len(newP)-len(rest)
			oldP, newP = rest, rest
		}
		if oldP == "/dev/null" {
			f.Created, oldP = true, ""
		}
		if newP == "/dev/null" {
			f.Deleted, newP = true, ""
		}
		f.OldPath, f.OldStart, f.OldEnd = oldP, os, oe
		f.NewPath, f.NewStart, f.NewEnd = newP, ns, ne
		if !git && oldP != "" && newP != "" && oldP != newP {
			// diff -u a.txt.orig a.txt: the file is the new name.
			f.OldPath, f.OldStart, f.OldEnd = newP, ns, ne
		}
		if git && oldP != "" && newP != "" && oldP != newP && !f.Renamed {
			// git writes a rename with rename from/rename to lines, and
			// git apply refuses ---/+++ names that disagree otherwise:
			// taken as a rename, a typo in one line moved the user's file.
			f.Diags = append(f.Diags, errorAt(PathsDiffer, s.line(i).Start, s.line(i+1).End,
				"the --- and +++ lines name two files ("+oldP+", "+newP+") and the diff has no rename from/rename to lines",
				"to change the file write its path on both lines (--- a/"+oldP+", +++ b/"+oldP+"); to rename it, add the lines rename from "+oldP+" and rename to "+newP))
		}
		f.End = s.line(i + 1).Next
		i += 2
	}
	s.hunks = s.hunks[:0]
	s.cur = &f
	for s.has(i, "@@") {
		h, next := s.hunk(i)
		s.hunks = append(s.hunks, h)
		f.End = h.End
		i = next
	}
	if len(s.hunks) > 0 {
		f.Hunks = slices.Clone(s.hunks)
	}
	if len(f.Hunks) == 0 && !f.Created && !f.Deleted && !f.Renamed && len(f.Diags) == 0 {
		f.Diags = append(f.Diags, errorAt(NoHunks, f.Start, s.lineEndAt(f.Start),
			"this file's diff has no hunk (@@ … @@) to apply",
			"give each change as a hunk: @@ -start,count +start,count @@ and its lines"))
	}
	return f, i
}

// binaryBody is the line past the body of a GIT binary patch whose
// first line is i: git writes one or two blocks, each a "literal N" or
// "delta N" line, its base85 lines and a blank line. The body is the
// file's: left unread, its lines ended the diff there, and the files after
// it became a diff of their own that applied while the one holding the
// binary patch was held back.
func (s *scanner) binaryBody(i int) int {
	for s.has(i, "literal ") || s.has(i, "delta ") {
		i++
		for i < len(s.ends) && len(bytes.TrimSpace(s.text(i))) != 0 && !s.fileStart(i) {
			i++
		}
		if i < len(s.ends) && len(bytes.TrimSpace(s.text(i))) == 0 {
			i++
		}
	}
	return i
}

func (s *scanner) lineEndAt(off int) int {
	if j := bytes.IndexByte(s.src[off:], '\n'); j >= 0 {
		return off + j
	}
	return len(s.src)
}

func (s *scanner) extendedLine(f *File, i int, p, rest string) {
	l := s.line(i)
	rest = strings.TrimRight(rest, " \t\r")
	l.End = l.Start + len(p) + len(rest)
	switch p {
	case "new file mode ", "deleted file mode ", "old mode ", "new mode ", "index ":
		if symlinkMode(p, rest) {
			// git's diff of a link is its target as one line: written,
			// it would make a text file holding a path where a link was.
			f.Diags = append(f.Diags, errorAt(SymlinkPatch, l.Start, l.End,
				"a symbolic link's diff cannot be applied: clada writes and removes regular files only",
				"leave the link out of the diff, or make it with a command (ln -s TARGET PATH)"))
			return
		}
	}
	switch p {
	case "new file mode ":
		f.Created = true
		if execMode(rest) {
			// git apply makes such a file executable; clada writes content
			// only, so say it rather than leave a script that will not run.
			f.Diags = append(f.Diags, warningAt(ModeIgnored, l.Start, l.End,
				"the new file's mode "+rest+" (executable) is not applied: it is written as a plain file",
				"make it executable with a command (chmod +x) if it must run"))
		}
	case "deleted file mode ":
		f.Deleted = true
	case "rename from ":
		f.Renamed, f.OldPath, f.OldStart, f.OldEnd = true, rest, l.Start+len(p), l.End
	case "rename to ":
		f.Renamed, f.NewPath, f.NewStart, f.NewEnd = true, rest, l.Start+len(p), l.End
	case "copy from ", "copy to ":
		f.Diags = append(f.Diags, errorAt(CopyUnsupported, l.Start, l.End,
			"a copy is not applied: clada's diffs create, change, move and delete files",
			"write the copy as a new file (--- /dev/null) with its whole content"))
	case "Binary files ", "GIT binary patch":
		f.Diags = append(f.Diags, errorAt(BinaryPatch, l.Start, l.End,
			"a binary patch cannot be applied: clada edits text files",
			"leave binary files out of the diff"))
	case "old mode ", "new mode ":
		f.Diags = append(f.Diags, warningAt(ModeIgnored, l.Start, l.End,
			"a mode change is not applied: only the content changes",
			"change the mode with a command (chmod) if it matters"))
	}
}

// symlinkMode reports whether the extended header line p rest gives the
// mode of a symbolic link (git's 120000): a mode line, or an index line
// that ends in the mode ("index 1234567..89abcde 120000").
func symlinkMode(p, rest string) bool {
	if p == "index " {
		_, mode, ok := strings.Cut(rest, " ")
		return ok && mode == "120000"
	}
	return rest == "120000"
}

// execMode reports whether a git file mode (100755) lets its owner run it.
func execMode(mode string) bool {
	m, err := strconv.ParseUint(mode, 8, 32)
	return err == nil && m&0o170000 == 0o100000 && m&0o100 != 0
}

// belowTwoTops reports whether the ---/+++ paths old and new name one file
// below two different top folders (orig/src/x.go and new/src/x.go), and
// gives its path below them.
func belowTwoTops(old, new string) (string, bool) {
	if strings.HasPrefix(old, "/") || strings.HasPrefix(new, "/") {
		return "", false
	}
	oTop, oRest, ok1 := strings.Cut(old, "/")
	nTop, nRest, ok2 := strings.Cut(new, "/")
	if !ok1 || !ok2 || oTop == nTop || oTop == "" || nTop == "" || oRest != nRest || oRest == "" {
		return "", false
	}
	for _, top := range []string{oTop, nTop} {
		if top == "." || top == ".." {
			return "", false
		}
	}
	return oRest, true
}

// gitPaths splits "a/x b/y" of a diff --git line.
func gitPaths(s string) (string, string, bool) {
	if !strings.HasPrefix(s, "a/") {
		return "", "", false
	}
	if i := strings.Index(s, " b/"); i >= 0 {
		return s[2:i], s[i+3:], true
	}
	return "", "", false
}

// headerPath reads a ---/+++ line's path: up to a tab (a timestamp follows
// it), trailing blanks dropped; a quoted path is unquoted.
func headerPath(b []byte, at int) (string, int, int) {
	t := string(b)
	if i := strings.IndexByte(t, '\t'); i >= 0 {
		t = t[:i]
	}
	t = strings.TrimRight(t, " ")
	if len(t) > 1 && t[0] == '"' {
		if u, err := strconv.Unquote(t); err == nil {
			return u, at, at + len(t)
		}
	}
	return t, at, at + len(t)
}

// parseHead reads "@@ -a[,b] +c[,d] @@ …"; ok is false for a bare "@@".
func parseHead(t string) (h Hunk, ok bool) {
	rest, found := strings.CutPrefix(t, "@@ -")
	if !found {
		return h, false
	}
	end := strings.Index(rest, " @@")
	if end < 0 {
		return h, false
	}
	oldS, newS, found := strings.Cut(rest[:end], " +")
	if !found {
		return h, false
	}
	num := func(s string) (int, int, bool) {
		a, b, comma := strings.Cut(s, ",")
		x, err := strconv.Atoi(a)
		if err != nil || x < 0 {
			return 0, 0, false
		}
		if !comma {
			return x, 1, true
		}
		y, err := strconv.Atoi(b)
		return x, y, err == nil && y >= 0
	}
	var ok1, ok2 bool
	h.OldLine, h.OldCount, ok1 = num(oldS)
	h.NewLine, h.NewCount, ok2 = num(newS)
	h.Counted = ok1 && ok2
	return h, h.Counted
}

// hunk reads the hunk starting at the @@ line i. A hunk whose lines
// disagree with its header's counts is read again as one without counts
// (to the next header or the first line that is no hunk line), as `git
// apply --recount` does; that reading stands, with a warning, unless it
// stops at a ---/+++ pair, where a removed "-- x" line followed by an
// added "++ y" line and a file header read alike: there the counts alone
// could tell, so the count error stays; so it does when the lines alone
// change nothing or only add (nothing of the file places them).
func (s *scanner) hunk(i int) (Hunk, int) {
	h, next := s.readHunk(i, true)
	if !h.Counted || !countErr(h.Diags) {
		s.keepSides(&h)
		return h, next
	}
	// h's sides, kept while it is read again without counts (rare).
	hOld, hNew := bytes.Clone(s.old), bytes.Clone(s.new)
	r, rnext := s.readHunk(i, false)
	if len(r.Diags) > 0 || len(s.old) == 0 || bytes.Equal(s.old, s.new) || s.has(rnext, "--- ") {
		s.old, s.new = hOld, hNew
		s.keepSides(&h)
		return h, next
	}
	nl := []byte{'\n'}
	oldN, newN := bytes.Count(s.old, nl), bytes.Count(s.new, nl)
	if !bytes.HasSuffix(s.old, nl) {
		oldN++
	}
	if !bytes.HasSuffix(s.new, nl) && len(s.new) > 0 {
		newN++
	}
	r.Counted, r.Recounted = true, true
	r.OldLine, r.NewLine = h.OldLine, h.NewLine
	r.OldCount, r.NewCount = oldN, newN
	r.Diags = append(r.Diags, warningAt(Recounted, h.Start, h.HeadEnd,
		fmt.Sprintf("the hunk's lines make @@ -%d,%d +%d,%d @@, not the header's -%d,%d +%d,%d; the counts were corrected, and the hunk is placed by its lines alone",
			h.OldLine, oldN, h.NewLine, newN, h.OldLine, h.OldCount, h.NewLine, h.NewCount),
		"count the lines again: the old side is the context and '-' lines, the new side the context and '+' lines"))
	s.keepSides(&r)
	return r, rnext
}

// countErr: the hunk's lines disagree with its header's counts.
func countErr(ds source.Diagnostics) bool {
	for _, d := range ds {
		if d.Code == HunkCount || d.Code == BadHunkLine {
			return true
		}
	}
	return false
}

// readHunk reads the hunk at the @@ line i, by its header's counts when
// it has them and counted is true, else by its lines.
func (s *scanner) readHunk(i int, counted bool) (Hunk, int) {
	head := s.line(i)
	h, _ := parseHead(string(s.text(i)))
	h.Counted = h.Counted && counted
	// A line's "\r" is content when the @@ line has none: git writes a
	// CRLF file's lines with their CR under LF headers, so an LF->CRLF
	// change or a CRLF file gaining LF lines is in the bytes. An answer
	// pasted with CRLF throughout says nothing of the file's line ends:
	// there the file's convention decides (the engine's rule for edits).
	keepCR := head.Next == head.End+1
	h.Start, h.HeadEnd, h.End = head.Start, head.End, head.Next
	text := !s.spansOnly || !counted
	s.old, s.new = s.old[:0], s.new[:0]
	oldN, newN := 0, 0
	last := byte(0) // side of the previous line: ' ', '-' or '+'
	full := func() bool { return h.Counted && oldN >= h.OldCount && newN >= h.NewCount }
	j := i + 1
	for ; j < len(s.ends); j++ {
		t := s.text(j)
		if len(t) > 0 && t[0] == '\\' { // \ No newline at end of file
			switch last {
			case '-':
				s.old = trimNL(s.old)
			case '+':
				s.new = trimNL(s.new)
			case ' ':
				s.old, s.new = trimNL(s.old), trimNL(s.new)
			}
			h.End = s.line(j).Next
			continue
		}
		if full() || !h.Counted && s.headerAt(j) { // a counted hunk's lines are its own, "--- x" too
			break
		}
		c := byte(' ')
		body := t
		if len(t) > 0 {
			c, body = t[0], t[1:]
		}
		if keepCR && s.line(j).Next == s.line(j).End+2 && len(t) > 0 {
			body = s.src[s.line(j).Start+1 : s.line(j).End+1]
			h.RawCR = true
		}
		if c != ' ' && c != '-' && c != '+' {
			if !h.Counted {
				break
			}
			h.Diags = append(h.Diags, errorAt(BadHunkLine, s.line(j).Start, s.line(j).End,
				fmt.Sprintf("the hunk ends early: its header promises %d old and %d new lines, this line is none (it starts with neither ' ', '-' nor '+')", h.OldCount, h.NewCount),
				countHint(oldN, newN, h)+"; a context line starts with a space"))
			break
		}
		if len(t) == 0 && !h.Counted && !s.moreHunk(j) {
			break
		}
		switch c {
		case ' ':
			if text {
				s.old = append(append(s.old, body...), '\n')
				s.new = append(append(s.new, body...), '\n')
			}
			oldN++
			newN++
		case '-':
			if text {
				s.old = append(append(s.old, body...), '\n')
			}
			oldN++
		case '+':
			if text {
				s.new = append(append(s.new, body...), '\n')
			}
			newN++
		}
		last = c
		h.End = s.line(j).Next
	}
	if h.Counted && len(h.Diags) == 0 {
		extra := 0
		for k := j; k < len(s.ends) && !s.headerAt(k) && len(s.text(k)) > 0 && strings.IndexByte(" +-", s.text(k)[0]) >= 0; k++ {
			extra++
		}
		switch {
		case extra > 0:
			h.Diags = append(h.Diags, errorAt(HunkCount, h.Start, h.HeadEnd,
				fmt.Sprintf("the hunk has more lines than its header says (-%d,%d +%d,%d)", h.OldLine, h.OldCount, h.NewLine, h.NewCount),
				"count the hunk's lines again: the header's counts are its old side (context and '-') and new side (context and '+')"))
			for k := 0; k < extra; k++ {
				h.End = s.line(j + k).Next
			}
			j += extra
		case !full():
			h.Diags = append(h.Diags, errorAt(HunkCount, h.Start, h.HeadEnd,
				fmt.Sprintf("the hunk has fewer lines than its header says (-%d,%d +%d,%d)", h.OldLine, h.OldCount, h.NewLine, h.NewCount),
				countHint(oldN, newN, h)))
		}
	}
	if !text {
		return h, j // Spans: no text, so no say on the hunk's shape either
	}
	// The sides are in s.old and s.new (keepSides makes them h's).
	if len(s.old) == 0 && len(s.new) == 0 && !s.sidesOnly {
		if err := checkShape(h); err != nil {
			h.Diags = append(h.Diags, *err)
		}
	}
	return h, j
}

// keepSides gives h the sides readHunk left in s.old and s.new, or, when
// ScanDropping's drop says so, lets them go (Hunk.Dropped): the strings
// of a dropped hunk are never made.
func (s *scanner) keepSides(h *Hunk) {
	if s.drop != nil && s.drop(s.cur, h, s.old, s.new) {
		h.Dropped = true
		return
	}
	h.Old, h.New = string(s.old), string(s.new)
}

// countHint gives the header the lines read so far would have.
func countHint(oldN, newN int, h Hunk) string {
	return fmt.Sprintf("the lines given make @@ -%d,%d +%d,%d @@", h.OldLine, oldN, h.NewLine, newN)
}

// headerAt: the next file or hunk starts at line j.
func (s *scanner) headerAt(j int) bool {
	return s.has(j, "@@") || s.has(j, "diff --git ") || s.has(j, "--- ") && s.has(j+1, "+++ ")
}

// moreHunk: an empty line j inside a hunk without counts is a blank context
// line when another hunk line follows it.
func (s *scanner) moreHunk(j int) bool {
	for k := j + 1; k < len(s.ends); k++ {
		t := s.text(k)
		if len(t) == 0 {
			continue
		}
		return !s.headerAt(k) && strings.IndexByte(" +-", t[0]) >= 0
	}
	return false
}

// trimNL takes away the "\n" a side's text ends with, if it does: the
// "\n" of its last line, or none when that line's is gone already (a
// line's own bytes never hold one).
func trimNL(side []byte) []byte {
	if n := len(side); n > 0 && side[n-1] == '\n' {
		return side[:n-1]
	}
	return side
}

// ownPair reports whether the ---/+++ pair at line i belongs to the git
// file f whose header came before it: one of its paths is f's. A pair
// naming only other paths starts the next file (a deletion or rename with
// no content lines of its own comes right before it).
func (s *scanner) ownPair(i int, git bool, f File) bool {
	if !git || f.OldStart < 0 {
		return true
	}
	oldP, _, _ := headerPath(s.text(i)[4:], 0)
	newP, _, _ := headerPath(s.text(i + 1)[4:], 0)
	oldIs := strings.TrimPrefix(oldP, "a/") == f.OldPath
	newIs := strings.TrimPrefix(newP, "b/") == f.NewPath
	if oldIs || newIs {
		// One side is f's: its pair, even when the other names another
		// file (a typo the caller refuses as PATHS_DIFFER), not a file of
		// its own that would edit the other name.
		return true
	}
	return oldP == "/dev/null" && newP == "/dev/null"
}
