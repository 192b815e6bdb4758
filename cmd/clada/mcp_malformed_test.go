package main

import (
	"bufio"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// `clada mcp` answers a line that is not JSON with a parse error and one
// that is no JSON-RPC message with an invalid request, and keeps serving
// the client on the same stdin; at the end of stdin it exits 0. Through the
// real binary, as an MCP host starts it.
func TestMCPKeepsServingAfterMalformedInput(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	cmd := exec.Command(cladaBinary(t), "mcp", "--root", root, "--no-git")
	cmd.Env = append(cmd.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"))
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr := &syncBuffer{}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	// exchange sends one line and returns the server's next line.
	exchange := func(send string) string {
		t.Helper()
		if _, err := io.WriteString(stdin, send+"\n"); err != nil {
			t.Fatalf("write %q: %v; stderr:\n%s", send, err, stderr)
		}
		select {
		case got, ok := <-lines:
			if !ok {
				t.Fatalf("after %q the server closed its output; stderr:\n%s", send, stderr)
			}
			return got
		case <-time.After(10 * time.Second):
			t.Fatalf("no answer to %q; stderr:\n%s", send, stderr)
		}
		return ""
	}
	for _, tc := range []struct{ send, want string }{
		{`hello`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: invalid character 'h' looking for beginning of value"}}`},
		{`{"jsonrpc":"2.0","id":1,"method":"ping"`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error: unexpected end of JSON input"}}`},
		{`{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"0"}}}`, ``},
		{`[]`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: a batch (JSON array); clada mcp takes one JSON-RPC message per line"}}`},
		{`{"jsonrpc":"1.0","id":3,"method":"ping"}`, `{"jsonrpc":"2.0","id":3,"error":{"code":-32600,"message":"Invalid Request: invalid message version tag \"1.0\"; expected \"2.0\""}}`},
		{`{"jsonrpc":"2.0","id":4,"method":"ping"}`, `{"jsonrpc":"2.0","id":4,"result":{}}`},
	} {
		got := exchange(tc.send)
		if tc.want == "" { // the initialize result: the server is live
			if !strings.HasPrefix(got, `{"jsonrpc":"2.0","id":2,"result":{"capabilities":`) {
				t.Fatalf("initialize answered %q", got)
			}
			if _, err := io.WriteString(stdin, `{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n"); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if got != tc.want {
			t.Errorf("sent %s\n got %s\nwant %s", tc.send, got, tc.want)
		}
	}
	stdin.Close()
	for range lines {
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("clada mcp at the end of its input: %v; stderr:\n%s", err, stderr)
	}
}
