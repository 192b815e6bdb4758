package lsp

import (
	"bytes"
	"context"
	"strconv"
	"unicode/utf8"
	"unsafe"

	"go.lsp.dev/protocol"
)

// decodeDidOpen decodes didOpen params with the document's text taken out
// of protocol's decoder: that decoder unescapes a string byte by byte, and a
// 5.6 MB answer (a \n or \t every few bytes) cost it a third of the time from
// didOpen to the first diagnostics (issue 17 §3). The text's JSON string is
// found by a scan that only tracks strings and nesting, cut out of the message
// (the rest, a few hundred bytes, goes to protocol.Unmarshal as before), and
// unescaped here a run at a time. ok is false, and the caller uses protocol's
// decoder on the whole message, whenever anything is not plain: no text
// member found, a surrogate escape, invalid UTF-8, a bad escape.
func decodeDidOpen(raw []byte) (p *protocol.DidOpenTextDocumentParams, ok bool) {
	start, end := textMember(raw)
	if start < 0 {
		return nil, false
	}
	text, ok := unescapeJSON(raw[start+1 : end-1])
	if !ok {
		return nil, false
	}
	rest := make([]byte, 0, len(raw)-(end-start)+2)
	rest = append(append(append(rest, raw[:start]...), `""`...), raw[end:]...)
	p = new(protocol.DidOpenTextDocumentParams)
	if err := protocol.Unmarshal(rest, p); err != nil {
		return nil, false
	}
	p.TextDocument.Text = text
	return p, true
}

// textMember returns the span of the JSON string that is member "text" of
// member "textDocument" of the top-level object, quotes included, or -1, -1.
func textMember(raw []byte) (int, int) {
	depth := 0
	var key [3]string // the last key seen at each depth 1..2
	for i := 0; i < len(raw); i++ {
		switch raw[i] {
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		case '"':
			end := stringEnd(raw, i)
			if end < 0 {
				return -1, -1
			}
			j := skipSpace(raw, end)
			isKey := j < len(raw) && raw[j] == ':'
			if isKey && depth >= 1 && depth <= 2 {
				key[depth] = string(raw[i+1 : end-1])
			}
			if !isKey && depth == 2 && key[1] == "textDocument" && key[2] == "text" {
				return i, end
			}
			i = end - 1
		}
	}
	return -1, -1
}

// stringEnd returns the offset just past the closing quote of the string
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

// unescapeJSON decodes the body of a JSON string (no quotes); false for what
// it leaves to protocol's decoder. A plain loop: in an answer an escape
// (\n, \t) comes every few bytes, too often for bytes.IndexByte to pay.
func unescapeJSON(s []byte) (string, bool) {
	if !utf8.Valid(s) {
		return "", false
	}
	out := make([]byte, len(s))
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			if c < 0x20 { // a raw control character: not JSON
				return "", false
			}
			out[n] = c
			n++
			continue
		}
		if i+1 >= len(s) {
			return "", false
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
				return "", false
			}
			r, err := strconv.ParseUint(string(s[i+1:i+5]), 16, 16)
			if err != nil || r >= 0xD800 && r < 0xE000 {
				return "", false
			}
			n += utf8.EncodeRune(out[n:], rune(r)) // at most 3 bytes, from 6 escaped
			i += 4
			continue
		default:
			return "", false
		}
		out[n] = c
		n++
	}
	// out is never written to again: the text shares it.
	return unsafe.String(unsafe.SliceData(out), n), true
}

// fastParams decodes a didOpen's params with decodeDidOpen; false for any
// other method, or when protocol's decoder must decide.
func (s *Server) fastParams(method string, raw []byte) (*protocol.DidOpenTextDocumentParams, bool) {
	if method != protocol.MethodTextDocumentDidOpen {
		return nil, false
	}
	return decodeDidOpen(raw)
}

// openDecoded is DidOpen for params from decodeDidOpen, whose text is a
// string of its own: the document keeps its bytes rather than a copy.
func (s *Server) openDecoded(ctx context.Context, p *protocol.DidOpenTextDocumentParams) error {
	t := p.TextDocument.Text
	return s.open(ctx, p, unsafe.Slice(unsafe.StringData(t), len(t)))
}
