package report

import (
	"fmt"
	"sort"
	"strings"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// status is what happened to one action, as every format tells it. Each
// format has its own words for these; none may say an action happened when
// it did not.
type status uint8

const (
	done           status = iota + 1 // carried out (or, in a dry run, simulated) and succeeded
	alreadyApplied                   // succeeded without writing: the file already held the edit's result
	failed                           // failed, or was rejected by validation
	notRun                           // not run: its group stopped at an earlier failure
	dryRunNotRun                     // a command in a dry run: commands are never simulated
	notApplied                       // --atomic refused the apply: it would have succeeded, but nothing was applied
)

// Shared wording, so every format says the same thing the same way.
const (
	// NoBlocks is what every format says when the input held no block.
	NoBlocks        = "no action blocks found"
	dryRunWords     = "not run (dry run)"
	notAppliedWords = "not applied: --atomic refused the apply because another action would fail"
	dryRunBanner    = "dry run: nothing was changed; ✅ means the action would succeed"
)

// alreadyWhy says why an already-applied action changed nothing: the file
// holds its result, or, for a delete, the file is gone, or, for a move, it
// is already at its new path; and which apply of clada's did it, when its
// history is what showed it (data "appliedBy", engine/removed_before.go).
func alreadyWhy(res engine.ActionResult) string {
	by, _ := res.Data["appliedBy"].(string)
	switch engine.TakesAway(res.Action) {
	case lang.ParamPath: // a delete
		if by != "" {
			return "clada's apply " + by + " deleted it; nothing was done"
		}
		return "the file is already gone; nothing was done"
	case lang.ParamOldPath: // a move
		if to, _ := res.Data["new_path"].(string); by != "" {
			return fmt.Sprintf("clada's apply %s moved it to '%s'; nothing was done", by, to)
		}
		return "the file is already at its new path; nothing was done"
	}
	return "the file already holds this change; nothing was written"
}

// matchNote says how a successful edit found its place when that was not
// the exact text where the answer put it, so no format lets a tolerance
// pass unsaid: the rung of a V4A hunk's match, a diff hunk found away from
// its header's line, a Makefile's recipes given tabs ("" for an exact
// match and nothing changed in it). A diff hunk whose header
// counts were wrong is the HUNK_RECOUNTED warning every format lists.
func matchNote(res engine.ActionResult) string {
	var parts []string
	switch m, _ := res.Data["match"].(string); m {
	case "", "exact":
	case "trailing-whitespace":
		parts = append(parts, "matched with tolerance trailing-whitespace (ignoring blanks at line ends; the file's lines kept)")
	case "whitespace":
		parts = append(parts, "matched with tolerance whitespace (ignoring indentation; the file's lines kept, added lines indented as the file)")
	case "unicode":
		parts = append(parts, "matched with tolerance unicode (ignoring whitespace and typographic punctuation; the file's lines kept)")
	default:
		parts = append(parts, "matched with tolerance "+m)
	}
	if off, ok := res.Data["offset"].(int); ok && off != 0 {
		where, n := "below", off
		if off < 0 {
			where, n = "above", -off
		}
		lines := "lines"
		if n == 1 {
			lines = "line"
		}
		parts = append(parts, fmt.Sprintf("found %d %s %s where the answer placed it", n, lines, where))
	}
	if tabs, _ := res.Data["recipeTabs"].(string); tabs != "" {
		// A Makefile's recipe lines written with spaces (engine/op_write_makefile.go).
		lines := "recipe lines "
		if !strings.Contains(tabs, ",") {
			lines = "recipe line "
		}
		parts = append(parts, lines+tabs+" indented with make's tab, not the answer's spaces")
	}
	return strings.Join(parts, "; ")
}

// withNote appends res's matchNote to s as " - note" (sep and the note).
func withNote(s, sep string, res engine.ActionResult) string {
	if n := matchNote(res); n != "" {
		return s + sep + n
	}
	return s
}

// statusOf classifies res within rep.
func statusOf(rep *engine.Report, res engine.ActionResult) status {
	switch {
	case rep.Refused && res.Success:
		return notApplied
	case res.Success && res.Skipped:
		return dryRunNotRun
	case res.Success && res.AlreadyApplied:
		return alreadyApplied
	case res.Success:
		return done
	case res.Skipped && strings.HasPrefix(res.Error, "not run: "):
		return notRun
	}
	return failed
}

// noBlocksHelp says, after NoBlocks, what the input held instead
// (lang.NoBlocksReason): code blocks that name no file, or nothing.
func noBlocksHelp(doc *lang.Document) string { return lang.NoBlocksReason(doc) }

// noBlocks is true when the input held nothing clada recognises: no
// action, no syntax error, nothing fatal.
func noBlocks(rep *engine.Report) bool {
	return len(rep.Results) == 0 && len(rep.ParseErrors) == 0 && rep.Fatal == "" && rep.TotalBlocks == 0
}

// warning is one warning-severity diagnostic of the document (an unknown
// param, an unknown CSL attribute), placed for a report.
type warning struct {
	blockID      string
	line, column int
	d            source.Diagnostic
}

// warnings lists doc's warnings in source order: things that did not stop
// an action but that the LLM should fix (lang.Check finds them), the
// first lang.MaxDiagsPerKind of each code and one saying how many more.
func warnings(doc *lang.Document) []warning {
	if doc == nil {
		return nil
	}
	var ds source.Diagnostics
	for _, d := range lang.Check(doc) {
		if d.Severity == source.Warning {
			ds = append(ds, d)
		}
	}
	var blocks []*lang.Action
	for a := range doc.Actions() {
		blocks = append(blocks, a)
	}
	sort.SliceStable(blocks, func(i, j int) bool { return blocks[i].Range.Start < blocks[j].Range.Start })
	var out []warning
	for _, d := range ds.CappedPer(lang.MaxDiagsPerKind, "answer") {
		w := warning{d: d}
		// The nearest block starting at or before the warning that holds
		// it: a search per warning, not a walk of every block (10,000
		// warnings of a 10,000-hunk diff walked 10,000 blocks each).
		i := sort.Search(len(blocks), func(i int) bool { return blocks[i].Range.Start > d.Range.Start })
		for j := i - 1; j >= 0 && j >= i-8; j-- {
			if blocks[j].Range.Contains(d.Range.Start) {
				w.blockID = blocks[j].ID
				break
			}
		}
		if doc.File != nil {
			pos := doc.File.Position(d.Range.Start)
			w.line, w.column = pos.Line, pos.Column
		}
		out = append(out, w)
	}
	return out
}
