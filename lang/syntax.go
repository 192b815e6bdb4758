package lang

import (
	"fmt"
	"io"
	"strings"

	"github.com/clada-dev/clada/source"
)

// Syntax names the block language an action was written in. A document may
// mix syntaxes; each group and action records its own. Everything a syntax
// is (its name, how it is read, printed and taught, how it runs) is its
// SyntaxDef, s.Def(), which code reads instead of switching on a syntax.
type Syntax uint8

// The registered syntaxes, numbered in the registry's order (see
// syntaxes). The numbers never leave the process: JSON and every text
// write the name.
const (
	SHAM Syntax = iota + 1
	CSL
	CML
	V4A // OpenAI apply_patch
	// The other tools' edit formats, lowered into the same ops.
	Aider
	UDiff
	JSONCall
	Replacer
	Cline     // Cline's replace_in_file and write_to_file
	Roo       // Roo Code's apply_diff
	Zed       // Zed's <edits>
	WholeFile // a chat answer's code block under its path
	endSyntax // one past the last id
)

// DefaultSyntax is clada's own canonical syntax: the one it teaches when
// none is asked for (clada prompt, the MCP prompt), and the one an action
// built from params rather than read from text is written in
// (ActionDocument).
const DefaultSyntax = SHAM

// syntaxes is the registry: every syntax Parse reads, in the order help
// texts and the editor list them; syntaxes[i] is the descriptor of Syntax
// i+1. The descriptors live in syntax_<name>.go. It is filled once, by
// init, and never changed after: the descriptors' functions refer back to
// the registry (a loss rule names syntaxes in its messages, a prompt prints
// its examples through Print), which a package variable's initializer may
// not.
var syntaxes [endSyntax - 1]SyntaxDef

func init() {
	syntaxes = [...]SyntaxDef{shamSyntax, cslSyntax, cmlSyntax, v4aSyntax, aiderSyntax, udiffSyntax, jsonSyntax, replacerSyntax,
		clineSyntax, rooSyntax, zedSyntax, wholeFileSyntax}
	indentedMarkers, markerGroups = newMarkerTable(syntaxes[:])
}

// noSyntax is the descriptor of an id no syntax has (the zero Syntax): it
// reads, prints and teaches nothing.
var noSyntax = SyntaxDef{Name: "unknown", ReportFormat: "json"}

// SyntaxDef describes one syntax: what it is called, how Parse finds and
// lowers its blocks, how Print writes it and Prompt teaches it, what a
// conversion to it loses, and how the engine runs it (DESIGN.md, "Three
// syntaxes, one AST"). The exported fields are what the packages above lang
// read; the unexported ones are lang's own machinery. A descriptor is
// read-only.
type SyntaxDef struct {
	// ID is the syntax's number; s.Def().ID == s.
	ID Syntax
	// Name is its word everywhere a syntax is named: JSON reports and
	// check output ("syntax"), clada fmt --to, clada prompt --syntax, the
	// MCP prompt's argument, diagnostics and errors.
	Name string
	// Aliases are the other words ParseSyntax takes for it.
	Aliases []string
	// Title is how the editor's "Convert block to…" action names it.
	Title string
	// Fence is the info string of the markdown fence its blocks are
	// written in ("sh sham", "xml", "json"; "" for a bare fence): the
	// fences of its prompt's examples, and what the editor's conversion
	// writes over the fence of a block it converts to this syntax.
	Fence string
	// Foreign marks another tool's edit format (aider, unified diff, JSON
	// tool calls, …) rather than one of clada's own block syntaxes: an LLM's
	// output clada reads as written, not a layout it keeps or reformats.
	Foreign bool
	// OwnsFence marks a syntax whose block starts above an opening markdown
	// fence it holds (an aider block's file name line comes before the
	// fence), so the fence line closing after the block belongs with it:
	// an edit that replaces the block takes that line too.
	OwnsFence bool

	// split finds the spans of its blocks in a whole text, plus diagnostics
	// for would-be blocks that yield none (a SHAM header that cannot be
	// read, a stray end marker).
	split func(src []byte) ([]source.Range, source.Diagnostics)
	// splitFrom, when not nil, is split resumable, so that findSpans can
	// scan a long text in pieces at once (parse_chunks.go): it scans the
	// lines of src that start in [from, to), from a line start from in the
	// state the scan is in at the text's start; after each step that
	// leaves it in that state again at a line start next (a block read
	// past), it calls sync, when not nil, with next and how many spans and
	// diagnostics it has so far, and stops when sync returns true. sure is
	// false when the scan met something that makes a scan started
	// elsewhere unreliable; split(src) must then be asked.
	splitFrom func(src []byte, from, to int, sync func(next, spans, diags int) bool) (spans []source.Range, diags source.Diagnostics, sure bool)
	// lower parses one block text into a Group whose ranges are relative to
	// the block start, so a lowered block can be cached and moved.
	lower func(text []byte, sc *scratch) *Group
	// lowerRun, when not nil, lowers several blocks at once into out (one
	// group per text, each what lower gives): SHAM's grammar reads a run of
	// blocks in one parser call.
	lowerRun func(texts [][]byte, sc *scratch, out []*Group)
	// markers are how its blocks' marker lines start, as data
	// (blockMarker, parse_indent.go): findSpans looks for every syntax's
	// markers, so that an indented block is found behind its container
	// prefix, a marker after a list bullet is reported, and a gated split
	// runs only when its marker was seen. A syntax whose blocks start
	// anywhere on a line (midLine) needs none.
	markers []blockMarker
	// gate, when not "", is the text of one of its markers without which
	// split finds nothing (split's own first step is a search for a string
	// that holds it). findSpans looks for every marker anyway, so such a
	// split runs only when its marker was seen: most answers are spared a
	// pass over the text per syntax they do not use.
	gate string
	// gatedByAny is gate for a syntax with several markers: its split runs
	// only when one of them was seen.
	gatedByAny bool
	// yields marks a syntax whose block gives way to any other syntax's
	// block that starts inside it (a whole-file fence holding an aider
	// block or a JSON call is that block): findSpans drops it.
	yields bool
	// midLine marks a syntax whose block may start anywhere on a line (a
	// CML element): an indented block is found by split at its own column,
	// and its indentation still opens a view for the lines after it.
	midLine bool
	// mayEnd, when not nil, says whether a line of plain words (see
	// inertLine), starting at offset at of src, may still end something
	// its split opened above it (a SHAM heredoc's terminator, read
	// anywhere below its opener): the incremental parse takes no change
	// of such a line (parse_incremental.go). For the other syntaxes what
	// opens or ends a block is made of bytes no plain line holds.
	mayEnd func(src []byte, at int, line []byte) bool
	// loneCR makes a lone "\r" a line end of its block text, as XML does
	// (CML); elsewhere only "\n" and "\r\n" end lines.
	loneCR bool
	// rawCR hands a block at column 1 to split and lower with its "\r"
	// bytes, which its grammar reads as content where they are (a diff's
	// lines of a CRLF file); an indented block is still made LF.
	rawCR bool
	// tasksWord is how a Tasks group of it is named in messages ("TASKS"
	// when "").
	tasksWord string

	// print writes the actions of a document as canonical blocks of it.
	print func(w io.Writer, d *Document) error
	// prompt writes the instructions an LLM needs to write it, teaching
	// the catalog ops ops (a syntax with ops of its own teaches those).
	prompt func(w io.Writer, ops []OpSpec) error
	// patches marks a syntax that prints a whole document as one group
	// that applies all or nothing (a V4A patch, a unified diff), so a Patch
	// group printed in it keeps its all-or-nothing.
	patches bool
	// loses lists what printing d in it (to) would lose beyond that, in
	// source order; nil when nothing.
	loses func(d *Document, to Syntax) []Loss

	// Fatal says when a syntax error in a block of it stops the whole
	// document (see StopsAll).
	Fatal Fatality
	// FatalReport is the run's reason when a syntax error of it stopped
	// the document, before "; nothing was run …".
	FatalReport string
	// undelimited reports, for Fatal == FatalUndelimited, whether g's
	// errors leave where the block ends (and so what follows is content)
	// a guess.
	undelimited func(g *Group) bool
	// NestedLabels numbers its tasks by block, task-N, and inside a Tasks
	// group task-N.M (NestedLabel); otherwise tasks are numbered one by
	// one, task-1, task-2, … across the document.
	NestedLabels bool
	// ApproveCommands makes its commands wait for approval: when the user
	// set no --approve policy, an answer holding a block of it runs no
	// command the user has not approved (the gate's policy is never, so
	// only the allowlist lets one through).
	ApproveCommands bool
	// AllOrNothing is the noun its reports use for a group that applies
	// whole or not at all ("patch", "diff"): the engine tries such a group
	// on an overlay first. "" when its groups run step by step and stop at
	// the first failure.
	AllOrNothing string
	// ReportFormat is the report format (one of report's) an answer whose
	// first block is of this syntax gets without --format: each of clada's
	// own syntaxes its seed's report, the other tools' formats the summary
	// (the report pasted back into the chat), since their tools print none
	// an LLM would expect back.
	ReportFormat string
}

// Fatality is when a syntax error stops a whole document.
type Fatality uint8

const (
	// FatalNever: a syntax error skips only its block (or its group).
	FatalNever Fatality = iota
	// FatalAlways: any syntax error in a block of the syntax, or a marker
	// no block reads anywhere in the document (a stray end marker may have
	// changed what a block means), stops everything.
	FatalAlways
	// FatalUndelimited: only an error that leaves a block's extent unknown
	// stops everything (SyntaxDef.undelimited); others skip their block.
	FatalUndelimited
)

// Def returns s's descriptor; an id no syntax has gets one that reads,
// prints and teaches nothing, named "unknown".
func (s Syntax) Def() *SyntaxDef {
	if s == 0 || s >= endSyntax {
		return &noSyntax
	}
	return &syntaxes[s-1]
}

// Syntaxes lists every registered syntax in the registry's order, the one
// help texts, validation and the editor's conversions follow.
func Syntaxes() []Syntax {
	out := make([]Syntax, len(syntaxes))
	for i := range syntaxes {
		out[i] = syntaxes[i].ID
	}
	return out
}

// SyntaxNames lists the registered syntaxes' names in the registry's order.
func SyntaxNames() []string {
	out := make([]string, len(syntaxes))
	for i := range syntaxes {
		out[i] = syntaxes[i].Name
	}
	return out
}

// SyntaxList is the names as help texts and errors give them: "sham, csl,
// …, json or replacer".
func SyntaxList() string {
	names := SyntaxNames()
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// ParseSyntax maps a syntax's name or alias to it (0 if none has it).
func ParseSyntax(name string) Syntax {
	for i := range syntaxes {
		d := &syntaxes[i]
		if d.Name == name {
			return d.ID
		}
		for _, a := range d.Aliases {
			if a == name {
				return d.ID
			}
		}
	}
	return 0
}

func (s Syntax) String() string { return s.Def().Name }

// Foreign reports whether s is another tool's edit format (SyntaxDef.Foreign).
func (s Syntax) Foreign() bool { return s.Def().Foreign }

// MarshalText makes syntaxes read as words in JSON.
func (s Syntax) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// StopsAll reports whether g, a group of this syntax, has a syntax error
// that stops the whole document (d.Fatal).
func (d *SyntaxDef) StopsAll(g *Group) bool {
	switch d.Fatal {
	case FatalAlways:
		if g.Diags.HasErrors() {
			return true
		}
		for _, a := range g.Actions {
			if a.HasErrors() {
				return true
			}
		}
	case FatalUndelimited:
		return d.undelimited(g)
	}
	return false
}

// NestedLabel is the task label of action mi (0-based) of group g, the
// gnum-th (1-based) of its document, under nested labels
// (SyntaxDef.NestedLabels): task-N for a standalone action, task-N.M inside
// a Tasks group.
func NestedLabel(gnum int, g *Group, mi int) string {
	if g.Kind == Tasks {
		return fmt.Sprintf("task-%d.%d", gnum, mi+1)
	}
	return fmt.Sprintf("task-%d", gnum)
}

// fixedPrompt is the prompt of a syntax taught by a fixed text (a format
// with edits of its own rather than the catalog's ops).
func fixedPrompt(text string) func(w io.Writer, ops []OpSpec) error {
	return func(w io.Writer, _ []OpSpec) error {
		_, err := io.WriteString(w, text)
		return err
	}
}
