package roo

import (
	"fmt"
	"strings"

	"github.com/clada-dev/clada/grammar/internal/xmltool"
	"github.com/clada-dev/clada/source"
)

// Roo Code's two other edit tools, as its models write them:
//
//	<insert_content>
//	<path>src/app.py</path>
//	<line>3</line>
//	<content>
//	from src.util import clamp
//	</content>
//	</insert_content>
//
//	<search_and_replace>
//	<path>src/app.py</path>
//	<search>a + b</search>
//	<replace>clamp(a + b, -100, 100)</replace>
//	</search_and_replace>
//
// and the older forms whose <operations> hold a JSON array or <operation>
// elements (operations.go). Values are read as Roo's message parser reads
// them: <content> loses one line end after its opening tag and one before
// its closing tag, every other value is trimmed (Trim). What an
// insertion or a replacement means is lang's (lower_roo.go); this file
// only says what was written where.

// More diagnostic codes.
const (
	InvalidLine  = "INVALID_LINE"  // a line number that is no whole number
	InvalidValue = "INVALID_VALUE" // an operation's value of the wrong type
	UnknownKey   = "UNREAD_KEY"    // an operation's key Roo does not define
)

// Kind tells a call's tool.
type Kind uint8

const (
	ApplyDiff     Kind = iota // <apply_diff>, or bare SEARCH/REPLACE blocks
	InsertContent             // <insert_content>
	SearchReplace             // <search_and_replace>
)

// toolNames are the calls Scan reads, and toolChildren their parameters
// (Roo's toolParamNames for each; a tag not listed is text of its value).
var (
	toolNames    = []string{"apply_diff", "insert_content", "search_and_replace"}
	toolChildren = [][]string{
		{"path", "diff"},
		{"path", "line", "content", "operations"},
		{"path", "search", "replace", "start_line", "end_line", "use_regex", "ignore_case", "regex_flags", "operations"},
	}
)

// Insertion is one insertion of an insert_content call: Content goes in
// as whole lines before line Line (1-based, of the file as the call found
// it), or after the file's last line when Line is 0.
type Insertion struct {
	Start, End         int // the call, or its operation
	HeadStart, HeadEnd int // its opening tag
	Line               int
	LineStart, LineEnd int
	// Content is the text as Roo keeps it: each line but the last with its
	// line end (Roo splits it at line ends and joins the file's lines and
	// these with line ends), made LF.
	Content                  string
	ContentStart, ContentEnd int
	Diags                    source.Diagnostics
}

// Substitution is one replacement of a search_and_replace call: every
// occurrence of Search (literal, as trimmed) becomes Replace, or, when
// Once, the one occurrence.
type Substitution struct {
	Start, End               int
	HeadStart, HeadEnd       int
	Search, Replace          string
	SearchStart, SearchEnd   int
	ReplaceStart, ReplaceEnd int
	// Once is set for an item of a JSON <operations> array: Roo's first
	// form of it replaced every match, its last one refuses more than one,
	// so only a single match means the same to both.
	Once bool
	// Options are the other parameters given, as written: start_line,
	// end_line, use_regex, ignore_case, regex_flags.
	Options []Option
	Diags   source.Diagnostics
}

// Option is one optional parameter of a replacement, its value trimmed,
// at Start, End (the value; the key for a JSON value that is no string).
type Option struct {
	Key, Value string
	Start, End int
	// String marks a JSON string: Roo's first form tested a JSON value for
	// truth, and the string "false" is true to JavaScript.
	String bool
}

// optionKeys are a replacement's optional parameters.
var optionKeys = []string{"start_line", "end_line", "use_regex", "ignore_case", "regex_flags"}

// fromTool reads an insert_content or search_and_replace element.
func fromTool(src []byte, t xmltool.Call) Call {
	c := Call{Kind: InsertContent, Start: t.Start, End: t.End, NameStart: t.Start, NameEnd: t.OpenEnd, PathStart: -1, PathEnd: -1, Diags: t.Diags}
	if t.Name == "search_and_replace" {
		c.Kind = SearchReplace
	}
	if p := t.Get("path"); p != nil && Trim(p.Value) != "" {
		c.Path, c.PathStart, c.PathEnd = trimmed(p)
	} else {
		c.Diags = append(c.Diags, xmltool.Missing(&t, "path", "<path>path/to/file</path>"))
	}
	if ops := t.Get("operations"); ops != nil {
		// a flat parameter beside <operations> is one the older form
		// never reads: an error, not passed over
		for _, p := range t.Params {
			if p.Key != "path" && p.Key != "operations" {
				c.Diags = append(c.Diags, errorAt(UnknownKey, p.Start, p.End, fmt.Sprintf("<%s> beside <operations> is read by neither of Roo Code's forms", p.Key),
					"give the operations in <operations>, or one operation with the call's own parameters and no <operations>"))
			}
		}
		operations(src, &t, ops, &c)
		return c
	}
	if c.Kind == InsertContent {
		in := Insertion{Start: t.Start, End: t.End, HeadStart: t.Start, HeadEnd: t.OpenEnd}
		if !lineParam(&t, t.Get("line"), "line", &in, &c.Diags) || !contentParam(&t, t.Get("content"), &in, &c.Diags) {
			return c
		}
		c.Inserts = append(c.Inserts, in)
		return c
	}
	s := Substitution{Start: t.Start, End: t.End, HeadStart: t.Start, HeadEnd: t.OpenEnd}
	if !searchParams(&t, t.Get("search"), t.Get("replace"), &s, &c.Diags) {
		return c
	}
	for _, k := range optionKeys {
		if p := t.Get(k); p != nil {
			v, vs, ve := trimmed(p)
			s.Options = append(s.Options, Option{Key: k, Value: v, Start: vs, End: ve})
		}
	}
	c.Subs = append(c.Subs, s)
	return c
}

// lineParam reads an insertion's line number from p (the child key of
// t), as Roo's parseInt would, but only when it is a whole number written
// in digits alone: "3rd" or "-1" is an error, not a guess.
func lineParam(t *xmltool.Call, p *xmltool.Param, key string, in *Insertion, ds *source.Diagnostics) bool {
	if p == nil {
		*ds = append(*ds, xmltool.Missing(t, key, "<"+key+">N</"+key+"> (the line to insert before; 0 appends at the end)"))
		return false
	}
	v, vs, ve := trimmed(p)
	if vs == ve {
		vs, ve = p.Start, p.End
	}
	n, ok := digits(v)
	if !ok {
		*ds = append(*ds, errorAt(InvalidLine, vs, ve, fmt.Sprintf("<%s> is %q, not a line number", key, v),
			"write the number of the line to insert before (1 is the top of the file), or 0 to add at the end"))
		return false
	}
	in.Line, in.LineStart, in.LineEnd = n, vs, ve
	return true
}

// contentParam reads an insertion's <content>.
func contentParam(t *xmltool.Call, p *xmltool.Param, in *Insertion, ds *source.Diagnostics) bool {
	if p == nil {
		*ds = append(*ds, xmltool.Missing(t, "content", "<content>the lines to insert</content>"))
		return false
	}
	in.Content = lf(p.Value)
	in.ContentStart, in.ContentEnd = p.ValueStart, p.ValueEnd
	return true
}

// searchParams reads a replacement's <search> and <replace>; Roo refuses
// an empty search.
func searchParams(t *xmltool.Call, sp, rp *xmltool.Param, s *Substitution, ds *source.Diagnostics) bool {
	ok := true
	if sp == nil {
		*ds = append(*ds, xmltool.Missing(t, "search", "<search>the exact text to find</search>"))
		ok = false
	} else if s.Search, s.SearchStart, s.SearchEnd = trimmed(sp); s.Search == "" {
		*ds = append(*ds, errorAt(EmptySearch, sp.Start, sp.End, "this <search> is empty",
			"give the exact text to find"))
		ok = false
	}
	if rp == nil {
		*ds = append(*ds, xmltool.Missing(t, "replace", "<replace>its replacement</replace> (empty to delete it)"))
		return false
	}
	s.Replace, s.ReplaceStart, s.ReplaceEnd = trimmed(rp)
	if s.Replace == "" {
		s.ReplaceStart, s.ReplaceEnd = rp.ValueStart, rp.ValueStart
	}
	return ok
}

// trimmed is a parameter's value as Roo's parser keeps it (Trim, line
// ends made LF) and where that text stands.
func trimmed(p *xmltool.Param) (string, int, int) {
	t := Trim(p.Value)
	if t == "" {
		return "", p.ValueStart, p.ValueStart
	}
	s := p.ValueStart + strings.Index(p.Value, t)
	return lf(t), s, s + len(t)
}

// Trim is JavaScript's String.prototype.trim, which Roo's parser
// applies to every value but <content>: it takes off the white space and
// line terminators of ECMAScript, which are not quite Go's unicode.IsSpace
// (U+FEFF is one, U+0085 is not).
func Trim(s string) string {
	return strings.TrimFunc(s, func(r rune) bool {
		switch r {
		case '\t', '\n', '\v', '\f', '\r', ' ', 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
			return true
		}
		return r >= 0x2000 && r <= 0x200A
	})
}

// digits reads a whole number written in ASCII digits alone.
func digits(s string) (int, bool) {
	if s == "" || len(s) > 9 {
		return 0, false
	}
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0, false
		}
		n = n*10 + int(r-'0')
	}
	return n, true
}

func lf(s string) string { return strings.ReplaceAll(s, "\r\n", "\n") }
