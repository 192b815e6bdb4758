package lang

import (
	"github.com/clada-dev/clada/grammar/udiff"
	"github.com/clada-dev/clada/source"
)

// Deferred hunk texts. A unified diff's hunk lowers to file_replace_text
// of its old side by its new side, and those two texts, built line by line
// without each line's '+', '-' or ' ', are about twice the diff's size: a
// git diff of ten thousand hunks held 8 MB of them from its parse to its
// report, a third of what was live while it applied. The engine needs one
// file's hunks at a time (an all-or-nothing diff is tried file by file,
// engine/group_all_or_nothing.go), so a parse for the engine alone
// (ParseOptions.DeferHunkTexts, set by `clada apply`) may leave them
// unread: the hunk's old_text and new_text params are then there, with
// their ranges, and hold "" until LoadTexts reads them again from the
// diff's bytes. Everything else that reads a document (check, fmt, the
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
// whether its counts were corrected (udiff.HunkSides).
type DeferredHunk struct {
	src        []byte
	start, end int
	recounted  bool
	loaded     bool // old_text and new_text hold the texts
	// placeholders: the new side has a lazy placeholder line, so Validate
	// must read the texts (lazy.go); no other check reads them.
	placeholders bool
}

// deferHunk leaves a's old_text and new_text ("" so far) to be read from
// h's bytes in src when LoadTexts asks.
func (a *Action) deferHunk(src []byte, h *udiff.Hunk) {
	a.Deferred = &DeferredHunk{src: src, start: h.Start, end: h.End, recounted: h.Recounted,
		placeholders: len(Placeholders(h.New)) > 0}
}

// validateNeedsTexts says whether Validate must load a's texts to say
// what it says of them: only a deferred hunk not loaded whose new side
// has a lazy placeholder (the one check that reads a hunk's texts).
func (a *Action) validateNeedsTexts() bool {
	h := a.Deferred
	return h != nil && !h.loaded && h.placeholders
}

// TextsDeferred reports whether a is a hunk whose texts the parse left
// unread (ParseOptions.DeferHunkTexts): its old_text and new_text hold
// their values only between LoadTexts and DropTexts.
func (a *Action) TextsDeferred() bool { return a.Deferred != nil }

// LoadTexts gives a deferred hunk's old_text and new_text their values,
// read again from the diff's bytes exactly as the parse read them; a no-op
// for any other action, or when they are loaded.
func (a *Action) LoadTexts() {
	h := a.Deferred
	if h == nil || h.loaded {
		return
	}
	old, new := udiff.HunkSides(h.src, h.start, h.end, h.recounted)
	a.setTexts(old, new)
	h.loaded = true
}

// DropTexts lets go of a deferred hunk's texts (they read "" again until
// LoadTexts); a no-op for any other action.
func (a *Action) DropTexts() {
	if h := a.Deferred; h != nil && h.loaded {
		a.setTexts("", "")
		h.loaded = false
	}
}

// WrittenTexts is a deferred hunk's old_text and new_text, read again
// without keeping them (a report printing every param, one action at a
// time); ok is false for any other action.
func (a *Action) WrittenTexts() (old, new string, ok bool) {
	h := a.Deferred
	if h == nil {
		return "", "", false
	}
	if h.loaded {
		old, _ = a.Value(ParamOldText)
		new, _ = a.Value(ParamNewText)
		return old, new, true
	}
	old, new = udiff.HunkSides(h.src, h.start, h.end, h.recounted)
	return old, new, true
}

func (a *Action) setTexts(old, new string) {
	for _, p := range a.Params {
		switch p.Key {
		case ParamOldText:
			p.Value = old
		case ParamNewText:
			p.Value = new
		}
	}
}
