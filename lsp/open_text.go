package lsp

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"runtime"
	"sync"
	"unicode/utf8"
)

// unescapeSplitMin is the escaped length from which unescapeText splits the
// work in two: below it a goroutine costs more than it saves.
const unescapeSplitMin = 1 << 20

// unescapeText decodes the body of a JSON string (no quotes) as
// encoding/json would; false for what it leaves to protocol's decoder: a
// lone surrogate escape, invalid UTF-8, a raw control character or quote, a
// bad escape.
//
// A big text is cut in two at an escape and both halves decode at once, each
// into its own part of one buffer: a decoded part is never longer than its
// escaped bytes, so the second half decodes in place at its own offset and
// then moves down behind the first.
func unescapeText(s []byte) ([]byte, bool) {
	cut := len(s)
	if len(s) >= unescapeSplitMin && runtime.GOMAXPROCS(0) > 1 {
		cut = escapeAfter(s, len(s)/2)
	}
	return unescapeCut(s, cut)
}

// unescapeCut is unescapeText with the cut chosen: len(s) for none, else an
// offset from escapeAfter.
func unescapeCut(s []byte, cut int) ([]byte, bool) {
	out := make([]byte, len(s))
	if cut == len(s) {
		n, ok := unescapeRun(s, out)
		return out[:n], ok
	}
	var n2 int
	var ok2 bool
	var wg sync.WaitGroup
	wg.Go(func() { n2, ok2 = unescapeRun(s[cut:], out[cut:]) })
	n1, ok1 := unescapeRun(s[:cut], out)
	wg.Wait()
	if !ok1 || !ok2 {
		return nil, false
	}
	n := n1 + copy(out[n1:], out[cut:cut+n2])
	return out[:n], true
}

// escapeAfter returns the offset of the first backslash at or after from that
// starts an escape (an even run of backslashes before it) and is not the
// second half of a surrogate pair, or len(s): a place where the string can be
// cut and each side decoded alone.
func escapeAfter(s []byte, from int) int {
	for i := from; i < len(s); {
		j := bytes.IndexByte(s[i:], '\\')
		if j < 0 {
			return len(s)
		}
		i += j
		run := 0
		for k := i - 1; k >= 0 && s[k] == '\\'; k-- {
			run++
		}
		if run%2 == 0 && !lowSurrogateAt(s, i) {
			return i
		}
		i++
	}
	return len(s)
}

// lowSurrogateAt says whether s[i:] starts with a \uDC00–\uDFFF escape.
func lowSurrogateAt(s []byte, i int) bool {
	if i+6 > len(s) || s[i+1] != 'u' {
		return false
	}
	r, ok := hex4(s[i+2 : i+6])
	return ok && r >= 0xDC00 && r < 0xE000
}

// unescapeRun decodes escaped string bytes s into out (len(out) >= len(s))
// and returns the decoded length. Plain bytes go eight at a time: each step
// copies eight and moves up to the first that needs a look (a backslash, a
// quote, a control character), so even an answer with an escape every few
// bytes (\n, \t), too often for bytes.IndexByte to pay, takes one step per
// escape.
func unescapeRun(s, out []byte) (int, bool) {
	if !utf8.Valid(s) {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		for i+8 <= len(s) && s[i] != '\\' { // an escape after an escape: no step
			x := binary.LittleEndian.Uint64(s[i:])
			binary.LittleEndian.PutUint64(out[n:], x) // n <= i: in bounds
			m := needsLook(x)
			if m == 0 {
				i, n = i+8, n+8
				continue
			}
			k := bits.TrailingZeros64(m) >> 3
			i, n = i+k, n+k
			break
		}
		if i >= len(s) {
			break
		}
		c := s[i]
		if c != '\\' {
			if c < 0x20 || c == '"' { // a raw control character or quote: not JSON
				return 0, false
			}
			out[n] = c
			n++
			continue
		}
		if i+1 >= len(s) {
			return 0, false
		}
		i++
		switch s[i] {
		case 'n':
			c = '\n'
		case 't':
			c = '\t'
		case 'r':
			c = '\r'
		case '"', '\\', '/':
			c = s[i]
		case 'b':
			c = '\b'
		case 'f':
			c = '\f'
		case 'u':
			if i+5 > len(s) {
				return 0, false
			}
			r, ok := hex4(s[i+1 : i+5])
			if !ok {
				return 0, false
			}
			i += 4
			if r >= 0xDC00 && r < 0xE000 {
				return 0, false // a low surrogate alone
			}
			if r >= 0xD800 && r < 0xDC00 {
				// A high surrogate must be followed by a low one; the pair
				// is one rune of four bytes, from twelve escaped.
				if i+7 > len(s) || s[i+1] != '\\' || s[i+2] != 'u' {
					return 0, false
				}
				lo, ok := hex4(s[i+3 : i+7])
				if !ok || lo < 0xDC00 || lo >= 0xE000 {
					return 0, false
				}
				r = 0x10000 + (r-0xD800)<<10 + (lo - 0xDC00)
				i += 6
			}
			n += utf8.EncodeRune(out[n:], r) // never more bytes than escaped
			continue
		default:
			return 0, false
		}
		out[n] = c
		n++
	}
	return n, true
}

// needsLook marks, with its top bit, each byte of x that a JSON string
// cannot hold as is: a backslash, a quote, a control character. Exact per
// byte (no borrow crosses bytes), so the lowest mark is the first such byte.
func needsLook(x uint64) uint64 {
	const lows, highs = 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
	zero := func(y uint64) uint64 { return ^((y&lows + lows) | y | lows) }
	control := ^((x&lows + 0x6060606060606060) | x) & highs // below 0x20
	return zero(x^0x5c5c5c5c5c5c5c5c) | zero(x^0x2222222222222222) | control
}

// hex4 decodes four hex digits.
func hex4(h []byte) (rune, bool) {
	var r rune
	for _, c := range h {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// stringEnd returns the offset just past the closing quote of the JSON string
// opening at raw[at], or -1.
func stringEnd(raw []byte, at int) int {
	for i := at + 1; i < len(raw); {
		j := bytes.IndexByte(raw[i:], '"')
		if j < 0 {
			return -1
		}
		q := i + j
		n := 0 // backslashes just before the quote: odd escapes it
		for k := q - 1; k > at && raw[k] == '\\'; k-- {
			n++
		}
		if n%2 == 0 {
			return q + 1
		}
		i = q + 1
	}
	return -1
}

func skipSpace(raw []byte, i int) int {
	for i < len(raw) && (raw[i] == ' ' || raw[i] == '\t' || raw[i] == '\n' || raw[i] == '\r') {
		i++
	}
	return i
}
