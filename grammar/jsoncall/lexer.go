package jsoncall

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/alecthomas/participle/v2/lexer"
)

// jsonLexer cuts JSON into the grammar's tokens: String, Number, Keyword
// (true, false, null), Punct and Whitespace (elided by the parser). It is
// written by hand because a regular-expression lexer tried every rule's
// expression at every token: a 765 KB array of 5,000 str_replace calls
// took 0.4 s to read, most of it in the expressions. It cuts exactly
// what these rules would, in this order, each anchored at the token's
// start, with the same positions and errors:
//
//	String      "(?:\\["\\/bfnrt]|\\u[0-9a-fA-F]{4}|[^"\\\x00-\x1f])*"
//	Number      -?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?
//	Keyword     true|false|null
//	Punct       [{}\[\]:,]
//	Whitespace  [ \t\r\n]+
//
// (The rules start with distinct characters, so at most one applies.)
var jsonLexer = jsonDef{}

type jsonDef struct{}

const (
	tokString lexer.TokenType = lexer.EOF - 1 - iota
	tokNumber
	tokKeyword
	tokPunct
	tokWhitespace
)

// Symbols makes its map on each call: the parser is built while the
// package's variables are set, and may come before one holding it.
func (jsonDef) Symbols() map[string]lexer.TokenType {
	return map[string]lexer.TokenType{
		"EOF": lexer.EOF, "String": tokString, "Number": tokNumber, "Keyword": tokKeyword,
		"Punct": tokPunct, "Whitespace": tokWhitespace,
	}
}

func (d jsonDef) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return d.LexString(filename, string(b))
}

func (d jsonDef) LexBytes(filename string, b []byte) (lexer.Lexer, error) {
	return d.LexString(filename, string(b))
}

func (jsonDef) LexString(filename, s string) (lexer.Lexer, error) {
	return &jsonLex{data: s, pos: lexer.Position{Filename: filename, Line: 1, Column: 1}}, nil
}

type jsonLex struct {
	data string // what is left to read
	pos  lexer.Position
}

func (l *jsonLex) Next() (lexer.Token, error) {
	if l.data == "" {
		return lexer.EOFToken(l.pos), nil
	}
	typ, n := cut(l.data)
	if n == 0 {
		sample := []rune(l.data)
		if len(sample) > 16 {
			sample = append(sample[:16], []rune("...")...)
		}
		return lexer.Token{}, &lexer.Error{Msg: fmt.Sprintf("lexer: invalid input text %q", string(sample)), Pos: l.pos}
	}
	span := l.data[:n]
	l.data = l.data[n:]
	tok := lexer.Token{Type: typ, Value: span, Pos: l.pos}
	advance(&l.pos, span)
	return tok, nil
}

// advance is lexer.Position.Advance without its count of lines in the
// many tokens that hold no line break.
func advance(p *lexer.Position, span string) {
	if strings.IndexByte(span, '\n') >= 0 {
		p.Advance(span)
		return
	}
	p.Offset += len(span)
	for i := 0; i < len(span); i++ {
		if span[i] >= utf8.RuneSelf {
			p.Column += utf8.RuneCountInString(span)
			return
		}
	}
	p.Column += len(span)
}

// cut is the token s starts with and its length (0: none).
func cut(s string) (lexer.TokenType, int) {
	switch c := s[0]; {
	case c == '"':
		return tokString, cutString(s)
	case c == '-' || '0' <= c && c <= '9':
		return tokNumber, cutNumber(s)
	case c == 't' && strings.HasPrefix(s, "true"), c == 'n' && strings.HasPrefix(s, "null"):
		return tokKeyword, 4
	case c == 'f' && strings.HasPrefix(s, "false"):
		return tokKeyword, 5
	case strings.IndexByte("{}[]:,", c) >= 0:
		return tokPunct, 1
	case c == ' ' || c == '\t' || c == '\r' || c == '\n':
		n := 1
		for n < len(s) && (s[n] == ' ' || s[n] == '\t' || s[n] == '\r' || s[n] == '\n') {
			n++
		}
		return tokWhitespace, n
	}
	return 0, 0
}

// cutString: one of JSON's escapes, or any character but a quote, a
// backslash or a control character, up to the closing quote. An escape
// JSON does not have (\q) ends the token there: a string read as its
// decoder would have to drop it is no string (Parse says where it is).
func cutString(s string) int {
	for i := 1; i < len(s); {
		switch c := s[i]; {
		case c == '"':
			return i + 1
		case c == '\\':
			n := escapeLen(s, i)
			if n == 0 {
				return 0
			}
			i += n
		case c < 0x20:
			return 0
		default:
			i++
		}
	}
	return 0
}

// escapeLen is the length of the escape at s[i] (a backslash): \uXXXX or
// a backslash and one of "\/bfnrt; 0 for any other.
func escapeLen(s string, i int) int {
	if i+1 >= len(s) {
		return 0
	}
	if s[i+1] == 'u' {
		if hex4(s, i) < 0 {
			return 0
		}
		return 6
	}
	if strings.IndexByte(`"\/bfnrt`, s[i+1]) < 0 {
		return 0
	}
	return 2
}

func cutNumber(s string) int {
	i := 0
	if s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && '1' <= s[i] && s[i] <= '9':
		i = digits(s, i+1)
	default:
		return 0
	}
	if i+1 < len(s) && s[i] == '.' && isDigit(s[i+1]) {
		i = digits(s, i+1)
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		if j < len(s) && isDigit(s[j]) {
			i = digits(s, j)
		}
	}
	return i
}

func digits(s string, i int) int {
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return i
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
