package lang

import (
	"iter"

	"github.com/clada-dev/clada/source"
)

// Document is the shared AST every front-end lowers into and every consumer
// (engine, linter, printer, language server) reads. Groups are in source order.
type Document struct {
	File   *source.File
	Groups []*Group
	// Diags holds syntax diagnostics that belong to no action or group (for
	// example a malformed SHAM header, which yields no block).
	Diags source.Diagnostics
	// parser is the Parser that read the document (nil for Parse), and
	// entries[i] the cache entry of Groups[i] (nil when it has none):
	// Check keeps each block's findings there (cache.go).
	parser  *Parser
	entries []*cacheEntry
}

// GroupKind tells a standalone action from an explicit group.
type GroupKind uint8

const (
	// Standalone wraps one action written outside any group (every SHAM block,
	// a CSL op or CML element outside TASKS/<tasks>).
	Standalone GroupKind = iota + 1
	// Tasks is a CSL <---TASKS---> or CML <tasks> group: sequential, fail-fast.
	Tasks
	// Patch is a V4A patch: sequential like Tasks, and all or nothing (the
	// engine simulates it on an overlay and applies only if every action
	// would succeed).
	Patch
)

// Group is a unit of execution: a standalone action, or a TASKS/<tasks> block.
type Group struct {
	Syntax  Syntax
	Kind    GroupKind
	Version string // the group's version attribute, if any
	Range   source.Range
	Actions []*Action
	// Diags holds syntax diagnostics of the group itself (unclosed TASKS,
	// unknown version, …). Action-level problems live on the action.
	Diags source.Diagnostics
}

// Action is one operation: a SHAM block, a CSL op, a CML element.
type Action struct {
	Syntax Syntax
	// ID is the block's id in a syntax whose blocks carry one, which is
	// SHAM's alone (#!SHAM [@…: ID]); "" in every other syntax. Code that
	// needs a block id tests ID != "", not the syntax.
	ID      string
	IDRange source.Range
	// Op is the op name exactly as written (may be an alias or unknown);
	// Catalog.Lookup resolves it. OpRange covers the written name.
	Op      string
	OpRange source.Range
	// Params are in source order, one per key (a duplicate key keeps the last
	// value and is reported). Keys are catalog (SHAM) names.
	Params []*Param
	// Range covers the whole block including its start and end markers.
	Range source.Range
	// Closed is false when the block ran to end of input without its end marker.
	Closed bool
	// Diags holds this action's syntax diagnostics. Any error here means the
	// action is not run.
	Diags source.Diagnostics
	// Deferred is where a unified diff hunk's old_text and new_text are
	// read again from when the parse left them unread (hunk_texts.go:
	// LoadTexts, DropTexts); nil for every other action and every parse
	// without ParseOptions.DeferHunkTexts.
	Deferred *DeferredHunk
}

// ValueForm records how a value was written, so printers and code actions
// can keep or convert it.
type ValueForm uint8

const (
	Quoted    ValueForm = iota + 1 // SHAM "…" or an attribute value
	Heredoc                        // SHAM <<'EOT_SHAM_id' … EOT_SHAM_id
	Body                           // CSL body text between markers
	CDATA                          // CML <![CDATA[…]]>
	Text                           // CML plain element text
	Attribute                      // CSL/CML attribute
)

// Param is one key = value pair.
type Param struct {
	Key      string
	KeyRange source.Range
	Value    string // decoded value
	// ValueRange covers the value as written (quotes, heredoc markers, CDATA
	// wrapper included); ContentRange covers only the decoded text's source.
	ValueRange   source.Range
	ContentRange source.Range
	Form         ValueForm
}

// Actions yields every action of the document in source order.
func (d *Document) Actions() iter.Seq[*Action] {
	return func(yield func(*Action) bool) {
		for _, g := range d.Groups {
			for _, a := range g.Actions {
				if !yield(a) {
					return
				}
			}
		}
	}
}

// Diagnostics returns every syntax diagnostic of the document (document,
// group and action level), sorted by position.
func (d *Document) Diagnostics() source.Diagnostics {
	out := append(source.Diagnostics(nil), d.Diags...)
	for _, g := range d.Groups {
		out = append(out, g.Diags...)
		for _, a := range g.Actions {
			out = append(out, a.Diags...)
		}
	}
	out.Sort()
	return out
}

// Param returns the param with key k, or nil.
func (a *Action) Param(k string) *Param {
	for _, p := range a.Params {
		if p.Key == k {
			return p
		}
	}
	return nil
}

// Value returns the value of key k and whether it is present.
func (a *Action) Value(k string) (string, bool) {
	if p := a.Param(k); p != nil {
		return p.Value, true
	}
	return "", false
}

// ParamMap returns the values by key, the form the engine's ops take.
func (a *Action) ParamMap() map[string]string {
	m := make(map[string]string, len(a.Params)+1)
	for _, p := range a.Params {
		m[p.Key] = p.Value
	}
	return m
}

// ActionDocument is the document of one action built from params rather
// than read from text (an MCP tool call, a resource read): a standalone
// action of op in DefaultSyntax, so the engine runs and reports it exactly
// as a block of that syntax holding the same op and params.
func ActionDocument(op string, params []*Param) *Document {
	a := &Action{Syntax: DefaultSyntax, Op: op, Params: params, Closed: true}
	g := &Group{Syntax: DefaultSyntax, Kind: Standalone, Actions: []*Action{a}}
	return &Document{File: source.NewFile("", nil), Groups: []*Group{g}}
}

// HasErrors reports whether the action has a syntax error and must be skipped.
func (a *Action) HasErrors() bool { return a.Diags.HasErrors() }

// addParam appends p. The list starts with room for a typical op's params
// (path, content or search/replace, lang) so a front-end allocates it once
// instead of growing it param by param; an action without params keeps nil.
func (a *Action) addParam(p *Param) {
	if a.Params == nil {
		a.Params = make([]*Param, 0, 4)
	}
	a.Params = append(a.Params, p)
}
