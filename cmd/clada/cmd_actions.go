package main

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/clada-dev/clada/lang"
)

// cmdActions prints the op catalog.
func cmdActions(e *env) int {
	fs := newFlagSet(e, "actions", "[--format text|json|markdown]")
	format := fs.String("format", "text", "output format: text, json or markdown")
	pos, code, ok := parseArgs(fs, e.args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		fmt.Fprintf(e.stderr, "clada actions: unexpected argument %q\n", pos[0])
		return exitUsage
	}
	switch *format {
	case "text":
		writeActionsText(e.stdout)
	case "markdown":
		writeActionsMarkdown(e.stdout)
	case "json":
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		out := struct {
			Version int               `json:"version"`
			Ops     []lang.OpSpec     `json:"ops"`
			Aliases map[string]string `json:"aliases"`
		}{1, lang.Ops(), lang.Aliases()}
		if err := enc.Encode(out); err != nil {
			fmt.Fprintf(e.stderr, "clada actions: %v\n", err)
			return exitUsage
		}
	default:
		fmt.Fprintf(e.stderr, "clada actions: unknown --format %q; use text, json or markdown\n", *format)
		return exitUsage
	}
	return exitOK
}

func required(p lang.ParamSpec) string {
	if p.Required {
		return "required"
	}
	return "optional"
}

func paramNote(p lang.ParamSpec) string {
	s := p.Doc
	if len(p.Enum) > 0 {
		s += " (" + strings.Join(p.Enum, "|") + ")"
	}
	if p.Default != "" {
		s += fmt.Sprintf(" [default %q]", p.Default)
	}
	return s
}

func writeActionsText(w io.Writer) {
	for _, op := range lang.Ops() {
		fmt.Fprintf(w, "%s (%s): %s\n", op.Name, op.Kind, op.Doc)
		for _, p := range op.Params {
			fmt.Fprintf(w, "    %-20s %-10s %-8s %s\n", p.Name, p.Type, required(p), paramNote(p))
		}
		fmt.Fprintf(w, "    CSL: <---%s--->   CML: <%s>\n\n", op.CSL, op.CML)
	}
	fmt.Fprintf(w, "aliases: %s\n", aliasList())
}

func writeActionsMarkdown(w io.Writer) {
	fmt.Fprintln(w, "# clada actions")
	for _, op := range lang.Ops() {
		fmt.Fprintf(w, "\n## %s\n\n%s Kind: %s. CSL: `%s`, CML: `<%s>`.\n\n", op.Name, op.Doc, op.Kind, op.CSL, op.CML)
		fmt.Fprintln(w, "| param | type | required | description |")
		fmt.Fprintln(w, "|---|---|---|---|")
		for _, p := range op.Params {
			fmt.Fprintf(w, "| `%s` | %s | %s | %s |\n", p.Name, p.Type, required(p), strings.ReplaceAll(paramNote(p), "|", `\|`))
		}
	}
	fmt.Fprintf(w, "\nAliases: %s\n", aliasList())
}

func aliasList() string {
	var parts []string
	for a, c := range lang.Aliases() {
		parts = append(parts, a+" → "+c)
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}
