package roo

import (
	"fmt"
	"strings"
	"testing"

	"github.com/clada-dev/clada/grammar/internal/scantest"
	"github.com/google/go-cmp/cmp"
)

// renderTools writes the insertions and replacements of Scan's calls, each
// range as the text it covers.
func renderTools(src string, calls []Call) string {
	var b strings.Builder
	for _, c := range calls {
		fmt.Fprintf(&b, "call %d path %s\n", c.Kind, scantest.Q(c.Path))
		for _, in := range c.Inserts {
			fmt.Fprintf(&b, "  insert at %s\n", scantest.Covered(src, in.Start, in.End))
			fmt.Fprintf(&b, "    line %d at %s\n", in.Line, scantest.Covered(src, in.LineStart, in.LineEnd))
			fmt.Fprintf(&b, "    content %s at %s\n", scantest.Q(in.Content), scantest.Covered(src, in.ContentStart, in.ContentEnd))
			scantest.RenderDiags(&b, src, "    ", in.Diags)
		}
		for _, s := range c.Subs {
			fmt.Fprintf(&b, "  sub once=%v at %s\n", s.Once, scantest.Covered(src, s.Start, s.End))
			fmt.Fprintf(&b, "    search %s at %s\n", scantest.Q(s.Search), scantest.Covered(src, s.SearchStart, s.SearchEnd))
			fmt.Fprintf(&b, "    replace %s at %s\n", scantest.Q(s.Replace), scantest.Covered(src, s.ReplaceStart, s.ReplaceEnd))
			for _, o := range s.Options {
				fmt.Fprintf(&b, "    option %s=%s string=%v at %s\n", o.Key, scantest.Q(o.Value), o.String, scantest.Covered(src, o.Start, o.End))
			}
			scantest.RenderDiags(&b, src, "    ", s.Diags)
		}
		scantest.RenderDiags(&b, src, "  ", c.Diags)
	}
	return b.String()
}

func TestScanTools(t *testing.T) {
	for _, tc := range []scanCase{
		{
			name: "values-trimmed-as-javascript-trims",
			why: "every value but <content> is trimmed by JavaScript's rules: a byte-order mark (U+FEFF) is white space, NEL (U+0085) is not, " +
				"so the search keeps its NEL; <content> loses only the line end after its opening tag and the one before its closing tag",
			src: "<search_and_replace>\n<path> a.py </path>\n<search>\ufeff x\u0085</search>\n<replace>\n  y  \n</replace>\n<use_regex> false </use_regex>\n</search_and_replace>\n" +
				"<insert_content>\n<path>a.py</path>\n<line> 2 </line>\n<content>\n\n  z\n\n</content>\n</insert_content>\n",
			want: `call 2 path "a.py"
  sub once=false at 1:"<search_and_repl"…"ch_and_replace>\n" (146 bytes)
    search "x\u0085" at 3:"x\u0085"
    replace "y" at 5:"y"
    option use_regex="false" string=false at 7:"false"
call 1 path "a.py"
  insert at 9:"<insert_content>"…"insert_content>\n" (97 bytes)
    line 2 at 11:"2"
    content "\n  z\n" at 13:"\n  z\n"
`,
		},
		{
			name: "json-operations-ranges",
			why:  "each JSON item's values are placed at their tokens; a number line, a digit string, a boolean option and null (not given)",
			src: "<insert_content>\n<path>a</path>\n<operations>[{\"start_line\": 3, \"content\": \"x\\ny\"}, {\"start_line\": \"0\", \"content\": \"z\"}]</operations>\n</insert_content>\n" +
				"<search_and_replace>\n<path>a</path>\n<operations>[{\"search\": \"p\", \"replace\": \"q\", \"use_regex\": false, \"end_line\": null}]</operations>\n</search_and_replace>\n",
			want: `call 1 path "a"
  insert at 3:"{\"start_line\": 3, \"content\": \"x\\ny\"}"
    line 3 at 3:"3"
    content "x\ny" at 3:"\"x\\ny\""
  insert at 3:"{\"start_line\": \"0\", \"content\": \"z\"}"
    line 0 at 3:"\"0\""
    content "z" at 3:"\"z\""
call 2 path "a"
  sub once=true at 7:"{\"search\": \"p\", "…"end_line\": null}" (69 bytes)
    search "p" at 7:"\"p\""
    replace "q" at 7:"\"q\""
    option use_regex="false" string=false at 7:"false"
`,
		},
		{
			name: "bad-json-and-missing",
			why:  "JSON that does not parse is an error from where it stops; a flat call without its line, search or replace says which",
			src: "<insert_content>\n<path>a</path>\n<operations>[{\"start_line\": 3,}]</operations>\n</insert_content>\n" +
				"<insert_content>\n<path>a</path>\n<content>x</content>\n</insert_content>\n<search_and_replace>\n<search>  </search>\n</search_and_replace>\n",
			want: `call 1 path "a"
  error INVALID_VALUE "this <operations> is not a JSON array of objects: invalid character '}' looking for beginning of object key string" at 3:"}]"
call 1 path "a"
  error MISSING_PARAM "<insert_content> has no <line>" at 5:"<insert_content>"
call 2 path ""
  error MISSING_PARAM "<search_and_replace> has no <path>" at 9:"<search_and_replace>"
  error EMPTY_SEARCH "this <search> is empty" at 10:"<search>  </search>"
  error MISSING_PARAM "<search_and_replace> has no <replace>" at 9:"<search_and_replace>"
`,
		},
		{
			name: "flat-parameter-beside-operations",
			why:  "a <line> beside <operations> is read by neither form, so it is an error at it rather than passed over",
			src:  "<insert_content>\n<path>a</path>\n<line>1</line>\n<operations>[{\"start_line\": 2, \"content\": \"x\"}]</operations>\n</insert_content>\n",
			want: `call 1 path "a"
  insert at 4:"{\"start_line\": 2, \"content\": \"x\"}"
    line 2 at 4:"2"
    content "x" at 4:"\"x\""
  error UNREAD_KEY "<line> beside <operations> is read by neither of Roo Code's forms" at 3:"<line>1</line>"
`,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, renderTools(tc.src, Scan([]byte(tc.src)))); diff != "" {
				t.Errorf("%s\n(-want +got):\n%s", tc.why, diff)
			}
		})
	}
}
