package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/history"
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
		Description: "Carry out every action block in an answer (SHAM, CSL or CML blocks among prose) as one apply: " +
			"one lock, one git commit, one undo step. With dry_run, simulate and show the diff, changing nothing; " +
			"with atomic, simulate first and change nothing unless every action would succeed.",
		InputSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"text":    map[string]any{"type": "string", "description": "The answer: action blocks in any syntax clada reads, prose around them is ignored."},
				"dry_run": map[string]any{"type": "boolean", "default": false, "description": "Simulate in memory and report a diff of what would change; touch nothing."},
				"atomic":  map[string]any{"type": "boolean", "default": false, "description": "Simulate first; apply only if every action would succeed."},
			},
			"required": []string{"text"},
		},
		Annotations: &sdk.ToolAnnotations{Title: "apply an answer"},
	}
}

func checkTool() *sdk.Tool {
	return &sdk.Tool{
		Name:        "check",
		Description: "Report the syntax and validation problems of the action blocks in an answer, with line, column and a hint for each; nothing runs.",
		InputSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"text": map[string]any{"type": "string", "description": "The answer to check."}},
			"required":   []string{"text"},
		},
		Annotations: &sdk.ToolAnnotations{Title: "check an answer", ReadOnlyHint: true},
	}
}

func undoTool() *sdk.Tool {
	return &sdk.Tool{
		Name: "undo",
		Description: "Undo the last recorded apply (any tool call that changed files): files, git index and HEAD as before. " +
			"Refused when anything it changed was changed since; called again, it walks further back.",
		InputSchema: map[string]any{"type": "object", "properties": map[string]any{}},
		Annotations: &sdk.ToolAnnotations{Title: "undo the last apply"},
	}
}

// answerArgs reads the text of an answer tool and its boolean flags.
func answerArgs(raw json.RawMessage, flags ...string) (text string, set map[string]bool, err error) {
	args := map[string]json.RawMessage{}
	if len(bytes.TrimSpace(raw)) > 0 {
		if err := json.Unmarshal(raw, &args); err != nil {
			return "", nil, fmt.Errorf("the arguments must be a JSON object: %w", err)
		}
	}
	if err := json.Unmarshal(args["text"], &text); err != nil || args["text"] == nil {
		return "", nil, errors.New(`argument "text" is required: the answer, as a string`)
	}
	// A JSON string is Unicode already; the front doors' one rule for an
	// answer's text still applies (a text starting with NULs is refused).
	decoded, err := session.DecodeAnswer([]byte(text))
	if err != nil {
		return "", nil, fmt.Errorf(`argument "text": %w`, err)
	}
	text = string(decoded)
	set = map[string]bool{}
	for _, f := range flags {
		if set[f], err = boolArg(args, f); err != nil {
			return "", nil, err
		}
	}
	return text, set, nil
}

// apply runs a whole answer as the session's Apply: the config's hooks
// around engine.Apply in the mode asked for, which takes the lock once and
// commits once.
func (h *handler) apply(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
	text, set, err := answerArgs(req.Params.Arguments, "dry_run", "atomic")
	if err != nil {
		return toolError("apply: " + err.Error()), nil
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
	text, _, err := answerArgs(req.Params.Arguments)
	if err != nil {
		return toolError("check: " + err.Error()), nil
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
	var structured map[string]any
	if err := remarshal(lang.NewCheckReport(doc, ds), &structured); err != nil {
		return nil, err
	}
	return &sdk.CallToolResult{
		Content:           []sdk.Content{&sdk.TextContent{Text: report.Bound(b.String(), h.o.Session.MaxReport, checkAdvice)}},
		StructuredContent: structured,
		IsError:           ds.HasErrors(),
	}, nil
}

func checkAdvice(first, last int) string {
	return fmt.Sprintf("fix the problems shown and check again (lines %d-%d of this list were cut)", first, last)
}

// undo reverses the newest recorded apply (history.Undo), under the lock.
func (h *handler) undo(ctx context.Context, _ *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
	res, err := history.Undo(ctx, h.o.Session.Engine)
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
	return &sdk.CallToolResult{
		Content: []sdk.Content{&sdk.TextContent{Text: b.String()}},
		StructuredContent: map[string]any{
			"undone": res.Apply.ID, "summary": res.Apply.Summary, "head": res.Head, "files": res.Files, "notes": res.Notes,
		},
	}, nil
}

// remarshal converts v to the JSON value shape structured content takes.
func remarshal(v any, out *map[string]any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("mcp: %w", err)
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("mcp: %w", err)
	}
	return nil
}
