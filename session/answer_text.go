package session

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"unicode/utf16"
	"unicode/utf8"
)

// DecodeAnswer is the one place an answer's bytes become the UTF-8 text
// clada parses, for every front door that reads bytes: `clada apply`,
// `check` and `fmt` (a file, stdin or --from-clipboard), `clada watch` (its
// file and the clipboard) and the MCP answer tools. Some Windows tools save
// text as UTF-16 (Windows PowerShell's `>` writes UTF-16LE) and a few as
// UTF-32, each with a byte-order mark: such an answer is decoded by its mark,
// where it was read as bytes with no block in them and nothing was done.
// UTF-8, with or without its mark, passes as it is (the parser skips the
// mark). An answer that starts with NUL bytes is UTF-16 or UTF-32 saved
// without a mark: which one cannot be told for sure, so it is refused,
// naming what it looks like; so is a marked answer that is not valid in its
// encoding (half a character at the end, an unpaired surrogate), since
// decoding it with replacement characters would write them into files.
//
// The language server needs none of this: the editor sends a document's
// text as a JSON string, already decoded from whatever the file holds. Nor
// do the MCP tools strictly (their text is a JSON string too), but they call
// it all the same so the rule stays in one place.
//
// The decoding is written here rather than taken from
// golang.org/x/text/encoding/unicode: a byte-order mark decides the
// encoding, unicode/utf16 pairs the surrogates, and UTF-32 is four bytes a
// character; x/text would add a module for that and still need its own
// sniffing for UTF-32 (a separate package), and it replaces bad sequences
// where clada refuses them.
func DecodeAnswer(data []byte) ([]byte, error) {
	switch {
	case bytes.HasPrefix(data, []byte{0xFF, 0xFE, 0, 0}):
		return decodeUTF32(data[4:], binary.LittleEndian, "UTF-32LE")
	case bytes.HasPrefix(data, []byte{0, 0, 0xFE, 0xFF}):
		return decodeUTF32(data[4:], binary.BigEndian, "UTF-32BE")
	case bytes.HasPrefix(data, []byte{0xFF, 0xFE}):
		return decodeUTF16(data[2:], binary.LittleEndian, "UTF-16LE")
	case bytes.HasPrefix(data, []byte{0xFE, 0xFF}):
		return decodeUTF16(data[2:], binary.BigEndian, "UTF-16BE")
	case bytes.IndexByte(data[:min(len(data), 4)], 0) >= 0:
		guess := "UTF-16"
		if len(data) >= 4 && (data[1] == 0 && data[2] == 0 || data[0] == 0 && data[1] == 0) {
			guess = "UTF-32"
		}
		return nil, fmt.Errorf("the answer has NUL bytes among its first characters, as %s saved without a byte-order mark does; save it as UTF-8", guess)
	}
	return data, nil
}

// decodeUTF16 decodes b (after the mark) to UTF-8.
func decodeUTF16(b []byte, order binary.ByteOrder, name string) ([]byte, error) {
	if len(b)%2 != 0 {
		return nil, badEncoding(name, len(b)-1+2, "it ends in half a character")
	}
	out := make([]byte, 0, len(b)/2+len(b)/8)
	for i := 0; i < len(b); i += 2 {
		r := rune(order.Uint16(b[i:]))
		if utf16.IsSurrogate(r) {
			if i+4 > len(b) {
				return nil, badEncoding(name, i+2, "a surrogate without its pair")
			}
			r = utf16.DecodeRune(r, rune(order.Uint16(b[i+2:])))
			if r == utf8.RuneError {
				return nil, badEncoding(name, i+2, "a surrogate without its pair")
			}
			i += 2
		}
		out = utf8.AppendRune(out, r)
	}
	return out, nil
}

// decodeUTF32 decodes b (after the mark) to UTF-8.
func decodeUTF32(b []byte, order binary.ByteOrder, name string) ([]byte, error) {
	if len(b)%4 != 0 {
		return nil, badEncoding(name, len(b)-len(b)%4+4, "it ends in part of a character")
	}
	out := make([]byte, 0, len(b)/4+len(b)/16)
	for i := 0; i < len(b); i += 4 {
		r := order.Uint32(b[i:])
		if r > utf8.MaxRune || utf16.IsSurrogate(rune(r)) {
			return nil, badEncoding(name, i+4, fmt.Sprintf("0x%X is no character", r))
		}
		out = utf8.AppendRune(out, rune(r))
	}
	return out, nil
}

// badEncoding names the encoding the mark declared and the first bad byte,
// counted from the start of the input (the mark included).
func badEncoding(name string, at int, what string) error {
	return fmt.Errorf("the answer is %s by its byte-order mark but is not valid %s at byte %d (%s); save it again as UTF-8 or %s", name, name, at, what, name)
}
