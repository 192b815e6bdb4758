package lang

import (
	"bytes"
	"fmt"
	"regexp"
	"sort"
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
// instead.
type unreadFormat struct {
	name string
	find func(src []byte, fences []wholefile.Fence) []source.Range
	hint string
}

var (
	xmlInvoke      = regexp.MustCompile(`(?m)^[ \t]*<(invoke name="[^"]*"|function_calls>|antml:invoke)`)
	oldAiderMarker = regexp.MustCompile(`(?m)^<{5,9} ORIGINAL[ \t]*$`)
	zedFencedHead  = regexp.MustCompile(`(?m)^<<<<<<< SEARCH line=\d+[ \t]*$`)
	hunkHeader     = regexp.MustCompile(`(?m)^@@ .*@@`)
)

// unreadFormats are the formats looked for, in the order they are
// reported.
var unreadFormats = []unreadFormat{
	{
		name: "a code block with a placeholder for left-out code that names no file",
		find: func(src []byte, fences []wholefile.Fence) []source.Range {
			var out []source.Range
			for _, f := range fences {
				if f.Path != "" || f.Citation || exampleInfo[strings.ToLower(f.Lang)] {
					continue
				}
				if phs := Placeholders(f.Content); len(phs) > 0 {
					at := f.ContentStart + strings.Index(string(src[f.ContentStart:f.ContentEnd]), phs[0].Text)
					out = append(out, source.Range{Start: at, End: at + len(phs[0].Text)})
				}
			}
			return out
		},
		hint: "clada cannot tell which file it changes, nor what the placeholder stands for. Put the file's path alone on the line before the fence and send the whole file " +
			"(a placeholder kept between lines copied exactly from the file), or send SEARCH/REPLACE blocks under the path",
	},
	{
		name: "a diff without ---/+++ file headers",
		find: func(src []byte, fences []wholefile.Fence) []source.Range {
			var out []source.Range
			for _, f := range fences {
				if l := strings.ToLower(f.Lang); (l == "diff" || l == "patch") && hunkHeader.MatchString(f.Content) && !strings.Contains(f.Content, "\n+++ ") && !strings.HasPrefix(f.Content, "+++ ") {
					out = append(out, source.Range{Start: f.OpenStart, End: f.OpenEnd})
				}
			}
			return out
		},
		hint: "a hunk alone does not say which file it changes. Start the diff with --- a/PATH and +++ b/PATH lines, as git diff writes it",
	},
	{
		name: "an XML function call (<invoke>)",
		find: func(src []byte, _ []wholefile.Fence) []source.Range { return gatedRanges(xmlInvoke, src, "invoke", "function_calls>") },
		hint: "clada reads tool calls written as JSON. Write the call as {\"name\": …, \"arguments\": {…}}, or use a format `clada prompt --syntax` teaches",
	},
	{
		name: "aider's old ORIGINAL/UPDATED block",
		find: func(src []byte, _ []wholefile.Fence) []source.Range { return gatedRanges(oldAiderMarker, src, "< ORIGINAL") },
		hint: "write the block with <<<<<<< SEARCH, =======, >>>>>>> REPLACE (clada prompt --syntax aider)",
	},
	{
		name: "Zed's fenced SEARCH with a line number",
		find: func(src []byte, _ []wholefile.Fence) []source.Range { return gatedRanges(zedFencedHead, src, "SEARCH line=") },
		hint: "write the block as <edits><old_text line=N>…</old_text><new_text>…</new_text></edits> under the file's path (clada prompt --syntax zed)",
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

// unreadDiagnostics reports each recognised, unread format of src that
// stands outside the blocks read (kept, sorted).
func unreadDiagnostics(src []byte, kept []blockSpan) source.Diagnostics {
	var fences []wholefile.Fence
	if wholefile.HasFence(src) {
		fences = wholefile.Scan(src)
	}
	inBlock := func(off int) bool {
		i := sort.Search(len(kept), func(i int) bool { return kept[i].End > off })
		return i < len(kept) && kept[i].Start <= off
	}
	var ds source.Diagnostics
	for _, u := range unreadFormats {
		for _, r := range u.find(src, fences) {
			if inBlock(r.Start) {
				continue
			}
			ds = append(ds, source.Diagnostic{Severity: source.Error, Code: CodeUnreadFormat, Range: r,
				Message: fmt.Sprintf("%s: clada recognises it but does not read it, so nothing of it is applied", strings.ToUpper(u.name[:1])+u.name[1:]),
				Hint:    u.hint})
		}
	}
	return ds
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
