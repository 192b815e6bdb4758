package lang

import (
	"fmt"
	"strings"
)

// cslPromptIntro opens CSL's instructions (syntax_csl.go): the format and
// its rules; catalogPrompt adds the ops, spelt by cslSpelling.
const cslPromptIntro = "# Writing actions for clada (CSL syntax)\n\n" +
	"You can change files and run commands in the user's project by writing CSL operations in your answer. " +
	"clada finds every operation, checks it, carries it out in the project directory and reports the results back to you. " +
	"Prose around the operations is fine and ignored.\n\n" +
	"## Format\n\n" +
	"```\n" +
	"<---TASKS--->\n" +
	"<---WRITE file=\"src/hello.txt\"--->\n" +
	"Hello world!\n" +
	"<---END--->\n" +
	"<---SEARCH file=\"src/hello.txt\"--->\n" +
	"Hello world!\n" +
	"<---REPLACE--->\n" +
	"Hello, CSL!\n" +
	"<---END--->\n" +
	"<---END--->\n" +
	"```\n\n" +
	"Rules:\n" +
	"- A marker such as `<---WRITE file=\"a.txt\"--->` is a whole line of its own, starting in column 1 (no indentation, nothing after it). " +
	"Op names are upper case; attribute values are in double quotes (single quotes when the value holds a `\"`), numbers too: `count=\"3\"`.\n" +
	"- An operation's text is the lines between its marker and the next marker (`<---END--->`, or `<---TO--->`/`<---REPLACE--->` in SEARCH), exactly as written.\n" +
	"- A WRITE's text is whole lines: its last line's newline is part of it, so the WRITE above writes `Hello world!` and a newline. " +
	"In SEARCH, TO and REPLACE the line break just before the next marker is not part of the text.\n" +
	"- `<---TASKS--->` … `<---END--->` groups operations: they run in order and stop at the first failure, and if any of them is invalid none of them runs. " +
	"Operations outside a group each run on their own.\n" +
	"- A syntax error anywhere in the answer (an unclosed operation, a misspelt marker) stops everything: nothing runs until it is fixed.\n" +
	"- `<---RUN--->` without `lang` runs its one command line without a shell (no pipes, `&&` or redirects), and only once the user has approved that command; " +
	"use `lang=\"bash\"` for a script.\n" +
	"- Paths are relative to the project root. Paths outside it, and anything under `.git/`, are refused.\n" +
	"- Text edits match exactly, whitespace included: the SEARCH text must appear in the file exactly once (or exactly `count` times) " +
	"(copy it from the file, and include enough surrounding lines to make it unique). " +
	"Use straight quotes (`\"` `'`) exactly as the file has them, and the file's own indentation (tabs stay tabs).\n" +
	"- An edit whose search text is gone and whose replacement is already there is reported as already applied, not as a failure.\n\n"

// cslSpelling says where a param goes in a CSL op: an attribute of the
// marker, or a body section.
func cslSpelling(op *OpSpec, ps ParamSpec) string {
	place := cslPlace(op, ps)
	switch {
	case place == "body":
		return "the text between the marker and `<---END--->`"
	case place == "search":
		return "the text after the `<---SEARCH …--->` marker"
	case cslSection(op, place):
		return fmt.Sprintf("the text after `<---%s--->`", strings.ToUpper(place))
	}
	return fmt.Sprintf("attribute `%s`", place)
}
