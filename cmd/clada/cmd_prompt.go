package main

import (
	"fmt"
	"strings"

	"github.com/clada-dev/clada/lang"
)

// cmdPrompt prints the LLM instructions generated from the catalog.
func cmdPrompt(e *env) int {
	fs := newFlagSet(e, "prompt", "[--syntax "+strings.Join(lang.SyntaxNames(), "|")+"]")
	syntax := fs.String("syntax", lang.DefaultSyntax.String(), "block syntax the instructions teach: "+lang.SyntaxList())
	root := fs.String("root", ".", "project root whose .clada.yaml allowed-actions limit the ops taught")
	configFile := fs.String("config", "", "project config (default: .clada.yaml in the root or a parent)")
	pos, code, ok := parseArgs(fs, e.args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		fmt.Fprintf(e.stderr, "clada prompt: unexpected argument %q\n", pos[0])
		return exitUsage
	}
	s := lang.ParseSyntax(*syntax)
	if s == 0 {
		fmt.Fprintf(e.stderr, "clada prompt: unknown --syntax %q; use %s\n", *syntax, lang.SyntaxList())
		return exitUsage
	}
	ops, err := promptOps(*root, *configFile)
	if err != nil {
		fmt.Fprintf(e.stderr, "clada prompt: %v\n", err)
		return exitUsage
	}
	if err := lang.PromptOps(e.stdout, s, ops); err != nil {
		fmt.Fprintf(e.stderr, "clada prompt: %v\n", err)
		return exitUsage
	}
	return exitOK
}
