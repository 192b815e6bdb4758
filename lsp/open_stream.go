package lsp

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"strconv"
	"sync"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// openStream is the header framing with one shortcut for big didOpens.
//
// Opening a 5.6 MB answer cost three passes over its JSON text before the
// parse began: jsonrpc2's scan of the frame, a second scan to find the text
// member, and the unescaping (README, "Tests"). openStream reads each frame
// itself, and when it is a didOpen whose text is big, finds the text in one
// scan and unescapes it split over the cores (open_text.go); the line table
// is source.NewFile's, which is split over the cores too. jsonrpc2 then gets a
// stand-in frame
// with the text replaced by a key, a few hundred bytes, and DidOpen swaps the
// key for the text held here.
//
// The key is unguessable (a random prefix per connection), so no text a
// client sends can be mistaken for one, and only the frame read last is held:
// messages are handled inline on the read loop (see server.go), so its
// handler has run, or dropped it, before the next frame is read. Anything the
// scan does not follow exactly (another member order is fine; a duplicate
// member, a lone surrogate, invalid UTF-8, malformed JSON is not) leaves the
// frame as it came, for jsonrpc2 and protocol's decoder to decide.
type openStream struct {
	jsonrpc2.Stream         // Read, Write and Close of the header framing
	frames          frameIO // the same framing, frame by frame
	minText         int     // the smallest escaped text taken out of a frame

	prefix string // "\x00clada-open:<random>:" then a sequence number

	mu   sync.Mutex
	seq  uint64
	key  string // the stand-in for held; "" when nothing is held
	held []byte // the text taken out of the frame read last
	buf  []byte // the stand-in frame, valid until the next read
}

// frameIO is the raw-frame side of jsonrpc2's streams: jsonrpc2 reads frames
// through it when a stream offers it, and so does openStream.
type frameIO interface {
	ReadFrame(ctx context.Context) ([]byte, int64, error)
	WriteFrame(ctx context.Context, data []byte) (int64, error)
}

// openTextMin is where taking the text out starts to pay: below it protocol's
// decoder costs well under a millisecond.
const openTextMin = 256 << 10

// newOpenStream frames rwc with LSP headers.
func newOpenStream(rwc io.ReadWriteCloser) (*openStream, error) {
	inner := jsonrpc2.NewHeaderStream(rwc)
	frames, ok := inner.(frameIO)
	if !ok {
		return nil, fmt.Errorf("clada-lsp: jsonrpc2's header stream reads no raw frames")
	}
	var r [12]byte
	if _, err := rand.Read(r[:]); err != nil {
		return nil, fmt.Errorf("clada-lsp: random key for big didOpens: %w", err)
	}
	return &openStream{
		Stream: inner, frames: frames, minText: openTextMin,
		prefix: "\x00clada-open:" + hex.EncodeToString(r[:]) + ":",
	}, nil
}

// ReadFrame reads the next frame; a big didOpen comes back as its stand-in.
func (s *openStream) ReadFrame(ctx context.Context) ([]byte, int64, error) {
	frame, n, err := s.frames.ReadFrame(ctx)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.key, s.held = "", nil // not taken: its message was dropped
	if err != nil || len(frame) < s.minText {
		return frame, n, err
	}
	method, start, end, ok := scanOpenFrame(frame)
	if !ok || string(method) != `"`+protocol.MethodTextDocumentDidOpen+`"` || end-start < s.minText {
		return frame, n, nil
	}
	text, ok := unescapeText(frame[start+1 : end-1])
	if !ok {
		return frame, n, nil
	}
	s.seq++
	s.key = s.prefix + strconv.FormatUint(s.seq, 10)
	s.held = text
	// The key needs no escape but its NUL.
	quoted := `"\u0000` + s.key[1:] + `"`
	s.buf = append(append(append(s.buf[:0], frame[:start]...), quoted...), frame[end:]...)
	return s.buf, n, nil
}

// WriteFrame writes an already encoded frame.
func (s *openStream) WriteFrame(ctx context.Context, data []byte) (int64, error) {
	return s.frames.WriteFrame(ctx, data)
}

// take returns the text text stands in for, if it is the key of the text
// held; the text is handed over once.
func (s *openStream) take(text string) ([]byte, bool) {
	if s == nil {
		return nil, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.key == "" || text != s.key {
		return nil, false
	}
	held := s.held
	s.key, s.held = "", nil
	return held, true
}

// scanOpenFrame finds, in a JSON-RPC frame, the method member (its raw JSON
// value) and the span of params.textDocument.text, quotes included. Members
// may come in any order; ok is false when a member it looks for occurs twice
// or is not of its type, when the text is not found, or when the frame is not
// well formed as far as the scan looks (jsonrpc2 validates the rest).
func scanOpenFrame(f []byte) (method []byte, start, end int, ok bool) {
	start, end = -1, -1
	var params, doc int // how often each was seen: once only
	err := false
	top := func(key []byte, at int) int {
		switch string(key) {
		case `"method"`:
			e := stringEnd(f, at)
			if method != nil || f[at] != '"' || e < 0 {
				err = true
				return -1
			}
			method = f[at:e]
			return e
		case `"params"`:
			if params++; params > 1 {
				err = true
				return -1
			}
			return scanMembers(f, at, func(key []byte, at int) int {
				if string(key) != `"textDocument"` {
					return skipValue(f, at)
				}
				if doc++; doc > 1 {
					err = true
					return -1
				}
				return scanMembers(f, at, func(key []byte, at int) int {
					if string(key) != `"text"` {
						return skipValue(f, at)
					}
					e := stringEnd(f, at)
					if start >= 0 || f[at] != '"' || e < 0 {
						err = true
						return -1
					}
					start, end = at, e
					return e
				})
			})
		}
		return skipValue(f, at)
	}
	e := scanMembers(f, skipSpace(f, 0), top)
	if err || e < 0 || skipSpace(f, e) != len(f) || method == nil || start < 0 {
		return nil, -1, -1, false
	}
	return method, start, end, true
}

// scanMembers walks the object opening at f[at], calling member with each
// key (raw, quotes included) and the offset of its value; member returns the
// offset just past the value, or -1. scanMembers returns the offset just past
// the object, or -1.
func scanMembers(f []byte, at int, member func(key []byte, at int) int) int {
	if at >= len(f) || f[at] != '{' {
		return -1
	}
	i := skipSpace(f, at+1)
	if i < len(f) && f[i] == '}' {
		return i + 1
	}
	for {
		if i >= len(f) || f[i] != '"' {
			return -1
		}
		k := stringEnd(f, i)
		if k < 0 {
			return -1
		}
		j := skipSpace(f, k)
		if j >= len(f) || f[j] != ':' {
			return -1
		}
		v := skipSpace(f, j+1)
		if v >= len(f) {
			return -1
		}
		e := member(f[i:k], v)
		if e < 0 {
			return -1
		}
		i = skipSpace(f, e)
		if i >= len(f) {
			return -1
		}
		switch f[i] {
		case ',':
			i = skipSpace(f, i+1)
		case '}':
			return i + 1
		default:
			return -1
		}
	}
}

// skipValue returns the offset just past the JSON value at f[at], or -1. It
// follows strings and nesting only: what is inside is jsonrpc2's and
// protocol's to validate.
func skipValue(f []byte, at int) int {
	switch f[at] {
	case '"':
		return stringEnd(f, at)
	case '{', '[':
		depth := 0
		for i := at; i < len(f); i++ {
			switch f[i] {
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return i + 1
				}
			case '"':
				e := stringEnd(f, i)
				if e < 0 {
					return -1
				}
				i = e - 1
			}
		}
		return -1
	}
	i := at
	for i < len(f) && f[i] != ',' && f[i] != '}' && f[i] != ']' && f[i] != ' ' && f[i] != '\t' && f[i] != '\n' && f[i] != '\r' {
		i++
	}
	if i == at {
		return -1
	}
	return i
}
