package report

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/lang"
)

// jsonReport is the ExecutionResult shape of the original SHAM tool,
// extended; field meanings are in docs/report-json.md.
type jsonReport struct {
	Version         int              `json:"version"`
	Success         bool             `json:"success"`
	TotalBlocks     int              `json:"totalBlocks"`
	ExecutedActions int              `json:"executedActions"`
	Results         []jsonResult     `json:"results"`
	ParseErrors     []jsonParseError `json:"parseErrors"`
	FatalError      string           `json:"fatalError,omitempty"`
	Blocked         string           `json:"blocked,omitempty"`
	DryRun          bool             `json:"dryRun,omitempty"`
	Refused         bool             `json:"refused,omitempty"`
	Notice          string           `json:"notice,omitempty"`
	NoticeHint      string           `json:"noticeHint,omitempty"` // what the input held instead, and how to write a block
	Warnings        []jsonWarning    `json:"warnings,omitempty"`
	SnapshotCommit  string           `json:"snapshotCommit,omitempty"`
	GitCommit       string           `json:"gitCommit,omitempty"`
	GitError        string           `json:"gitError,omitempty"`
	RunWarnings     []string         `json:"runWarnings,omitempty"`
	DurationMs      *float64         `json:"durationMs,omitempty"`
}

type jsonResult struct {
	Seq        int               `json:"seq"`
	Task       string            `json:"task"`
	BlockID    string            `json:"blockId,omitempty"`
	Action     string            `json:"action"`
	Params     map[string]string `json:"params"`
	Success    bool              `json:"success"`
	Skipped    bool              `json:"skipped,omitempty"`
	Already    bool              `json:"alreadyApplied,omitempty"`
	Error      string            `json:"error,omitempty"`
	Type       string            `json:"type,omitempty"`
	Hint       string            `json:"hint,omitempty"`
	Source     string            `json:"source,omitempty"`
	Data       map[string]any    `json:"data,omitempty"`
	DurationMs *float64          `json:"durationMs,omitempty"`
}

// jsonWarning is a warning of the document: it stopped nothing, but the
// LLM should fix it (an unknown param is ignored).
type jsonWarning struct {
	BlockID string `json:"blockId,omitempty"`
	Code    string `json:"code"`
	Message string `json:"message"`
	Hint    string `json:"hint,omitempty"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
}

type jsonParseError struct {
	BlockID string          `json:"blockId,omitempty"`
	Error   jsonSyntaxError `json:"error"`
}

type jsonSyntaxError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Hint    string `json:"hint,omitempty"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
}

// JSON renders r, produced from doc (nil is allowed: then no warnings and
// no sources), as indented JSON followed by a newline. It is for programs
// (the language server, scripts), so every output is complete: only the
// formats meant for an LLM are bounded.
func JSON(w io.Writer, doc *lang.Document, r *engine.Report, o Options) error {
	out := jsonReport{
		Version: engine.ReportVersion, Success: r.Success, TotalBlocks: r.TotalBlocks, ExecutedActions: r.ExecutedActions,
		Results: []jsonResult{}, ParseErrors: []jsonParseError{},
		FatalError: r.Fatal, Blocked: r.Blocked, DryRun: r.DryRun, Refused: r.Refused, GitError: r.GitError,
		RunWarnings: r.Warnings,
	}
	if noBlocks(r) {
		out.Notice, out.NoticeHint = NoBlocks, noBlocksHelp(doc)
	}
	for _, wn := range warnings(doc) {
		out.Warnings = append(out.Warnings, jsonWarning{BlockID: wn.blockID, Code: wn.d.Code, Message: wn.d.Message,
			Hint: wn.d.Hint, Line: wn.line, Column: wn.column})
	}
	if !o.Stable {
		out.SnapshotCommit, out.GitCommit = r.SnapshotCommit, r.GitCommit
		out.DurationMs = ms(r.Duration.Seconds())
	}
	for _, res := range r.Results {
		jr := jsonResult{Seq: res.Seq, Task: res.Task, BlockID: res.BlockID, Action: res.Action, Params: res.WrittenParams(),
			Success: res.Success, Skipped: res.Skipped, Already: res.AlreadyApplied, Error: res.Error, Type: res.Type.String(), Data: res.Data}
		jr.Hint = res.Hint
		if !res.Success {
			jr.Source = o.source(doc, res)
		}
		if !o.Stable && !res.Skipped {
			jr.DurationMs = ms(res.Duration.Seconds())
		}
		out.Results = append(out.Results, jr)
	}
	for _, pe := range r.ParseErrors {
		e := jsonSyntaxError{Code: pe.Code, Message: pe.Message, Hint: pe.Hint, Line: pe.Line, Column: pe.Column}
		out.ParseErrors = append(out.ParseErrors, jsonParseError{BlockID: pe.BlockID, Error: e})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		return fmt.Errorf("write JSON report: %w", err)
	}
	return nil
}

// ms converts seconds to milliseconds with microsecond precision.
func ms(sec float64) *float64 {
	v := float64(int64(sec*1e6)) / 1e3
	return &v
}
