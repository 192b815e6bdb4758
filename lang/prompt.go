package lang

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/clada-dev/clada/source"
)

// Prompt writes the instructions an LLM needs to write valid blocks in
// syntax s, generated from the catalog so they never drift from what clada
// accepts: each op's doc, its params as s spells them, and an example block
// from the printer (so it parses by construction; tests also apply every
// example). The rules say what the parser really wants, including the ones
// LLMs get wrong: where a final newline comes from, column 1, unique ids,
// quoted numbers, and what a command may do.
func Prompt(w io.Writer, s Syntax) error { return PromptOps(w, s, catalog) }

// PromptOps is Prompt teaching only ops (a project's allowed-actions).
func PromptOps(w io.Writer, s Syntax, ops []OpSpec) error {
	d := s.Def()
	if d.prompt == nil {
		return fmt.Errorf("prompt: no instructions for syntax %s (supported: %s)", s, strings.Join(SyntaxNames(), ", "))
	}
	return d.prompt(w, ops)
}

// catalogPrompt is the prompt of syntax s, which writes every catalog op:
// the rules and each op of ops, its params as p spells them and an example
// block printed in s.
func catalogPrompt(s Syntax, p promptText) func(w io.Writer, ops []OpSpec) error {
	return func(w io.Writer, ops []OpSpec) error { return writeCatalogPrompt(w, s, p, ops) }
}

// writeCatalogPrompt writes catalogPrompt's text.
func writeCatalogPrompt(w io.Writer, s Syntax, p promptText, ops []OpSpec) error {
	var b bytes.Buffer
	b.WriteString(p.intro)
	b.WriteString(commandRules)
	b.WriteString("## Actions\n\n")
	for i, op := range ops {
		fmt.Fprintf(&b, "### %s\n\n%s\n\n", op.Name, op.Doc)
		for _, ps := range op.Params {
			req := "optional"
			if ps.Required {
				req = "required"
			}
			if d, ok := p.omitted[op.Name+"."+ps.Name]; ok {
				req = "optional; " + d
			}
			extra := ""
			if len(ps.Enum) > 0 {
				extra = " One of: " + strings.Join(ps.Enum, ", ") + "."
			}
			if ps.Default != "" {
				extra += fmt.Sprintf(" Default: %q.", ps.Default)
			}
			fmt.Fprintf(&b, "- %s (%s, %s): %s%s\n", p.spell(&op, ps), ps.Type, req, ps.Doc, extra)
		}
		b.WriteString("\n```" + p.fence + "\n")
		if err := Print(&b, exampleDoc(op, i, s), s); err != nil {
			return err
		}
		b.WriteString("```\n\n")
	}
	b.WriteString(p.results)
	_, err := w.Write(b.Bytes())
	return err
}

// promptText is one syntax's part of the instructions.
type promptText struct {
	intro   string                                // title, format example, rules
	fence   string                                // info string of the example fences
	spell   func(op *OpSpec, ps ParamSpec) string // how a param is written
	results string                                // what comes back
	// omitted says what a required catalog param means when this syntax
	// lets it be left out, by "op.param".
	omitted map[string]string
}

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

// cmlSpelling says where a param goes in a CML element: an attribute, the
// element's content, or a child element.
func cmlSpelling(_ *OpSpec, ps ParamSpec) string {
	place := cmlPlace(ps)
	switch {
	case place == "text":
		return "the element's content"
	case cmlIsChild(place):
		return fmt.Sprintf("child element `<%s>`", place)
	}
	return fmt.Sprintf("attribute `%s`", place)
}

// exampleDoc wraps an op's catalog example in a one-action document of
// syntax s, with a distinct block id per op (for the syntaxes that write
// ids), ready for the printer.
func exampleDoc(op OpSpec, i int, s Syntax) *Document {
	a := &Action{Syntax: s, ID: fmt.Sprintf("e%02d", i+1), Op: op.Name, Closed: true}
	for _, kv := range op.Example {
		a.Params = append(a.Params, &Param{Key: kv[0], Value: kv[1]})
	}
	return &Document{File: source.NewFile("", nil), Groups: []*Group{{Syntax: s, Kind: Standalone, Actions: []*Action{a}}}}
}

// commandRules are the limits every syntax's commands run under.
const commandRules = "## Commands\n\n" +
	"- A command runs in the project root (or its `cwd`/`dir`) with no input: standard input is empty, so anything that " +
	"waits for an answer (a prompt, a pager, `git commit` without `-m`) gets nothing; pass flags such as `--yes` or `-m` instead.\n" +
	"- It has a time limit (30 seconds unless the user set another); then it and every process it started are killed. " +
	"Do not start servers or watchers that never exit.\n" +
	"- Its output is kept up to a cap (10 MB unless the user set another) and cut there with `[output truncated]`; " +
	"narrow what a command prints (`| tail -50`, a specific test) rather than dumping everything.\n\n"

const shamPromptIntro = "# Writing actions for clada (SHAM syntax)\n\n" +
	"You can change files and run commands in the user's project by writing SHAM blocks in your answer. " +
	"clada finds every block, checks it, carries it out in the project directory and reports the results back to you. " +
	"Prose around the blocks is fine and ignored.\n\n" +
	"## Block format\n\n" +
	"```sh sham\n" +
	"#!SHAM [@three-char-SHA-256: k7m]\n" +
	"action = \"file_write\"\n" +
	"path = \"src/hello.txt\"\n" +
	"content = <<'EOT_SHAM_k7m'\n" +
	"Hello world!\n" +
	"\n" +
	"EOT_SHAM_k7m\n" +
	"#!END_SHAM_k7m\n" +
	"```\n\n" +
	"Rules:\n" +
	"- Start a block with `#!SHAM [@three-char-SHA-256: ID]` at the start of a line (column 1, no indentation) and end it with `#!END_SHAM_ID`, also in column 1. " +
	"ID is 2 to 8 ASCII letters or digits (three random ones, like `k7m`, is the convention) and must be different for every block in your answer: results are reported by ID.\n" +
	"- One `key = value` per line. Keys are written as shown below; the first key is always `action`.\n" +
	"- Every value is a string, numbers and booleans too: write `count = \"3\"`, never `count = 3`.\n" +
	"- A value is a double-quoted string (escape `\\\"` and `\\\\`; `\\n` and `\\t` are newline and tab) " +
	"or a heredoc: `<<'EOT_SHAM_ID'` then the lines, then a line that is exactly `EOT_SHAM_ID` in column 1. " +
	"Use heredocs for anything with several lines.\n" +
	"- The line break just before the closing `EOT_SHAM_ID` is not part of the value. To end a file with a newline " +
	"(most files should), leave one empty line before `EOT_SHAM_ID`, as the example does: its file ends `Hello world!` and a newline.\n" +
	"- No comments inside a block. Nothing after a value on its line.\n" +
	"- Paths are relative to the project root. Paths outside it, and anything under `.git/`, are refused.\n" +
	"- Every block runs on its own, in order. A block with a mistake is skipped and reported; the others still run.\n" +
	"- Text edits match exactly, whitespace included: `old_text` must appear in the file exactly once " +
	"(copy it from the file, and include enough surrounding lines to make it unique). " +
	"Use straight quotes (`\"` `'`) exactly as the file has them, and the file's own indentation (tabs stay tabs).\n" +
	"- An edit whose `old_text` is gone and whose `new_text` is already there is reported as already applied, not as a failure.\n\n"

const cslPromptIntro = "# Writing actions for clada (CSL syntax)\n\n" +
	"You can change files and run commands in the user's project by writing CSL operations in your answer. " +
	"clada finds every operation, checks it, carries it out in the project directory and reports the results back to you. " +
	"Prose around the operations is fine and ignored.\n\n" +
	"## Format\n\n" +
	"```\n" +
	"<---TASKS--->\n" +
	"<---WRITE file=\"src/hello.txt\"--->\n" +
	"Hello world!\n" +
	"\n" +
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
	"- The line break just before the next marker is not part of the text. To end a file with a newline " +
	"(most files should), leave one empty line before `<---END--->`, as the WRITE above does: its file ends `Hello world!` and a newline.\n" +
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

const cmlPromptIntro = "# Writing actions for clada (CML syntax)\n\n" +
	"You can change files and run commands in the user's project by writing CML elements (XML) in your answer. " +
	"clada finds every element, checks it, carries it out in the project directory and reports the results back to you. " +
	"Prose around the elements is fine and ignored.\n\n" +
	"## Format\n\n" +
	"```xml\n" +
	"<tasks version=\"1.0\">\n" +
	"  <write path=\"src/hello.txt\"><![CDATA[Hello world!\n" +
	"]]></write>\n" +
	"  <edit path=\"src/hello.txt\">\n" +
	"    <search><![CDATA[Hello world!]]></search>\n" +
	"    <replace><![CDATA[Hello, CML!]]></replace>\n" +
	"  </edit>\n" +
	"</tasks>\n" +
	"```\n\n" +
	"Rules:\n" +
	"- Each operation is one element; its text goes in its content (or in `<search>`/`<replace>` children), other values in attributes, in double quotes, numbers too: `count=\"3\"`.\n" +
	"- Put text in CDATA: `<![CDATA[` … `]]>`; everything inside is the text, exactly, `<` and `&` included. " +
	"If the text itself contains `]]>`, write it `]]&gt;` inside the CDATA.\n" +
	"- Whitespace: the one line break right after an opening tag (or right after `<![CDATA[`) is layout, so the text may start on the next line. " +
	"Inside CDATA everything else counts: a line break just before `]]>` is part of the text, which is how a file ends with a newline " +
	"(most files should), as in the `<write>` above. Start the text right after `<![CDATA[` and end it right before `]]>` when a search must match exactly.\n" +
	"- `<tasks version=\"1.0\">` … `</tasks>` groups operations: they run in order and stop at the first failure. " +
	"Leave `version` out or write `1.0`: any other version stops the whole answer. Elements outside a group each run on their own.\n" +
	"- Malformed XML (an unclosed element, a mismatched closing tag) stops everything: nothing runs until it is fixed.\n" +
	"- Paths are relative to the project root. Paths outside it, and anything under `.git/`, are refused.\n" +
	"- Text edits match exactly, whitespace included: `<search>` must appear in the file exactly once " +
	"(copy it from the file, and include enough surrounding lines to make it unique). " +
	"Use straight quotes (`\"` `'`) exactly as the file has them, and the file's own indentation (tabs stay tabs).\n" +
	"- An edit whose search text is gone and whose replacement is already there is reported as already applied, not as a failure.\n\n"

// promptResults shows the summary clada sends back, with the names results
// carry in that syntax (SHAM block ids, CSL/CML task numbers).
func promptResults(ok, failed, read string) string {
	return "## Results\n\n" +
		"After running, clada sends back a summary like this: one line per operation, a hint on how to fix each failure " +
		"(it quotes the file's closest lines and says how they differ), then the output of every read, listing, search and command. " +
		"Fix what failed and send it again:\n\n" +
		"```\n" +
		"=== CLADA RESULTS ===\n" +
		ok + " ✅ file_write src/hello.txt\n" +
		failed + " ❌ file_replace_text src/app.js - file_replace_text: old_text not found in file (closest match at line 12: line 12 is indented with 1 tab in the file but 4 spaces in old_text; …)\n" +
		read + " ✅ file_read_numbered src/app.js\n" +
		"=== END ===\n" +
		"\n" +
		"=== OUTPUT " + read + ": file_read_numbered src/app.js ===\n" +
		"1: const port = 3000;\n" +
		"=== END OUTPUT ===\n" +
		"```\n"
}
