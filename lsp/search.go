package lsp

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// isSearchParam says whether a param's value is text to find in the target file.
func isSearchParam(key string) bool {
	switch key {
	case lang.ParamOldText, lang.ParamOldTextBeginning, lang.ParamOldTextEnd:
		return true
	}
	return false
}

// targetPath resolves an action's path param against the workspace root; ""
// when there is no root, no path, or the path leaves the root.
func (s *Server) targetPath(a *lang.Action) string {
	p, ok := a.Value(lang.ParamPath)
	if !ok || s.root == "" || p == "" {
		return ""
	}
	full := p
	if !filepath.IsAbs(p) {
		full = filepath.Join(s.root, p)
	}
	if rel, err := filepath.Rel(s.root, full); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return ""
	}
	return full
}

// searchMatches returns the byte offsets where needle occurs in the target file.
func searchMatches(data []byte, needle string) []int {
	var out []int
	if needle == "" {
		return nil
	}
	for i := 0; ; {
		j := bytes.Index(data[i:], []byte(needle))
		if j < 0 {
			return out
		}
		out = append(out, i+j)
		i += j + len(needle)
	}
}

// searchHover says where a search text matches in the file on disk ("matches
// line 42 of src/app.js"), or that it matches nowhere.
func (s *Server) searchHover(_ *document, a *lang.Action, pr *lang.Param) string {
	full := s.targetPath(a)
	if full == "" {
		return ""
	}
	rel, _ := a.Value(lang.ParamPath)
	data, err := s.readTarget(full)
	if err != nil {
		return fmt.Sprintf("`%s` cannot be read: %v", rel, err)
	}
	if pr.Key == lang.ParamOldText && lineMatched(a) {
		return s.ladderHover(a, rel, data) // hover_tolerance.go
	}
	f := source.NewFile(full, data)
	ms := searchMatches(data, pr.Value)
	if len(ms) > 0 && pr.Key == lang.ParamOldText && extends(a, pr.Value) {
		// A replayed edit that adds to its search still finds it, inside
		// the copy of new_text the first apply left: ask the engine.
		if r, ok := s.runAlone(a); ok && r.AlreadyApplied {
			return fmt.Sprintf("matches line %d of %s, inside a copy of new_text: the edit is already applied, so applying leaves it as it is", f.Line(ms[0]), rel)
		}
	}
	switch len(ms) {
	case 0:
		hint, applies := s.closestHint(a)
		if applies {
			// Written with \n, found in a CRLF file: the engine adapts it.
			return fmt.Sprintf("matches in %s once its line endings are the file's (\\r\\n)", rel)
		}
		msg := fmt.Sprintf("matches nowhere in %s", rel)
		if hint != "" {
			msg += "; " + hint
		}
		return msg
	case 1:
		return fmt.Sprintf("matches line %d of %s", f.Line(ms[0]), rel)
	}
	lines := make([]string, len(ms))
	for i, o := range ms {
		lines[i] = fmt.Sprint(f.Line(o))
	}
	return fmt.Sprintf("matches %d times in %s (lines %s)", len(ms), rel, strings.Join(lines, ", "))
}

// extends says whether a's new_text contains old, the search: only such an
// edit can be already applied while its search still matches.
func extends(a *lang.Action, old string) bool {
	nt, ok := a.Value(lang.ParamNewText)
	return ok && old != "" && strings.Contains(nt, old)
}

// closestHint runs a's edit alone on an overlay of the root and returns the
// engine's hint for the failed search (the closest lines and how they
// differ), so hover and `clada apply` describe a miss in the same words; or
// that the edit is already applied (a replayed answer). applies is true when
// the edit would go through after all (the engine matched it once a search
// written with \n met the file's \r\n).
func (s *Server) closestHint(a *lang.Action) (hint string, applies bool) {
	r, ok := s.runAlone(a)
	if !ok {
		return "", false
	}
	switch {
	case r.AlreadyApplied:
		return "the edit is already applied: new_text is in the file, so applying leaves it as it is", false
	case r.Success:
		return "", true
	}
	return r.Hint, false
}

// runAlone runs a's edit alone on a view of the root (nothing is written)
// and returns the engine's result; ok is false when it cannot run (an
// unknown op, a syntax error, no root).
func (s *Server) runAlone(a *lang.Action) (r engine.Result, ok bool) {
	sess := s.session()
	if sess == nil {
		return r, false
	}
	return sess.Try(context.Background(), a)
}
