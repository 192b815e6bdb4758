package lang

import (
	"bytes"
	"slices"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/clada-dev/clada/grammar/csl"
	"github.com/clada-dev/clada/source"
)

// CSL front-end. How CSL text maps to the AST, and the choices CSL's
// definition (the README, "The three syntaxes") leaves open:
//
//   - A marker is a whole line: <---NAME attr="v"---> at the start of a line,
//     nothing after it but spaces. Op and attribute names are case-sensitive.
//     A block starts at any well-formed marker other than END/TO/REPLACE, so
//     a misspelt op (<---WRTIE--->) is a block with an UNKNOWN_OP error rather
//     than prose.
//   - Bodies are raw: the text between the line after a marker and the line
//     of the next marker. The newline just before that next marker separates,
//     it is not content: "<---WRITE file="a"--->\na\n<---END--->" writes "a",
//     and content "a\n" is written with an empty line before <---END--->. An
//     empty body (the next marker on the very next line) is "".
//   - Inside a body only END (and TO/REPLACE in SEARCH) are markers; another
//     known op marker at line start means the op lacks its END (UNCLOSED_OP),
//     while unknown marker-shaped lines and markers in mid-line are content
//     (the latter with a MARKER_MID_LINE warning).
//   - WRITE append="true" is file_append; SEARCH is file_replace_text,
//     file_replace_all_text with count="N" (count="all": without count), or
//     file_replace_text_range with a TO section. RUN without lang is exec with
//     lang "argv": the body is one command line split with shell-like quoting
//     and run without a shell. Other catalog ops use their upper-case name
//     (<---FILE_READ file="a"--->); attributes use the catalog's CSL spelling
//     or, where it has none, the catalog param name.
//   - TASKS takes any version. An unknown attribute becomes a param (check
//     warns UNKNOWN_PARAM), so conversions keep it.
//   - A block may sit behind a container prefix (a list item, a block
//     quote; see parse_indent.go): its markers and bodies are read with
//     that prefix stripped and with LF line ends, so a CRLF answer puts no
//     "\r" in the files it writes. END, TO and REPLACE outside any block
//     are STRAY_MARKER errors.
//   - Every error in a CSL block is fatal for execution: the engine's CSL
//     profile runs nothing when a CSL group or action has one, or when the
//     document has a marker no block reads.
//
// Diagnostic codes (besides the scanner's MALFORMED_MARKER,
// MALFORMED_ATTRIBUTE, UNCLOSED_QUOTE, UNCLOSED_MARKER, TRAILING_TEXT,
// UNCLOSED_OP, UNCLOSED_TASKS, NESTED_TASKS, STRAY_MARKER, TEXT_IN_TASKS
// (warning), MARKER_MID_LINE (warning)):
const (
	cslUnknownOp        = "UNKNOWN_OP"        // <---WRTE--->
	cslInvalidAttribute = "INVALID_ATTRIBUTE" // append="maybe", count="x", count with TO
	cslMissingAttribute = "MISSING_ATTRIBUTE" // WRITE without file
	cslDuplicateParam   = "DUPLICATE_PARAM"   // file="a" file="b"
	cslMisplacedSection = "MISPLACED_SECTION" // TO/REPLACE outside SEARCH, twice, or out of order
	cslMissingSection   = "MISSING_SECTION"   // SEARCH without REPLACE
	cslUnexpectedBody   = "UNEXPECTED_BODY"   // text in the body of an op that takes none
)

// cslOptions are the default delimiters with lang's marker names.
var cslOptions = csl.Options{Known: cslKnown}

// cslOpen is the opening of every CSL marker (csl.Options' default).
const cslOpen = "<---"

// cslMarker is how a CSL marker line starts (SyntaxDef.markers): its
// opening and a letter (an op, TASKS or END); after a list bullet it is a
// whole line when it ends in the close delimiter.
var cslMarker = blockMarker{
	text: cslOpen,
	opens: func(b []byte) bool {
		return len(b) > 4 && (b[4] >= 'A' && b[4] <= 'Z' || b[4] >= 'a' && b[4] <= 'z')
	},
	wholeLine: func(line []byte) bool {
		return bytes.HasPrefix(line, []byte(cslOpen)) && bytes.HasSuffix(line, []byte("--->"))
	},
}

// cslKnown reports whether a marker name means something in CSL.
func cslKnown(name string) bool {
	switch name {
	case "TASKS", "END", "TO", "REPLACE":
		return true
	}
	return cslResolveWord(name) != ""
}

// cslResolveWord maps an op word to the catalog (or alias) name it stands
// for before attributes refine it: WRITE → file_write, SEARCH →
// file_replace_text, FILE_READ → file_read, FILE_CREATE → file_create.
func cslResolveWord(w string) string {
	for i := range catalog {
		if catalog[i].CSL == w {
			return catalog[i].Name
		}
	}
	if lw := strings.ToLower(w); strings.ToUpper(lw) == w && Lookup(lw) != nil {
		return lw
	}
	return ""
}

// cslWords lists every op word, for suggestions.
func cslWords() []string {
	var out []string
	for i := range catalog {
		if !slices.Contains(out, catalog[i].CSL) {
			out = append(out, catalog[i].CSL)
		}
	}
	for a := range aliases {
		out = append(out, strings.ToUpper(a))
	}
	slices.Sort(out)
	return out
}

// splitCSL finds CSL block spans; END, TO and REPLACE markers outside any
// block become document diagnostics.
func splitCSL(src []byte) ([]source.Range, source.Diagnostics) {
	spans, ds := csl.Split(src, cslOptions)
	return spanRanges(spans), ds
}

// lowerCSL parses one block text (starting at its first marker) into a Group
// with ranges relative to the block start.
func lowerCSL(text []byte, sc *scratch) *Group { return lowerCSLWith(text, cslOptions, sc) }

// lowerCSLWith is lowerCSL with other delimiters.
func lowerCSLWith(text []byte, o csl.Options, sc *scratch) *Group {
	if o.Known == nil {
		o.Known = cslKnown
	}
	b := sc.csl.Scan(text, o)
	g := &Group{Syntax: CSL, Kind: Standalone, Range: source.Range{Start: b.Start, End: b.End}}
	l := &cslLowerer{src: text, b: b, o: o}
	if t := b.Tree; t != nil {
		if t.Tasks != nil {
			g.Kind = Tasks
			l.tasksAttrs(g, b.Marker(t.Tasks.Open()))
			if len(t.Tasks.Ops) > 0 {
				g.Actions = make([]*Action, 0, len(t.Tasks.Ops)) // one allocation, not one per doubling
			}
			for _, op := range t.Tasks.Ops {
				g.Actions = append(g.Actions, l.action(op))
			}
		} else if t.Op != nil {
			g.Actions = []*Action{l.action(t.Op)}
		}
	}
	// Scanner diagnostics go to the action they fall in, else to the group.
	for _, d := range b.Diags {
		placed := false
		for _, a := range g.Actions {
			if a.Range.Contains(d.Range.Start) {
				a.Diags = append(a.Diags, d)
				placed = true
				break
			}
		}
		if !placed {
			g.Diags = append(g.Diags, d)
		}
	}
	for _, a := range g.Actions {
		a.Diags.Sort()
	}
	return g
}

// cslLowerer carries the block being lowered.
type cslLowerer struct {
	src  []byte
	b    *csl.Block
	o    csl.Options
	keys paramIndex
}

func (l *cslLowerer) mark(name string) string {
	open, cl := l.o.Open, l.o.Close
	if open == "" {
		open = "<---"
	}
	if cl == "" {
		cl = "--->"
	}
	return open + name + cl
}

func cslErr(ds *source.Diagnostics, code string, start, end int, msg, hint string) {
	*ds = append(*ds, source.Diagnostic{Severity: source.Error, Code: code, Message: msg, Hint: hint, Range: source.Range{Start: start, End: end}})
}

// tasksAttrs reads TASKS's version; other attributes are warned about.
func (l *cslLowerer) tasksAttrs(g *Group, m csl.Marker) {
	for _, at := range m.Attrs {
		if at.Name == "version" {
			g.Version = at.Value
			continue
		}
		g.Diags = append(g.Diags, source.Diagnostic{Severity: source.Warning, Code: "UNKNOWN_ATTRIBUTE",
			Message: "TASKS has no attribute " + at.Name + "; it is ignored", Hint: `only version="…" is allowed`,
			Range: source.Range{Start: at.NameStart, End: at.NameStart + len(at.Name)}})
	}
}

// action lowers one op.
func (l *cslLowerer) action(op *csl.Op) *Action {
	m := l.b.Marker(op.Open())
	ns, ne := m.NameStart, m.NameStart+len(m.Name)
	end, body, secs := op.End(), op.Body(), op.Sections()
	a := &Action{Syntax: CSL, Op: m.Name, OpRange: source.Range{Start: ns, End: ne}, Range: source.Range{Start: m.Start, End: m.End}, Closed: end != nil}
	switch {
	case end != nil:
		a.Range.End = l.b.Marker(*end).End
	case len(secs) > 0 && secs[len(secs)-1].Body != nil:
		t := secs[len(secs)-1].Body
		a.Range.End = t.Pos.Offset + len(t.Value)
	case len(secs) > 0:
		a.Range.End = l.b.Marker(secs[len(secs)-1].Marker).End
	case body != nil:
		a.Range.End = body.Pos.Offset + len(body.Value)
	}
	canon := cslResolveWord(m.Name)
	if canon == "" {
		d := source.Diagnostic{Severity: source.Error, Code: cslUnknownOp, Range: a.OpRange,
			Message: "unknown CSL op " + m.Name}
		switch up := strings.ToUpper(m.Name); {
		case up != m.Name && cslResolveWord(up) != "":
			d.Hint = "op names are upper case: " + up
		case closest(m.Name, cslWords()) != "":
			d.Hint = "did you mean " + closest(m.Name, cslWords()) + "?"
		default:
			d.Hint = "CSL ops are " + strings.Join(cslWords(), ", ")
		}
		a.Diags = append(a.Diags, d)
		return a
	}
	a.Op = canon
	spec := Lookup(canon)
	isSearch := spec.CSL == "SEARCH"
	hasTo := false
	for _, s := range secs {
		hasTo = hasTo || l.b.Marker(s.Marker).Name == "TO"
	}
	// Attributes that pick the op.
	for _, at := range m.Attrs {
		switch {
		case spec.CSL == "WRITE" && at.Name == "append":
			switch at.Value {
			case "true":
				a.Op = OpFileAppend.String()
			case "false":
			default:
				cslErr(&a.Diags, cslInvalidAttribute, at.ValueStart, at.ValueEnd,
					`append must be "true" or "false", not `+strconv.Quote(at.Value), `write append="true" to add to the end of the file`)
			}
		case isSearch && at.Name == "count":
			if hasTo {
				cslErr(&a.Diags, cslInvalidAttribute, at.NameStart, at.ValueEnd,
					"a range edit (SEARCH … TO … REPLACE) takes no count", "remove count, or remove the TO section")
				continue
			}
			if at.Value == "all" {
				a.Op = OpFileReplaceAllText.String()
				continue
			}
			if n, err := strconv.Atoi(at.Value); err != nil || n < 1 {
				cslErr(&a.Diags, cslInvalidAttribute, at.ValueStart, at.ValueEnd,
					"count must be a whole number of matches (1 or more) or \"all\", not "+strconv.Quote(at.Value),
					`write count="3" for exactly three matches, or count="all"`)
				continue
			}
			a.Op = OpFileReplaceAllText.String()
		}
	}
	if isSearch && hasTo {
		a.Op = OpFileReplaceTextRange.String()
	}
	spec = Lookup(a.Op)
	for _, at := range m.Attrs {
		if spec.CSL == "WRITE" && at.Name == "append" || isSearch && at.Name == "count" && at.Value == "all" {
			continue
		}
		key := at.Name
		for _, ps := range spec.Params {
			if cslPlace(spec, ps) == at.Name && !cslSection(spec, cslPlace(spec, ps)) {
				key = ps.Name
			}
		}
		if isSearch && at.Name == "count" && a.Op != OpFileReplaceAllText.String() {
			continue // reported above
		}
		l.add(a, &Param{Key: key, KeyRange: source.Range{Start: at.NameStart, End: at.NameStart + len(at.Name)}, Value: at.Value,
			ValueRange: source.Range{Start: at.ValueStart, End: at.ValueEnd}, ContentRange: source.Range{Start: at.ValueStart + 1, End: at.ValueEnd - 1}, Form: Attribute})
	}
	l.sections(a, spec, body, secs, m)
	if spec.ID == OpExec && a.Param(ParamLang) == nil {
		// RUN without lang: one command line, run without a shell.
		a.addParam(&Param{Key: ParamLang, Value: "argv", KeyRange: source.Range{Start: ne, End: ne},
			ValueRange: source.Range{Start: ne, End: ne}, ContentRange: source.Range{Start: ne, End: ne}, Form: Attribute})
	}
	for _, ps := range spec.Params {
		if ps.Required && a.Param(ps.Name) == nil && !cslSection(spec, cslPlace(spec, ps)) {
			place := cslPlace(spec, ps)
			cslErr(&a.Diags, cslMissingAttribute, ns, ne, m.Name+" needs a "+place+" attribute",
				"add it to the marker: "+l.mark(m.Name+" "+place+`="…"`))
		}
	}
	return a
}

// sections lowers the bodies: the first body, then the TO/REPLACE sections.
func (l *cslLowerer) sections(a *Action, spec *OpSpec, body *lexer.Token, secs []csl.Section, m csl.Marker) {
	isSearch := spec.CSL == "SEARCH"
	bodyPlace := "body"
	if isSearch {
		bodyPlace = "search"
	}
	first := l.param(spec, bodyPlace, m, body)
	switch {
	case first != nil:
		l.add(a, first)
	case body != nil && strings.TrimSpace(body.Value) != "":
		cslErr(&a.Diags, cslUnexpectedBody, body.Pos.Offset, body.Pos.Offset+len(body.Value),
			m.Name+" takes no body; this text is not used", "remove the text between the marker and "+l.mark("END"))
	}
	seen := map[string]bool{}
	for _, s := range secs {
		sm := l.b.Marker(s.Marker)
		ss, se := sm.NameStart, sm.NameStart+len(sm.Name)
		place := strings.ToLower(sm.Name)
		switch {
		case !isSearch:
			cslErr(&a.Diags, cslMisplacedSection, ss, se, sm.Name+" belongs in a SEARCH op, not in "+m.Name,
				"end "+m.Name+" with "+l.mark("END"))
			continue
		case seen[place]:
			cslErr(&a.Diags, cslMisplacedSection, ss, se, "SEARCH has more than one "+sm.Name+" section",
				"write SEARCH, then optionally TO, then REPLACE")
			continue
		case place == "to" && seen["replace"]:
			cslErr(&a.Diags, cslMisplacedSection, ss, se, "TO must come before REPLACE",
				"write SEARCH, then TO, then REPLACE")
			continue
		}
		seen[place] = true
		if p := l.param(spec, place, sm, s.Body); p != nil {
			l.add(a, p)
		}
	}
	if isSearch && !seen["replace"] {
		cslErr(&a.Diags, cslMissingSection, m.NameStart, m.NameStart+len(m.Name),
			"SEARCH has no "+l.mark("REPLACE")+" section", "add "+l.mark("REPLACE")+" and the new text before "+l.mark("END"))
	}
}

// param builds the param that lives at place (a section) from its body, or
// nil when spec has no param there.
func (l *cslLowerer) param(spec *OpSpec, place string, m csl.Marker, body *lexer.Token) *Param {
	for _, ps := range spec.Params {
		if cslPlace(spec, ps) != place {
			continue
		}
		p := &Param{Key: ps.Name, KeyRange: source.Range{Start: m.NameStart, End: m.NameStart + len(m.Name)}, Form: Body,
			ValueRange: source.Range{Start: m.LineEnd, End: m.LineEnd}, ContentRange: source.Range{Start: m.LineEnd, End: m.LineEnd}}
		if body != nil {
			raw := body.Value
			s := body.Pos.Offset
			p.ValueRange = source.Range{Start: s, End: s + len(raw)}
			v := cslBodyValue(raw)
			if ps.Name == ParamContent && cslWholeLines(spec) {
				// A WRITE body is whole lines: its last line keeps its
				// newline, as the original tool's tests expect.
				v = raw
			}
			p.Value = v
			p.ContentRange = source.Range{Start: s, End: s + len(v)}
		}
		return p
	}
	return nil
}

// cslWholeLines reports whether spec's body is whole lines, each with its
// newline (WRITE's: file_write and file_append), rather than text whose
// last line break is the separator before the next marker.
func cslWholeLines(spec *OpSpec) bool {
	return spec.ID == OpFileWrite || spec.ID == OpFileAppend
}

// cslBodyValue drops the separator newline before the next marker.
func cslBodyValue(raw string) string {
	if strings.HasSuffix(raw, "\r\n") {
		return raw[:len(raw)-2]
	}
	return strings.TrimSuffix(raw, "\n")
}

func (l *cslLowerer) add(a *Action, p *Param) {
	if old := l.keys.find(a, p.Key); old != nil {
		cslErr(&a.Diags, cslDuplicateParam, p.KeyRange.Start, p.KeyRange.End,
			"the "+p.Key+" of "+a.Op+" is given twice", "keep one of them")
		*old = *p // add never appends a key twice, so old is the only one
		return
	}
	a.addParam(p)
	l.keys.added(a, p)
}

// cslPlace is where ps is written in CSL: an attribute name or a section
// ("body", "search", "to", "replace").
func cslPlace(spec *OpSpec, ps ParamSpec) string {
	if ps.CSL != "" {
		return ps.CSL
	}
	return ps.Name
}

// cslSection reports whether place is a body section of spec rather than an
// attribute ("to" is a section of SEARCH but MOVE's destination attribute).
func cslSection(spec *OpSpec, place string) bool {
	switch place {
	case "body", "search", "replace":
		return true
	case "to":
		return spec.CSL == "SEARCH"
	}
	return false
}
