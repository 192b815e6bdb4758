package lsp

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"
)

// The fast didOpen decoder gives what protocol's decoder gives, and leaves
// to it (ok false) whatever it does not handle itself.
func TestDecodeDidOpen(t *testing.T) {
	for _, tc := range []struct {
		name, raw string
		fast      bool
	}{
		{"plain", `{"textDocument":{"uri":"file:///a.sham","languageId":"sham","version":3,"text":"a\nb\t\"c\" \\ \/ \u00e9 \b\f\r é"}}`, true},
		{"text first", `{"textDocument":{"text":"x = \"1\"","uri":"file:///a.sham","languageId":"sham","version":1}}`, true},
		{"spaces", "{ \"textDocument\" : { \"uri\" : \"file:///a\" , \"text\" : \"q\\\\\" , \"version\" : 1 , \"languageId\" : \"\" } }", true},
		{"a key named text elsewhere", `{"other":{"text":"no"},"textDocument":{"uri":"file:///a","languageId":"x","version":1,"text":"yes"}}`, true},
		{"surrogate pair", `{"textDocument":{"uri":"file:///a","languageId":"x","version":1,"text":"\ud83d\ude00"}}`, false},
		{"raw control", "{\"textDocument\":{\"uri\":\"file:///a\",\"languageId\":\"x\",\"version\":1,\"text\":\"a\tb\"}}", false},
		{"bad escape", `{"textDocument":{"uri":"file:///a","languageId":"x","version":1,"text":"\q"}}`, false},
		{"no text", `{"textDocument":{"uri":"file:///a","languageId":"x","version":1}}`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := decodeDidOpen([]byte(tc.raw))
			if ok != tc.fast {
				t.Fatalf("fast = %v, want %v", ok, tc.fast)
			}
			if !ok {
				return
			}
			var want protocol.DidOpenTextDocumentParams
			if err := protocol.Unmarshal([]byte(tc.raw), &want); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(&want, got); diff != "" {
				t.Errorf("-protocol +fast:\n%s", diff)
			}
		})
	}
}
