package lang

import (
	"bytes"
	"fmt"
	"io"
	"strings"
)

// Prompt writes the instructions an LLM needs to write valid blocks in
// syntax s, generated from the catalog so they never drift from what clada
// accepts. Example blocks come from the printer, so they parse by
// construction. Only SHAM is supported for now.
func Prompt(w io.Writer, s Syntax) error { return PromptOps(w, s, catalog) }

// PromptOps is Prompt teaching only ops (a project's allowed-actions).
func PromptOps(w io.Writer, s Syntax, ops []OpSpec) error {
	if s != SHAM {
		return fmt.Errorf("prompt: no instructions for syntax %s yet (supported: sham)", s)
	}
	var b bytes.Buffer
	b.WriteString(shamPromptIntro)
	for i, op := range ops {
		fmt.Fprintf(&b, "### %s\n\n%s\n\n", op.Name, op.Doc)
		for _, p := range op.Params {
			req := "optional"
			if p.Required {
				req = "required"
			}
			extra := ""
			if len(p.Enum) > 0 {
				extra = " One of: " + strings.Join(p.Enum, ", ") + "."
			}
			if p.Default != "" {
				extra += fmt.Sprintf(" Default: %q.", p.Default)
			}
			fmt.Fprintf(&b, "- `%s` (%s, %s): %s%s\n", p.Name, p.Type, req, p.Doc, extra)
		}
		b.WriteString("\n```sh sham\n")
		if err := Print(&b, exampleDoc(op, i), SHAM); err != nil {
			return err
		}
		b.WriteString("```\n\n")
	}
	b.WriteString(shamPromptResults)
	_, err := w.Write(b.Bytes())
	return err
}

// exampleDoc wraps an op's catalog example in a one-action document with a
// distinct id per op, ready for the printer.
func exampleDoc(op OpSpec, i int) *Document {
	a := &Action{Syntax: SHAM, ID: fmt.Sprintf("e%02d", i+1), Op: op.Name, Closed: true}
	for _, kv := range op.Example {
		a.Params = append(a.Params, &Param{Key: kv[0], Value: kv[1]})
	}
	return &Document{File: NewFile("", nil), Groups: []*Group{{Syntax: SHAM, Kind: Standalone, Actions: []*Action{a}}}}
}

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
	"EOT_SHAM_k7m\n" +
	"#!END_SHAM_k7m\n" +
	"```\n\n" +
	"Rules:\n" +
	"- Start a block with `#!SHAM [@three-char-SHA-256: ID]` at the start of a line and end it with `#!END_SHAM_ID`. " +
	"ID is 2 to 8 ASCII letters or digits (three random ones, like `k7m`, is the convention) and must be different for every block in your answer.\n" +
	"- One `key = value` per line. Keys are written as shown below; the first key is always `action`.\n" +
	"- A value is a double-quoted string (escape `\\\"` and `\\\\`; `\\n` and `\\t` are newline and tab) " +
	"or a heredoc: `<<'EOT_SHAM_ID'` then the lines, then a line that is exactly `EOT_SHAM_ID`. " +
	"Use heredocs for anything with several lines; the newline before the closing marker is not part of the value.\n" +
	"- No comments inside a block. Nothing after a value on its line.\n" +
	"- Paths are relative to the project root. Paths outside it, and anything under `.git/`, are refused.\n" +
	"- Every block runs on its own, in order. A block with a mistake is skipped and reported; the others still run.\n" +
	"- Text edits match exactly, whitespace included: `old_text` must appear in the file exactly once " +
	"(copy it from the file, and include enough surrounding lines to make it unique).\n\n" +
	"## Actions\n\n"

const shamPromptResults = "## Results\n\n" +
	"After running, clada sends back a summary like this: one line per block, a hint on how to fix each failure, " +
	"then the output of every read, listing, search and command. Fix failed blocks and send them again with new ids:\n\n" +
	"```\n" +
	"=== CLADA RESULTS ===\n" +
	"k7m ✅ file_write src/hello.txt\n" +
	"x9p ❌ file_replace_text src/app.js - file_replace_text: old_text not found in file (closest match at lines 12-14 (differs in whitespace))\n" +
	"r2q ✅ file_read_numbered src/app.js\n" +
	"=== END ===\n" +
	"\n" +
	"=== OUTPUT r2q: file_read_numbered src/app.js ===\n" +
	"1: const port = 3000;\n" +
	"=== END OUTPUT ===\n" +
	"```\n"
