package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/textedit"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/report"
	"github.com/clada-dev/clada/session"
	"github.com/clada-dev/clada/source"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The answer tools take a whole answer, blocks in any syntax clada reads
// among prose, the way `clada apply` and `clada check` read a file.

func applyTool() *sdk.Tool {
	return &sdk.Tool{
		Name: "apply",
		Description: "Carry out every action block in an answer (" + syntaxTitles() + " blocks among prose) as one apply: " +
			"one lock, one git commit, one undo step. With dry_run, simulate and show the diff, changing nothing; " +
			"with atomic, simulate first and change nothing unless every action would succeed.",
		InputSchema: objectSchema(map[string]any{
			"text":    map[string]any{"type": "string", "description": "The answer: action blocks in any syntax clada reads, prose around them is ignored."},
			"dry_run": map[string]any{"type": "boolean", "default": false, "description": "Simulate in memory and report a diff of what would change; touch nothing."},
			"atomic":  map[string]any{"type": "boolean", "default": false, "description": "Simulate first; apply only if every action would succeed."},
		}, "text"),
		Annotations: &sdk.ToolAnnotations{Title: "apply an answer"},
	}
}

// syntaxTitles names every syntax clada reads, from the registry: "SHAM,
// CSL, …, JSON tool calls or replacer".
func syntaxTitles() string {
	var titles []string
	for _, s := range lang.Syntaxes() {
		titles = append(titles, s.Def().Title)
	}
	return strings.Join(titles[:len(titles)-1], ", ") + " or " + titles[len(titles)-1]
}

func checkTool() *sdk.Tool {
	return &sdk.Tool{
		Name:        "check",
		Description: "Report the syntax and validation problems of the action blocks in an answer, with line, column and a hint for each; nothing runs.",
		InputSchema: objectSchema(map[string]any{"text": map[string]any{"type": "string", "description": "The answer to check."}}, "text"),
		Annotations: &sdk.ToolAnnotations{Title: "check an answer", ReadOnlyHint: true},
	}
}

func undoTool() *sdk.Tool {
	return &sdk.Tool{
		Name: "undo",
		Description: "Undo the last recorded apply (any tool call that changed files): files, git index and HEAD as before. " +
			"Refused when anything it changed was changed since; called again, it walks further back.",
		InputSchema: objectSchema(map[string]any{}),
		Annotations: &sdk.ToolAnnotations{Title: "undo the last apply"},
	}
}

// objectSchema is the input schema of an answer tool: these properties,
// the required ones, and no other (answerArgs refuses any other).
func objectSchema(props map[string]any, required ...string) map[string]any {
	s := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
	if len(required) > 0 {
		s["required"] = required
	}
	return s
}

// answerArgs reads the arguments of an answer tool: its text when it takes
// one (text), and its boolean flags. Any other argument is refused, as the
// schema says; the answer itself keeps its own rules (an unknown param of
// a block is a warning of the report, as in `clada apply`).
func answerArgs(raw json.RawMessage, tool string, text bool, flags ...string) (string, map[string]bool, error) {
	args, err := argObject(raw)
	if err != nil {
		return "", nil, fmt.Errorf("%s: %w", tool, err)
	}
	allowed := flags
	if text {
		allowed = append([]string{"text"}, flags...)
	}
	if err := unknownArgs(tool, args, allowed, nil); err != nil {
		return "", nil, err
	}
	var answer string
	if text {
		if err := json.Unmarshal(args["text"], &answer); err != nil || args["text"] == nil {
			return "", nil, fmt.Errorf(`%s: argument "text" is required: the answer, as a string`, tool)
		}
	}
	if text {
		// A JSON string is Unicode already; the front doors' one rule for
		// an answer's text still applies (a text starting with NULs is
		// refused).
		decoded, err := session.DecodeAnswer([]byte(answer))
		if err != nil {
			return "", nil, fmt.Errorf(`%s: argument "text": %w`, tool, err)
		}
		answer = string(decoded)
	}
	set := map[string]bool{}
	for _, f := range flags {
		if set[f], err = boolArg(args, f); err != nil {
			return "", nil, fmt.Errorf("%s: %w", tool, err)
		}
	}
	return answer, set, nil
}

// apply runs a whole answer as the session's Apply: the config's hooks
// around engine.Apply in the mode asked for, which takes the lock once and
// commits once.
func (h *handler) apply(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
	text, set, err := answerArgs(req.Params.Arguments, "apply", true, "dry_run", "atomic")
	if err != nil {
		return toolError(err.Error()), nil
	}
	mode := engine.Real
	switch {
	case set["dry_run"] && set["atomic"]:
		return toolError("apply: dry_run and atomic exclude each other (dry_run already changes nothing)"), nil
	case set["dry_run"]:
		mode = engine.DryRun
	case set["atomic"]:
		mode = engine.Atomic
	}
	doc := lang.Parse(source.NewFile("answer", []byte(text)))
	cfg := h.callConfig(ctx, req)
	res, err := h.o.Session.With(cfg, nil).Apply(ctx, doc, mode)
	if err != nil {
		return nil, err
	}
	if res.Blocked != "" {
		return toolError(res.Blocked), nil
	}
	before := ""
	if mode == engine.DryRun {
		if d := textedit.Diff(cfg.Root, res.Changes); d != "" {
			before = report.Bound(d, h.o.Session.MaxReport, func(first, last int) string {
				return fmt.Sprintf("apply the answer with dry_run on fewer blocks (diff lines %d-%d were cut)", first, last)
			}) + "\n"
		}
	}
	out, err := h.result(doc, res.Report, before)
	if out != nil && res.Report.TotalBlocks == 0 {
		out.IsError = true // an apply that found nothing to do was a wrong call
	}
	return out, err
}

// check lints an answer like `clada check` (the session's Check): syntax
// and catalog validation, plus what the project's .clada.yaml refuses;
// nothing runs.
func (h *handler) check(_ context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
	text, _, err := answerArgs(req.Params.Arguments, "check", true)
	if err != nil {
		return toolError(err.Error()), nil
	}
	doc := lang.Parse(source.NewFile("answer", []byte(text)))
	ds := h.o.Session.Check(doc)
	var b strings.Builder
	for _, d := range ds {
		p := doc.File.Position(d.Range.Start)
		fmt.Fprintf(&b, "line %d:%d: %s: %s [%s]\n", p.Line, p.Column, d.Severity, d.Message, d.Code)
		if d.Hint != "" {
			fmt.Fprintf(&b, "    hint: %s\n", d.Hint)
		}
	}
	blocks := 0
	for range doc.Actions() {
		blocks++
	}
	fmt.Fprintf(&b, "%d errors, %d warnings in %d blocks\n", ds.Count(source.Error), ds.Count(source.Warning), blocks)
	return textResult(report.Bound(b.String(), h.o.Session.MaxReport, checkAdvice), ds.HasErrors()), nil
}

func checkAdvice(first, last int) string {
	return fmt.Sprintf("fix the problems shown and check again (lines %d-%d of this list were cut)", first, last)
}

// undo reverses the newest recorded apply (history.Undo, through the
// session: its deny patterns), under the lock.
func (h *handler) undo(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
	if _, _, err := answerArgs(req.Params.Arguments, "undo", false); err != nil {
		return toolError(err.Error()), nil
	}
	res, err := h.o.Session.Undo(ctx)
	if err != nil {
		return toolError(err.Error()), nil
	}
	head := "no commit"
	if res.Head != "" {
		head = fmt.Sprintf("%.12s", res.Head)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "undone %s: %s\nrestored %d paths; HEAD is back at %s\n", res.Apply.ID, res.Apply.Summary, res.Files, head)
	for _, n := range res.Notes {
		fmt.Fprintf(&b, "note: %s\n", n)
	}
	return textResult(b.String(), false), nil
}
