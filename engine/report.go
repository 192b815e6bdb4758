package engine

import (
	"fmt"
	"slices"
	"time"

	"github.com/clada-dev/clada/engine/textedit"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// ReportVersion is the version of the report's JSON shape (docs/report-json.md).
const ReportVersion = 1

// Report is everything one Run did, in the order it happened. Renderers
// (JSON, text, summary) read it; nothing else decides what a run meant.
type Report struct {
	Success         bool // every action ran and succeeded, and nothing was fatal
	TotalBlocks     int  // actions found, including those with errors
	ExecutedActions int  // actions actually carried out (or simulated)
	Results         []ActionResult
	ParseErrors     []ParseError
	// Fatal is set when nothing (more) could run: a fatal syntax error, the
	// lock, or an --atomic simulation that failed (Blocked names the op).
	Fatal   string
	Blocked string
	// DryRun is true when the run happened on an Overlay.
	DryRun bool
	// Refused is set on an --atomic apply whose simulation failed: the
	// report is the simulation's, and nothing at all was applied.
	Refused bool

	SnapshotCommit string // the save commit of the user's uncommitted work at the changed paths (README "The git model")
	GitCommit      string // commit of the apply's changes
	GitError       string // a git failure: reported, never fatal

	// Warnings are said once per report, e.g. that commands ran unconfined.
	Warnings []string

	Duration time.Duration
}

// ActionResult is one action's outcome. Seq counts results in order; Task is
// the profile's label ("task-3", "task-2.1").
type ActionResult struct {
	Seq     int
	Task    string
	BlockID string
	Syntax  lang.Syntax
	Action  string            // the op name as written (an alias stays an alias)
	Range   source.Range      // the action's source, for --error-detail full
	Params  map[string]string // the params as written, plus "action"; see Texts
	Primary string            // the catalog's primary param, for one-line summaries
	// Texts is the action when the parse deferred its old_text and
	// new_text (lang.ParseOptions.DeferHunkTexts: a unified diff's hunk
	// under `clada apply`), nil otherwise: Params then holds "" for them
	// unless they were read when the group ended, and WrittenParams
	// reads them (a report printing every param needs them; a summary
	// names the path alone).
	Texts *lang.Action `json:"-"`
	// Skipped is true when the action did not run: it failed validation, its
	// group stopped at an earlier failure, or it was an exec on an Overlay.
	Skipped bool
	Result
	Duration time.Duration
}

// WrittenParams is Params with a deferred hunk's texts read (Texts), as
// a report printing every param shows them: the same map as Params for
// any other action.
func (r ActionResult) WrittenParams() map[string]string {
	if r.Texts == nil {
		return r.Params
	}
	old, new, ok := r.Texts.WrittenTexts()
	if !ok {
		return r.Params
	}
	m := make(map[string]string, len(r.Params))
	for k, v := range r.Params {
		m[k] = v
	}
	if _, set := m[lang.ParamOldText]; set {
		m[lang.ParamOldText] = old
	}
	if _, set := m[lang.ParamNewText]; set {
		m[lang.ParamNewText] = new
	}
	return m
}

// Subject names an action in one line, for reports and commit messages:
// "op main-param", the param cut to its first line.
func (r ActionResult) Subject() string {
	s := r.Action
	if s == "" { // a block without an action (MISSING_ACTION): say so, not a blank
		s = "(no action)"
	}
	if v := r.Params[r.Primary]; v != "" {
		s += " " + textedit.FirstLine(v, 60)
	}
	return s
}

// ParseError is one syntax error that kept a block (or everything) from running.
type ParseError struct {
	BlockID string
	Code    string
	Message string
	Hint    string
	Line    int // 1-based
	Column  int // 1-based, in runes
}

// Warn adds msg to the report's warnings unless it is already there.
func (r *Report) Warn(msg string) {
	if !slices.Contains(r.Warnings, msg) {
		r.Warnings = append(r.Warnings, msg)
	}
}

// Counts is "N failed" and, when some did not run, ", M not run": a
// result that did not run (an all or nothing group held back, a fail-fast
// group stopped, a dry run's command) is not counted as failed, so "3
// actions, 1 failed, 1 not run" says what happened.
func (r *Report) Counts() string {
	failed, notRun := 0, 0
	for _, res := range r.Results {
		switch {
		case res.Skipped:
			notRun++
		case !res.Success:
			failed++
		}
	}
	s := fmt.Sprintf("%d failed", failed)
	if notRun > 0 {
		s += fmt.Sprintf(", %d not run", notRun)
	}
	return s
}

// Failed counts results that did not succeed.
func (r *Report) Failed() int {
	n := 0
	for _, res := range r.Results {
		if !res.Success {
			n++
		}
	}
	return n
}

// ExitCode is the command's exit status for this report: 0 when everything
// succeeded, 1 when anything failed.
func (r *Report) ExitCode() int {
	if r.Success {
		return 0
	}
	return 1
}
