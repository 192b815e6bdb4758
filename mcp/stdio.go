package mcp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Stdio is the transport `clada mcp` serves on: the SDK's newline-delimited
// JSON-RPC over r and w (sdk.IOTransport), with every line screened first.
// The SDK's reader ends the session at the first line it cannot decode; a
// server a client talks to for hours must not die of one bad line. So a
// line that is not JSON is answered with a parse error (-32700, id null), a
// line that is JSON but no JSON-RPC message (or a batch, which the MCP
// revisions clada negotiates no longer have) with an invalid request
// (-32600, with its id when it has a usable one), and the server keeps
// serving; every other line reaches the SDK unchanged. Closing the
// transport closes neither r nor w.
func Stdio(r io.Reader, w io.Writer) sdk.Transport {
	out := &lockedWriter{w: w}
	return &sdk.IOTransport{Reader: io.NopCloser(&screen{in: newReader(r), out: out}), Writer: out}
}

func newReader(r io.Reader) *bufio.Reader { return bufio.NewReaderSize(r, 64<<10) }

// maxLine is the longest line passed on, the SDK's own bound on a frame.
const maxLine = sdk.DefaultMaxLineLength

// screen reads lines from in and yields those the SDK can decode; it
// answers the others on out itself.
type screen struct {
	in      *bufio.Reader
	out     *lockedWriter
	pending []byte // the rest of a line being passed on
	err     error  // the input's end or failure, returned once pending is out
}

func (s *screen) Read(p []byte) (int, error) {
	for len(s.pending) == 0 {
		if s.err != nil {
			return 0, s.err
		}
		line, tooLong, err := s.readLine()
		s.err = err
		if tooLong {
			s.reply(nil, jsonrpc.CodeParseError, fmt.Sprintf("Parse error: a message longer than %d bytes; clada mcp reads at most that per line", maxLine))
			continue
		}
		s.pending = s.check(line)
	}
	n := copy(p, s.pending)
	s.pending = s.pending[n:]
	return n, nil
}

// readLine reads one line, without its newline; tooLong means it ran past
// maxLine and was skipped to its end.
func (s *screen) readLine() (line []byte, tooLong bool, err error) {
	for {
		chunk, err := s.in.ReadSlice('\n')
		if !tooLong {
			line = append(line, chunk...)
			if len(line) > maxLine+1 {
				line, tooLong = nil, true
			}
		}
		if !errors.Is(err, bufio.ErrBufferFull) {
			return bytes.TrimSuffix(line, []byte("\n")), tooLong, err
		}
	}
}

// check returns line as the SDK should read it (with its newline), or nil
// when it is blank or was answered as malformed.
func (s *screen) check(line []byte) []byte {
	// A byte-order mark, which JSON forbids to send and allows to ignore.
	line = bytes.TrimSpace(bytes.TrimPrefix(line, []byte("\ufeff")))
	if len(line) == 0 {
		return nil
	}
	var v any
	if err := json.Unmarshal(line, &v); err != nil {
		s.reply(nil, jsonrpc.CodeParseError, "Parse error: "+err.Error())
		return nil
	}
	obj, ok := v.(map[string]any)
	switch {
	case !ok && isArray(v):
		s.reply(nil, jsonrpc.CodeInvalidRequest, "Invalid Request: a batch (JSON array); clada mcp takes one JSON-RPC message per line")
		return nil
	case !ok:
		s.reply(nil, jsonrpc.CodeInvalidRequest, "Invalid Request: a JSON-RPC message is a JSON object")
		return nil
	}
	switch obj["id"].(type) {
	case nil, string, float64:
	default:
		s.reply(nil, jsonrpc.CodeInvalidRequest, "Invalid Request: id must be a string or a number")
		return nil
	}
	if _, method := obj["method"]; !method && obj["id"] == nil {
		s.reply(nil, jsonrpc.CodeInvalidRequest, "Invalid Request: neither a method (a request) nor an id (a response)")
		return nil
	}
	if _, err := jsonrpc.DecodeMessage(line); err != nil {
		s.reply(usableID(line), jsonrpc.CodeInvalidRequest, "Invalid Request: "+err.Error())
		return nil
	}
	return append(line, '\n')
}

func isArray(v any) bool {
	_, ok := v.([]any)
	return ok
}

// usableID is the id of a malformed message when it is a string or a
// number, so the client can match the error to its request; else nil (null).
func usableID(line []byte) json.RawMessage {
	var m struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(line, &m) != nil || len(m.ID) == 0 {
		return nil
	}
	if c := m.ID[0]; c == '"' || c == '-' || (c >= '0' && c <= '9') {
		return m.ID
	}
	return nil
}

// reply writes one JSON-RPC error response; a failed write ends the input
// too (the client is gone).
func (s *screen) reply(id json.RawMessage, code int64, msg string) {
	if id == nil {
		id = json.RawMessage("null")
	}
	b, err := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   jsonrpc.Error   `json:"error"`
	}{"2.0", id, jsonrpc.Error{Code: code, Message: msg}})
	if err == nil {
		_, err = s.out.Write(append(b, '\n'))
	}
	if err != nil && s.err == nil {
		s.err = err
	}
}

// lockedWriter is the transport's output: the SDK's messages and the
// screen's errors, one whole line per Write, never interleaved. Close
// leaves the underlying writer open.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func (l *lockedWriter) Close() error { return nil }
