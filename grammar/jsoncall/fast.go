package jsoncall

import (
	"github.com/alecthomas/participle/v2/lexer"
)

// parseFast is Parse's value for a src that is JSON, read by hand in one
// pass over the lexer's tokens: participle's generic parse of a 765 KB
// array of 5,000 calls was most of reading it. It builds what the grammar
// builds, positions included (Pos: a value's first token; EndPos: just
// after its last, where participle's next raw token starts), and nil for
// any src that is not one JSON value, whose error Parse's grammar then
// words and places (TestParseFastAgrees).
func parseFast(src []byte) *Value {
	f := &fastParser{l: jsonLex{data: string(src), pos: lexer.Position{Line: 1, Column: 1}}}
	if !f.next() {
		return nil
	}
	v := f.value()
	if v == nil || f.tok.Type != lexer.EOF {
		return nil
	}
	return v
}

// fastParser holds the token to read next (whitespace skipped) and where
// the one before it ended.
type fastParser struct {
	l      jsonLex
	tok    lexer.Token
	after  lexer.Position // just after the last token taken
	tokEnd lexer.Position // just after tok
	// values and members are handed out from arrays of slabSize: one
	// allocation each per slabSize nodes (5,000 calls' values, one
	// allocation each, were most of their parse's bytes).
	values  []Value
	members []Member
}

const slabSize = 64

// newValue is a zero Value from the slab.
func (f *fastParser) newValue() *Value {
	if len(f.values) == 0 {
		f.values = make([]Value, slabSize)
	}
	v := &f.values[0]
	f.values = f.values[1:]
	return v
}

// newMember is a zero Member from the slab.
func (f *fastParser) newMember() *Member {
	if len(f.members) == 0 {
		f.members = make([]Member, slabSize)
	}
	m := &f.members[0]
	f.members = f.members[1:]
	return m
}

// next takes tok and reads the next token; false on a lexer error.
func (f *fastParser) next() bool {
	f.after = f.tokEnd
	for {
		t, err := f.l.Next()
		if err != nil {
			return false
		}
		if t.Type != tokWhitespace {
			f.tok, f.tokEnd = t, f.l.pos
			return true
		}
	}
}

func (f *fastParser) punct(c string) bool { return f.tok.Type == tokPunct && f.tok.Value == c }

func (f *fastParser) value() *Value {
	v := f.newValue()
	v.Pos = f.tok.Pos
	switch s := f.tok.Value; {
	case f.punct("{"):
		if !f.next() {
			return nil
		}
		o := &Object{}
		for !f.punct("}") {
			if len(o.Members) > 0 && (!f.punct(",") || !f.next()) {
				return nil
			}
			m := f.member()
			if m == nil {
				return nil
			}
			o.Members = append(o.Members, m)
		}
		v.Object = o
	case f.punct("["):
		if !f.next() {
			return nil
		}
		a := &Array{}
		for !f.punct("]") {
			if len(a.Items) > 0 && (!f.punct(",") || !f.next()) {
				return nil
			}
			x := f.value()
			if x == nil {
				return nil
			}
			a.Items = append(a.Items, x)
		}
		v.Array = a
	case f.tok.Type == tokString:
		v.Str = &s
	case f.tok.Type == tokNumber:
		v.Num = &s
	case f.tok.Type == tokKeyword:
		v.Lit = &s
	default:
		return nil
	}
	if !f.next() {
		return nil
	}
	v.EndPos = f.after
	return v
}

func (f *fastParser) member() *Member {
	if f.tok.Type != tokString {
		return nil
	}
	m := f.newMember()
	m.Pos, m.Key = f.tok.Pos, f.tok.Value
	if !f.next() || !f.punct(":") || !f.next() {
		return nil
	}
	if m.Value = f.value(); m.Value == nil {
		return nil
	}
	return m
}
