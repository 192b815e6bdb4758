package cline

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
		kind := map[Kind]string{Replace: "replace", Write: "write"}[c.Kind]
		fmt.Fprintf(&b, "%s call at %s\n", kind, scantest.Covered(src, c.Start, c.End))
		fmt.Fprintf(&b, "  name at %s\n", scantest.Covered(src, c.NameStart, c.NameEnd))
		if c.PathStart < 0 {
			fmt.Fprintf(&b, "  no path %s %d:%d\n", scantest.Q(c.Path), c.PathStart, c.PathEnd)
		} else {
			fmt.Fprintf(&b, "  path %s at %s\n", scantest.Q(c.Path), scantest.Covered(src, c.PathStart, c.PathEnd))
		}
		if c.Kind == Write {
			fmt.Fprintf(&b, "  content %s at %s\n", scantest.Q(c.Content), scantest.Covered(src, c.ContentStart, c.ContentEnd))
		}
		for _, e := range c.Edits {
			fmt.Fprintf(&b, "  edit at %s\n", scantest.Covered(src, e.Start, e.End))
			fmt.Fprintf(&b, "    head at %s\n", scantest.Covered(src, e.HeadStart, e.HeadEnd))
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

// rif is a replace_in_file call on path whose <diff> holds diff.
func rif(path, diff string) string {
	return "<replace_in_file>\n<path>" + path + "</path>\n<diff>\n" + diff + "</diff>\n</replace_in_file>\n"
}

const block = "------- SEARCH\none\n=======\n1\n+++++++ REPLACE\n"

var scanCases = []scanCase{
	{
		name: "bare-whole-reads-past-fence-lines",
		why:  "a whole bare block reads past fence lines in its texts (Markdown it edits), even in a fence of three backticks: only a block cut short ends at its fence",
		src:  "README.md\n```\n------- SEARCH\nRun:\n```\nmake\n```\n=======\nRun make.\n+++++++ REPLACE\n```\n",
		want: `replace call at 1:"README.md\n\x60\x60\x60\n--"…"+++++++ REPLACE\n" (81 bytes)
  name at 3:"------- SEARCH"
  path "README.md" at 1:"README.md"
  edit at 3:"------- SEARCH\nR"…"+++++++ REPLACE\n" (67 bytes)
    head at 3:"------- SEARCH"
    search "Run:\n\x60\x60\x60\nmake\n\x60\x60\x60\n" at 4:"Run:\n\x60\x60\x60\nmake\n\x60\x60\x60\n"
    replace "Run make.\n" at 9:"Run make.\n"
`,
	},
	{
		name: "bare-cut-short-ends-at-its-fence",
		why: "a bare block with no REPLACE line ends at the fence it is in (here of four backticks, so the three-backtick lines of the Markdown it edits are text), " +
			"and the next file's block is a call of its own, with its own path",
		src: "**doc.md**\n````markdown\n------- SEARCH\n```\nold\n```\n=======\n```\nnew\n```\n````\n\n**b.py**\n```\n------- SEARCH\ny\n=======\nz\n+++++++ REPLACE\n```\n",
		want: `replace call at 1:"**doc.md**\n\x60\x60\x60\x60m"…"===\n\x60\x60\x60\nnew\n\x60\x60\x60\n" (71 bytes)
  name at 3:"------- SEARCH"
  path "doc.md" at 1:"doc.md"
  edit at 3:"------- SEARCH\n\x60"…"===\n\x60\x60\x60\nnew\n\x60\x60\x60\n" (47 bytes)
    head at 3:"------- SEARCH"
    search "\x60\x60\x60\nold\n\x60\x60\x60\n" at 4:"\x60\x60\x60\nold\n\x60\x60\x60\n"
    replace "\x60\x60\x60\nnew\n\x60\x60\x60\n" at 8:"\x60\x60\x60\nnew\n\x60\x60\x60\n"
    error MISSING_REPLACE "this block's replacement has no +++++++ REPLACE line after it, so where it ends is unknown" at 7:"======="
replace call at 13:"**b.py**\n\x60\x60\x60\n---"…"+++++++ REPLACE\n" (56 bytes)
  name at 15:"------- SEARCH"
  path "b.py" at 13:"b.py"
  edit at 15:"------- SEARCH\ny"…"+++++++ REPLACE\n" (43 bytes)
    head at 15:"------- SEARCH"
    search "y\n" at 16:"y\n"
    replace "z\n" at 18:"z\n"
`,
	},
	{
		name: "clean",
		why:  "the shape Cline's tool writes: one block in <diff>, the texts whole lines with their line ends",
		src:  rif("a.txt", block),
		want: `replace call at 1:"<replace_in_file"…"eplace_in_file>\n" (116 bytes)
  name at 1:"<replace_in_file>"
  path "a.txt" at 2:"a.txt"
  edit at 4:"------- SEARCH\no"…"\n+++++++ REPLACE" (44 bytes)
    head at 4:"------- SEARCH"
    search "one\n" at 5:"one\n"
    replace "1\n" at 7:"1\n"
`,
	},
	{
		name: "several",
		why:  "two blocks in one <diff> are two edits of one call, each with its own ranges",
		src:  rif("a.txt", block+"------- SEARCH\ntwo\nthree\n=======\n2\n+++++++ REPLACE\n"),
		want: `replace call at 1:"<replace_in_file"…"eplace_in_file>\n" (167 bytes)
  name at 1:"<replace_in_file>"
  path "a.txt" at 2:"a.txt"
  edit at 4:"------- SEARCH\no"…"+++++++ REPLACE\n" (45 bytes)
    head at 4:"------- SEARCH"
    search "one\n" at 5:"one\n"
    replace "1\n" at 7:"1\n"
  edit at 9:"------- SEARCH\nt"…"\n+++++++ REPLACE" (50 bytes)
    head at 9:"------- SEARCH"
    search "two\nthree\n" at 10:"two\nthree\n"
    replace "2\n" at 13:"2\n"
`,
	},
	{
		name: "path-element-padded",
		why:  "the path is the <path> value with its blanks trimmed, its range only the name",
		src:  "<replace_in_file>\n<path>  src/a b.txt \n</path>\n<diff>\n" + block + "</diff>\n</replace_in_file>\n",
		want: `replace call at 1:"<replace_in_file"…"eplace_in_file>\n" (126 bytes)
  name at 1:"<replace_in_file>"
  path "src/a b.txt" at 2:"src/a b.txt"
  edit at 5:"------- SEARCH\no"…"\n+++++++ REPLACE" (44 bytes)
    head at 5:"------- SEARCH"
    search "one\n" at 6:"one\n"
    replace "1\n" at 8:"1\n"
`,
	},
	{
		name: "bare-after-path",
		why:  "bare blocks after a line stating the path: the call starts at the path line",
		src:  "a.txt\n" + block,
		want: `replace call at 1:"a.txt\n------- SE"…"+++++++ REPLACE\n" (51 bytes)
  name at 2:"------- SEARCH"
  path "a.txt" at 1:"a.txt"
  edit at 2:"------- SEARCH\no"…"+++++++ REPLACE\n" (45 bytes)
    head at 2:"------- SEARCH"
    search "one\n" at 3:"one\n"
    replace "1\n" at 5:"1\n"
`,
	},
	{
		name: "bare-path-above-fence",
		why:  "the path line may stand above the fence holding the blocks; the closing fence is not the call's",
		src:  "Here is the change:\n\n**src/a.go**\n```\n" + block + "```\n",
		want: `replace call at 3:"**src/a.go**\n\x60\x60\x60"…"+++++++ REPLACE\n" (62 bytes)
  name at 5:"------- SEARCH"
  path "src/a.go" at 3:"src/a.go"
  edit at 5:"------- SEARCH\no"…"+++++++ REPLACE\n" (45 bytes)
    head at 5:"------- SEARCH"
    search "one\n" at 6:"one\n"
    replace "1\n" at 8:"1\n"
`,
	},
	{
		name: "bare-pathless-joins",
		why:  "a bare block with no path line above joins the call before it, prose between them included",
		src:  "a.txt\n" + block + "\nAnd then:\n\n------- SEARCH\ntwo\n=======\n2\n+++++++ REPLACE\n",
		want: `replace call at 1:"a.txt\n------- SE"…"+++++++ REPLACE\n" (108 bytes)
  name at 2:"------- SEARCH"
  path "a.txt" at 1:"a.txt"
  edit at 2:"------- SEARCH\no"…"+++++++ REPLACE\n" (45 bytes)
    head at 2:"------- SEARCH"
    search "one\n" at 3:"one\n"
    replace "1\n" at 5:"1\n"
  edit at 10:"------- SEARCH\nt"…"+++++++ REPLACE\n" (45 bytes)
    head at 10:"------- SEARCH"
    search "two\n" at 11:"two\n"
    replace "2\n" at 13:"2\n"
`,
	},
	{
		name: "bare-legacy-continues",
		why:  "after a bare ------- SEARCH block, a <<<<<<< SEARCH block continues the same call",
		src:  "a.txt\n" + block + "<<<<<<< SEARCH\ntwo\n=======\n2\n>>>>>>> REPLACE\n",
		want: `replace call at 1:"a.txt\n------- SE"…">>>>>>> REPLACE\n" (96 bytes)
  name at 2:"------- SEARCH"
  path "a.txt" at 1:"a.txt"
  edit at 2:"------- SEARCH\no"…"+++++++ REPLACE\n" (45 bytes)
    head at 2:"------- SEARCH"
    search "one\n" at 3:"one\n"
    replace "1\n" at 5:"1\n"
  edit at 7:"<<<<<<< SEARCH\nt"…">>>>>>> REPLACE\n" (45 bytes)
    head at 7:"<<<<<<< SEARCH"
    search "two\n" at 8:"two\n"
    replace "2\n" at 10:"2\n"
`,
	},
	{
		name: "bare-legacy-alone",
		why:  "bare <<<<<<< SEARCH blocks alone are aider's, not Cline's",
		src:  "a.txt\n<<<<<<< SEARCH\none\n=======\n1\n>>>>>>> REPLACE\n",
	},
	{
		name: "write",
		why:  "write_to_file: the content's range is the value, the text ends its last line",
		src:  "<write_to_file>\n<path>b.txt</path>\n<content>\nline 1\nline 2\n</content>\n</write_to_file>\n",
		want: `write call at 1:"<write_to_file>\n"…"/write_to_file>\n" (87 bytes)
  name at 1:"<write_to_file>"
  path "b.txt" at 2:"b.txt"
  content "line 1\nline 2\n" at 4:"line 1\nline 2"
`,
	},
	{
		name: "write-empty",
		why:  "an empty <content> is an empty text, not a line end",
		src:  "<write_to_file>\n<path>b.txt</path>\n<content>\n</content>\n</write_to_file>\n",
		want: `write call at 1:"<write_to_file>\n"…"/write_to_file>\n" (73 bytes)
  name at 1:"<write_to_file>"
  path "b.txt" at 2:"b.txt"
  content "" at 4:"" before "</conten"
`,
	},
	{
		name: "empty-search",
		why:  "an empty SEARCH is an empty text at the divider's start",
		src:  rif("new.txt", "------- SEARCH\n=======\nhello\n+++++++ REPLACE\n"),
		want: `replace call at 1:"<replace_in_file"…"eplace_in_file>\n" (118 bytes)
  name at 1:"<replace_in_file>"
  path "new.txt" at 2:"new.txt"
  edit at 4:"------- SEARCH\n="…"\n+++++++ REPLACE" (44 bytes)
    head at 4:"------- SEARCH"
    search "" at 5:"" before "=======\n"
    replace "hello\n" at 6:"hello\n"
`,
	},
	{
		name: "crlf",
		why:  "CRLF input: ranges cover the bytes as written, the search and replacement are made LF",
		src:  strings.ReplaceAll(rif("a.txt", block+"------- SEARCH\ntwo\n=======\n2\n+++++++ REPLACE\n"), "\n", "\r\n"),
		want: `replace call at 1:"<replace_in_file"…"place_in_file>\r\n" (176 bytes)
  name at 1:"<replace_in_file>"
  path "a.txt" at 2:"a.txt"
  edit at 4:"------- SEARCH\r\n"…"++++++ REPLACE\r\n" (50 bytes)
    head at 4:"------- SEARCH"
    search "one\n" at 5:"one\r\n"
    replace "1\n" at 7:"1\r\n"
  edit at 9:"------- SEARCH\r\n"…"\n+++++++ REPLACE" (48 bytes)
    head at 9:"------- SEARCH"
    search "two\n" at 10:"two\r\n"
    replace "2\n" at 12:"2\r\n"
`,
	},
	{
		name: "crlf-bare",
		why:  "CRLF bare blocks: the path line's CR is not the path's",
		src:  strings.ReplaceAll("a.txt\n"+block, "\n", "\r\n"),
		want: `replace call at 1:"a.txt\r\n------- S"…"++++++ REPLACE\r\n" (57 bytes)
  name at 2:"------- SEARCH"
  path "a.txt" at 1:"a.txt"
  edit at 2:"------- SEARCH\r\n"…"++++++ REPLACE\r\n" (50 bytes)
    head at 2:"------- SEARCH"
    search "one\n" at 3:"one\r\n"
    replace "1\n" at 5:"1\r\n"
`,
	},
	{
		name: "crlf-write",
		why:  "CRLF write_to_file: the content is made LF as the edits' texts are",
		src:  strings.ReplaceAll("<write_to_file>\n<path>b.txt</path>\n<content>\nx\ny\n</content>\n</write_to_file>\n", "\n", "\r\n"),
		want: `write call at 1:"<write_to_file>\r"…"write_to_file>\r\n" (84 bytes)
  name at 1:"<write_to_file>"
  path "b.txt" at 2:"b.txt"
  content "x\ny\n" at 4:"x\r\ny"
`,
	},
	{
		name: "fenced-tag",
		why:  "a call in a fence at column 1 is read; the fence lines are not the call's",
		src:  "```xml\n" + rif("a.txt", block) + "```\n",
		want: `replace call at 2:"<replace_in_file"…"eplace_in_file>\n" (116 bytes)
  name at 2:"<replace_in_file>"
  path "a.txt" at 3:"a.txt"
  edit at 5:"------- SEARCH\no"…"\n+++++++ REPLACE" (44 bytes)
    head at 5:"------- SEARCH"
    search "one\n" at 6:"one\n"
    replace "1\n" at 8:"1\n"
`,
	},
	{
		name: "indented-in-list",
		why:  "an element or a bare block indented in a list item is lang's to unindent (lang/parse_indent.go): the scanner reads column 1 only",
		src:  "1. First:\n   <replace_in_file>\n   <path>a.txt</path>\n   <diff>\n   " + strings.ReplaceAll(block, "\n", "\n   ") + "</diff>\n   </replace_in_file>\n2. Then:\n   b.txt\n   " + strings.ReplaceAll(block, "\n", "\n   ") + "\n",
	},
	{
		name: "markers",
		why:  "three or more marker characters, '>' after SEARCH and REPLACE, and the older <<<<<<< / >>>>>>> inside the tag",
		src:  rif("a.txt", "--- SEARCH>\none\n===\n1\n+++++++++++ REPLACE>\n<<<<<<< SEARCH\ntwo\n=======\n2\n>>>>>>> REPLACE\n"),
		want: `replace call at 1:"<replace_in_file"…"eplace_in_file>\n" (159 bytes)
  name at 1:"<replace_in_file>"
  path "a.txt" at 2:"a.txt"
  edit at 4:"--- SEARCH>\none\n"…"++++++ REPLACE>\n" (43 bytes)
    head at 4:"--- SEARCH>"
    search "one\n" at 5:"one\n"
    replace "1\n" at 7:"1\n"
  edit at 9:"<<<<<<< SEARCH\nt"…"\n>>>>>>> REPLACE" (44 bytes)
    head at 9:"<<<<<<< SEARCH"
    search "two\n" at 10:"two\n"
    replace "2\n" at 12:"2\n"
`,
	},
	{
		name: "not-markers",
		why:  "two dashes, a blank after =======, a word after REPLACE: no marker, so the block has no divider",
		src:  rif("a.txt", "-- SEARCH\n------- SEARCH\none\n======= \n1\n+++++++ REPLACE now\n"),
		want: `replace call at 1:"<replace_in_file"…"eplace_in_file>\n" (131 bytes)
  name at 1:"<replace_in_file>"
  path "a.txt" at 2:"a.txt"
  edit at 5:"------- SEARCH\no"…"++++ REPLACE now" (49 bytes)
    head at 5:"------- SEARCH"
    search "one\n======= \n1\n+++++++ REPLACE now" at 6:"one\n======= \n1\n+++++++ REPLACE now"
    replace "" at 9:"" before "\n</diff>"
    error MISSING_DIVIDER "this SEARCH block has no ======= line before its end" at 5:"------- SEARCH"
  warning OUTSIDE_TEXT "text outside a SEARCH/REPLACE block is ignored" at 4:"-- SEARCH"
`,
	},
	{
		name: "missing-path-bare",
		why:  "MISSING_PATH: bare blocks with no path line above, at the first SEARCH line",
		src:  "Change it so:\n" + block,
		want: `replace call at 2:"------- SEARCH\no"…"+++++++ REPLACE\n" (45 bytes)
  name at 2:"------- SEARCH"
  no path "" -1:-1
  edit at 2:"------- SEARCH\no"…"+++++++ REPLACE\n" (45 bytes)
    head at 2:"------- SEARCH"
    search "one\n" at 3:"one\n"
    replace "1\n" at 5:"1\n"
  error MISSING_PATH "these SEARCH/REPLACE blocks name no file" at 2:"------- SEARCH"
`,
	},
	{
		name: "missing-params",
		why:  "MISSING_PARAM (xmltool): a call without <path>, one without <diff>, a write without <content>, each at its opening tag",
		src:  "<replace_in_file>\n<diff>\n" + block + "</diff>\n</replace_in_file>\n<replace_in_file>\n<path>a.txt</path>\n</replace_in_file>\n<write_to_file>\n<path> </path>\n</write_to_file>\n",
		want: `replace call at 1:"<replace_in_file"…"eplace_in_file>\n" (97 bytes)
  name at 1:"<replace_in_file>"
  no path "" -1:-1
  edit at 3:"------- SEARCH\no"…"\n+++++++ REPLACE" (44 bytes)
    head at 3:"------- SEARCH"
    search "one\n" at 4:"one\n"
    replace "1\n" at 6:"1\n"
  error MISSING_PARAM "<replace_in_file> has no <path>" at 1:"<replace_in_file>"
replace call at 10:"<replace_in_file"…"eplace_in_file>\n" (56 bytes)
  name at 10:"<replace_in_file>"
  path "a.txt" at 11:"a.txt"
  error MISSING_PARAM "<replace_in_file> has no <diff>" at 10:"<replace_in_file>"
write call at 13:"<write_to_file>\n"…"/write_to_file>\n" (48 bytes)
  name at 13:"<write_to_file>"
  no path "" -1:-1
  content "" at 13:"" before "\n<path> "
  error MISSING_PARAM "<write_to_file> has no <path>" at 13:"<write_to_file>"
  error MISSING_PARAM "<write_to_file> has no <content>" at 13:"<write_to_file>"
`,
	},
	{
		name: "unclosed",
		why:  "UNCLOSED_TAG (xmltool): a call never closed runs to the end of the text, its error at the opening tag",
		src:  "<replace_in_file>\n<path>a.txt</path>\n<diff>\n" + block + "</diff>\nprose\n",
		want: `replace call at 1:"<replace_in_file"…"E\n</diff>\nprose\n" (103 bytes)
  name at 1:"<replace_in_file>"
  path "a.txt" at 2:"a.txt"
  edit at 4:"------- SEARCH\no"…"\n+++++++ REPLACE" (44 bytes)
    head at 4:"------- SEARCH"
    search "one\n" at 5:"one\n"
    replace "1\n" at 7:"1\n"
  error UNCLOSED_TAG "<replace_in_file> is never closed, so where the call ends is unknown" at 1:"<replace_in_file>"
`,
	},
	{
		name: "unclosed-then-next-call",
		why: "UNCLOSED_TAG (xmltool): a call cut short ends where the next call of its name opens a line, " +
			"so the next call keeps its own path and blocks",
		src: "<replace_in_file>\n<path>a.txt</path>\n<diff>\n" + block + "\n" + rif("b.txt", block),
		want: `replace call at 1:"<replace_in_file"…"+++++++ REPLACE\n" (89 bytes)
  name at 1:"<replace_in_file>"
  path "a.txt" at 2:"a.txt"
  edit at 4:"------- SEARCH\no"…"+++++++ REPLACE\n" (45 bytes)
    head at 4:"------- SEARCH"
    search "one\n" at 5:"one\n"
    replace "1\n" at 7:"1\n"
  error UNCLOSED_TAG "<replace_in_file> is never closed, so where the call ends is unknown" at 1:"<replace_in_file>"
replace call at 10:"<replace_in_file"…"eplace_in_file>\n" (116 bytes)
  name at 10:"<replace_in_file>"
  path "b.txt" at 11:"b.txt"
  edit at 13:"------- SEARCH\no"…"\n+++++++ REPLACE" (44 bytes)
    head at 13:"------- SEARCH"
    search "one\n" at 14:"one\n"
    replace "1\n" at 16:"1\n"
`,
	},
	{
		name: "no-blocks",
		why:  "NO_BLOCKS: an empty <diff>, at its opening tag and the line end after it",
		src:  rif("a.txt", ""),
		want: `replace call at 1:"<replace_in_file"…"eplace_in_file>\n" (71 bytes)
  name at 1:"<replace_in_file>"
  path "a.txt" at 2:"a.txt"
  error NO_BLOCKS "this <diff> holds no SEARCH/REPLACE block" at 3:"<diff>\n"
`,
	},
	{
		name: "stray-marker",
		why:  "STRAY_MARKER: a divider and a REPLACE line outside any block, each at its line",
		src:  rif("a.txt", "=======\n"+block+"+++++++ REPLACE\n"),
		want: `replace call at 1:"<replace_in_file"…"eplace_in_file>\n" (140 bytes)
  name at 1:"<replace_in_file>"
  path "a.txt" at 2:"a.txt"
  edit at 5:"------- SEARCH\no"…"+++++++ REPLACE\n" (45 bytes)
    head at 5:"------- SEARCH"
    search "one\n" at 6:"one\n"
    replace "1\n" at 8:"1\n"
  error STRAY_MARKER "\"=======\" outside a SEARCH/REPLACE block" at 4:"======="
  error STRAY_MARKER "\"+++++++ REPLACE\" outside a SEARCH/REPLACE block" at 10:"+++++++ REPLACE"
`,
	},
	{
		name: "missing-divider",
		why:  "MISSING_DIVIDER: at the REPLACE line that came first, at the next SEARCH line, and at the head when the text ends",
		src:  rif("a.txt", "------- SEARCH\none\n+++++++ REPLACE\n------- SEARCH\ntwo\n------- SEARCH\nthree\n"),
		want: `replace call at 1:"<replace_in_file"…"eplace_in_file>\n" (146 bytes)
  name at 1:"<replace_in_file>"
  path "a.txt" at 2:"a.txt"
  edit at 4:"------- SEARCH\none\n+++++++ REPLACE\n"
    head at 4:"------- SEARCH"
    search "one\n" at 5:"one\n"
    replace "" at 6:"" before "+++++++ "
    error MISSING_DIVIDER "this SEARCH block has no ======= line before its end" at 6:"+++++++ REPLACE"
  edit at 7:"------- SEARCH\ntwo\n"
    head at 7:"------- SEARCH"
    search "two\n" at 8:"two\n"
    replace "" at 9:"" before "------- "
    error MISSING_DIVIDER "this SEARCH block has no ======= line before its end" at 9:"------- SEARCH"
  edit at 9:"------- SEARCH\nthree"
    head at 9:"------- SEARCH"
    search "three" at 10:"three"
    replace "" at 10:"" before "\n</diff>"
    error MISSING_DIVIDER "this SEARCH block has no ======= line before its end" at 9:"------- SEARCH"
`,
	},
	{
		name: "missing-replace",
		why:  "MISSING_REPLACE: at the divider whose replacement never ends; the replacement runs to the end of the <diff>",
		src:  rif("a.txt", "------- SEARCH\none\n=======\n1\n"),
		want: `replace call at 1:"<replace_in_file"…"eplace_in_file>\n" (100 bytes)
  name at 1:"<replace_in_file>"
  path "a.txt" at 2:"a.txt"
  edit at 4:"------- SEARCH\none\n=======\n1"
    head at 4:"------- SEARCH"
    search "one\n" at 5:"one\n"
    replace "1" at 7:"1"
    error MISSING_REPLACE "this block's replacement has no +++++++ REPLACE line after it, so where it ends is unknown" at 6:"======="
`,
	},
	{
		name: "bare-missing-replace",
		why:  "MISSING_REPLACE in bare blocks: the replacement runs up to the path line above the next SEARCH line, prose included, and the next file's block is a call of its own, with its own path",
		src:  "a.txt\n------- SEARCH\none\n=======\n1\n\nNow b:\n\nb.txt\n" + block,
		want: `replace call at 1:"a.txt\n------- SE"…"====\n1\n\nNow b:\n\n" (44 bytes)
  name at 2:"------- SEARCH"
  path "a.txt" at 1:"a.txt"
  edit at 2:"------- SEARCH\none\n=======\n1\n\nNow b:\n\n"
    head at 2:"------- SEARCH"
    search "one\n" at 3:"one\n"
    replace "1\n\nNow b:\n\n" at 5:"1\n\nNow b:\n\n"
    error MISSING_REPLACE "this block's replacement has no +++++++ REPLACE line after it, so where it ends is unknown" at 4:"======="
replace call at 9:"b.txt\n------- SE"…"+++++++ REPLACE\n" (51 bytes)
  name at 10:"------- SEARCH"
  path "b.txt" at 9:"b.txt"
  edit at 10:"------- SEARCH\no"…"+++++++ REPLACE\n" (45 bytes)
    head at 10:"------- SEARCH"
    search "one\n" at 11:"one\n"
    replace "1\n" at 13:"1\n"
`,
	},
	{
		name: "missing-replace-then-search",
		why:  "MISSING_REPLACE before another block: the replacement stops at the next SEARCH line, which starts a block of its own",
		src:  rif("a.txt", "------- SEARCH\none\n=======\n1\n"+block),
		want: `replace call at 1:"<replace_in_file"…"eplace_in_file>\n" (145 bytes)
  name at 1:"<replace_in_file>"
  path "a.txt" at 2:"a.txt"
  edit at 4:"------- SEARCH\none\n=======\n1\n"
    head at 4:"------- SEARCH"
    search "one\n" at 5:"one\n"
    replace "1\n" at 7:"1\n"
    error MISSING_REPLACE "this block's replacement has no +++++++ REPLACE line after it, so where it ends is unknown" at 6:"======="
  edit at 8:"------- SEARCH\no"…"\n+++++++ REPLACE" (44 bytes)
    head at 8:"------- SEARCH"
    search "one\n" at 9:"one\n"
    replace "1\n" at 11:"1\n"
`,
	},
	{
		name: "extra-divider",
		why:  "EXTRA_DIVIDER: at the second divider, which ends the block",
		src:  rif("a.txt", "------- SEARCH\none\n=======\n1\n=======\n2\n+++++++ REPLACE\n"),
		want: `replace call at 1:"<replace_in_file"…"eplace_in_file>\n" (126 bytes)
  name at 1:"<replace_in_file>"
  path "a.txt" at 2:"a.txt"
  edit at 4:"------- SEARCH\none\n=======\n1\n=======\n"
    head at 4:"------- SEARCH"
    search "one\n" at 5:"one\n"
    replace "1\n" at 7:"1\n"
    error EXTRA_DIVIDER "a second ======= in one SEARCH/REPLACE block" at 8:"======="
  warning OUTSIDE_TEXT "text outside a SEARCH/REPLACE block is ignored" at 9:"2"
  error STRAY_MARKER "\"+++++++ REPLACE\" outside a SEARCH/REPLACE block" at 10:"+++++++ REPLACE"
`,
	},
	{
		name: "outside-text",
		why:  "OUTSIDE_TEXT: a warning at the first line of text between blocks, once per call",
		src:  rif("a.txt", "Here you go:\n"+block+"\nand more\n"),
		want: `replace call at 1:"<replace_in_file"…"eplace_in_file>\n" (139 bytes)
  name at 1:"<replace_in_file>"
  path "a.txt" at 2:"a.txt"
  edit at 5:"------- SEARCH\no"…"+++++++ REPLACE\n" (45 bytes)
    head at 5:"------- SEARCH"
    search "one\n" at 6:"one\n"
    replace "1\n" at 8:"1\n"
  warning OUTSIDE_TEXT "text outside a SEARCH/REPLACE block is ignored" at 4:"Here you go:"
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
	src := rif("a.txt", block)
	want := []Call{{
		Kind: Replace, Start: 0, End: 116, NameStart: 0, NameEnd: 17,
		Path: "a.txt", PathStart: 24, PathEnd: 29,
		Edits: []Edit{{
			Start: 44, End: 88, HeadStart: 44, HeadEnd: 58,
			Search: "one\n", SearchStart: 59, SearchEnd: 63,
			Replace: "1\n", ReplaceStart: 71, ReplaceEnd: 73,
		}},
	}}
	if diff := cmp.Diff(want, Scan([]byte(src))); diff != "" {
		t.Errorf("Scan (-want +got):\n%s", diff)
	}
}

func TestSpans(t *testing.T) {
	one := rif("a.txt", block)
	prose := "Now the other file.\n\n"
	two := "b.txt\n" + block
	for _, tc := range []struct {
		why, src string
		want     [][2]int
	}{
		{"no call: nil", "Nothing to change here.\n", nil},
		{"a SEARCH word that starts no block: nil", "Run it with --- SEARCH off.\n<replace_in_file is a tool\n", nil},
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
		scantest.InRange(t, "content", c.ContentStart, c.ContentEnd, n)
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
	for _, in := range scantest.CorpusInputs(f, "cline") {
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
	for _, code := range []string{MissingPath, NoBlocks, StrayMarker, MissingDivider, MissingReplace, ExtraDivider, OutsideText, xmltool.Unclosed, xmltool.MissingParam} {
		if !strings.Contains(all.String(), " "+code+" ") {
			t.Errorf("no case pins %s", code)
		}
	}
}
