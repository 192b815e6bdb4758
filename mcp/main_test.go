package mcp

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/sandbox"
	"github.com/clada-dev/clada/session"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestMain lets this test binary serve as the sandbox helper: commands
// re-execute os.Executable(), which under go test is this binary.
func TestMain(m *testing.M) {
	sandbox.Main()
	// A session reads the user's trust store: never the real one.
	home, err := os.MkdirTemp("", "clada-mcp-test-")
	if err != nil {
		panic(err)
	}
	os.Setenv("XDG_CONFIG_HOME", home)
	code := m.Run()
	os.RemoveAll(home)
	os.Exit(code)
}

// testConfig is the engine config of a test server on root: no git unless
// the test sets it up, no fsync, commands unconfined (the sandbox has its
// own tests), a short command timeout.
func testConfig(root string) *engine.Config {
	cfg := engine.DefaultConfig(root)
	cfg.NoGit, cfg.NoFsync, cfg.Sandbox = true, true, sandbox.Off
	return cfg
}

// testSession opens the session of a test server on cfg's root, as `clada
// mcp` does: the root's .clada.yaml and the trust store of the test's
// XDG_CONFIG_HOME.
func testSession(t testing.TB, cfg *engine.Config) *session.Session {
	return testSessionMax(t, cfg, 0)
}

// testSessionMax is testSession with a --max-report of maxReport.
func testSessionMax(t testing.TB, cfg *engine.Config, maxReport int) *session.Session {
	t.Helper()
	s, err := session.Open(session.Input{Root: cfg.Root, Engine: cfg, MaxReport: maxReport})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// connect starts a server with o on an in-memory transport and returns a
// connected client session of the official Go SDK's client.
func connect(t testing.TB, o Options, co *sdk.ClientOptions) *sdk.ClientSession {
	t.Helper()
	s, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	st, ct := sdk.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "clada-test", Version: "0"}, co).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Wait() })
	return cs
}

// tempRoot is a symlink-free temp directory holding files.
func tempRoot(t testing.TB, files map[string]string) string {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// call calls a tool and fails the test on a protocol error.
func call(t testing.TB, cs *sdk.ClientSession, name string, args map[string]any) *sdk.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("call %s: %v", name, err)
	}
	return res
}

// text is a result's one text content; a result has no other content and
// no structured content (result.go says why).
func text(t testing.TB, res *sdk.CallToolResult) string {
	t.Helper()
	var tc *sdk.TextContent
	if len(res.Content) == 1 {
		tc, _ = res.Content[0].(*sdk.TextContent)
	}
	if res.StructuredContent != nil || tc == nil {
		t.Fatalf("a tool result must be one text content, got %d contents and structured content %v", len(res.Content), res.StructuredContent)
	}
	return tc.Text
}

func readFile(t testing.TB, p string) string {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
