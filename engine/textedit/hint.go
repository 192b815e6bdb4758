package textedit

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The hints of a failed search. An LLM reads them instead of reading the file
// again, so they quote the file's lines (numbered as file_read_numbered
// numbers them) and name the kind of difference: indentation, trailing
// whitespace, curly quotes, line breaks, or the column where a line departs.

const (
	hintQuoteLines = 8   // lines of the file a hint quotes at most
	hintLineWidth  = 160 // a quoted line is cut after this many characters
	hintDiffLines  = 3   // differing lines a hint describes at most
	hintMatches    = 10  // matches a several-matches hint quotes at most
	looseMaxBytes  = 4 << 20
)

// closestWork caps the window comparisons for the closest-match hint so a
// huge file cannot make a failed edit slow.
const closestWork = 4_000_000

// MultipleHint is the hint for a search that matched more than once: where,
// and the first line of each match, so the LLM can pick context that tells
// them apart.
func MultipleHint(body string, offs []int, length int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "old_text matches at %s; include more surrounding lines so it matches exactly once",
		MatchLocations(body, offs, length))
	quoteMatches(&b, body, offs)
	return b.String()
}

// NearHint is the hint for a unified diff's hunk whose old side matches
// several times in body, none starting at line want, the line its header
// states: the matches nearest that line, which is where a reader looks.
func NearHint(body string, offs []int, length, want int) string {
	lines := LinesAt(body, offs)
	i, _ := slices.BinarySearch(lines, want) // the first match at or after want
	lo, hi := max(0, i-2), min(len(offs), i+2)
	var b strings.Builder
	fmt.Fprintf(&b, "the hunk's header puts it at line %d, where none of its %d matches starts; the nearest are at %s: include more unchanged lines around the change so it matches exactly once",
		want, len(offs), MatchLocations(body, offs[lo:hi], length))
	quoteMatches(&b, body, offs[lo:hi])
	return b.String()
}

// quoteMatches appends the first line of each match, numbered, each line
// once, at most hintMatches of them.
func quoteMatches(b *strings.Builder, body string, offs []int) {
	lines := SplitLines(body)
	var nums []int
	for _, n := range LinesAt(body, offs) {
		if len(nums) == 0 || nums[len(nums)-1] != n {
			nums = append(nums, n)
		}
	}
	shown := nums[:min(len(nums), hintMatches)]
	width := len(strconv.Itoa(shown[len(shown)-1]))
	for _, n := range shown {
		fmt.Fprintf(b, "\n%*d: %s", width, n, cutLine(lines[n-1]))
	}
	if len(nums) > len(shown) {
		fmt.Fprintf(b, "\n… and %s more", plural(len(nums)-len(shown), "line"))
	}
}

// RangesHint is the hint for a range edit whose range occurs more than once:
// where each occurrence starts.
func RangesHint(body string, starts []int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "the range starts at %s; make old_text_beginning or old_text_end longer so exactly one range matches",
		MatchLocations(body, starts, 0))
	quoteMatches(&b, body, starts)
	return b.String()
}

// CountHint is the hint for file_replace_all_text finding another number of
// matches than its count.
func CountHint(body string, offs []int, length int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "old_text matches at %s; set count to %d if all of them should change",
		MatchLocations(body, offs, length), len(offs))
	quoteMatches(&b, body, offs)
	return b.String()
}

// NotFoundHint finds the region of body most like search, says how it
// differs and quotes it. It first looks for the search with whitespace
// ignored and quotes straightened (which finds re-indented, re-wrapped and
// curly-quoted copies exactly), then for the run of lines most alike.
func NotFoundHint(body, search string) string {
	return SearchHint(body, 0, "old_text", search)
}

// SearchHint is NotFoundHint for the param called name, looking only at the
// lines from the one holding byte offset from on (a range's end is sought
// after its start); line numbers stay the file's.
func SearchHint(body string, from int, name, search string) string {
	advice := fmt.Sprintf("copy %s exactly from the file (file_read_numbered shows it)", name)
	want, lead, trail := coreLines(search)
	have := SplitLines(body)
	base := LineAt(body, from) - 1
	if len(want) == 0 || body == "" {
		return fmt.Sprintf("%s is not in the file; %s", name, advice)
	}
	lineStart := strings.LastIndexByte(body[:from], '\n') + 1
	first, last, ok := looseRegion(body[lineStart:], search)
	if !ok {
		first, last, ok = similarRegion(have[base:], want)
	}
	if !ok {
		return fmt.Sprintf("no lines in the file resemble %s; %s", name, advice)
	}
	first, last = first+base, last+base
	diffs := regionDiffs(have, first, last, want, lead, trail)
	if diffs.unexplained {
		diffs.notes = []string{blankEdges(search, body, first, last)}
	}
	where := fmt.Sprintf("line %d", first+1)
	if last > first {
		where = fmt.Sprintf("lines %d-%d", first+1, last+1)
	}
	notes := strings.ReplaceAll(strings.Join(diffs.notes, "; "), "old_text", name)
	var b strings.Builder
	fmt.Fprintf(&b, "closest match at %s: %s; copy %s exactly from the file:", where, notes, name)
	quoteLines(&b, have, first, last, diffs.first)
	return b.String()
}

// coreLines splits a search into lines without its leading and trailing
// blank lines, and counts those.
func coreLines(search string) (lines []string, lead, trail int) {
	lines = SplitLines(search)
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines, lead = lines[1:], lead+1
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines, trail = lines[:len(lines)-1], trail+1
	}
	return lines, lead, trail
}

// straighten maps curly quotes to the straight ones they stand for.
func straighten(r rune) rune {
	switch r {
	case '‘', '’', '‚', '‛', '′':
		return '\''
	case '“', '”', '„', '‟', '″':
		return '"'
	}
	return r
}

// loosen drops whitespace and straightens quotes, so a re-indented,
// re-wrapped or curly-quoted copy of a text equals the text.
func loosen(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if !unicode.IsSpace(r) {
			b.WriteRune(straighten(r))
		}
	}
	return b.String()
}

// looseOffset maps byte k of loosen(s) back to the offset in s of the rune
// it came from.
func looseOffset(s string, k int) int {
	n := 0
	for i, r := range s {
		if unicode.IsSpace(r) {
			continue
		}
		if n += utf8.RuneLen(straighten(r)); n > k {
			return i
		}
	}
	return len(s)
}

// looseRegion finds search in body with whitespace ignored and quotes
// straightened, and returns the 0-based first and last lines it spans.
func looseRegion(body, search string) (int, int, bool) {
	if len(body) > looseMaxBytes {
		return 0, 0, false
	}
	ls := loosen(search)
	if ls == "" {
		return 0, 0, false
	}
	i := strings.Index(loosen(body), ls)
	if i < 0 {
		return 0, 0, false
	}
	return LineAt(body, looseOffset(body, i)) - 1, LineAt(body, looseOffset(body, i+len(ls)-1)) - 1, true
}

// similarRegion is the run of len(want) lines of have most like want, when
// at least half alike.
func similarRegion(have, want []string) (int, int, bool) {
	n := len(want)
	if len(have)*n > closestWork {
		return 0, 0, false
	}
	// Each line squashed once, not once per comparison.
	hs, ws := squashAll(have), squashAll(want)
	bestAt, best := -1, 0.0
	for i := 0; i+n <= len(have) || (i == 0 && len(have) < n); i++ {
		score := 0.0
		for k := 0; k < n && i+k < len(have); k++ {
			score += similarity(have[i+k], want[k], hs[i+k], ws[k])
		}
		if n == 1 && score < 1 && len(have[i]) <= 1000 {
			// A one-line search is often a fragment of a line.
			score = max(score, fragmentSimilarity(have[i], want[0]))
		}
		if score /= float64(n); score > best {
			best, bestAt = score, i
		}
	}
	if bestAt < 0 || best < 0.5 {
		return 0, 0, false
	}
	return bestAt, min(bestAt+n, len(have)) - 1, true
}

func squashAll(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = squash(l)
	}
	return out
}

// similarity scores how alike a file line and a search line are, 0..1,
// given both also squashed. A search line contained in the file line counts
// (searches often start or end mid-line).
func similarity(have, want, sh, sw string) float64 {
	switch {
	case have == want || (want != "" && strings.Contains(have, want)):
		return 1
	case sh == sw || (sw != "" && strings.Contains(sh, sw)):
		return 0.95
	case strings.EqualFold(have, want):
		return 0.9
	case strings.EqualFold(sh, sw):
		return 0.85
	}
	longest := max(len(have), len(want))
	if longest == 0 {
		return 1
	}
	p := 0
	for p < len(have) && p < len(want) && have[p] == want[p] {
		p++
	}
	s := 0
	for s < len(have)-p && s < len(want)-p && have[len(have)-1-s] == want[len(want)-1-s] {
		s++
	}
	return 0.8 * float64(p+s) / float64(longest)
}

// fragmentSimilarity is the share of search line w (indentation aside) that
// runs unchanged from some column of file line h.
func fragmentSimilarity(h, w string) float64 {
	wt := strings.TrimLeft(w, " \t")
	if wt == "" {
		return 0
	}
	_, n := longestStretch(h, wt)
	return float64(n) / float64(len(wt))
}

// longestStretch is where in h the longest head of w starts, and its length.
func longestStretch(h, w string) (at, n int) {
	at, n = 0, -1
	for j := 0; j <= len(h); j++ {
		p := 0
		for p < len(w) && j+p < len(h) && h[j+p] == w[p] {
			p++
		}
		if p > n {
			at, n = j, p
		}
		if p == len(w) {
			break
		}
	}
	return at, n
}

// squash drops all whitespace, for comparisons that ignore it.
func squash(s string) string {
	return strings.Join(strings.Fields(s), "")
}

// regionNotes says how a region differs from the search: notes in reading
// order, and the first differing line (-1 when no single line differs).
type regionNotes struct {
	notes []string
	first int
	// unexplained: every line fits; the difference lies in the blank text
	// around them, which regionDiffs cannot see (blankEdges says it).
	unexplained bool
}

// regionDiffs compares the file's lines first..last with the search lines.
func regionDiffs(have []string, first, last int, want []string, lead, trail int) regionNotes {
	r := regionNotes{first: -1}
	region := have[first : last+1]
	if len(region) != len(want) {
		r.notes = append(r.notes, breaksDiffer(region, want, first))
		return r
	}
	var lines []int // 0-based file lines that differ
	var notes []string
	for k := range want {
		if note := lineDiff(region[k], want[k], k == 0, k == len(want)-1); note != "" {
			lines, notes = append(lines, first+k), append(notes, note)
		}
	}
	if len(lines) > 0 {
		r.first = lines[0]
	}
	if note := reindented(region, want, first, lines); note != "" {
		r.notes = append(r.notes, note)
	} else {
		for i, l := range lines[:min(len(lines), hintDiffLines)] {
			r.notes = append(r.notes, fmt.Sprintf("line %d %s", l+1, notes[i]))
		}
		if len(lines) > hintDiffLines {
			r.notes = append(r.notes, fmt.Sprintf("%s more differ", plural(len(lines)-hintDiffLines, "line")))
		}
	}
	if lead > 0 && !blankRun(have, first-lead, first-1) {
		r.notes = append(r.notes, fmt.Sprintf("old_text starts with %s, more than the file has before line %d",
			plural(lead, "line break"), first+1))
	}
	if trail > 0 && !blankRun(have, last+1, last+trail) {
		r.notes = append(r.notes, fmt.Sprintf("old_text ends with %s, more than the file has after line %d",
			plural(trail, "line break"), last+1))
	}
	r.unexplained = len(r.notes) == 0
	return r
}

// blankEdges explains a region whose lines all fit the search's: what is
// left is the blank text around them (a search ending "\n    " because its
// closing delimiter was indented) or, only where a CR is involved, the line
// endings.
func blankEdges(search, body string, first, last int) string {
	core := strings.Trim(search, " \t\r\n")
	at := strings.Index(search, core)
	head, tail := search[:at], search[at+len(core):]
	switch {
	case strings.Trim(tail, "\n") != "":
		return fmt.Sprintf("old_text ends with %q after line %d, which the file does not have there (drop the trailing blanks, or copy them exactly)", tail, last+1)
	case strings.Trim(head, "\n") != "":
		return fmt.Sprintf("old_text starts with %q before line %d, which the file does not have there (drop the leading blanks, or copy them exactly)", head, first+1)
	case strings.Contains(search, "\r") || strings.Contains(body, "\r"):
		return "the line endings differ (\\r\\n or \\r against \\n)"
	}
	return fmt.Sprintf("old_text's blank lines around it (%q before, %q after) are not the file's", head, tail)
}

// reindented sums up a region whose differing lines (0-based file lines)
// all differ in indentation only, the file using one kind of blank and
// old_text the other: "lines 6-8 are indented with tabs in the file but
// spaces in old_text (4 spaces for each tab)". "" when that is not the case.
func reindented(region, want []string, first int, lines []int) string {
	if len(lines) < 2 {
		return ""
	}
	fileKind, searchKind, ratio := "", "", 0
	for _, l := range lines {
		h, w := region[l-first], want[l-first]
		hIn, wIn := indentOf(h), indentOf(w)
		if h[len(hIn):] != w[len(wIn):] {
			return ""
		}
		hk, wk := blankKind(hIn), blankKind(wIn)
		if hk == "" || wk == "" || hk == wk || (fileKind != "" && (hk != fileKind || wk != searchKind)) {
			return ""
		}
		fileKind, searchKind = hk, wk
		n := max(len(hIn), len(wIn)) / min(len(hIn), len(wIn))
		if max(len(hIn), len(wIn))%min(len(hIn), len(wIn)) != 0 || (ratio != 0 && n != ratio) {
			ratio = -1
		} else if ratio == 0 {
			ratio = n
		}
	}
	where := fmt.Sprintf("lines %d-%d are", lines[0]+1, lines[len(lines)-1]+1)
	if lines[len(lines)-1]-lines[0]+1 != len(lines) {
		nums := make([]string, len(lines))
		for i, l := range lines {
			nums[i] = strconv.Itoa(l + 1)
		}
		where = "lines " + strings.Join(nums, ", ") + " are"
	}
	note := fmt.Sprintf("%s indented with %ss in the file but %ss in old_text", where, fileKind, searchKind)
	if ratio > 0 && fileKind == "tab" {
		note += fmt.Sprintf(" (%s for each tab)", plural(ratio, "space"))
	} else if ratio > 0 {
		note += fmt.Sprintf(" (a tab for each %s)", plural(ratio, "space"))
	}
	return note
}

// blankKind is "tab" or "space" for indentation of one kind only, else "".
func blankKind(in string) string {
	switch {
	case in == "":
		return ""
	case strings.Trim(in, "\t") == "":
		return "tab"
	case strings.Trim(in, " ") == "":
		return "space"
	}
	return ""
}

// breaksDiffer says where a region holding the search's text on another
// number of lines departs from it: in its blank lines, or in where a line
// is broken.
func breaksDiffer(region, want []string, first int) string {
	nonBlank := func(ls []string) (idx []int) {
		for i, l := range ls {
			if strings.TrimSpace(l) != "" {
				idx = append(idx, i)
			}
		}
		return idx
	}
	hn, wn := nonBlank(region), nonBlank(want)
	if len(hn) == len(wn) {
		for k := 1; k < len(hn); k++ {
			if hb, wb := hn[k]-hn[k-1]-1, wn[k]-wn[k-1]-1; hb != wb {
				return fmt.Sprintf("the blank lines differ: the file has %s between lines %d and %d, old_text %d",
					plural(hb, "blank line"), first+hn[k-1]+1, first+hn[k]+1, wb)
			}
		}
	}
	k := 0
	for k < len(region) && k < len(want) && region[k] == want[k] {
		k++
	}
	return fmt.Sprintf("the line breaks differ from line %d on: old_text has this text on %s, the file on %s",
		first+k+1, plural(len(want), "line"), plural(len(region), "line"))
}

// blankRun says whether lines from..to exist and, all but the first and the
// last (the ones a line break starts or ends in), are blank: what a search's
// extra line breaks need around its text.
func blankRun(have []string, from, to int) bool {
	if from < 0 || to >= len(have) {
		return false
	}
	for i := from + 1; i < to; i++ {
		if strings.TrimSpace(have[i]) != "" {
			return false
		}
	}
	return true
}

// lineDiff names how file line h differs from search line w, "" when w
// fits: equal, or for a search's first line a tail of h, for its last a
// head of h, for a one-line search any part of h.
func lineDiff(h, w string, isFirst, isLast bool) string {
	fits := func(h, w string) bool {
		switch {
		case isFirst && isLast:
			return strings.Contains(h, w)
		case isFirst:
			return strings.HasSuffix(h, w)
		case isLast:
			return strings.HasPrefix(h, w)
		}
		return h == w
	}
	if fits(h, w) {
		return ""
	}
	hIn, wIn := indentOf(h), indentOf(w)
	if hIn != wIn && (!isFirst || wIn != "") {
		// Indented differently; the rest, aligned, must fit as well.
		note := fmt.Sprintf("is indented with %s in the file but %s in old_text", describeSpace(hIn), describeSpace(wIn))
		aligned := func(h, w string) bool { return h == w || (isLast && strings.HasPrefix(h, w)) }
		if rest := contentDiff(h[len(hIn):], w[len(wIn):], aligned, utf8.RuneCountInString(hIn)); rest != "" {
			note += ", and " + rest
		}
		return note
	}
	return contentDiff(h, w, fits, 0)
}

// contentDiff names how h and w differ once indentation is settled: in
// trailing blanks, in quotes, or from a column on (counted from colBase).
func contentDiff(h, w string, fits func(h, w string) bool, colBase int) string {
	if fits(h, w) {
		return ""
	}
	hT, wT := strings.TrimRight(h, " \t"), strings.TrimRight(w, " \t")
	if fits(hT, wT) {
		if len(w) > len(wT) {
			return fmt.Sprintf("ends with %s in old_text that the file's line does not have", describeSpace(w[len(wT):]))
		}
		return fmt.Sprintf("ends with %s in the file that old_text's line does not have", describeSpace(h[len(hT):]))
	}
	if hs, ws := strings.Map(straighten, h), strings.Map(straighten, w); (hs != h || ws != w) && fits(hs, ws) {
		if ws != w {
			return "has straight quotes in the file where old_text has curly ones (“ ” ‘ ’); write straight quotes"
		}
		return "has curly quotes in the file where old_text has straight ones; copy them as they are"
	}
	col, fileRest, searchRest := firstDifference(h, w)
	col += colBase
	switch {
	case squash(h) == squash(w):
		return fmt.Sprintf("differs in whitespace at column %d", col)
	case strings.EqualFold(h, w):
		return fmt.Sprintf("differs in letter case at column %d", col)
	case strings.EqualFold(squash(h), squash(w)):
		return fmt.Sprintf("differs in letter case and whitespace from column %d", col)
	case searchRest == "":
		return fmt.Sprintf("goes on at column %d in the file with %s where old_text's line ends", col, quoteBit(fileRest))
	case fileRest == "":
		return fmt.Sprintf("ends at column %d in the file where old_text's line goes on with %s", col, quoteBit(searchRest))
	}
	return fmt.Sprintf("differs at column %d: the file has %s where old_text has %s", col, quoteBit(fileRest), quoteBit(searchRest))
}

// firstDifference aligns search line w (its indentation aside) in file line
// h where the longest common stretch starts, and returns the 1-based column
// of h where they part and what follows there on each side.
func firstDifference(h, w string) (int, string, string) {
	wt := strings.TrimLeft(w, " \t")
	bestAt, bestLen := longestStretch(h, wt)
	if bestLen < min(len(wt), 3) {
		// No real stretch in common: compare from the indentation on.
		bestAt, bestLen = len(indentOf(h)), 0
		for bestAt+bestLen < len(h) && bestLen < len(wt) && h[bestAt+bestLen] == wt[bestLen] {
			bestLen++
		}
		if bestLen < 3 {
			bestLen = 0 // a letter or two in common only blurs where they part
		}
	}
	at := bestAt + bestLen
	for at > 0 && at < len(h) && !utf8.RuneStart(h[at]) {
		at--
	}
	wAt := at - bestAt
	for wAt > 0 && wAt < len(wt) && !utf8.RuneStart(wt[wAt]) {
		wAt--
	}
	return utf8.RuneCountInString(h[:at]) + 1, h[at:], wt[min(wAt, len(wt)):]
}

// quoteBit shows the start of a differing stretch, tabs and spaces visible.
func quoteBit(s string) string {
	if r := []rune(s); len(r) > 20 {
		s = string(r[:20]) + "…"
	}
	if strings.TrimSpace(s) == "" {
		return describeSpace(s)
	}
	return "`" + s + "`"
}

func indentOf(s string) string {
	return s[:len(s)-len(strings.TrimLeft(s, " \t"))]
}

// describeSpace names a run of blanks: "4 spaces", "1 tab", "1 tab and 2
// spaces", "no indentation".
func describeSpace(s string) string {
	tabs, spaces := strings.Count(s, "\t"), strings.Count(s, " ")
	switch {
	case tabs == 0 && spaces == 0:
		return "no indentation"
	case tabs == 0:
		return plural(spaces, "space")
	case spaces == 0:
		return plural(tabs, "tab")
	}
	return plural(tabs, "tab") + " and " + plural(spaces, "space")
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// quoteLines appends the file's lines first..last, numbered, at most
// hintQuoteLines of them, keeping the line at focus (when >= 0) in view.
func quoteLines(b *strings.Builder, have []string, first, last, focus int) {
	from, to := first, last
	if to-from+1 > hintQuoteLines {
		if focus < 0 {
			focus = first
		}
		from = max(first, focus-hintQuoteLines/2)
		to = min(last, from+hintQuoteLines-1)
		from = max(first, to-hintQuoteLines+1)
	}
	width := len(strconv.Itoa(to + 1))
	if from > first {
		fmt.Fprintf(b, "\n%*s  … (%s before)", width, "", plural(from-first, "line"))
	}
	for i := from; i <= to; i++ {
		fmt.Fprintf(b, "\n%*d: %s", width, i+1, cutLine(have[i]))
	}
	if to < last {
		fmt.Fprintf(b, "\n%*s  … (%s more)", width, "", plural(last-to, "line"))
	}
}

// cutLine shortens a quoted line past hintLineWidth characters.
func cutLine(s string) string {
	if utf8.RuneCountInString(s) <= hintLineWidth {
		return s
	}
	return string([]rune(s)[:hintLineWidth]) + "…"
}

// ContentDiffers says where have (a whole file) and want (the content an answer
// states for it) part first: the line, and the start of each side's text
// there; "" when they are equal.
func ContentDiffers(have, want string) string {
	if have == want {
		return ""
	}
	n := 0
	for n < len(have) && n < len(want) && have[n] == want[n] {
		n++
	}
	line := strings.Count(have[:n], "\n") + 1
	start := strings.LastIndexByte(have[:n], '\n') + 1
	// Quote from a little before where they part, so the two quotes show
	// the difference rather than the line's shared start.
	from := max(start, n-10)
	for from > start && !utf8.RuneStart(have[from]) {
		from--
	}
	lead := ""
	if from > start {
		lead = "…"
	}
	cut := func(s string) string {
		if i := strings.IndexByte(s, '\n'); i >= 0 {
			s = s[:i]
		}
		if s == "" {
			return "nothing more"
		}
		return quoteBit(lead + s)
	}
	col := utf8.RuneCountInString(have[start:n]) + 1
	return fmt.Sprintf("from line %d, column %d, they differ: the file has %s where the answer has %s", line, col, cut(have[from:]), cut(want[from:]))
}
