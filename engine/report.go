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
	Params  map[string]string // the params as written, plus "action"; nil with Texts (Value reads either)
	Primary string            // the catalog's primary param, for one-line summaries
	// Texts is the action when the parse deferred its old_text and
	// new_text (lang.ParseOptions.DeferHunkTexts: a unified diff's hunk
	// under `clada apply`), nil otherwise. Such a result has no Params:
	// Value and WrittenParams read the action, its texts again from the
	// answer (ten thousand maps of a diff's hunks were a fifth of what was
	// live when its report was written, and a summary names the path alone).
	Texts *lang.Action `json:"-"`
	// Skipped is true when the action did not run: it failed validation, its
	// group stopped at an earlier failure, or it was an exec on an Overlay.
	Skipped bool
	Result
	Duration time.Duration
}

// Value is the value of the action's param k as written ("action": the
// op, unless a param of that name was written), and whether it was given:
// Params[k], or read from Texts when the result has no map.
func (r *ActionResult) Value(k string) (string, bool) {
	if r.Params != nil || r.Texts == nil {
		v, ok := r.Params[k]
		return v, ok
	}
	v, ok := r.Texts.WrittenValue(k)
	if !ok && k == "action" {
		return r.Texts.Op, true
	}
	return v, ok
}

// WrittenParams is every param as written, plus "action", as a report
// printing them all shows them: Params, or the map built from Texts.
func (r *ActionResult) WrittenParams() map[string]string {
	if r.Params != nil || r.Texts == nil {
		return r.Params
	}
	return paramsWritten(r.Texts.Written())
}

// Subject names an action in one line, for reports and commit messages:
// "op main-param", the param cut to its first line.
func (r ActionResult) Subject() string {
	s := r.Action
	if s == "" { // a block without an action (MISSING_ACTION): say so, not a blank
		s = "(no action)"
	}
	if v, _ := r.Value(r.Primary); v != "" {
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
