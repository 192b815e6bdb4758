package mcp

import (
	"bytes"
	"fmt"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/report"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// result is a run's report as a tool result: the summary report, each
// action's output bounded by MaxReport like every report meant for an LLM,
// as the one text content. before goes ahead of the summary (a dry run's
// diff). A run that did not wholly succeed is an error result, so the
// model sees it failed.
//
// A result has no structured content. Clients forward one channel to the
// model, and disagree on which: some take structuredContent whenever it is
// there (Claude Code, Codex, Cursor), others the text, others both. Any
// structured copy of the report would put a read's content, a command's
// output and the params an agent sent (a whole file's content) before the
// model a second time, or in place of the summary written for it. Programs
// that want the JSON report run `clada apply --format json` (README, "MCP
// server").
func (h *handler) result(doc *lang.Document, rep *engine.Report, before string) (*sdk.CallToolResult, error) {
	var text bytes.Buffer
	text.WriteString(before)
	if err := report.Summary(&text, doc, rep, report.Options{MaxReport: h.o.Session.MaxReport}); err != nil {
		return nil, fmt.Errorf("mcp: %w", err)
	}
	return textResult(text.String(), !rep.Success), nil
}

// textResult is a tool result of one text.
func textResult(text string, isError bool) *sdk.CallToolResult {
	return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: text}}, IsError: isError}
}

// toolError is a call that could not run at all (bad arguments, a failed
// before hook): an error result the model can read and fix.
func toolError(msg string) *sdk.CallToolResult {
	return textResult("clada: "+msg, true)
}
