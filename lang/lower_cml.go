package lang

import (
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/clada-dev/clada/grammar/cml"
	"github.com/clada-dev/clada/source"
)

// CML front-end. How CML text maps to the AST, and the choices CML's
// definition (the README, "The three syntaxes") leaves open:
//
//   - A block starts at an element whose name is known: tasks, a CML op word
//     (write, edit, move, remove, run) or a catalog op name or alias
//     (file_read, file_create, …). Any other tag in prose (<div>, <br/>) is
//     prose; a '<' right after a backquote (`<write>`) is an inline-code
//     mention and is prose too.
//   - Element content is exact: CDATA verbatim (with "]]&gt;" standing for a
//     literal "]]>"), plain text entity-decoded (&lt; &gt; &amp; &quot;
//     &apos; and numeric; any other '&' and a '<' that cannot start a tag are
//     literal, so "a && b" and "x < y" need no escaping). Whitespace-only text
//     between markup is layout, so "<search>\n  <![CDATA[x]]>\n</search>" is
//     "x"; an element with no markup inside keeps its text as written, blank
//     or not. A multi-line <run> CDATA starting with a newline keeps
//     it (harmless to a shell).
//   - Inside a versioned <tasks>, unknown elements are skipped with a warning;
//     elsewhere an unknown element inside a block is an error. Only version
//     "1.0" (or "1") is known; another version is an error (nothing runs).
//   - An error that leaves a block's extent unknown (XML that cannot be
//     read) or names an unknown version stops every block (cmlStopsAll);
//     any other error skips only its action, or its <tasks> group.
//   - Layout and line ends: see cmlLayout and parse_indent.go.
//
// Diagnostic codes (besides the XML ones of grammar/cml: UNCLOSED_ELEMENT,
// MISMATCHED_CLOSE, UNCLOSED_TAG, BAD_ATTRIBUTE, DUPLICATE_ATTRIBUTE,
// UNCLOSED_CDATA, UNCLOSED_COMMENT, MALFORMED_ELEMENT; UNCLOSED_CHILD and
// UNQUOTED_ATTRIBUTE, the ones that leave their block delimited, so they stop
// only that block; and CDATA_END_IN_CONTENT, the "]]>" that caused one of them or, below,
// cut a value short):
const (
	cmlUnknownVersion    = "UNKNOWN_VERSION"    // <tasks version="2.0">
	cmlUnknownElement    = "UNKNOWN_ELEMENT"    // an element CML does not define, where it appears
	cmlMisplacedElement  = "MISPLACED_ELEMENT"  // a known element in the wrong place (<tasks> in <tasks>, two <search>)
	cmlMissingAttribute  = "MISSING_ATTRIBUTE"  // <write> without path
	cmlMissingElement    = "MISSING_ELEMENT"    // <edit> without <search>/<replace>
	cmlUnexpectedContent = "UNEXPECTED_CONTENT" // text where only elements belong (warning inside <tasks>)
	cmlInvalidAttribute  = "INVALID_ATTRIBUTE"  // append="maybe"
	cmlEmptySearch       = "EMPTY_SEARCH"       // <search></search>
	cmlDuplicateParam    = "DUPLICATE_PARAM"    // one param given twice (from="a" old_path="b")
)

// cmlStopsAll reports whether g's syntax errors stop every block of the
// document: XML that could not be read (so where the block ends, and what
// after it is content, is a guess) or an unknown version (CML aborts on a
// version it does not know). Any other error sits in a well-formed block:
// only that action, or its <tasks>, is skipped.
func cmlStopsAll(g *Group) bool {
	for _, d := range g.Diags {
		if d.Severity == source.Error && (d.Code == cmlUnknownVersion || len(g.Actions) == 0 && cmlXMLError(d.Code)) {
			return true
		}
	}
	return false
}

// cmlXMLError reports whether code is one of grammar/cml's well-formedness
// errors.
func cmlXMLError(code string) bool {
	switch code {
	case cml.CodeUnclosedElement, cml.CodeMismatchedClose, cml.CodeUnclosedTag, cml.CodeBadAttribute,
		cml.CodeDuplicateAttr, cml.CodeUnclosedCDATA, cml.CodeUnclosedComment, cml.CodeMalformedElement:
		return true
	}
	return false
}

// cmlKnown reports whether an element name starts a CML block.
func cmlKnown(name string) bool {
	return name == "tasks" || cmlOpWord(name) || Lookup(name) != nil
}

// cmlOpWord reports whether name is some op's native CML word.
func cmlOpWord(name string) bool {
	for i := range catalog {
		if catalog[i].CML == name {
			return true
		}
	}
	return false
}

// splitCML finds CML block spans. Syntax errors are found when the block is
// lowered, so a span is all it reports.
func splitCML(src []byte) ([]source.Range, source.Diagnostics) {
	return spanRanges(cml.Spans(src, cmlKnown)), nil
}

// lowerCML parses one block text (starting at its '<') into a Group with
// ranges relative to the block start.
func lowerCML(text []byte, _ *scratch) *Group {
	b := cml.Lex(text, 0)
	g := &Group{Syntax: CML, Kind: Standalone, Range: source.Range{Start: b.Start, End: b.End}}
	if b.Root == nil { // XML that cannot be read: b.Diags says why
		if cml.NameAt(text, 0) == "tasks" {
			g.Kind = Tasks
		}
		g.Diags = b.Diags
		return g
	}
	l := &cmlLowerer{src: text, g: g}
	if b.Root.Name() == "tasks" {
		g.Kind = Tasks
		l.tasks(b.Root)
	} else {
		g.Actions = []*Action{l.action(b.Root)}
	}
	return g
}

// cmlLowerer carries the block being lowered.
type cmlLowerer struct {
	src       []byte
	g         *Group
	versioned bool // inside <tasks version="…">: unknown elements are skipped
	keys      paramIndex
}

func (l *cmlLowerer) diag(ds *source.Diagnostics, sev source.Severity, code string, start, end int, msg, hint string) {
	*ds = append(*ds, source.Diagnostic{Severity: sev, Code: code, Message: msg, Hint: hint, Range: source.Range{Start: start, End: end}})
}

// tasks lowers a <tasks> element: its version, then each op child.
func (l *cmlLowerer) tasks(e *cml.Element) {
	g := l.g
	for _, at := range e.Attrs() {
		if at.Name != "version" {
			l.diag(&g.Diags, source.Warning, cmlInvalidAttribute, at.NameStart, at.ValueEnd,
				"<tasks> has no attribute "+at.Name+"; it is ignored", "only version=\"1.0\" is allowed")
			continue
		}
		g.Version = cmlDecode(at.Raw)
		l.versioned = true
		if g.Version != "1.0" && g.Version != "1" {
			l.diag(&g.Diags, source.Error, cmlUnknownVersion, at.ValueStart, at.ValueEnd,
				"unknown CML version "+strconv.Quote(g.Version)+"; nothing in this document runs",
				`use version="1.0" or leave version out`)
		}
	}
	for _, t := range e.Chars() {
		if t.Type == cml.Comment {
			continue
		}
		l.diag(&g.Diags, source.Warning, cmlUnexpectedContent, t.Pos.Offset, t.Pos.Offset+len(t.Value),
			"text directly inside <tasks> is ignored", "put commands in elements such as <write> or <run>")
	}
	if len(e.Elements) > 0 {
		g.Actions = make([]*Action, 0, len(e.Elements)) // one allocation, not one per doubling
	}
	for _, c := range e.Elements {
		name := c.Name()
		ns, ne := c.NameRange()
		switch {
		case name == "tasks":
			l.diag(&g.Diags, source.Error, cmlMisplacedElement, ns, ne,
				"<tasks> cannot be nested inside <tasks>", "close the outer <tasks> first, or merge the two")
		case cmlOpWord(name) || Lookup(name) != nil:
			g.Actions = append(g.Actions, l.action(c))
		default:
			l.unknown(&g.Diags, c, "<tasks>")
		}
	}
}

// unknown reports an element CML does not define: skipped with a warning in
// a versioned block, an error elsewhere.
func (l *cmlLowerer) unknown(ds *source.Diagnostics, e *cml.Element, parent string) {
	ns, ne := e.NameRange()
	if l.versioned {
		l.diag(ds, source.Warning, cmlUnknownElement, ns, ne,
			"unknown element <"+e.Name()+"> in "+parent+" is skipped", "")
		return
	}
	l.diag(ds, source.Error, cmlUnknownElement, ns, ne, "unknown element <"+e.Name()+"> in "+parent,
		"CML elements are tasks, write, edit, move, remove, run (or a catalog op name such as file_read)")
}

// action lowers one op element.
func (l *cmlLowerer) action(e *cml.Element) *Action {
	name := e.Name()
	ns, ne := e.NameRange()
	s, _ := e.StartTagRange()
	_, end := e.EndTagRange()
	a := &Action{Syntax: CML, Op: name, OpRange: source.Range{Start: ns, End: ne}, Range: source.Range{Start: s, End: end}, Closed: true}
	attrs := e.Attrs()
	spec := l.resolve(a, e, attrs)
	if spec == nil { // unreachable: only known names get here
		return a
	}
	tag := "<" + name + ">"
	for _, at := range attrs {
		if at.Name == "append" && spec.CML == "write" {
			continue // consumed by resolve
		}
		key := at.Name
		for _, ps := range spec.Params {
			if place := cmlPlace(ps); place == at.Name && place != "text" && !cmlIsChild(place) {
				key = ps.Name
			}
		}
		l.add(a, &Param{Key: key, KeyRange: source.Range{Start: at.NameStart, End: at.NameStart + len(at.Name)},
			Value: cmlDecode(at.Raw), ValueRange: source.Range{Start: at.ValueStart, End: at.ValueEnd},
			ContentRange: source.Range{Start: at.ValueStart + 1, End: at.ValueEnd - 1}, Form: Attribute})
	}
	var textParam *ParamSpec
	for i, ps := range spec.Params {
		if cmlPlace(ps) == "text" {
			textParam = &spec.Params[i]
		}
	}
	if textParam != nil {
		if len(e.Elements) > 0 {
			c := e.Elements[0]
			cs, ce := c.NameRange()
			l.diag(&a.Diags, source.Error, cmlMisplacedElement, cs, ce, tag+" holds text, not elements like <"+c.Name()+">",
				"wrap text that contains tags in <![CDATA[ … ]]>")
		}
		l.add(a, l.content(a, e, textParam.Name))
	} else {
		l.children(a, e, spec, tag)
	}
	if spec.ID == OpExec && a.Param(ParamLang) == nil {
		// CML's <run> is a bash command unless lang says otherwise.
		a.addParam(&Param{Key: ParamLang, Value: "bash", KeyRange: source.Range{Start: ne, End: ne},
			ValueRange: source.Range{Start: ne, End: ne}, ContentRange: source.Range{Start: ne, End: ne}, Form: Attribute})
	}
	for _, ps := range spec.Params {
		if !ps.Required || a.Param(ps.Name) != nil {
			continue
		}
		place := cmlPlace(ps)
		if cmlIsChild(place) {
			l.diag(&a.Diags, source.Error, cmlMissingElement, ns, ne, tag+" needs a <"+place+"> element",
				"add <"+place+"><![CDATA[…]]></"+place+">")
		} else {
			l.diag(&a.Diags, source.Error, cmlMissingAttribute, ns, ne, tag+" needs a "+place+" attribute",
				"add "+place+`="…"`)
		}
	}
	return a
}

// resolve picks the op of element e: write/edit cover several catalog ops,
// told apart by append="true", count="N" and search-start/search-end.
func (l *cmlLowerer) resolve(a *Action, e *cml.Element, attrs []cml.Attribute) *OpSpec {
	switch e.Name() {
	case "write":
		a.Op = OpFileWrite.String()
		for _, at := range attrs {
			if at.Name != "append" {
				continue
			}
			switch cmlDecode(at.Raw) {
			case "true":
				a.Op = OpFileAppend.String()
			case "false":
			default:
				l.diag(&a.Diags, source.Error, cmlInvalidAttribute, at.ValueStart, at.ValueEnd,
					`append must be "true" or "false"`, `write append="true" to add to the end of the file`)
			}
		}
	case "edit":
		a.Op = OpFileReplaceText.String()
		for _, at := range attrs {
			if at.Name == "count" {
				a.Op = OpFileReplaceAllText.String()
			}
		}
		for _, c := range e.Elements {
			if n := c.Name(); n == "search-start" || n == "search-end" {
				a.Op = OpFileReplaceTextRange.String()
			}
		}
	default:
		for i := range catalog {
			if catalog[i].CML == e.Name() && Lookup(e.Name()) == nil {
				a.Op = catalog[i].Name
			}
		}
	}
	return Lookup(a.Op)
}

// children lowers the child elements of an op that takes them (<edit>).
func (l *cmlLowerer) children(a *Action, e *cml.Element, spec *OpSpec, tag string) {
	for _, t := range e.Chars() {
		if t.Type == cml.Comment {
			continue
		}
		l.diag(&a.Diags, source.Error, cmlUnexpectedContent, t.Pos.Offset, t.Pos.Offset+len(t.Value),
			tag+" takes no text here", cmlContentHint(spec))
	}
	for _, c := range e.Elements {
		name := c.Name()
		cs, ce := c.NameRange()
		var ps *ParamSpec
		for i := range spec.Params {
			if cmlPlace(spec.Params[i]) == name && cmlIsChild(name) {
				ps = &spec.Params[i]
			}
		}
		switch {
		case ps == nil && cmlIsChild(name):
			l.diag(&a.Diags, source.Error, cmlMisplacedElement, cs, ce, "<"+name+"> does not belong in this "+tag,
				"an <edit> has <search> and <replace>, or <search-start>, <search-end> and <replace>")
		case ps == nil:
			l.unknown(&a.Diags, c, tag)
		case a.Param(ps.Name) != nil:
			l.diag(&a.Diags, source.Error, cmlMisplacedElement, cs, ce, tag+" has more than one <"+name+">",
				"keep one <"+name+">")
		default:
			for _, gc := range c.Elements {
				gs, ge := gc.NameRange()
				l.diag(&a.Diags, source.Error, cmlMisplacedElement, gs, ge, "<"+name+"> holds text, not elements like <"+gc.Name()+">",
					"wrap text that contains tags in <![CDATA[ … ]]>")
			}
			p := l.content(a, c, ps.Name)
			p.KeyRange = source.Range{Start: cs, End: ce}
			if p.Value == "" && strings.HasPrefix(name, "search") {
				l.diag(&a.Diags, source.Error, cmlEmptySearch, cs, ce, "<"+name+"> is empty",
					"give the exact text to find, with enough context to match once")
			}
			l.add(a, p)
		}
	}
}

// add appends p to a's params; a param given twice (an attribute spelled
// both ways, or an attribute beside the element text it duplicates) keeps
// the last value and is an error, as in SHAM.
func (l *cmlLowerer) add(a *Action, p *Param) {
	if old := l.keys.find(a, p.Key); old != nil {
		l.diag(&a.Diags, source.Error, cmlDuplicateParam, p.KeyRange.Start, p.KeyRange.End,
			p.Key+" is given twice in <"+l.srcName(a)+">", "keep one of them")
		*old = *p
		return
	}
	a.addParam(p)
	l.keys.added(a, p)
}

func (l *cmlLowerer) srcName(a *Action) string { return string(l.src[a.OpRange.Start:a.OpRange.End]) }

// content builds the param holding e's text: CDATA and text runs decoded and
// joined in order, comments dropped, with the layout of cmlLayout removed;
// with no markup at all, the text as written between the tags (blank or
// empty) less that layout.
func (l *cmlLowerer) content(a *Action, e *cml.Element, key string) *Param {
	cs, ce := e.ContentRange()
	p := &Param{Key: key, KeyRange: source.Range{Start: cs, End: cs}, ValueRange: source.Range{Start: cs, End: ce}, ContentRange: source.Range{Start: cs, End: ce}, Form: Text}
	chars := e.Chars()
	if len(chars) == 0 {
		raw := string(l.src[cs:ce])
		lead, trail := cmlLayout(raw, true, true)
		p.Value = raw[lead : len(raw)-trail]
		p.ContentRange = source.Range{Start: cs + lead, End: ce - trail}
		return p
	}
	// Comments are dropped; the other tokens are the value's parts, in
	// order (counted first, so the last part is known without a copy).
	nparts := 0
	for _, t := range chars {
		if t.Type != cml.Comment {
			nparts++
		}
	}
	// One part (the usual single CDATA section) is the value as it is, a
	// substring of the block that the lexer made anyway; only several parts
	// are joined in a builder.
	var sb strings.Builder
	var one string
	n := 0
	for i, t := range chars {
		if t.Type == cml.Comment {
			continue
		}
		off := t.Pos.Offset
		var inner source.Range
		var part string
		switch t.Type {
		case cml.CDATA:
			p.Form = CDATA
			body := t.Value[len("<![CDATA[") : len(t.Value)-len("]]>")]
			inner = source.Range{Start: off + len("<![CDATA["), End: off + len(t.Value) - len("]]>")}
			// The layout rule holds for "]]>" as for a closing tag: one
			// newline after "<![CDATA[" is layout, and so is the newline and
			// indentation before a "]]>" indented on a line of its own (LLMs
			// indent it with the element: "<search><![CDATA[\n x\n  ]]>").
			lead, trail := cmlLayout(body, n == 0, n == nparts-1)
			body = body[lead : len(body)-trail]
			inner = source.Range{Start: inner.Start + lead, End: inner.End - trail}
			part = strings.ReplaceAll(body, "]]&gt;", "]]>")
			for _, u := range chars[i+1:] {
				if u.Type != cml.Comment {
					if u.Type == cml.Text {
						l.cdataCut(a, t, u)
					}
					break
				}
			}
		default:
			raw := t.Value
			inner = source.Range{Start: off, End: off + len(t.Value)}
			lead, trail := cmlLayout(raw, n == 0, n == nparts-1)
			raw = raw[lead : len(raw)-trail]
			inner = source.Range{Start: inner.Start + lead, End: inner.End - trail}
			part = cmlDecode(raw)
		}
		switch n {
		case 0:
			one = part
			p.ContentRange = inner
		case 1:
			sb.WriteString(one)
			fallthrough
		default:
			sb.WriteString(part)
			p.ContentRange.End = inner.End
		}
		n++
	}
	if n == 1 {
		p.Value = one
	} else {
		p.Value = sb.String()
	}
	return p
}

// cmlLayout is the whitespace layout rule of CML content, defined once here
// (README, "Whitespace and indentation"): content that starts on the line
// after its start tag (or right after "<![CDATA[") does not take that one
// newline, and a closing tag (or a CDATA section's "]]>") indented on a line
// of its own does not give the content the newline and indentation before it. A closing tag at the start
// of a line keeps the newline before it: that is the content's final
// newline, as in "<write path="a">\nhello\n</write>" ("hello\n"). raw is the raw text of the first
// or last part of an element's content (line endings already LF); lead and
// trail are how many bytes of layout it starts and ends with (first: the
// part starts the content; last: the part ends it at the closing tag).
func cmlLayout(raw string, first, last bool) (lead, trail int) {
	if first && strings.HasPrefix(raw, "\n") {
		lead = 1
	}
	if last {
		i := len(raw)
		for i > 0 && (raw[i-1] == ' ' || raw[i-1] == '\t') {
			i--
		}
		if i < len(raw) && i > 0 && raw[i-1] == '\n' {
			// One newline may be both ("\n  </x>"): it is layout once.
			trail = min(len(raw)-(i-1), len(raw)-lead)
		}
	}
	return lead, trail
}

// cdataCut reports a CDATA section followed in the same content by text
// holding "]]>": the content held a "]]>" of its own, which ended the
// section early, so the value would be cut and re-joined wrongly.
func (l *cmlLowerer) cdataCut(a *Action, cdata, text lexer.Token) {
	if !strings.Contains(text.Value, "]]>") {
		return
	}
	at := cdata.Pos.Offset + len(cdata.Value) - len("]]>")
	l.diag(&a.Diags, source.Error, cml.CodeCDATAEnd, at, at+len("]]>"),
		"this ]]> ends the CDATA section early: the content contains ]]> itself, and the rest of it is read as plain text",
		cml.CDATAEndHint)
}

// cmlPlace is where param ps is written in CML: an attribute name, "text"
// (element content) or a child element name.
func cmlPlace(ps ParamSpec) string {
	if ps.CML != "" {
		return ps.CML
	}
	return ps.Name
}

// cmlIsChild reports whether a place is a child element.
func cmlIsChild(place string) bool {
	switch place {
	case "search", "replace", "search-start", "search-end":
		return true
	}
	return false
}

func cmlContentHint(spec *OpSpec) string {
	if spec.CML == "edit" {
		return "put the text in <search> and <replace> (or <search-start>, <search-end>, <replace>)"
	}
	return "write this op as a self-closing element: <" + spec.CML + ` …/>`
}

// cmlDecode resolves XML entities in text or an attribute value. An '&' that
// does not start a known entity is kept as written.
func cmlDecode(s string) string {
	i := strings.IndexByte(s, '&')
	if i < 0 {
		return s
	}
	var sb strings.Builder
	sb.Grow(len(s))
	for i >= 0 {
		sb.WriteString(s[:i])
		s = s[i:]
		semi := strings.IndexByte(s, ';')
		if r, ok := cmlEntity(s, semi); ok {
			sb.WriteString(r)
			s = s[semi+1:]
		} else {
			sb.WriteByte('&')
			s = s[1:]
		}
		i = strings.IndexByte(s, '&')
	}
	sb.WriteString(s)
	return sb.String()
}

// cmlEntity decodes the entity at the start of s ending at semi.
func cmlEntity(s string, semi int) (string, bool) {
	if semi < 2 || semi > 12 {
		return "", false
	}
	name := s[1:semi]
	switch name {
	case "lt":
		return "<", true
	case "gt":
		return ">", true
	case "amp":
		return "&", true
	case "quot":
		return `"`, true
	case "apos":
		return "'", true
	}
	if name[0] != '#' {
		return "", false
	}
	var n uint64
	var err error
	if len(name) > 1 && (name[1] == 'x' || name[1] == 'X') {
		n, err = strconv.ParseUint(name[2:], 16, 32)
	} else {
		n, err = strconv.ParseUint(name[1:], 10, 32)
	}
	if err != nil || n == 0 || n > 0x10FFFF || n >= 0xD800 && n <= 0xDFFF {
		return "", false
	}
	return string(rune(n)), true
}

// paramIndex finds an action's param by key while lowering: a scan of the
// params for the few an action has, a map once a hostile block gives one
// action thousands of attributes (a scan per attribute was quadratic).
type paramIndex struct {
	a *Action
	m map[string]*Param
}

const paramIndexFrom = 16

// find is a.Param(key), through the map when a has many params.
func (ix *paramIndex) find(a *Action, key string) *Param {
	if len(a.Params) < paramIndexFrom {
		return a.Param(key)
	}
	if ix.a != a {
		ix.a, ix.m = a, make(map[string]*Param, 2*len(a.Params))
		for _, p := range a.Params {
			if _, dup := ix.m[p.Key]; !dup { // a.Param returns the first
				ix.m[p.Key] = p
			}
		}
	}
	return ix.m[key]
}

// added records p, just appended to a's params.
func (ix *paramIndex) added(a *Action, p *Param) {
	if ix.a == a {
		if _, dup := ix.m[p.Key]; !dup {
			ix.m[p.Key] = p
		}
	}
}
