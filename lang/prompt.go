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
		b.WriteString("\n```" + s.Def().Fence + "\n")
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
	spell   func(op *OpSpec, ps ParamSpec) string // how a param is written
	results string                                // what comes back
	// omitted says what a required catalog param means when this syntax
	// lets it be left out, by "op.param".
	omitted map[string]string
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

// PromptTimeLimit is a command's default time limit as the prompt states
// it: engine.DefaultTimeout, which this package cannot import (a test of
// the engine's holds the two together).
const PromptTimeLimit = "5 minutes"

// commandRules are the limits every syntax's commands run under.
const commandRules = "## Commands\n\n" +
	"- A command runs in the project root (or its `cwd`/`dir`) with no input: standard input is empty, so anything that " +
	"waits for an answer (a prompt, a pager, `git commit` without `-m`) gets nothing; pass flags such as `--yes` or `-m` instead.\n" +
	"- It has a time limit (" + PromptTimeLimit + " unless the user set another); then it and every process it started are killed. " +
	"Do not start servers or watchers that never exit.\n" +
	"- Its output is kept up to a cap (10 MB unless the user set another) and cut there with `[output truncated]`; " +
	"narrow what a command prints (`| tail -50`, a specific test) rather than dumping everything.\n\n"

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

// The other tools' formats (aider, unified diff, JSON tool calls, replacer)
// are taught by a fixed text each, in prompt_<name>.go: the format as its
// own tool documents it, plus clada's rules where it is stricter (unique
// matches, no retargeting, no tab rewriting). Every fenced example in them
// is checked clean and applied by the tests (engine's
// prompt_foreign_test.go). They end alike, with foreignResults.

const foreignResults = "## Results\n\n" +
	"clada reports each edit as a success or a failure with the reason; a failed search quotes the file's closest lines, numbered. " +
	"Fix what failed and send only that again.\n"
