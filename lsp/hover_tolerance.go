package lsp

import (
	"fmt"
	"strings"

	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// lineMatched reports whether a's old_text is found line by line by the
// engine's hunk matcher (a tolerance, @@ anchors or End of File: every V4A
// hunk) rather than as bytes: a byte search would call a hunk that matches
// ignoring whitespace, or once after its anchor, a miss or ambiguous.
func lineMatched(a *lang.Action) bool {
	if s := lang.Lookup(a.Op); s == nil || s.ID != lang.OpFileReplaceText {
		return false
	}
	_, anchor := a.Value(lang.ParamAnchor)
	atEnd, _ := a.Value(lang.ParamAtEnd)
	return lang.Tolerant(a) || anchor || atEnd == "true"
}

// ladderHover says where a line-matched hunk applies, as the engine finds
// it: the step of the tolerance ladder that matched (data.match), or the
// engine's error and hint.
func (s *Server) ladderHover(a *lang.Action, rel string, data []byte) string {
	r, ok := s.runAlone(a)
	if !ok {
		return ""
	}
	old, _ := a.Value(lang.ParamOldText)
	switch {
	case r.AlreadyApplied:
		return fmt.Sprintf("matches nowhere in %s; the edit is already applied: new_text is in the file, so applying leaves it as it is", rel)
	case !r.Success:
		msg := r.Error
		if strings.Contains(msg, "not found") {
			msg = fmt.Sprintf("matches nowhere in %s", rel)
			if anchor, ok := a.Value(lang.ParamAnchor); ok && r.Param == lang.ParamAnchor {
				msg = fmt.Sprintf("its @@ line %q matches nowhere in %s", firstMissing(anchor, r.Error), rel)
			}
		}
		if r.Hint != "" {
			msg += "; " + r.Hint
		}
		return msg
	case old == "":
		return fmt.Sprintf("adds its lines to %s (no old lines to match)", rel)
	}
	match, _ := r.Data["match"].(string)
	where := fmt.Sprintf("matches once in %s", rel)
	if ms := searchMatches(data, old); len(ms) == 1 && match == "exact" {
		where = fmt.Sprintf("matches line %d of %s", source.NewFile(rel, data).Line(ms[0]), rel)
	}
	if match == "exact" {
		return where + " exactly"
	}
	return fmt.Sprintf("%s only %s (tolerance step %q, reported as data.match): the file's lines differ from the hunk's there", where, lang.ToleranceStepDoc(match), match)
}

// firstMissing is the anchor line an engine error names, or the first line
// of anchor.
func firstMissing(anchor, msg string) string {
	for l := range strings.SplitSeq(anchor, "\n") {
		if strings.Contains(msg, "'"+l+"'") {
			return l
		}
	}
	first, _, _ := strings.Cut(anchor, "\n")
	return first
}
