package csl

import (
	"bytes"
	"sort"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/clada-dev/clada/source"
)

// Token types of the hand-written lexer. A whole marker line is one token
// and a whole body (the raw text between two markers) is one token, so an op
// costs participle three or four tokens however long its content is. TO and
// REPLACE share a type (the grammar treats them alike; the marker's name
// tells them apart). Body and EndMarker may be zero-width stand-ins (see
// Tree).
const (
	TasksMarker   lexer.TokenType = -2 - iota // <---TASKS …--->
	OpMarker                                  // <---WRITE …---> and every other op word
	SectionMarker                             // <---TO---> or <---REPLACE--->
	EndMarker                                 // <---END--->; "" where END is missing
	Body                                      // raw text between markers, newlines included; "" if none
)

func symbols() map[string]lexer.TokenType {
	return map[string]lexer.TokenType{
		"EOF": lexer.EOF, "TasksMarker": TasksMarker, "OpMarker": OpMarker, "SectionMarker": SectionMarker,
		"EndMarker": EndMarker, "Body": Body,
	}
}

// Block is one CSL block: a TASKS group or a standalone op.
type Block struct {
	Start, End int
	Tree       *Tree
	Markers    []Marker // every marker token's parse, in source order
	// Diags are the problems found while scanning, with byte offsets into
	// the scanned text; a warning does not stop execution.
	Diags source.Diagnostics
}

// Marker returns the parsed marker of a marker token (the zero Marker for
// any other token). A sorted slice, not a map: a block has a handful of
// markers, and a map cost allocations per block.
func (b *Block) Marker(t lexer.Token) Marker {
	i := sort.Search(len(b.Markers), func(i int) bool { return b.Markers[i].Start >= t.Pos.Offset })
	if i < len(b.Markers) && b.Markers[i].Start == t.Pos.Offset {
		return b.Markers[i]
	}
	return Marker{}
}

// Spans finds the CSL blocks of a whole text: a block starts at a line that
// holds a well-formed marker other than END, TO or REPLACE (or a malformed
// marker whose name is known), and runs to its END (or the end of input, or
// for an unclosed op the next known marker).
//
// Marker names are substrings of one string copy of src, made at the first
// marker-shaped line (text without CSL costs no copy), rather than a copy
// per name.
func Spans(src []byte, o Options) [][2]int {
	spans, _ := Split(src, o)
	return spans
}

// Split is Spans, plus a STRAY_MARKER error for each END, TO or REPLACE
// marker at the start of a line outside any block: it closes or splits
// nothing, which usually means its opening marker was not read (indented
// differently, misspelt) or an op ended twice.
func Split(src []byte, o Options) ([][2]int, source.Diagnostics) {
	var out [][2]int
	var errs source.Diagnostics
	var str string
	// A byte order mark (editors on Windows save one) does not keep the
	// first line's marker from starting it.
	p := 0
	if bytes.HasPrefix(src, []byte("\ufeff")) {
		p = len("\ufeff")
	}
	for p < len(src) {
		le := lineEnd(src, p)
		if src[p] == o.open()[0] && hasPrefixAt(src, p, o.open()) {
			if str == "" {
				str = string(src)
			}
			m, ok, err := parseMarker(src, str, p, o)
			if ok && startsBlock(m, err, o) {
				s := &scanner{src: src, str: str, o: o, dry: true}
				end := s.block(p, m, err)
				out = append(out, [2]int{p, end})
				p = end
				continue
			}
			if ok && err == nil {
				errs = append(errs, strayMarker(m, o))
			}
		}
		p = le + 1
	}
	return out, errs
}

// strayMarker is the error of an END, TO or REPLACE marker outside a block.
func strayMarker(m Marker, o Options) source.Diagnostic {
	what := "ends no op"
	if m.Name != "END" {
		what = "is outside any SEARCH op"
	}
	return source.Diagnostic{Severity: source.Error, Code: "STRAY_MARKER", Range: source.Range{Start: m.Start, End: m.End},
		Message: "the " + m.Name + " marker " + what + ", so it is not read",
		Hint: "check the op marker before it: it must start its line (indented as this marker), e.g. " +
			o.open() + `WRITE file="a.txt"` + o.close() + "; or remove this line"}
}

// startsBlock reports whether a marker seen in prose opens a block.
func startsBlock(m Marker, err *markerErr, o Options) bool {
	switch m.Name {
	case "END", "TO", "REPLACE":
		return false
	}
	return err == nil || o.known(m.Name)
}

// Scan lexes and parses the one block that starts at the beginning of text.
// Offsets in the result are relative to text. Every string in the result
// (token values, marker names, attribute values) is a substring of one copy
// of text: one allocation per block instead of one per token and field.
func Scan(text []byte, o Options) *Block { return new(Scratch).Scan(text, o) }

// Scratch holds the token buffer a block scan works in, so scanning many
// blocks in a row reuses it instead of growing a fresh one per block
// (several allocations each): participle copies the tokens into its own
// buffer (lexer.Upgrade), so ours is scratch once the parse starts. A
// Scratch is for one goroutine at a time; the zero value is ready to use.
type Scratch struct {
	toks []lexer.Token
}

// Scan is the package's Scan working in sc's buffer.
func (sc *Scratch) Scan(text []byte, o Options) *Block {
	str := string(text)
	m, _, err := parseMarker(text, str, 0, o)
	s := &scanner{src: text, str: str, o: o, toks: sc.toks[:0], markers: make([]Marker, 0, 8)}
	end := s.block(0, m, err)
	b := &Block{Start: 0, End: end, Markers: s.markers, Diags: s.errs}
	tree, perr := parseTokens(s.toks)
	clear(s.toks) // drop the strings, so the scratch buffer pins no block
	sc.toks = s.toks[:0]
	if perr != nil {
		// The scanner only emits well-shaped token streams; this is a safety net.
		b.Diags = append(b.Diags, source.Diagnostic{Severity: source.Error, Code: "MALFORMED_BLOCK", Message: "this CSL block cannot be read",
			Hint: "check that every op ends with " + o.open() + "END" + o.close(), Range: source.Range{Start: 0, End: m.End}})
		return b
	}
	b.Tree = tree
	return b
}

// scanner is the state machine that walks one block line by line.
type scanner struct {
	src     []byte
	str     string // src as a string, for substrings
	o       Options
	dry     bool // only find the block's end
	toks    []lexer.Token
	markers []Marker
	errs    source.Diagnostics
}

func (s *scanner) err(code, msg, hint string, start, end int, warn bool) {
	if s.dry {
		return
	}
	sev := source.Error
	if warn {
		sev = source.Warning
	}
	s.errs = append(s.errs, source.Diagnostic{Severity: sev, Code: code, Message: msg, Hint: hint, Range: source.Range{Start: start, End: end}})
}

func (s *scanner) markerErr(e *markerErr) { s.err(e.code, e.msg, e.hint, e.start, e.end, false) }

func (s *scanner) emit(t lexer.TokenType, start, end int) {
	if s.dry {
		return
	}
	s.toks = append(s.toks, lexer.Token{Type: t, Value: s.str[start:end], Pos: lexer.Position{Offset: start}})
}

func (s *scanner) emitMarker(t lexer.TokenType, m Marker) {
	if s.dry {
		return
	}
	s.markers = append(s.markers, m)
	s.emit(t, m.Start, m.End)
}

func (s *scanner) marker(m Marker) string { return s.o.open() + m.Name + s.o.close() }

// block scans the block whose first marker m starts at p; it returns the
// block's end offset.
func (s *scanner) block(p int, m Marker, merr *markerErr) int {
	if m.Name != "TASKS" {
		end, _ := s.op(m, merr)
		return end
	}
	if merr != nil {
		s.markerErr(merr)
	}
	s.emitMarker(TasksMarker, m)
	q := m.LineEnd
	for q < len(s.src) {
		le := lineEnd(s.src, q)
		im, ok, ierr := parseMarker(s.src, s.str, q, s.o)
		if !ok || (ierr != nil && !s.o.known(im.Name)) {
			if len(bytes.TrimSpace(s.src[q:le])) > 0 {
				s.err("TEXT_IN_TASKS", "text between the ops of a TASKS block is ignored",
					"put text outside the TASKS block, or inside an op's body", q, le, true)
			}
			q = le + 1
			continue
		}
		switch im.Name {
		case "END":
			if ierr != nil {
				s.markerErr(ierr)
			}
			if n := len(s.toks); n > 0 && s.toks[n-1].Type == EndMarker && s.toks[n-1].Value == "" {
				// The last op was cut short by a nested TASKS marker (the
				// only interruption that emits no token). The grammar has
				// always let that op take this END (its END was optional and
				// came first), leaving TASKS unclosed; keep that reading.
				s.toks = s.toks[:n-1]
				s.emitMarker(EndMarker, im)
				s.emit(EndMarker, im.LineEnd, im.LineEnd)
				return im.LineEnd
			}
			s.emitMarker(EndMarker, im)
			return im.LineEnd
		case "TASKS":
			s.err("NESTED_TASKS", "a TASKS block cannot contain another TASKS block",
				"end the outer TASKS with "+s.marker(Marker{Name: "END"})+" first", im.NameStart, im.NameStart+len(im.Name), false)
			q = im.LineEnd
			continue
		case "TO", "REPLACE":
			s.err("STRAY_MARKER", im.Name+" belongs inside a SEARCH op, not directly in TASKS",
				"start the edit with "+s.o.open()+`SEARCH file="…"`+s.o.close(), im.NameStart, im.NameStart+len(im.Name), false)
			q = im.LineEnd
			continue
		}
		end, closed := s.op(im, ierr)
		q = end
		if !closed && end >= len(s.src) {
			break
		}
	}
	s.err("UNCLOSED_TASKS", "the TASKS block has no "+s.marker(Marker{Name: "END"})+" before the end of the input",
		"end the TASKS block with its own "+s.marker(Marker{Name: "END"})+" after the END of its last op", m.Start, m.End, false)
	s.emit(EndMarker, len(s.src), len(s.src))
	return len(s.src)
}

// op scans one op from its marker m: bodies separated by TO and REPLACE
// markers, up to its END. closed is false when the op ran into the end of
// input or into the next known marker.
func (s *scanner) op(m Marker, merr *markerErr) (end int, closed bool) {
	if merr != nil {
		s.markerErr(merr)
	}
	s.emitMarker(OpMarker, m)
	b := m.LineEnd
	open := []byte(s.o.open())
	// Only an open delimiter can start a marker, so jump from one to the
	// next instead of walking lines.
	for q := b; q < len(s.src); {
		k := bytes.Index(s.src[q:], open)
		if k < 0 {
			break
		}
		at := q + k
		if at > 0 && s.src[at-1] != '\n' {
			if !s.dry {
				s.midLine(at)
			}
			q = at + len(open)
			continue
		}
		im, ok, ierr := parseMarker(s.src, s.str, at, s.o)
		if !ok || !s.o.known(im.Name) || ierr != nil && im.Name != "END" && im.Name != "TO" && im.Name != "REPLACE" {
			q = at + len(open)
			continue
		}
		switch im.Name {
		case "END", "TO", "REPLACE":
			if ierr != nil {
				s.markerErr(ierr)
			}
			s.emit(Body, b, at)
			t := SectionMarker
			if im.Name == "END" {
				t = EndMarker
			}
			s.emitMarker(t, im)
			if im.Name == "END" {
				return im.LineEnd, true
			}
			b = im.LineEnd
			q = b
			continue
		}
		// Another op (or TASKS) starts: this op is missing its END.
		s.emit(Body, b, at)
		s.emit(EndMarker, at, at)
		s.unclosed(m)
		return at, false
	}
	s.emit(Body, b, len(s.src))
	s.emit(EndMarker, len(s.src), len(s.src))
	s.unclosed(m)
	return len(s.src), false
}

func (s *scanner) unclosed(m Marker) {
	s.err("UNCLOSED_OP", "the "+m.Name+" op has no "+s.marker(Marker{Name: "END"}),
		"end the op with "+s.marker(Marker{Name: "END"})+" on a line of its own", m.Start, m.End, false)
}

// midLine warns about a known marker that is not at the start of its line
// (its open delimiter is at at): it is content, which is rarely what the
// writer meant.
func (s *scanner) midLine(at int) {
	ns := at + len(s.o.open())
	ne := ns
	for ne < len(s.src) && isNameByte(s.src[ne]) {
		ne++
	}
	le := lineEnd(s.src, ne)
	if ne > ns && s.o.known(string(s.src[ns:ne])) && bytes.Contains(s.src[ne:le], []byte(s.o.close())) {
		from := max(at-256, 0) // an indentation, if that is what precedes, is short
		nl := bytes.LastIndexByte(s.src[from:at], '\n')
		if (nl >= 0 || from == 0) && len(bytes.Trim(s.src[from+nl+1:at], " \t")) == 0 {
			s.err("MARKER_MID_LINE", "the "+string(s.src[ns:ne])+" marker is indented more than its op's marker, so it is content",
				"indent it exactly as the op's marker if it should end or split the op", at, ne, true)
			return
		}
		s.err("MARKER_MID_LINE", "the "+string(s.src[ns:ne])+" marker is not at the start of its line, so it is content",
			"markers must start a line; put it on a line of its own if it should end or split the op", at, ne, true)
	}
}
