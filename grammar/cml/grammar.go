package cml

import (
	"io"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Element is one XML element. Tokens keep their byte offsets (Pos.Offset);
// line and column come from lang's line table, not from here. Whitespace-only
// text between children has no token; ContentRange still covers it.
type Element struct {
	Empty *lexer.Token `parser:"  @EmptyTag"`
	Start *lexer.Token `parser:"| ( @StartTag"`
	// Elements and Chars are the children, split by kind: CML never needs
	// their interleaving (a leaf's text is Chars in order; a container's
	// children are Elements in order), and one slice of wrapper nodes would
	// cost the grammar a struct per child. Chars first: the cheaper test.
	Chars    []*Char      `parser:"    ( @@"`
	Elements []*Element   `parser:"    | @@ )*"`
	End      *lexer.Token `parser:"    @EndTag )"`
}

// Char is one run of character data: a CDATA section, a text run or a
// comment. (A struct because participle overwrites, rather than appends to,
// a []lexer.Token field on each repetition.)
type Char struct {
	Tok lexer.Token `parser:"@( CDATA | Text | Comment )"`
}

// tag is the start tag token, whichever form it has.
func (e *Element) tag() *lexer.Token {
	if e.Empty != nil {
		return e.Empty
	}
	return e.Start
}

// Name is the element's name.
func (e *Element) Name() string {
	t := e.tag()
	return t.Value[1:nameEndAt([]byte(t.Value), 1)]
}

// NameRange is the byte range of the name in the start tag.
func (e *Element) NameRange() (int, int) {
	off := e.tag().Pos.Offset
	return off + 1, off + 1 + len(e.Name())
}

// StartTagRange is the byte range of the whole start tag.
func (e *Element) StartTagRange() (int, int) {
	t := e.tag()
	return t.Pos.Offset, t.Pos.Offset + len(t.Value)
}

// ContentRange is the byte range between the start and end tags (empty just
// before the "/>" of a self-closing element).
func (e *Element) ContentRange() (int, int) {
	if e.Empty != nil {
		end := e.Empty.Pos.Offset + len(e.Empty.Value) - 2
		return end, end
	}
	return e.Start.Pos.Offset + len(e.Start.Value), e.End.Pos.Offset
}

// EndTagRange is the byte range of the end tag (empty at the end of a
// self-closing element).
func (e *Element) EndTagRange() (int, int) {
	if e.Empty != nil {
		end := e.Empty.Pos.Offset + len(e.Empty.Value)
		return end, end
	}
	return e.End.Pos.Offset, e.End.Pos.Offset + len(e.End.Value)
}

// Attribute is one name="value" of a start tag, with source offsets.
type Attribute struct {
	Name                 string
	NameStart            int
	ValueStart, ValueEnd int    // the quoted value, quotes included
	Raw                  string // the value between the quotes, entities undecoded
}

// Attrs splits the attributes out of the (already validated) start tag.
func (e *Element) Attrs() []Attribute {
	t := e.tag()
	raw, off := t.Value, t.Pos.Offset
	var out []Attribute
	i := nameEndAt([]byte(raw), 1)
	for {
		for i < len(raw) && isSpace(raw[i]) {
			i++
		}
		if i >= len(raw) || !isNameStart(raw[i]) {
			return out
		}
		ns := i
		for i < len(raw) && isNameByte(raw[i]) {
			i++
		}
		name := raw[ns:i]
		for raw[i] != '"' && raw[i] != '\'' {
			i++
		}
		q := raw[i]
		vs := i
		i++
		for raw[i] != q {
			i++
		}
		i++
		out = append(out, Attribute{Name: name, NameStart: off + ns, ValueStart: off + vs, ValueEnd: off + i, Raw: raw[vs+1 : i-1]})
	}
}

// lexDef adapts the hand-written lexer to participle. Parsing never lexes
// text through it: Scan lexes once and replays the tokens (tokenReplay), so
// Lex only exists to satisfy participle's interface.
type lexDef struct{}

func (lexDef) Symbols() map[string]lexer.TokenType { return symbols() }

func (lexDef) Lex(_ string, r io.Reader) (lexer.Lexer, error) {
	src, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	toks, _, lerr := lexElement(src, 0, nil)
	if lerr != nil {
		return nil, lerr
	}
	return &tokenReplay{toks: toks}, nil
}

// tokenReplay feeds already-lexed tokens to participle.
type tokenReplay struct {
	toks []lexer.Token
	i    int
}

func (t *tokenReplay) Next() (lexer.Token, error) {
	if t.i >= len(t.toks) {
		return lexer.EOFToken(lexer.Position{}), nil
	}
	t.i++
	return t.toks[t.i-1], nil
}

// parser builds the element tree; it holds no mutable state after Build.
var parser = participle.MustBuild[Element](participle.Lexer(lexDef{}), participle.UseLookahead(1))

// parseTokens builds the tree of one element from its tokens.
func parseTokens(toks []lexer.Token) (*Element, error) {
	pl, err := lexer.Upgrade(&tokenReplay{toks: toks})
	if err != nil {
		return nil, err
	}
	return parser.ParseFromLexer(pl)
}
