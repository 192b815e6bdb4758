package roo

import (
	"fmt"
	"strings"
	"testing"

	"github.com/clada-dev/clada/grammar/internal/scantest"
	"github.com/clada-dev/clada/grammar/internal/xmltool"
	"github.com/google/go-cmp/cmp"
)

// render writes Scan's calls one field a line, each range as the text it
// covers.
func render(src string, calls []Call) string {
	var b strings.Builder
	for _, c := range calls {
		fmt.Fprintf(&b, "call at %s\n", scantest.Covered(src, c.Start, c.End))
		fmt.Fprintf(&b, "  name at %s\n", scantest.Covered(src, c.NameStart, c.NameEnd))
		if c.PathStart < 0 {
			fmt.Fprintf(&b, "  no path %s %d:%d\n", scantest.Q(c.Path), c.PathStart, c.PathEnd)
		} else {
			fmt.Fprintf(&b, "  path %s at %s\n", scantest.Q(c.Path), scantest.Covered(src, c.PathStart, c.PathEnd))
		}
		for _, e := range c.Edits {
			fmt.Fprintf(&b, "  edit at %s\n", scantest.Covered(src, e.Start, e.End))
			fmt.Fprintf(&b, "    head at %s\n", scantest.Covered(src, e.HeadStart, e.HeadEnd))
			if e.StartLine != 0 || e.StartLineStart != 0 || e.StartLineEnd != 0 {
				fmt.Fprintf(&b, "    start_line %d at %s\n", e.StartLine, scantest.Covered(src, e.StartLineStart, e.StartLineEnd))
			}
			fmt.Fprintf(&b, "    search %s at %s\n", scantest.Q(e.Search), scantest.Covered(src, e.SearchStart, e.SearchEnd))
			fmt.Fprintf(&b, "    replace %s at %s\n", scantest.Q(e.Replace), scantest.Covered(src, e.ReplaceStart, e.ReplaceEnd))
			scantest.RenderDiags(&b, src, "    ", e.Diags)
		}
		scantest.RenderDiags(&b, src, "  ", c.Diags)
	}
	return b.String()
}

type scanCase struct {
	name, why, src, want string
}

// applyDiff is an apply_diff call on path whose <diff> holds diff.
func applyDiff(path, diff string) string {
	return "<apply_diff>\n<path>" + path + "</path>\n<diff>\n" + diff + "</diff>\n</apply_diff>\n"
}

const block = "<<<<<<< SEARCH\n:start_line:2\n-------\none\n=======\n1\n>>>>>>> REPLACE\n"

var scanCases = []scanCase{
	{
		name: "bare-cut-short-in-no-fence",
		why: "a bare block in no fence with no REPLACE line ends before the path line above the next SEARCH, " +
			"so the next file's block is a call of its own, with its own path",
		src: "a.py\n<<<<<<< SEARCH\n:start_line:1\n-------\nx\n=======\ny\n\nb.py\n" + block,
		want: `call at 1:"a.py\n<<<<<<< SEA"…"---\nx\n=======\ny\n" (54 bytes)
  name at 2:"<<<<<<< SEARCH"
  path "a.py" at 1:"a.py"
  edit at 2:"<<<<<<< SEARCH\n:"…"---\nx\n=======\ny\n" (49 bytes)
    head at 2:"<<<<<<< SEARCH"
    start_line 1 at 3:"1"
    search "x\n" at 5:"x\n"
    replace "y\n" at 7:"y\n"
    error MISSING_REPLACE "this block ends without >>>>>>> REPLACE, so where it ends is unknown" at 2:"<<<<<<< SEARCH"
call at 9:"b.py\n<<<<<<< SEA"…">>>>>>> REPLACE\n" (72 bytes)
  name at 10:"<<<<<<< SEARCH"
  path "b.py" at 9:"b.py"
  edit at 10:"<<<<<<< SEARCH\n:"…">>>>>>> REPLACE\n" (67 bytes)
    head at 10:"<<<<<<< SEARCH"
    start_line 2 at 11:"2"
    search "one\n" at 13:"one\n"
    replace "1\n" at 15:"1\n"
`,
	},
	{
		name: "bare-cut-short-ends-at-its-fence",
		why: "a bare block with no REPLACE line ends at the fence it is in, " +
			"and the next file's block is a call of its own, with its own path",
		src: "a.py\n```python\n<<<<<<< SEARCH\n:start_line:1\n-------\nx\n=======\ny\n```\n\nb.py\n```python\n" + block + "```\n",
		want: `call at 1:"a.py\n\x60\x60\x60python\n<"…"---\nx\n=======\ny\n" (64 bytes)
  name at 3:"<<<<<<< SEARCH"
  path "a.py" at 1:"a.py"
  edit at 3:"<<<<<<< SEARCH\n:"…"---\nx\n=======\ny\n" (49 bytes)
    head at 3:"<<<<<<< SEARCH"
    start_line 1 at 4:"1"
    search "x\n" at 6:"x\n"
    replace "y\n" at 8:"y\n"
    error MISSING_REPLACE "this block ends without >>>>>>> REPLACE, so where it ends is unknown" at 3:"<<<<<<< SEARCH"
call at 11:"b.py\n\x60\x60\x60python\n<"…">>>>>>> REPLACE\n" (82 bytes)
  name at 13:"<<<<<<< SEARCH"
  path "b.py" at 11:"b.py"
  edit at 13:"<<<<<<< SEARCH\n:"…">>>>>>> REPLACE\n" (67 bytes)
    head at 13:"<<<<<<< SEARCH"
    start_line 2 at 14:"2"
    search "one\n" at 16:"one\n"
    replace "1\n" at 18:"1\n"
`,
	},
	{
		name: "clean",
		why:  "the shape Roo's tool writes: the header, the texts whole lines with their line ends",
		src:  applyDiff("a.txt", block),
		want: `call at 1:"<apply_diff>\n<pa"…">\n</apply_diff>\n" (128 bytes)
  name at 1:"<apply_diff>"
  path "a.txt" at 2:"a.txt"
  edit at 4:"<<<<<<< SEARCH\n:"…"\n>>>>>>> REPLACE" (66 bytes)
    head at 4:"<<<<<<< SEARCH"
    start_line 2 at 5:"2"
    search "one\n" at 7:"one\n"
    replace "1\n" at 9:"1\n"
`,
	},
	{
		name: "several",
		why:  "two blocks in one <diff> are two edits of one call; :end_line: is read and not kept",
		src:  applyDiff("a.txt", block+"<<<<<<< SEARCH\n:start_line:10\n:end_line:11\n-------\ntwo\nthree\n=======\n2\n>>>>>>> REPLACE\n"),
		want: `call at 1:"<apply_diff>\n<pa"…">\n</apply_diff>\n" (215 bytes)
  name at 1:"<apply_diff>"
  path "a.txt" at 2:"a.txt"
  edit at 4:"<<<<<<< SEARCH\n:"…">>>>>>> REPLACE\n" (67 bytes)
    head at 4:"<<<<<<< SEARCH"
    start_line 2 at 5:"2"
    search "one\n" at 7:"one\n"
    replace "1\n" at 9:"1\n"
  edit at 11:"<<<<<<< SEARCH\n:"…"\n>>>>>>> REPLACE" (86 bytes)
    head at 11:"<<<<<<< SEARCH"
    start_line 10 at 12:"10"
    search "two\nthree\n" at 15:"two\nthree\n"
    replace "2\n" at 18:"2\n"
`,
	},
	{
		name: "header-parts",
		why:  "each header line is optional: no header, only -------, only :start_line: (blanks around its digits), only :end_line:",
		src: applyDiff("a.txt", "<<<<<<< SEARCH\none\n=======\n1\n>>>>>>> REPLACE\n"+
			"<<<<<<< SEARCH\n-------\ntwo\n=======\n2\n>>>>>>> REPLACE\n"+
			"<<<<<<< SEARCH\n:start_line: 7 \nthree\n=======\n3\n>>>>>>> REPLACE\n"+
			"<<<<<<< SEARCH\n:end_line:9\nfour\n=======\n4\n>>>>>>> REPLACE\n"),
		want: `call at 1:"<apply_diff>\n<pa"…">\n</apply_diff>\n" (280 bytes)
  name at 1:"<apply_diff>"
  path "a.txt" at 2:"a.txt"
  edit at 4:"<<<<<<< SEARCH\no"…">>>>>>> REPLACE\n" (45 bytes)
    head at 4:"<<<<<<< SEARCH"
    search "one\n" at 5:"one\n"
    replace "1\n" at 7:"1\n"
  edit at 9:"<<<<<<< SEARCH\n-"…">>>>>>> REPLACE\n" (53 bytes)
    head at 9:"<<<<<<< SEARCH"
    search "two\n" at 11:"two\n"
    replace "2\n" at 13:"2\n"
  edit at 15:"<<<<<<< SEARCH\n:"…">>>>>>> REPLACE\n" (63 bytes)
    head at 15:"<<<<<<< SEARCH"
    start_line 7 at 16:"7"
    search "three\n" at 17:"three\n"
    replace "3\n" at 19:"3\n"
  edit at 21:"<<<<<<< SEARCH\n:"…"\n>>>>>>> REPLACE" (57 bytes)
    head at 21:"<<<<<<< SEARCH"
    search "four\n" at 23:"four\n"
    replace "4\n" at 25:"4\n"
`,
	},
	{
		name: "header-out-of-order",
		why:  "the header is read in Roo's order: a :start_line: after ------- is search text",
		src:  applyDiff("a.txt", "<<<<<<< SEARCH\n-------\n:start_line:3\none\n=======\n1\n>>>>>>> REPLACE\n"),
		want: `call at 1:"<apply_diff>\n<pa"…">\n</apply_diff>\n" (128 bytes)
  name at 1:"<apply_diff>"
  path "a.txt" at 2:"a.txt"
  edit at 4:"<<<<<<< SEARCH\n-"…"\n>>>>>>> REPLACE" (66 bytes)
    head at 4:"<<<<<<< SEARCH"
    search ":start_line:3\none\n" at 6:":start_line:3\none\n"
    replace "1\n" at 9:"1\n"
`,
	},
	{
		name: "path-padded",
		why:  "the path is the <path> value with its blanks trimmed, its range only the name",
		src:  "<apply_diff>\n<path>\n src/a.ts\n</path>\n<diff>\n" + block + "</diff>\n</apply_diff>\n",
		want: `call at 1:"<apply_diff>\n<pa"…">\n</apply_diff>\n" (134 bytes)
  name at 1:"<apply_diff>"
  path "src/a.ts" at 3:"src/a.ts"
  edit at 6:"<<<<<<< SEARCH\n:"…"\n>>>>>>> REPLACE" (66 bytes)
    head at 6:"<<<<<<< SEARCH"
    start_line 2 at 7:"2"
    search "one\n" at 9:"one\n"
    replace "1\n" at 11:"1\n"
`,
	},
	{
		name: "bare-after-path",
		why:  "bare blocks with Roo's header after a line stating the path: the call starts at the path line",
		src:  "a.txt\n" + block,
		want: `call at 1:"a.txt\n<<<<<<< SE"…">>>>>>> REPLACE\n" (73 bytes)
  name at 2:"<<<<<<< SEARCH"
  path "a.txt" at 1:"a.txt"
  edit at 2:"<<<<<<< SEARCH\n:"…">>>>>>> REPLACE\n" (67 bytes)
    head at 2:"<<<<<<< SEARCH"
    start_line 2 at 3:"2"
    search "one\n" at 5:"one\n"
    replace "1\n" at 7:"1\n"
`,
	},
	{
		name: "bare-path-above-fence",
		why:  "the path line may stand above the fence; blank lines after the last block are not the call's",
		src:  "Change it:\n\n`src/a.ts`\n```diff\n" + block + "<<<<<<< SEARCH\ntwo\n=======\n2\n>>>>>>> REPLACE\n\n\n```\n",
		want: `call at 3:"\x60src/a.ts\x60\n\x60\x60\x60di"…">>>>>>> REPLACE\n" (131 bytes)
  name at 5:"<<<<<<< SEARCH"
  path "src/a.ts" at 3:"src/a.ts"
  edit at 5:"<<<<<<< SEARCH\n:"…">>>>>>> REPLACE\n" (67 bytes)
    head at 5:"<<<<<<< SEARCH"
    start_line 2 at 6:"2"
    search "one\n" at 8:"one\n"
    replace "1\n" at 10:"1\n"
  edit at 12:"<<<<<<< SEARCH\nt"…">>>>>>> REPLACE\n" (45 bytes)
    head at 12:"<<<<<<< SEARCH"
    search "two\n" at 13:"two\n"
    replace "2\n" at 15:"2\n"
`,
	},
	{
		name: "bare-without-header",
		why:  "bare blocks whose first has no Roo header are aider's, not Roo's",
		src:  "a.txt\n<<<<<<< SEARCH\none\n=======\n1\n>>>>>>> REPLACE\n",
	},
	{
		name: "bare-two-runs",
		why:  "two runs of bare blocks separated by prose are two calls, each under its own path line",
		src:  "a.txt\n" + block + "\nThen the other file:\n\nb.txt\n" + block,
		want: `call at 1:"a.txt\n<<<<<<< SE"…">>>>>>> REPLACE\n" (73 bytes)
  name at 2:"<<<<<<< SEARCH"
  path "a.txt" at 1:"a.txt"
  edit at 2:"<<<<<<< SEARCH\n:"…">>>>>>> REPLACE\n" (67 bytes)
    head at 2:"<<<<<<< SEARCH"
    start_line 2 at 3:"2"
    search "one\n" at 5:"one\n"
    replace "1\n" at 7:"1\n"
call at 12:"b.txt\n<<<<<<< SE"…">>>>>>> REPLACE\n" (73 bytes)
  name at 13:"<<<<<<< SEARCH"
  path "b.txt" at 12:"b.txt"
  edit at 13:"<<<<<<< SEARCH\n:"…">>>>>>> REPLACE\n" (67 bytes)
    head at 13:"<<<<<<< SEARCH"
    start_line 2 at 14:"2"
    search "one\n" at 16:"one\n"
    replace "1\n" at 18:"1\n"
`,
	},
	{
		name: "text-between-blocks",
		why:  "text before and between blocks in <diff> (a file name Roo's examples write) is ignored with no diagnostic",
		src:  applyDiff("a.txt", "a.txt\n"+block+"\nsome words\n"+block),
		want: `call at 1:"<apply_diff>\n<pa"…">\n</apply_diff>\n" (213 bytes)
  name at 1:"<apply_diff>"
  path "a.txt" at 2:"a.txt"
  edit at 5:"<<<<<<< SEARCH\n:"…">>>>>>> REPLACE\n" (67 bytes)
    head at 5:"<<<<<<< SEARCH"
    start_line 2 at 6:"2"
    search "one\n" at 8:"one\n"
    replace "1\n" at 10:"1\n"
  edit at 14:"<<<<<<< SEARCH\n:"…"\n>>>>>>> REPLACE" (66 bytes)
    head at 14:"<<<<<<< SEARCH"
    start_line 2 at 15:"2"
    search "one\n" at 17:"one\n"
    replace "1\n" at 19:"1\n"
`,
	},
	{
		name: "search-marker-suffix",
		why:  "<<<<<<< SEARCH> is a SEARCH line too, and markers may carry blanks around them",
		src:  applyDiff("a.txt", "<<<<<<< SEARCH>\none\n ======= \n1\n>>>>>>> REPLACE  \n"),
		want: `call at 1:"<apply_diff>\n<pa"…">\n</apply_diff>\n" (111 bytes)
  name at 1:"<apply_diff>"
  path "a.txt" at 2:"a.txt"
  edit at 4:"<<<<<<< SEARCH>\n"…">>>>>> REPLACE  " (49 bytes)
    head at 4:"<<<<<<< SEARCH>"
    search "one\n" at 5:"one\n"
    replace "1\n" at 7:"1\n"
`,
	},
	{
		name: "escaped-markers",
		why:  "a content line that reads as a marker is escaped; the reader takes the backslash off, the range keeps it",
		src: applyDiff("a.txt", "<<<<<<< SEARCH\n:start_line:1\n-------\n\\<<<<<<< HEAD\n\\=======\n\\>>>>>>> b\n\\-------\n\\:start_line:4\n\\:end_line:5\n=======\n"+
			"\\:start_line:1\n\\=======\nkept \\=======\n>>>>>>> REPLACE\n"),
		want: `call at 1:"<apply_diff>\n<pa"…">\n</apply_diff>\n" (231 bytes)
  name at 1:"<apply_diff>"
  path "a.txt" at 2:"a.txt"
  edit at 4:"<<<<<<< SEARCH\n:"…"\n>>>>>>> REPLACE" (169 bytes)
    head at 4:"<<<<<<< SEARCH"
    start_line 1 at 5:"1"
    search "<<<<<<< HEAD\n=======\n>>>>>>> b\n-------\n:start_line:4\n:end_line:5\n" at 7:"\\<<<<<<< HEAD\n\\="…":4\n\\:end_line:5\n" (71 bytes)
    replace ":start_line:1\n=======\nkept \\=======\n" at 14:"\\:start_line:1\n\\=======\nkept \\=======\n"
`,
	},
	{
		name: "crlf",
		why:  "CRLF input: ranges cover the bytes as written, the texts are made LF, the :start_line: digits exact",
		src:  strings.ReplaceAll(applyDiff("a.txt", block+"<<<<<<< SEARCH\n:start_line:10\n-------\n\\=======\n=======\n2\n>>>>>>> REPLACE\n"), "\n", "\r\n"),
		want: `call at 1:"<apply_diff>\r\n<p"…"\n</apply_diff>\r\n" (220 bytes)
  name at 1:"<apply_diff>"
  path "a.txt" at 2:"a.txt"
  edit at 4:"<<<<<<< SEARCH\r\n"…">>>>>> REPLACE\r\n" (74 bytes)
    head at 4:"<<<<<<< SEARCH"
    start_line 2 at 5:"2"
    search "one\n" at 7:"one\r\n"
    replace "1\n" at 9:"1\r\n"
  edit at 11:"<<<<<<< SEARCH\r\n"…"\n>>>>>>> REPLACE" (78 bytes)
    head at 11:"<<<<<<< SEARCH"
    start_line 10 at 12:"10"
    search "=======\n" at 14:"\\=======\r\n"
    replace "2\n" at 16:"2\r\n"
`,
	},
	{
		name: "crlf-bare",
		why:  "CRLF bare blocks: the header is still read, the path line's CR is not the path's",
		src:  strings.ReplaceAll("a.txt\n"+block, "\n", "\r\n"),
		want: `call at 1:"a.txt\r\n<<<<<<< S"…">>>>>> REPLACE\r\n" (81 bytes)
  name at 2:"<<<<<<< SEARCH"
  path "a.txt" at 1:"a.txt"
  edit at 2:"<<<<<<< SEARCH\r\n"…">>>>>> REPLACE\r\n" (74 bytes)
    head at 2:"<<<<<<< SEARCH"
    start_line 2 at 3:"2"
    search "one\n" at 5:"one\r\n"
    replace "1\n" at 7:"1\r\n"
`,
	},
	{
		name: "fenced-tag",
		why:  "a call in a fence at column 1 is read; the fence lines are not the call's",
		src:  "```xml\n" + applyDiff("a.txt", block) + "```\n",
		want: `call at 2:"<apply_diff>\n<pa"…">\n</apply_diff>\n" (128 bytes)
  name at 2:"<apply_diff>"
  path "a.txt" at 3:"a.txt"
  edit at 5:"<<<<<<< SEARCH\n:"…"\n>>>>>>> REPLACE" (66 bytes)
    head at 5:"<<<<<<< SEARCH"
    start_line 2 at 6:"2"
    search "one\n" at 8:"one\n"
    replace "1\n" at 10:"1\n"
`,
	},
	{
		name: "indented-in-list",
		why:  "an element or bare blocks indented in a list item are lang's to unindent (lang/parse_indent.go): the scanner reads column 1 only",
		src:  "1. First:\n   <apply_diff>\n   <path>a.txt</path>\n   <diff>\n   " + strings.ReplaceAll(block, "\n", "\n   ") + "</diff>\n   </apply_diff>\n2. Then:\n   b.txt\n   " + strings.ReplaceAll(block, "\n", "\n   ") + "\n",
	},
	{
		name: "missing-path-bare",
		why:  "MISSING_PATH: bare blocks with Roo's header and no path line above, at the first SEARCH line",
		src:  "Change it so:\n" + block,
		want: `call at 2:"<<<<<<< SEARCH\n:"…">>>>>>> REPLACE\n" (67 bytes)
  name at 2:"<<<<<<< SEARCH"
  no path "" -1:-1
  edit at 2:"<<<<<<< SEARCH\n:"…">>>>>>> REPLACE\n" (67 bytes)
    head at 2:"<<<<<<< SEARCH"
    start_line 2 at 3:"2"
    search "one\n" at 5:"one\n"
    replace "1\n" at 7:"1\n"
  error MISSING_PATH "these SEARCH/REPLACE blocks name no file" at 2:"<<<<<<< SEARCH"
`,
	},
	{
		name: "missing-params",
		why:  "MISSING_PARAM (xmltool): a call without <path>, one without <diff>, each at its opening tag",
		src:  "<apply_diff>\n<diff>\n" + block + "</diff>\n</apply_diff>\n<apply_diff>\n<path>a.txt</path>\n</apply_diff>\n",
		want: `call at 1:"<apply_diff>\n<di"…">\n</apply_diff>\n" (109 bytes)
  name at 1:"<apply_diff>"
  no path "" -1:-1
  edit at 3:"<<<<<<< SEARCH\n:"…"\n>>>>>>> REPLACE" (66 bytes)
    head at 3:"<<<<<<< SEARCH"
    start_line 2 at 4:"2"
    search "one\n" at 6:"one\n"
    replace "1\n" at 8:"1\n"
  error MISSING_PARAM "<apply_diff> has no <path>" at 1:"<apply_diff>"
call at 12:"<apply_diff>\n<pa"…">\n</apply_diff>\n" (46 bytes)
  name at 12:"<apply_diff>"
  path "a.txt" at 13:"a.txt"
  error MISSING_PARAM "<apply_diff> has no <diff>" at 12:"<apply_diff>"
`,
	},
	{
		name: "unclosed",
		why:  "UNCLOSED_TAG (xmltool): a call never closed runs to the end of the text, its error at the opening tag",
		src:  "<apply_diff>\n<path>a.txt</path>\n<diff>\n" + block + "</diff>\nprose\n",
		want: `call at 1:"<apply_diff>\n<pa"…"E\n</diff>\nprose\n" (120 bytes)
  name at 1:"<apply_diff>"
  path "a.txt" at 2:"a.txt"
  edit at 4:"<<<<<<< SEARCH\n:"…"\n>>>>>>> REPLACE" (66 bytes)
    head at 4:"<<<<<<< SEARCH"
    start_line 2 at 5:"2"
    search "one\n" at 7:"one\n"
    replace "1\n" at 9:"1\n"
  error UNCLOSED_TAG "<apply_diff> is never closed, so where the call ends is unknown" at 1:"<apply_diff>"
`,
	},
	{
		name: "no-blocks",
		why:  "NO_BLOCKS: a <diff> with only text, at its opening tag and the line end after it",
		src:  applyDiff("a.txt", "nothing here\n"),
		want: `call at 1:"<apply_diff>\n<pa"…">\n</apply_diff>\n" (74 bytes)
  name at 1:"<apply_diff>"
  path "a.txt" at 2:"a.txt"
  error NO_BLOCKS "this <diff> holds no SEARCH/REPLACE block" at 3:"<diff>\n"
`,
	},
	{
		name: "stray-marker",
		why:  "STRAY_MARKER: a divider and a REPLACE outside a block, each at its line",
		src:  applyDiff("a.txt", "=======\n"+block+">>>>>>> REPLACE\n"),
		want: `call at 1:"<apply_diff>\n<pa"…">\n</apply_diff>\n" (152 bytes)
  name at 1:"<apply_diff>"
  path "a.txt" at 2:"a.txt"
  edit at 5:"<<<<<<< SEARCH\n:"…">>>>>>> REPLACE\n" (67 bytes)
    head at 5:"<<<<<<< SEARCH"
    start_line 2 at 6:"2"
    search "one\n" at 8:"one\n"
    replace "1\n" at 10:"1\n"
  error STRAY_MARKER "======= outside a SEARCH/REPLACE block" at 4:"======="
  error STRAY_MARKER ">>>>>>> REPLACE outside a SEARCH/REPLACE block" at 12:">>>>>>> REPLACE"
`,
	},
	{
		name: "stray-marker-in-block",
		why:  "STRAY_MARKER: a second divider (kept in the replacement), and a SEARCH before the block ended (which ends it there)",
		src:  applyDiff("a.txt", "<<<<<<< SEARCH\none\n=======\n1\n=======\n2\n>>>>>>> REPLACE\n<<<<<<< SEARCH\ntwo\n=======\n2\n"+block),
		want: `call at 1:"<apply_diff>\n<pa"…">\n</apply_diff>\n" (212 bytes)
  name at 1:"<apply_diff>"
  path "a.txt" at 2:"a.txt"
  edit at 4:"<<<<<<< SEARCH\no"…">>>>>>> REPLACE\n" (55 bytes)
    head at 4:"<<<<<<< SEARCH"
    search "one\n" at 5:"one\n"
    replace "1\n=======\n2\n" at 7:"1\n=======\n2\n"
    error STRAY_MARKER "a second ======= in one block" at 8:"======="
  edit at 11:"<<<<<<< SEARCH\ntwo\n=======\n2\n"
    head at 11:"<<<<<<< SEARCH"
    search "two\n" at 12:"two\n"
    replace "2\n" at 14:"2\n"
    error STRAY_MARKER "<<<<<<< SEARCH inside a block: the block before it is not finished" at 15:"<<<<<<< SEARCH"
  edit at 15:"<<<<<<< SEARCH\n:"…"\n>>>>>>> REPLACE" (66 bytes)
    head at 15:"<<<<<<< SEARCH"
    start_line 2 at 16:"2"
    search "one\n" at 18:"one\n"
    replace "1\n" at 20:"1\n"
`,
	},
	{
		name: "search-in-search",
		why:  "STRAY_MARKER: a SEARCH while in the search ends the block there, its search up to that line and its replacement empty",
		src:  applyDiff("a.txt", "<<<<<<< SEARCH\none\n"+block),
		want: `call at 1:"<apply_diff>\n<pa"…">\n</apply_diff>\n" (147 bytes)
  name at 1:"<apply_diff>"
  path "a.txt" at 2:"a.txt"
  edit at 4:"<<<<<<< SEARCH\none\n"
    head at 4:"<<<<<<< SEARCH"
    search "one\n" at 5:"one\n"
    replace "" at 6:"" before "<<<<<<< "
    error STRAY_MARKER "<<<<<<< SEARCH inside a block: the block before it is not finished" at 6:"<<<<<<< SEARCH"
  edit at 6:"<<<<<<< SEARCH\n:"…"\n>>>>>>> REPLACE" (66 bytes)
    head at 6:"<<<<<<< SEARCH"
    start_line 2 at 7:"2"
    search "one\n" at 9:"one\n"
    replace "1\n" at 11:"1\n"
`,
	},
	{
		name: "unescaped-marker",
		why:  "UNESCAPED_MARKER: a line starting <<<<<<< or >>>>>>> that is no marker, at its line, in the search and the replacement",
		src:  applyDiff("a.txt", "<<<<<<< SEARCH\n<<<<<<< HEAD\n=======\n>>>>>>> main\n>>>>>>> REPLACE\n"),
		want: `call at 1:"<apply_diff>\n<pa"…">\n</apply_diff>\n" (126 bytes)
  name at 1:"<apply_diff>"
  path "a.txt" at 2:"a.txt"
  edit at 4:"<<<<<<< SEARCH\n<"…"\n>>>>>>> REPLACE" (64 bytes)
    head at 4:"<<<<<<< SEARCH"
    search "<<<<<<< HEAD\n" at 5:"<<<<<<< HEAD\n"
    replace ">>>>>>> main\n" at 7:">>>>>>> main\n"
    error UNESCAPED_MARKER "\"<<<<<<< HEAD\" reads as a marker and is none" at 5:"<<<<<<< HEAD"
    error UNESCAPED_MARKER "\">>>>>>> main\" reads as a marker and is none" at 7:">>>>>>> main"
`,
	},
	{
		name: "line-marker-in-replace",
		why:  "LINE_MARKER_IN_REPLACE: :start_line: and :end_line: in a REPLACE section, each at its line; escaped, they are text",
		src:  applyDiff("a.txt", "<<<<<<< SEARCH\none\n=======\n:start_line:1\n  :end_line:2\n\\:start_line:3\n>>>>>>> REPLACE\n"),
		want: `call at 1:"<apply_diff>\n<pa"…">\n</apply_diff>\n" (147 bytes)
  name at 1:"<apply_diff>"
  path "a.txt" at 2:"a.txt"
  edit at 4:"<<<<<<< SEARCH\no"…"\n>>>>>>> REPLACE" (85 bytes)
    head at 4:"<<<<<<< SEARCH"
    search "one\n" at 5:"one\n"
    replace ":start_line:1\n  :end_line:2\n:start_line:3\n" at 7:":start_line:1\n  "…"\n\\:start_line:3\n" (43 bytes)
    error LINE_MARKER_IN_REPLACE "the line marker :start_line: is in a REPLACE section" at 7:":start_line:1"
    error LINE_MARKER_IN_REPLACE "the line marker :end_line: is in a REPLACE section" at 8:"  :end_line:2"
`,
	},
	{
		name: "missing-divider",
		why:  "MISSING_DIVIDER: a REPLACE line while in the search, at that line",
		src:  applyDiff("a.txt", "<<<<<<< SEARCH\n:start_line:2\none\n>>>>>>> REPLACE\n"),
		want: `call at 1:"<apply_diff>\n<pa"…">\n</apply_diff>\n" (110 bytes)
  name at 1:"<apply_diff>"
  path "a.txt" at 2:"a.txt"
  edit at 4:"<<<<<<< SEARCH\n:"…"\n>>>>>>> REPLACE" (48 bytes)
    head at 4:"<<<<<<< SEARCH"
    start_line 2 at 5:"2"
    search "one\n" at 6:"one\n"
    replace "" at 7:"" before ">>>>>>> "
    error MISSING_DIVIDER "this block has no ======= between its SEARCH and REPLACE" at 7:">>>>>>> REPLACE"
`,
	},
	{
		name: "missing-divider-empty-search",
		why:  "MISSING_DIVIDER right after the SEARCH line: the search is empty at the REPLACE line, and so is the replacement",
		src:  applyDiff("a.txt", "<<<<<<< SEARCH\n>>>>>>> REPLACE\n"),
		want: `call at 1:"<apply_diff>\n<pa"…">\n</apply_diff>\n" (92 bytes)
  name at 1:"<apply_diff>"
  path "a.txt" at 2:"a.txt"
  edit at 4:"<<<<<<< SEARCH\n>>>>>>> REPLACE"
    head at 4:"<<<<<<< SEARCH"
    search "" at 5:"" before ">>>>>>> "
    replace "" at 5:"" before ">>>>>>> "
    error MISSING_DIVIDER "this block has no ======= between its SEARCH and REPLACE" at 5:">>>>>>> REPLACE"
`,
	},
	{
		name: "empty-replace",
		why:  "an empty replacement (a deletion) is empty at the REPLACE line's start",
		src:  applyDiff("a.txt", "<<<<<<< SEARCH\none\n=======\n>>>>>>> REPLACE\n"),
		want: `call at 1:"<apply_diff>\n<pa"…">\n</apply_diff>\n" (104 bytes)
  name at 1:"<apply_diff>"
  path "a.txt" at 2:"a.txt"
  edit at 4:"<<<<<<< SEARCH\no"…"\n>>>>>>> REPLACE" (42 bytes)
    head at 4:"<<<<<<< SEARCH"
    search "one\n" at 5:"one\n"
    replace "" at 7:"" before ">>>>>>> "
`,
	},
	{
		name: "missing-replace-bare",
		why:  "MISSING_REPLACE in bare blocks: the block and the call run to the end of the text, its last line end included",
		src:  "a.txt\n<<<<<<< SEARCH\n:start_line:1\none\n=======\n1\n",
		want: `call at 1:"a.txt\n<<<<<<< SE"…"1\none\n=======\n1\n" (49 bytes)
  name at 2:"<<<<<<< SEARCH"
  path "a.txt" at 1:"a.txt"
  edit at 2:"<<<<<<< SEARCH\n:"…"1\none\n=======\n1\n" (43 bytes)
    head at 2:"<<<<<<< SEARCH"
    start_line 1 at 3:"1"
    search "one\n" at 4:"one\n"
    replace "1\n" at 6:"1\n"
    error MISSING_REPLACE "this block ends without >>>>>>> REPLACE, so where it ends is unknown" at 2:"<<<<<<< SEARCH"
`,
	},
	{
		name: "missing-replace-in-search",
		why:  "MISSING_REPLACE: the text ends in the search, at the SEARCH line; the search runs to the end of the <diff>",
		src:  applyDiff("a.txt", "<<<<<<< SEARCH\none\ntwo\n"),
		want: `call at 1:"<apply_diff>\n<pa"…">\n</apply_diff>\n" (84 bytes)
  name at 1:"<apply_diff>"
  path "a.txt" at 2:"a.txt"
  edit at 4:"<<<<<<< SEARCH\none\ntwo"
    head at 4:"<<<<<<< SEARCH"
    search "one\ntwo" at 5:"one\ntwo"
    replace "" at 6:"" before "\n</diff>"
    error MISSING_REPLACE "this block ends without =======, so where it ends is unknown" at 4:"<<<<<<< SEARCH"
`,
	},
	{
		name: "missing-replace-in-replace",
		why:  "MISSING_REPLACE: the text ends in the replacement, at the SEARCH line; the replacement runs to the end of the <diff>",
		src:  applyDiff("a.txt", "<<<<<<< SEARCH\none\n=======\n1\n"),
		want: `call at 1:"<apply_diff>\n<pa"…">\n</apply_diff>\n" (90 bytes)
  name at 1:"<apply_diff>"
  path "a.txt" at 2:"a.txt"
  edit at 4:"<<<<<<< SEARCH\none\n=======\n1"
    head at 4:"<<<<<<< SEARCH"
    search "one\n" at 5:"one\n"
    replace "1" at 7:"1"
    error MISSING_REPLACE "this block ends without >>>>>>> REPLACE, so where it ends is unknown" at 4:"<<<<<<< SEARCH"
`,
	},
	{
		name: "empty-search",
		why:  "EMPTY_SEARCH: a block with nothing to find, at its SEARCH line",
		src:  applyDiff("a.txt", "<<<<<<< SEARCH\n:start_line:1\n-------\n=======\nnew\n>>>>>>> REPLACE\n"),
		want: `call at 1:"<apply_diff>\n<pa"…">\n</apply_diff>\n" (126 bytes)
  name at 1:"<apply_diff>"
  path "a.txt" at 2:"a.txt"
  edit at 4:"<<<<<<< SEARCH\n:"…"\n>>>>>>> REPLACE" (64 bytes)
    head at 4:"<<<<<<< SEARCH"
    start_line 1 at 5:"1"
    search "" at 7:"" before "=======\n"
    replace "new\n" at 8:"new\n"
    error EMPTY_SEARCH "this block's SEARCH is empty" at 4:"<<<<<<< SEARCH"
`,
	},
}

func TestScan(t *testing.T) {
	for _, tc := range scanCases {
		t.Run(tc.name, func(t *testing.T) {
			got := render(tc.src, Scan([]byte(tc.src)))
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s\nScan (-want +got):\n%s", tc.why, diff)
			}
		})
	}
}

// The clean case's offsets as numbers, counted by hand.
func TestScanOffsets(t *testing.T) {
	src := applyDiff("a.txt", block)
	want := []Call{{
		Start: 0, End: 128, NameStart: 0, NameEnd: 12,
		Path: "a.txt", PathStart: 19, PathEnd: 24,
		Edits: []Edit{{
			Start: 39, End: 105, HeadStart: 39, HeadEnd: 53,
			StartLine: 2, StartLineStart: 66, StartLineEnd: 67,
			Search: "one\n", SearchStart: 76, SearchEnd: 80,
			Replace: "1\n", ReplaceStart: 88, ReplaceEnd: 90,
		}},
	}}
	if diff := cmp.Diff(want, Scan([]byte(src))); diff != "" {
		t.Errorf("Scan (-want +got):\n%s", diff)
	}
}

func TestSpans(t *testing.T) {
	one := applyDiff("a.txt", block)
	prose := "Now the other file.\n\n"
	two := "b.txt\n" + block
	for _, tc := range []struct {
		why, src string
		want     [][2]int
	}{
		{"no call: nil", "Nothing to change here.\n", nil},
		{"aider's blocks (no Roo header): nil", "a.txt\n<<<<<<< SEARCH\none\n=======\n1\n>>>>>>> REPLACE\n", nil},
		{"two calls separated by prose, each on its own, the prose in neither", one + prose + two,
			[][2]int{{0, len(one)}, {len(one + prose), len(one + prose + two)}}},
	} {
		if diff := cmp.Diff(tc.want, Spans([]byte(tc.src))); diff != "" {
			t.Errorf("%s: Spans (-want +got):\n%s", tc.why, diff)
		}
	}
}

// checkScan asserts what holds for any input: every range inside it, the
// calls in order and apart, each edit inside its call, and Spans the
// calls' extents.
func checkScan(t *testing.T, src []byte) {
	n := len(src)
	calls := Scan(src)
	var spans [][2]int
	for i, c := range calls {
		scantest.InRange(t, "call", c.Start, c.End, n)
		scantest.InRange(t, "name", c.NameStart, c.NameEnd, n)
		if c.PathStart != -1 || c.PathEnd != -1 || c.Path != "" {
			scantest.InRange(t, "path", c.PathStart, c.PathEnd, n)
		}
		scantest.InDiags(t, c.Diags, n)
		if i > 0 && c.Start < calls[i-1].End {
			t.Fatalf("call %d starts at %d, inside the call before it (ends %d)", i, c.Start, calls[i-1].End)
		}
		for _, e := range c.Edits {
			scantest.InRange(t, "edit", e.Start, e.End, n)
			if e.Start < c.Start || e.End > c.End {
				t.Fatalf("edit %d:%d outside its call %d:%d", e.Start, e.End, c.Start, c.End)
			}
			scantest.InRange(t, "head", e.HeadStart, e.HeadEnd, n)
			scantest.InRange(t, "start_line", e.StartLineStart, e.StartLineEnd, n)
			scantest.InRange(t, "search", e.SearchStart, e.SearchEnd, n)
			scantest.InRange(t, "replace", e.ReplaceStart, e.ReplaceEnd, n)
			scantest.InDiags(t, e.Diags, n)
		}
		spans = append(spans, [2]int{c.Start, c.End})
	}
	if diff := cmp.Diff(spans, Spans(src)); diff != "" {
		t.Fatalf("Spans differ from Scan (-scan +spans):\n%s", diff)
	}
}

func TestSpansMatchScan(t *testing.T) {
	for _, tc := range scanCases {
		checkScan(t, []byte(tc.src))
	}
}

func FuzzScan(f *testing.F) {
	for _, tc := range scanCases {
		f.Add([]byte(tc.src))
	}
	for _, in := range scantest.CorpusInputs(f, "roo") {
		f.Add(in)
	}
	f.Fuzz(checkScan)
}

// Every diagnostic code the scanner gives is pinned, with its range, by
// at least one case above.
func TestEveryCodePinned(t *testing.T) {
	var all strings.Builder
	for _, tc := range scanCases {
		all.WriteString(tc.want)
	}
	for _, code := range []string{MissingPath, NoBlocks, StrayMarker, UnescapedMarker, LineMarkerReplace, MissingDivider, MissingReplace, EmptySearch, xmltool.Unclosed, xmltool.MissingParam} {
		if !strings.Contains(all.String(), " "+code+" ") {
			t.Errorf("no case pins %s", code)
		}
	}
}
