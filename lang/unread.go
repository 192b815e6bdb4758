package lang

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"github.com/clada-dev/clada/grammar/wholefile"
	"github.com/clada-dev/clada/source"
)

// Formats clada recognises in an answer but does not read (README, "When
// nothing is read"): each is reported by name where it stands, an error,
// so apply and check exit 1 instead of saying nothing was there. They are
// looked for only outside the blocks a syntax read.

// CodeUnreadFormat is the diagnostic of a recognised, unread format.
const CodeUnreadFormat = "UNREAD_FORMAT"

// unreadFormat is one such format: its name, how it is found (the ranges
// of its occurrences in src, each reported once), and what to send
// instead. The fences that are no whole-file block are looked at by the
// whole-file split (unreadFence), so an indented one is found in its
// container's view like every block.
type unreadFormat struct {
	name string
	find func(src []byte) []source.Range
	hint string
	// describe, when not nil, names the occurrence at r and says what to
	// send instead, for a format whose occurrences differ (each agent
	// tool's call); name and hint are then unused.
	describe func(src []byte, r source.Range) (name, hint string)
}

var (
	xmlInvoke      = regexp.MustCompile(`(?m)^[ \t]*<(invoke name="[^"]*"|function_calls>|antml:invoke)`)
	oldAiderMarker = regexp.MustCompile(`(?m)^<{5,9} ORIGINAL[ \t]*$`)
	zedFencedHead  = regexp.MustCompile(`(?m)^<<<<<<< SEARCH line=\d+[ \t]*$`)
	hunkHeader     = regexp.MustCompile(`(?m)^@@ .*@@`)
	// a patch's first line inside a JSON string: its line end escaped
	patchInString = regexp.MustCompile(`\*\*\* Begin Patch(?:\\r)?\\n|<{5,9} SEARCH(?:\\r)?\\n|\\n\+\+\+ [^"\\]+(?:\\r)?\\n@@`)
)

// unreadFormats are the formats looked for, in the order they are
// reported.
var unreadFormats = []unreadFormat{
	{
		name: "an XML function call (<invoke>)",
		find: func(src []byte) []source.Range {
			return gatedRanges(xmlInvoke, src, "<invoke", "<function_calls>", "<invoke")
		},
		hint: "clada reads tool calls written as JSON. Write the call as {\"name\": …, \"arguments\": {…}}, or use a format `clada prompt --syntax` teaches",
	},
	{
		// a tool call that is no call clada reads (another tool's, or one
		// in prose rather than a ```json fence): its patch must not be
		// passed over as prose
		name: "a patch in a JSON string (a tool call's argument)",
		find: func(src []byte) []source.Range {
			// Gated on the escaped newline each form needs: an unescaped
			// patch (every V4A answer, every diff) must not run this
			// regexp over its whole text, which has no literal prefix to
			// skip by (a 5,000-hunk patch's parse took 2.5 times as long).
			// No gate starts with a blank: a search for " SEARCH" stops at
			// every space of the text.
			return gatedRanges(patchInString, src, `Begin Patch\`, `SEARCH\`, `\n+++ `)
		},
		hint: "clada reads a patch in a tool call only from Codex's apply_patch call (\"name\": \"apply_patch\") in a ```json fence, on a line of its own or as the whole input; " +
			"otherwise give the patch itself, unquoted: *** Begin Patch … *** End Patch, a diff in a ```diff fence, or SEARCH/REPLACE blocks under the path",
	},
	{
		name: "aider's old ORIGINAL/UPDATED block",
		find: func(src []byte) []source.Range { return gatedRanges(oldAiderMarker, src, "ORIGINAL") },
		hint: "write the block with <<<<<<< SEARCH, =======, >>>>>>> REPLACE (clada prompt --syntax aider)",
	},
	{
		name: "Zed's fenced SEARCH with a line number",
		find: func(src []byte) []source.Range { return gatedRanges(zedFencedHead, src, "SEARCH line=") },
		hint: "write the block as <edits><old_text line=N>…</old_text><new_text>…</new_text></edits> under the file's path (clada prompt --syntax zed)",
	},
	{
		find:     agentToolCalls,
		describe: agentToolCall,
	},
}

// gatedRanges is where re matches in src, each match without the blanks
// before it; the regexp runs only when src holds one of the gate words
// (most answers hold none).
func gatedRanges(re *regexp.Regexp, src []byte, gates ...string) []source.Range {
	found := false
	for _, g := range gates {
		found = found || bytes.Contains(src, []byte(g))
	}
	if !found {
		return nil
	}
	var out []source.Range
	for _, m := range re.FindAllIndex(src, -1) {
		s := m[0] + len(src[m[0]:m[1]]) - len(bytes.TrimLeft(src[m[0]:m[1]], " \t"))
		out = append(out, source.Range{Start: s, End: m[1]})
	}
	return out
}

// unreadFound turns what each of unreadFormats found (found[i], by
// unreadFormats[i].find) into diagnostics; findSpans runs the finds beside
// its splitters and keeps those outside the blocks read.
func unreadFound(src []byte, found [][]source.Range) source.Diagnostics {
	var ds source.Diagnostics
	for i, rs := range found {
		f := &unreadFormats[i]
		for _, r := range rs {
			name, hint := f.name, f.hint
			if f.describe != nil {
				name, hint = f.describe(src, r)
			}
			ds = append(ds, unreadAt(name, hint, r))
		}
	}
	return ds
}

func unreadAt(name, hint string, r source.Range) source.Diagnostic {
	return source.Diagnostic{Severity: source.Error, Code: CodeUnreadFormat, Range: r,
		Message: fmt.Sprintf("%s: clada recognises it but does not read it, so nothing of it is applied", strings.ToUpper(name[:1])+name[1:]),
		Hint:    hint}
}

// unreadFence reports a fence that is no whole-file block yet holds an
// edit: a lazy placeholder with no file named, or a diff's hunks without
// its file headers. The whole-file split returns these as its
// diagnostics, so one that stands inside a block another syntax read is
// that block's business (findSpans drops it).
//
// signs says whether src holds anything a placeholder line holds
// (mayHoldPlaceholder); without any, no fence is looked through.
func unreadFence(src []byte, f *wholefile.Fence, signs bool) source.Diagnostics {
	if f.Citation {
		return nil
	}
	body := f.Body(src)
	// a V4A patch in a ```diff fence names its files in its own headers,
	// and its @@ lines may read as hunk headers (README, "OpenAI
	// apply_patch (V4A)")
	if l := strings.ToLower(f.Lang); (l == "diff" || l == "patch") && hunkHeader.Match(body) && !bytes.Contains(append([]byte("\n"), body...), []byte("\n+++ ")) &&
		!bytes.Contains(body, []byte("*** Begin Patch")) {
		return source.Diagnostics{unreadAt("a diff without ---/+++ file headers",
			"a hunk alone does not say which file it changes. Start the diff with --- a/PATH and +++ b/PATH lines, as git diff writes it",
			source.Range{Start: f.OpenStart, End: f.OpenEnd})}
	}
	if !signs || f.Path != "" || exampleInfo[strings.ToLower(f.Lang)] {
		return nil
	}
	if ph, ok := firstPlaceholder(body); ok {
		at := f.ContentStart + ph.Start
		return source.Diagnostics{unreadAt("a code block with a placeholder for left-out code that names no file",
			"clada cannot tell which file it changes, nor what the placeholder stands for. Put the file's path alone on the line before the fence and send the whole file "+
				"(a placeholder kept between lines copied exactly from the file), or send SEARCH/REPLACE blocks under the path",
			source.Range{Start: at, End: at + ph.End - ph.Start})}
	}
	return nil
}

// NoBlocksReason says, for a document with no block, what the answer
// held instead, so a report of nothing done names what it saw: code
// blocks that name no file, quotations of a file, or nothing at all.
func NoBlocksReason(d *Document) string {
	const none = "the input has no block of a format clada reads, so nothing was done (clada prompt shows how to write one)"
	if d == nil || d.File == nil || !wholefile.HasFence(d.File.Src) {
		return none
	}
	unnamed, cited := 0, 0
	for _, f := range wholefile.Scan(d.File.Src) {
		switch {
		case f.Citation:
			cited++
		case f.Path == "":
			unnamed++
		}
	}
	var saw []string
	if unnamed > 0 {
		saw = append(saw, fmt.Sprintf("%s that name%s no file", plural(unnamed, "code block"), map[bool]string{true: "s", false: ""}[unnamed == 1]))
	}
	if cited > 0 {
		saw = append(saw, fmt.Sprintf("%s that quote%s lines of a file (```12:15:path) without changing it", plural(cited, "code block"), map[bool]string{true: "s", false: ""}[cited == 1]))
	}
	if len(saw) == 0 {
		return none
	}
	return "the input has " + strings.Join(saw, " and ") + ", and no block of a format clada reads, so nothing was done. " +
		"To write a file, put its path alone on the line before the fence (clada prompt --syntax wholefile)"
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// firstPlaceholder is the first placeholder line of b: only lines that may
// start one (mayOpenPlaceholder) become strings, so the fences of a long
// answer are looked through without copying them.
func firstPlaceholder(b []byte) (PlaceholderLine, bool) {
	if !mayHoldPlaceholder(b) {
		return PlaceholderLine{}, false
	}
	line := 1
	for p := 0; p < len(b); line++ {
		e := bytes.IndexByte(b[p:], '\n')
		if e < 0 {
			e = len(b)
		} else {
			e += p
		}
		t := bytes.TrimLeft(b[p:e], " \t")
		if len(t) > 0 && mayOpenPlaceholder(t[0]) {
			if l := strings.TrimRight(string(b[p:e]), "\r"); IsPlaceholder(l) {
				return PlaceholderLine{Line: line, Start: p, End: p + len(l), Text: strings.TrimSpace(l)}, true
			}
		}
		p = e + 1
	}
	return PlaceholderLine{}, false
}

// placeholderSigns are texts a placeholder line of a fence that names no
// file is looked for by: an ellipsis, or the words of the commonest
// phrases without one. A text without any needs no look at its lines.
var placeholderSigns = [][]byte{[]byte("..."), []byte("…"), []byte("xisting"), []byte("nchanged")}

// mayHoldPlaceholder reports whether b holds one of placeholderSigns: a
// text without any needs no look at its lines.
func mayHoldPlaceholder(b []byte) bool {
	for _, s := range placeholderSigns {
		if bytes.Contains(b, s) {
			return true
		}
	}
	return false
}
