package mcp

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/report"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// result is a run's report as a tool result: the JSON report (the shape
// docs/report-json.md describes, complete) as structured content for
// programs, and the summary report as text for the model, each action's
// output bounded by MaxReport like every report meant for an LLM. before
// goes ahead of the summary (a dry run's diff). A run that did not wholly
// succeed is an error result, so the model sees it failed.
func (h *handler) result(doc *lang.Document, rep *engine.Report, before string) (*sdk.CallToolResult, error) {
	var js bytes.Buffer
	if err := report.JSON(&js, doc, rep, report.Options{}); err != nil {
		return nil, fmt.Errorf("mcp: %w", err)
	}
	var structured map[string]any
	if err := json.Unmarshal(js.Bytes(), &structured); err != nil {
		return nil, fmt.Errorf("mcp: read back the JSON report: %w", err)
	}
	var text bytes.Buffer
	text.WriteString(before)
	if err := report.Summary(&text, doc, rep, report.Options{MaxReport: h.o.Session.MaxReport}); err != nil {
		return nil, fmt.Errorf("mcp: %w", err)
	}
	return &sdk.CallToolResult{
		Content:           []sdk.Content{&sdk.TextContent{Text: text.String()}},
		StructuredContent: structured,
		IsError:           !rep.Success,
	}, nil
}

// toolError is a call that could not run at all (bad arguments, a failed
// before hook): an error result the model can read and fix.
func toolError(msg string) *sdk.CallToolResult {
	return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "clada: " + msg}}, IsError: true}
}
