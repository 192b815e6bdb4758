package mcp

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// screened runs input through the screen: what the SDK would read, and
// what the screen answered itself.
func screened(t *testing.T, input string) (passed, answered string) {
	t.Helper()
	var out bytes.Buffer
	s := &screen{in: newReader(strings.NewReader(input)), out: &lockedWriter{w: &out}}
	b, err := io.ReadAll(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b), out.String()
}

// Each malformed line gets its JSON-RPC error, in order, and every good
// line reaches the SDK, whatever came before it.
func TestStdioScreen(t *testing.T) {
	input := strings.Join([]string{
		`hello`,
		`{"jsonrpc":"2.0","id":1,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":2,"method":"ping"`,
		``,
		`   `,
		`{"jsonrpc":"1.0","id":3,"method":"ping"}`,
		`{"jsonrpc":"1.0","id":"a","method":"ping"}`,
		`[{"jsonrpc":"2.0","id":4,"method":"ping"}]`,
		`[]`,
		`5`,
		`null`,
		`{"jsonrpc":"2.0","id":{},"method":"ping"}`,
		`{"jsonrpc":"2.0","id":true,"method":"ping"}`,
		`{"jsonrpc":"2.0","result":{}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\r",
		`{"a":1} {"b":2}`,
		"\ufeff" + `{"jsonrpc":"2.0","id":5,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":6,"result":{}}`,
		`{"jsonrpc":"2.0","id":7,"method":"ping"}`, // no newline at the end of input
	}, "\n")
	passed, answered := screened(t, input)
	wantPassed := `{"jsonrpc":"2.0","id":1,"method":"ping"}
{"jsonrpc":"2.0","method":"notifications/initialized"}
{"jsonrpc":"2.0","id":5,"method":"ping"}
{"jsonrpc":"2.0","id":6,"result":{}}
{"jsonrpc":"2.0","id":7,"method":"ping"}
`
	wantAnswered := `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: invalid character 'h' looking for beginning of value"}}
{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: unexpected end of JSON input"}}
{"jsonrpc":"2.0","id":3,"error":{"code":-32600,"message":"Invalid Request: invalid message version tag \"1.0\"; expected \"2.0\""}}
{"jsonrpc":"2.0","id":"a","error":{"code":-32600,"message":"Invalid Request: invalid message version tag \"1.0\"; expected \"2.0\""}}
{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: a batch (JSON array); clada mcp takes one JSON-RPC message per line"}}
{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: a batch (JSON array); clada mcp takes one JSON-RPC message per line"}}
{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: a JSON-RPC message is a JSON object"}}
{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: a JSON-RPC message is a JSON object"}}
{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: id must be a string or a number"}}
{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: id must be a string or a number"}}
{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: neither a method (a request) nor an id (a response)"}}
{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: invalid character '{' after top-level value"}}
`
	if diff := cmp.Diff(wantPassed, passed); diff != "" {
		t.Errorf("passed to the SDK (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(wantAnswered, answered); diff != "" {
		t.Errorf("answered (-want +got):\n%s", diff)
	}
}

// A line longer than the SDK's frame limit is answered and skipped to its
// end, without holding more than the limit; the next line is served.
func TestStdioScreenLongLine(t *testing.T) {
	long := `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"` + strings.Repeat("a", sdk.DefaultMaxLineLength) + `"}}`
	passed, answered := screened(t, long+"\n"+`{"jsonrpc":"2.0","id":2,"method":"ping"}`+"\n")
	if want := `{"jsonrpc":"2.0","id":2,"method":"ping"}` + "\n"; passed != want {
		t.Errorf("passed %.200q, want %q", passed, want)
	}
	if want := `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: a message longer than 16777216 bytes; clada mcp reads at most that per line"}}` + "\n"; answered != want {
		t.Errorf("answered %q, want %q", answered, want)
	}
}
