package lang

import (
	"bytes"
	"strconv"
	"unicode/utf8"

	"github.com/clada-dev/clada/grammar/udiff"
	"github.com/clada-dev/clada/source"
)

// Deferred hunk texts. A unified diff's hunk lowers to file_replace_text
// of its old side by its new side, and those two texts, built line by line
// without each line's '+', '-' or ' ', are about twice the diff's size: a
// git diff of ten thousand hunks held 8 MB of them from its parse to its
// report, a third of what was live while it applied, and 3 MB more of
// their params. The engine needs one
// file's hunks at a time (an all-or-nothing diff is tried file by file,
// engine/group_all_or_nothing.go), so a parse for the engine alone
// (ParseOptions.DeferHunkTexts, set by `clada apply`) may leave them
// unread: the hunk's old_text, new_text and near_line params are then
// made when LoadTexts reads the texts again from the diff's bytes, and let
// go by DropTexts; Validate and Written see the action whole. Everything else that reads a document (check, fmt, the
// language server, the tests) parses without the option and sees every
// value.

// ParseOptions change what a parse keeps of what it reads.
type ParseOptions struct {
	// DeferHunkTexts leaves each unified diff hunk's old_text and new_text
	// unread until Action.LoadTexts (a hunk with a syntax error keeps
	// them: it never runs, and its report quotes them).
	DeferHunkTexts bool
}

// ParseWithOptions is Parse under o.
func ParseWithOptions(f *source.File, o ParseOptions) *Document {
	p := defaultPlan()
	p.deferHunks = o.DeferHunkTexts
	return parseWith(f, nil, p)
}

// DeferredHunk is where a deferred hunk's texts are read again from: the
// block's text it was read from (a view of the answer, or the block's
// text without a container's prefixes), the hunk's bytes in it, and
// whether its counts were corrected (udiff.HunkSides); and its near_line.
// The action's old_text, new_text and near_line params are made when the
// texts are read, placed as the parse places them (at the action's range,
// near_line at its header), and let go with them: three params a hunk
// were a fifth of what a big diff held.
type DeferredHunk struct {
	src        []byte
	start, end int32 // offsets in src (a hunk past them keeps its texts: lowerUDiff)
	near       int32 // near_line, 0 for none
	recounted  bool
	// placeholders: the new side has a lazy placeholder line, so Validate
	// must read the texts (lazy.go); no other check reads them.
	placeholders bool
	// kept is the action's params while the texts are loaded: those it
	// holds without them (path, line_ends), restored by DropTexts; nil
	// when they are not loaded.
	kept []*Param
}

// deferHunk leaves a's old_text, new_text and near_line (near, 0 for
// none) to be made from h's bytes in src when LoadTexts asks (placeholders:
// its new side has a lazy placeholder); a holds its path so far, and gets
// the params that follow them after.
func (a *Action) deferHunk(src []byte, h *udiff.Hunk, near int, placeholders bool) {
	a.Deferred = &DeferredHunk{src: src, start: int32(h.Start), end: int32(h.End), near: int32(near), recounted: h.Recounted,
		placeholders: placeholders}
}

// TextsDeferred reports whether a is a hunk whose texts the parse left
// unread (ParseOptions.DeferHunkTexts): it has its old_text, new_text and
// near_line params only between LoadTexts and DropTexts.
func (a *Action) TextsDeferred() bool { return a.Deferred != nil }

// LoadTexts gives a deferred hunk its old_text, new_text and near_line,
// read again from the diff's bytes exactly as the parse read them; a no-op
// for any other action, or when they are loaded.
func (a *Action) LoadTexts() {
	h := a.Deferred
	if h == nil || h.kept != nil {
		return
	}
	old, new := udiff.HunkSides(h.src, int(h.start), int(h.end), h.recounted)
	a.withTexts(old, new)
}

// withTexts gives a its deferred params with old_text old and new_text new.
func (a *Action) withTexts(old, new string) {
	h := a.Deferred
	kept := a.Params
	full := make([]*Param, 0, len(kept)+3)
	// The parse's order: path, old_text, new_text, near_line, then the rest.
	full = append(full, kept[0])
	text := func(k, v string) *Param {
		r := a.Range
		return &Param{Key: k, KeyRange: source.Range{Start: r.Start, End: r.Start}, Value: v, ValueRange: r, ContentRange: r, Form: Body}
	}
	full = append(full, text(ParamOldText, old), text(ParamNewText, new))
	if h.near > 0 {
		r := a.OpRange
		full = append(full, &Param{Key: ParamNearLine, KeyRange: source.Range{Start: r.Start, End: r.Start},
			Value: strconv.Itoa(int(h.near)), ValueRange: r, ContentRange: r, Form: Text})
	}
	a.Params = append(full, kept[1:]...)
	h.kept = kept
}

// DropTexts lets go of a deferred hunk's texts and the params made with
// them (LoadTexts makes them again); a no-op for any other action.
func (a *Action) DropTexts() {
	if h := a.Deferred; h != nil && h.kept != nil {
		a.Params, h.kept = h.kept, nil
	}
}

// Written is a as the parse would have made it without deferring: a
// itself, or, for a deferred hunk whose texts are not loaded, a copy with
// them read (a report printing every param, one action at a time).
func (a *Action) Written() *Action {
	h := a.Deferred
	if h == nil || h.kept != nil {
		return a
	}
	c := *a
	c.Deferred = &DeferredHunk{near: h.near}
	old, new := udiff.HunkSides(h.src, int(h.start), int(h.end), h.recounted)
	c.withTexts(old, new)
	return &c
}

// WrittenValue is Written().Value(k) without reading the texts unless k
// is one of them.
func (a *Action) WrittenValue(k string) (string, bool) {
	h := a.Deferred
	if h == nil || h.kept != nil {
		return a.Value(k)
	}
	switch k {
	case ParamOldText, ParamNewText:
		return a.Written().Value(k)
	case ParamNearLine:
		if h.near > 0 {
			return strconv.Itoa(int(h.near)), true
		}
	}
	return a.Value(k)
}

// validateTexts gives Validate a deferred hunk not loaded as the parse
// would have made it, and undoes it after: its texts read when its new
// side has a lazy placeholder (the one check that reads them), else ""
// for them (no other check reads them).
func (a *Action) validateTexts() (undo func()) {
	h := a.Deferred
	if h == nil || h.kept != nil {
		return func() {}
	}
	if h.placeholders {
		a.LoadTexts()
	} else {
		a.withTexts("", "")
	}
	return a.DropTexts
}

// hasPlaceholder is len(Placeholders(string(text))) > 0 without a copy of
// text: only a line whose first byte may open a placeholder (or is not
// ASCII: IsPlaceholder trims Unicode spaces) is looked at, as a string.
func hasPlaceholder(text []byte) bool {
	for len(text) > 0 {
		line := text
		if i := bytes.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			text = nil
		}
		t := bytes.TrimLeft(line, " \t\r\v\f")
		if len(t) == 0 || t[0] < utf8.RuneSelf && !mayOpenPlaceholder(t[0]) {
			continue
		}
		if IsPlaceholder(string(line)) {
			return true
		}
	}
	return false
}
