package mcp

import (
	"context"
	"testing"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/lang"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The cost of serving an op over MCP: a file_replace_text tool call round
// trip through the server (the Go SDK client, in-memory transport: JSON-RPC
// both ways, the arguments turned into an action, the summary report)
// against the same op run directly through engine.Apply. Both on
// a temp root without git or fsync, so the difference is the server's.
//
//	go test ./mcp -run '^$' -bench ReplaceText -benchtime 2000x -count 3

// toggle is the edit the benchmarks repeat: each run swaps the text back.
var toggle = [2][2]string{{"const port = 3000;", "const port = 8080;"}, {"const port = 8080;", "const port = 3000;"}}

func BenchmarkReplaceTextMCP(b *testing.B) {
	root := tempRoot(b, map[string]string{"app.js": "const port = 3000;\nlisten(port);\n"})
	cs := connect(b, Options{Session: testSessionMax(b, testConfig(root), 50<<10)}, nil)
	ctx := context.Background()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		t := toggle[i%2]
		res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "file_replace_text",
			Arguments: map[string]any{"path": "app.js", "old_text": t[0], "new_text": t[1]}})
		if err != nil || res.IsError {
			b.Fatalf("call %d: %v %+v", i, err, res)
		}
	}
}

func BenchmarkReplaceTextDirect(b *testing.B) {
	root := tempRoot(b, map[string]string{"app.js": "const port = 3000;\nlisten(port);\n"})
	cfg := testConfig(root)
	ctx := context.Background()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		t := toggle[i%2]
		doc := lang.ActionDocument("file_replace_text", []*lang.Param{{Key: "path", Value: "app.js"}, {Key: "old_text", Value: t[0]}, {Key: "new_text", Value: t[1]}})
		rep, _, err := engine.Apply(ctx, doc, cfg, engine.Real, nil)
		if err != nil || !rep.Success {
			b.Fatalf("run %d: %v %+v", i, err, rep)
		}
	}
}
