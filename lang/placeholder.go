package lang

import (
	"strings"
	"unicode"
)

// Lazy placeholders: the lines models write in place of code they left out
// ("// ... existing code ...", "# rest of the file unchanged",
// "(rest of methods ...)"). Written into a file they would replace the
// code they stand for, so clada never writes one (README, "Lazy
// placeholders"): an op whose new text holds one is refused with
// LAZY_PLACEHOLDER at its line, and only file_merge gives them a meaning,
// the lines of the current file between the exact lines around them.

// CodeLazyPlaceholder is the diagnostic of a placeholder line in a text
// that would be written as it is.
const CodeLazyPlaceholder = "LAZY_PLACEHOLDER"

// PlaceholderLine is one placeholder line of a text.
type PlaceholderLine struct {
	Line       int    // 1-based line of the text
	Start, End int    // byte offsets of the line (without its line end)
	Text       string // the line as written, blanks around it trimmed
}

// Placeholders finds the placeholder lines of s, in order.
func Placeholders(s string) []PlaceholderLine {
	var out []PlaceholderLine
	line, start := 1, 0
	for start <= len(s) {
		end := strings.IndexByte(s[start:], '\n')
		next := len(s) + 1
		if end < 0 {
			end = len(s)
		} else {
			end += start
			next = end + 1
		}
		l := strings.TrimRight(s[start:end], "\r")
		if IsPlaceholder(l) {
			out = append(out, PlaceholderLine{Line: line, Start: start, End: start + len(l), Text: strings.TrimSpace(l)})
		}
		line++
		start = next
	}
	return out
}

// IsPlaceholder reports whether a line stands for omitted code. The line,
// blanks around it aside, must be one comment (//, #, --, ;, %, /* */,
// <!-- -->, {/* */}, (* *), {- -}) or one parenthesized aside whose text
// is
//
//   - an ellipsis alone ("// ...", "<!-- … -->");
//   - words between two ellipses ("// ... existing code ...");
//   - words with an ellipsis on one side, among them a word of omission
//     ("// rest of methods ...", "# ... unchanged");
//   - a whole phrase of omission ("# rest of the file unchanged",
//     "// existing code here").
//
// A line of code that merely contains such a comment after code, a string
// holding one, or a bare "..." (Python's Ellipsis, YAML's document end)
// is not a placeholder. Words between two ellipses need no comment
// marker: "... existing code ..." is no statement of any language.
func IsPlaceholder(line string) bool {
	t := strings.TrimSpace(line)
	if t == "" || len(t) > 160 || !mayOpenPlaceholder(t[0]) {
		return false // most lines of code: one look at their first byte
	}
	if inner, ok := commentText(t); ok {
		return omission(inner, true)
	}
	return omission(t, false) && bothEllipses(t)
}

// mayOpenPlaceholder reports whether a placeholder line may start with c:
// a comment marker, a parenthesis or brace, or an ellipsis.
func mayOpenPlaceholder(c byte) bool {
	switch c {
	case '/', '#', '-', ';', '%', '(', '{', '<', '.', 0xE2: // 0xE2 starts "…"
		return true
	}
	return false
}

// commentText strips one comment's markers from t (trimmed), or a
// parenthesized aside's parentheses.
func commentText(t string) (string, bool) {
	for _, p := range [][2]string{{"{/*", "*/}"}, {"/*", "*/"}, {"<!--", "-->"}, {"(*", "*)"}, {"{-", "-}"}} {
		if strings.HasPrefix(t, p[0]) && strings.HasSuffix(t, p[1]) && len(t) >= len(p[0])+len(p[1]) {
			return strings.TrimSpace(t[len(p[0]) : len(t)-len(p[1])]), true
		}
	}
	if strings.HasPrefix(t, "(") && strings.HasSuffix(t, ")") {
		return strings.TrimSpace(t[1 : len(t)-1]), true
	}
	for _, p := range []string{"//", "#", "--", ";", "%"} {
		if strings.HasPrefix(t, p) {
			// "##", "///", ";;", "%%": a run of the marker is one marker
			rest := strings.TrimLeft(t, p[:1])
			if p == "#" && strings.HasPrefix(rest, "!") { // a shebang
				return "", false
			}
			return strings.TrimSpace(rest), true
		}
	}
	return "", false
}

// isEllipsis reports whether s is "...", "…" or a longer run of dots
// (blanks between them allowed).
func isEllipsis(s string) bool {
	dots := 0
	for _, r := range s {
		switch r {
		case '.':
			dots++
		case '…':
			dots += 3
		case ' ':
		default:
			return false
		}
	}
	return dots >= 3
}

// cutEllipsis removes an ellipsis from the start (lead) or the end of s.
func cutEllipsis(s string, lead bool) (string, bool) {
	for _, e := range []string{"...", "…"} {
		if lead && strings.HasPrefix(s, e) {
			return strings.TrimSpace(strings.TrimLeft(s, ".…")), true
		}
		if !lead && strings.HasSuffix(s, e) {
			return strings.TrimSpace(strings.TrimRight(s, ".…")), true
		}
	}
	return s, false
}

func bothEllipses(t string) bool {
	_, a := cutEllipsis(t, true)
	_, b := cutEllipsis(t, false)
	return a && b
}

// omissionWords are the words that say code was left out; one of them on
// a comment with an ellipsis on one side makes it a placeholder.
var omissionWords = map[string]bool{
	"rest": true, "existing": true, "same": true, "unchanged": true, "remaining": true, "remain": true,
	"remains": true, "omitted": true, "omit": true, "other": true, "others": true, "previous": true,
	"original": true, "more": true, "etc": true, "unmodified": true, "untouched": true, "skipped": true,
	"truncated": true, "elided": true, "before": true, "above": true, "below": true, "similar": true,
}

// omissionPhrases are whole comment texts that say code was left out
// without an ellipsis; each word of a phrase is matched as written, and
// "*" matches any one word.
var omissionPhrases = [][]string{
	{"rest", "of", "*", "unchanged"},
	{"rest", "of", "the", "*", "unchanged"},
	{"rest", "of", "the", "*", "is", "unchanged"},
	{"rest", "of", "the", "*", "remains", "unchanged"},
	{"rest", "of", "the", "*", "stays", "the", "same"},
	{"rest", "of", "the", "*", "remains", "the", "same"},
	{"rest", "of", "the", "*", "as", "before"},
	{"rest", "of", "*", "as", "before"},
	{"rest", "of", "the", "*"},
	{"rest", "of", "*"},
	{"the", "rest", "is", "unchanged"},
	{"the", "rest", "unchanged"},
	{"everything", "else", "unchanged"},
	{"everything", "else", "stays", "the", "same"},
	{"everything", "else", "remains", "the", "same"},
	{"existing", "*"},
	{"existing", "*", "here"},
	{"existing", "*", "unchanged"},
	{"existing", "*", "remains", "unchanged"},
	{"existing", "*", "goes", "here"},
	{"keep", "existing", "*"},
	{"keep", "the", "existing", "*"},
	{"unchanged", "*"},
	{"*", "unchanged"},
	{"other", "*", "unchanged"},
	{"other", "*", "remain", "unchanged"},
	{"other", "*", "remain", "the", "same"},
	{"remaining", "*", "unchanged"},
	{"same", "as", "before"},
	{"previous", "*", "unchanged"},
	{"no", "changes", "below"},
	{"no", "changes", "above"},
}

// omissionPhraseWords limits "*" to the words a placeholder phrase takes
// (so "existing users" or "rest of the day" stay comments).
var omissionPhraseWords = map[string]bool{
	"code": true, "file": true, "class": true, "function": true, "functions": true, "method": true,
	"methods": true, "implementation": true, "module": true, "component": true, "imports": true,
	"import": true, "content": true, "contents": true, "logic": true, "body": true, "fields": true,
	"properties": true, "tests": true, "test": true, "cases": true, "config": true, "configuration": true,
	"styles": true, "routes": true, "handlers": true, "definitions": true, "declarations": true,
	"lines": true, "sections": true, "section": true, "template": true, "markup": true, "code.": true,
	"script": true, "file.": true, "setup": true, "members": true, "helpers": true, "dependencies": true,
}

// omission reports whether a comment's text (or, outside a comment, a
// line's text) says code was left out. commented is false for a line with
// no comment marker, which must then be words between two ellipses.
func omission(text string, commented bool) bool {
	if isEllipsis(text) {
		return commented
	}
	head, lead := cutEllipsis(text, true)
	body, trail := cutEllipsis(head, false)
	words := placeholderWords(body)
	switch {
	case lead && trail:
		return len(words) > 0 && len(words) <= 8
	case lead || trail:
		if len(words) > 8 {
			return false
		}
		for _, w := range words {
			if omissionWords[w] {
				return true
			}
		}
		return false
	}
	return commented && phraseOfOmission(words)
}

func phraseOfOmission(words []string) bool {
	for _, p := range omissionPhrases {
		if len(p) != len(words) {
			continue
		}
		ok := true
		for i, w := range p {
			if w == "*" && !omissionPhraseWords[words[i]] || w != "*" && w != words[i] {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// placeholderWords lower-cases text and splits it into words, dropping
// punctuation around them ("(rest of methods...)" → rest, of, methods).
func placeholderWords(text string) []string {
	f := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\''
	})
	return f
}
