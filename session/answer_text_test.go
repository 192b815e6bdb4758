package session

import (
	"encoding/binary"
	"testing"
	"unicode/utf16"
)

// encode writes s in UTF-16 or UTF-32 of the given byte order, after its
// byte-order mark, as Windows tools save text.
func encode(s string, bits int, order binary.AppendByteOrder) []byte {
	var out []byte
	switch bits {
	case 16:
		out = order.AppendUint16(out, 0xFEFF)
		for _, u := range utf16.Encode([]rune(s)) {
			out = order.AppendUint16(out, u)
		}
	case 32:
		out = order.AppendUint32(out, 0xFEFF)
		for _, r := range s {
			out = order.AppendUint32(out, uint32(r))
		}
	}
	return out
}

func TestDecodeAnswer(t *testing.T) {
	const text = "#!SHAM [@three-char-SHA-256: w1]\naction = \"file_write\"\npath = \"é😀.txt\"\n#!END_SHAM_w1\n"
	for _, tc := range []struct {
		name string
		in   []byte
	}{
		{"UTF-8", []byte(text)},
		{"UTF-16LE", encode(text, 16, binary.LittleEndian)},
		{"UTF-16BE", encode(text, 16, binary.BigEndian)},
		{"UTF-32LE", encode(text, 32, binary.LittleEndian)},
		{"UTF-32BE", encode(text, 32, binary.BigEndian)},
	} {
		got, err := DecodeAnswer(tc.in)
		if err != nil || string(got) != text {
			t.Errorf("%s: DecodeAnswer = %q, %v; want the text", tc.name, got, err)
		}
	}
	// UTF-8 with its mark passes as it is: the parser skips the mark.
	if got, err := DecodeAnswer([]byte("\ufeff" + text)); err != nil || string(got) != "\ufeff"+text {
		t.Errorf("UTF-8 with a mark: DecodeAnswer = %q, %v", got, err)
	}
	if got, err := DecodeAnswer(nil); err != nil || len(got) != 0 {
		t.Errorf("empty: DecodeAnswer = %q, %v", got, err)
	}
}

// An answer that cannot be decoded exactly is refused with one line naming
// the encoding and the byte, never decoded with replacement characters.
func TestDecodeAnswerRefuses(t *testing.T) {
	le16 := encode("ab", 16, binary.LittleEndian)
	for _, tc := range []struct {
		name string
		in   []byte
		want string
	}{
		{"odd length", append(le16[:len(le16):len(le16)], 'x'),
			"the answer is UTF-16LE by its byte-order mark but is not valid UTF-16LE at byte 6 (it ends in half a character); save it again as UTF-8 or UTF-16LE"},
		{"lone high surrogate", append(le16[:len(le16):len(le16)], 0x00, 0xD8, 'c', 0),
			"the answer is UTF-16LE by its byte-order mark but is not valid UTF-16LE at byte 6 (a surrogate without its pair); save it again as UTF-8 or UTF-16LE"},
		{"high surrogate at the end", append(le16[:len(le16):len(le16)], 0x00, 0xD8),
			"the answer is UTF-16LE by its byte-order mark but is not valid UTF-16LE at byte 6 (a surrogate without its pair); save it again as UTF-8 or UTF-16LE"},
		{"UTF-32 past U+10FFFF", append(encode("a", 32, binary.BigEndian), 0, 0x11, 0, 0),
			"the answer is UTF-32BE by its byte-order mark but is not valid UTF-32BE at byte 8 (0x110000 is no character); save it again as UTF-8 or UTF-32BE"},
		{"UTF-32 part of a character", append(encode("a", 32, binary.LittleEndian), 'b', 0),
			"the answer is UTF-32LE by its byte-order mark but is not valid UTF-32LE at byte 8 (it ends in part of a character); save it again as UTF-8 or UTF-32LE"},
		{"UTF-16 without a mark", encode("ab", 16, binary.LittleEndian)[2:],
			"the answer has NUL bytes among its first characters, as UTF-16 saved without a byte-order mark does; save it as UTF-8"},
		{"UTF-32 without a mark", encode("ab", 32, binary.BigEndian)[4:],
			"the answer has NUL bytes among its first characters, as UTF-32 saved without a byte-order mark does; save it as UTF-8"},
	} {
		got, err := DecodeAnswer(tc.in)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s: DecodeAnswer = %q, %v; want the error %q", tc.name, got, err, tc.want)
		}
	}
}
