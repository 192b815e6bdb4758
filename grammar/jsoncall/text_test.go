package jsoncall

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// TextAt gives each decoded byte the offset its character or escape was
// written at: a plain character at its own byte, an escape (\n, \", \/)
// at its backslash for its one byte, \u00e9 at its backslash for both of
// é's bytes, a surrogate pair at its first backslash for the four bytes of
// its character, a lone surrogate and an invalid UTF-8 byte as U+FFFD's
// three bytes at that place; the closing quote ends the list.
func TestTextAt(t *testing.T) {
	for _, tc := range []struct {
		tok, text string
		at        []int
	}{
		{`""`, "", []int{1}},
		{`"ab"`, "ab", []int{1, 2, 3}},
		{`"a\nb"`, "a\nb", []int{1, 2, 4, 5}},
		{`"\"\\\/\b\f\r\t"`, "\"\\/\b\f\r\t", []int{1, 3, 5, 7, 9, 11, 13, 15}},
		{`"é"`, "é", []int{1, 2, 3}},
		{`"\u00e9x"`, "éx", []int{1, 1, 7, 8}},
		{`"\u00E9"`, "é", []int{1, 1, 7}},
		{`"\ud83d\ude00!"`, "😀!", []int{1, 1, 1, 1, 13, 14}},
		{`"\ud83d"`, "\uFFFD", []int{1, 1, 1, 7}},
		{`"\ud83d\u0041"`, "\uFFFDA", []int{1, 1, 1, 7, 13}},
		{`"\ude00\ud83d"`, "\uFFFD\uFFFD", []int{1, 1, 1, 7, 7, 7, 13}},
		{"\"a\xffb\"", "a\uFFFDb", []int{1, 2, 2, 2, 3, 4}},
		{"\"\xe2\x9c\x93\"", "✓", []int{1, 2, 3, 4}},
	} {
		text, at, ok := TextAt(tc.tok)
		if !ok || text != tc.text || !cmp.Equal(at, tc.at) {
			t.Errorf("TextAt(%s) = %q %v %v, want %q %v", tc.tok, text, at, ok, tc.text, tc.at)
		}
	}
	// what encoding/json refuses: an escape JSON does not have, a \u
	// without four hex digits, a backslash or quote left open, a control
	// character, a quote inside, no quotes
	for _, tok := range []string{`"\q"`, `"\x41"`, `"\u12"`, `"\u12G4"`, `"\U00e9"`, `"\"`, `"a`, `"`, "\"a\tb\"", "\"a\nb\"", `"a"b"`, `ab`, `a"`, ``, "\"\\\xc3\xa9\""} {
		if text, at, ok := TextAt(tok); ok {
			t.Errorf("TextAt(%q) = %q %v, want not ok", tok, text, at)
		}
	}
}

// TextAt reads what encoding/json reads and refuses what it refuses, on
// random tokens of escapes, quotes, UTF-8 and bytes that are not; and each
// run of text bytes read from one place decodes, alone, to those bytes.
func TestTextAtAsDecoder(t *testing.T) {
	parts := []string{`\n`, `\"`, `\\`, `\/`, `\b`, `\u00e9`, `\u00E9`, `\ud83d`, `\ude00`, `\u0041`, `\u12`, `\uzzzz`, `\q`, `\`,
		`"`, "a", "é", "😀", "\xff", "\xc3", "\t", " ", "\x7f", "\uFFFD", `\u`}
	r := rand.New(rand.NewPCG(4, 2))
	valid := 0
	for range 20000 {
		var b strings.Builder
		b.WriteString(`"`)
		for range r.IntN(8) {
			b.WriteString(parts[r.IntN(len(parts))])
		}
		if r.IntN(10) > 0 {
			b.WriteString(`"`)
		}
		tok := strings.TrimRight(b.String(), " \t") // encoding/json reads blanks after the value
		var want string
		werr := json.Unmarshal([]byte(tok), &want)
		text, at, ok := TextAt(tok)
		if ok != (werr == nil) || ok && text != want {
			t.Fatalf("TextAt(%q) = %q, %v; encoding/json: %q, %v", tok, text, ok, want, werr)
		}
		if !ok {
			continue
		}
		valid++
		if len(at) != len(text)+1 || at[len(text)] != len(tok)-1 {
			t.Fatalf("TextAt(%q): %d offsets for %d bytes, last %d", tok, len(at), len(text), at[len(at)-1])
		}
		for i := 0; i < len(text); {
			j := i + 1
			for j < len(text) && (at[j] == at[i] || !utf8.ValidString(text[i:j])) {
				j++
			}
			if at[j] <= at[i] {
				t.Fatalf("TextAt(%q): offsets %v do not rise at %d", tok, at, j)
			}
			if got, _ := Text(`"` + tok[at[i]:at[j]] + `"`); got != text[i:j] {
				t.Fatalf("TextAt(%q): %q at %d-%d reads as %q, not %q", tok, tok[at[i]:at[j]], at[i], at[j], got, text[i:j])
			}
			i = j
		}
	}
	if valid < 3000 {
		t.Fatalf("only %d of the random tokens were JSON strings", valid)
	}
}
