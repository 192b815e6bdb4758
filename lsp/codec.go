package lsp

import (
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// codec marshals params and results with go.lsp.dev/protocol's own
// reflection-free, union-aware Marshal/Unmarshal, so sealed-interface unions
// (HoverContents, DefinitionResult, TextDocumentContentChangeEvent, …) cross
// the wire correctly. protocol.NewServer installs the same codec, but it is
// unexported there and Serve cannot use NewServer (see the package comment in
// server.go); already-encoded raw messages pass through untouched, as the
// jsonrpc2.Codec contract requires.
type codec struct{}

var _ jsonrpc2.Codec = codec{}

func (codec) Marshal(v any) ([]byte, error) {
	switch m := v.(type) {
	case jsonrpc2.RawMessage:
		if m == nil {
			return []byte("null"), nil
		}
		return m, nil
	case *jsonrpc2.RawMessage:
		if m == nil || *m == nil {
			return []byte("null"), nil
		}
		return *m, nil
	}
	return protocol.Marshal(v)
}

func (codec) Unmarshal(data []byte, v any) error {
	if p, ok := v.(*jsonrpc2.RawMessage); ok {
		*p = append(jsonrpc2.RawMessage(nil), data...)
		return nil
	}
	return protocol.Unmarshal(data, v)
}
