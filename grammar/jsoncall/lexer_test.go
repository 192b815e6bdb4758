package jsoncall

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/google/go-cmp/cmp"
)

// The rules jsonLexer cuts by hand, as regular expressions: it must give
// the very tokens, positions and errors these give.
var regexpLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "String", Pattern: `"(?:\\["\\/bfnrt]|\\u[0-9a-fA-F]{4}|[^"\\\x00-\x1f])*"`},
	{Name: "Number", Pattern: `-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?`},
	{Name: "Keyword", Pattern: `true|false|null`},
	{Name: "Punct", Pattern: `[{}\[\]:,]`},
	{Name: "Whitespace", Pattern: `[ \t\r\n]+`},
})

type lexed struct {
	Kind  string
	Value string
	Pos   lexer.Position
	Err   string
}

func lexAll(t *testing.T, d lexer.Definition, src string) []lexed {
	t.Helper()
	names := map[lexer.TokenType]string{}
	for n, ty := range d.Symbols() {
		names[ty] = n
	}
	l, err := d.(lexer.StringDefinition).LexString("f", src)
	if err != nil {
		t.Fatal(err)
	}
	var out []lexed
	for {
		tok, err := l.Next()
		if err != nil {
			le := err.(*lexer.Error)
			return append(out, lexed{Err: le.Msg, Pos: le.Pos})
		}
		out = append(out, lexed{Kind: names[tok.Type], Value: tok.Value, Pos: tok.Pos})
		if tok.EOF() {
			return out
		}
	}
}

func TestLexerAsRegexps(t *testing.T) {
	cases := []string{
		`{"command": "str_replace", "path": "a.go", "old_str": "x\ty\"z\\", "new_str": "é ✓ \u00e9"}`,
		"[1, -2, 0.5, 1e9, -0.25E-3, 01, 1., 1e, -, 1.e5, 2E+]\n\t\r ",
		"[true, false, null, tru, nulll, falsey]",
		"\"line\nbreak\"", "\"escaped \\\nbreak\"", `"\q"`, `"\u00e9\u12"`, `"\uD83D\ude00\/"`, "\"\\\xc3\xa9\"", "\"unterminated", "\"\\", "\"bad \x01 control\"",
		"{\"a\":\n  [\"é\", \"\xff\xfe\", \"\\\xff\"]}\n", "@", "  ünïcode", "",
	}
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{`"`, `\`, `\u`, "u", "f", "0", "D", "\n", " ", "\t", "1", "0", "-", ".", "e", "E", "+", "t", "true", "null", "false",
		"{", "}", "[", "]", ":", ",", "é", "\x01", "\xff", "a"}
	for range 3000 {
		var b strings.Builder
		for range r.IntN(24) {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		cases = append(cases, b.String())
	}
	for _, src := range cases {
		if diff := cmp.Diff(lexAll(t, regexpLexer, src), lexAll(t, jsonLexer, src)); diff != "" {
			t.Fatalf("%q (-regexp +hand):\n%s", src, diff)
		}
	}
}

// Text decodes what encoding/json decodes, and refuses what it refuses.
func TestTextAsDecoder(t *testing.T) {
	for _, tok := range []string{`"plain"`, `""`, `"é ✓"`, `"a\"b"`, `"\u00e9\n"`, "\"bad \xff utf8\"", "\"tab\there\"", "\"ctl\x01\"", `"x`, `x"`, `"a"b"`, `"\"`, `"\\"`} {
		var want string
		werr := json.Unmarshal([]byte(tok), &want)
		got, ok := Text(tok)
		if ok != (werr == nil) || ok && got != want {
			t.Errorf("Text(%q) = %q, %v; encoding/json: %q, %v", tok, got, ok, want, werr)
		}
	}
}
