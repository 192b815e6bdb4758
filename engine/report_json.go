package engine

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/clada-dev/clada/lang"
)

// RenderOptions shape every report renderer.
type RenderOptions struct {
	// Full adds the source text of each failed action (--error-detail
	// full), read from File. Hints are always shown: they say how to fix it.
	Full bool
	File *lang.File
	// Stable drops durations and commit ids, which differ on every run, so
	// reports can be compared with goldens.
	Stable bool
	// Output prints each command's captured stdout and stderr, line by line
	// as "[task-N:exec] line", before its status line (--output-mode buffer;
	// text report only).
	Output bool
}

// jsonReport is the ExecutionResult shape of seed 004, extended; field
// meanings are in docs/report-json.md.
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
	SnapshotCommit  string           `json:"snapshotCommit,omitempty"`
	GitCommit       string           `json:"gitCommit,omitempty"`
	GitError        string           `json:"gitError,omitempty"`
	Warnings        []string         `json:"warnings,omitempty"`
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
	Error      string            `json:"error,omitempty"`
	Type       string            `json:"type,omitempty"`
	Hint       string            `json:"hint,omitempty"`
	Source     string            `json:"source,omitempty"`
	Data       map[string]any    `json:"data,omitempty"`
	DurationMs *float64          `json:"durationMs,omitempty"`
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

// WriteJSON renders r as indented JSON followed by a newline.
func (r *Report) WriteJSON(w io.Writer, o RenderOptions) error {
	out := jsonReport{
		Version: ReportVersion, Success: r.Success, TotalBlocks: r.TotalBlocks, ExecutedActions: r.ExecutedActions,
		Results: []jsonResult{}, ParseErrors: []jsonParseError{},
		FatalError: r.Fatal, Blocked: r.Blocked, DryRun: r.DryRun, GitError: r.GitError,
		Warnings: r.Warnings,
	}
	if !o.Stable {
		out.SnapshotCommit, out.GitCommit = r.SnapshotCommit, r.GitCommit
		out.DurationMs = ms(r.Duration.Seconds())
	}
	for _, res := range r.Results {
		jr := jsonResult{Seq: res.Seq, Task: res.Task, BlockID: res.BlockID, Action: res.Action, Params: res.Params,
			Success: res.Success, Skipped: res.Skipped, Error: res.Error, Type: res.Type, Data: res.Data}
		jr.Hint = res.Hint
		if !res.Success {
			jr.Source = o.source(res)
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

// source is a failed action's text when Full is set, else "".
func (o RenderOptions) source(res ActionResult) string {
	if !o.Full || o.File == nil || res.Range.End <= res.Range.Start {
		return ""
	}
	return o.File.Text(res.Range)
}

// ms converts seconds to milliseconds with microsecond precision.
func ms(sec float64) *float64 {
	v := float64(int64(sec*1e6)) / 1e3
	return &v
}
