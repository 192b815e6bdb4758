//go:build unix

package e2e

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
)

// TestHostileServer drives the built clada-lsp over stdio: hover on an
// edit whose target is a FIFO, then a symlink to
// /dev/zero, answers at once with the refusal, and the server answers the
// next request; a second initialize is refused; SIGTERM while it runs a
// command that setsid's a child ends the server and leaves no process.
func TestHostileServer(t *testing.T) {
	if _, err := exec.LookPath("pgrep"); err != nil {
		t.Skip("pgrep (procps) is needed to look for leftover processes")
	}
	bin, root := build(t), t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(root, "app.js"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(root, "zero.js")); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	conn := jsonrpc2.NewConn(jsonrpc2.NewStream(struct {
		io.Reader
		io.WriteCloser
	}{stdout, stdin}))
	conn.Go(ctx, func(ctx context.Context, req *jsonrpc2.Request) (any, error) {
		if req.IsCall() {
			return nil, jsonrpc2.NewError(jsonrpc2.MethodNotFound, "e2e client: "+req.Method())
		}
		return nil, nil
	})
	t.Cleanup(func() {
		cancel()
		_ = conn.Close()
		_ = cmd.Wait()
	})
	call := func(method string, params, res any) error {
		t.Helper()
		_, err := conn.Call(ctx, method, params, res)
		return err
	}
	init := map[string]any{
		"processId":        nil,
		"rootUri":          "file://" + root,
		"workspaceFolders": []map[string]any{{"uri": "file://" + root, "name": "root"}},
		"capabilities":     map[string]any{},
	}
	var res any
	if err := call("initialize", init, &res); err != nil {
		t.Fatal(err)
	}
	_ = conn.Notify(ctx, "initialized", map[string]any{})

	marker := "clada-e2e-marker-" + filepath.Base(root)
	doc := answer + "\n" + strings.ReplaceAll(strings.ReplaceAll(answer, "app.js", "zero.js"), "rpl", "zro") +
		"\n#!SHAM [@three-char-SHA-256: run]\naction = \"exec\"\nlang = \"bash\"\ncode = \"setsid sh -c 'sleep 300; : " + marker + "' >/dev/null 2>&1 < /dev/null & touch started; sleep 300\"\n#!END_SHAM_run\n"
	uri := "file://" + root + "/answer.sham"
	_ = conn.Notify(ctx, "textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": uri, "languageId": "sham", "version": 1, "text": doc}})

	hover := func(line int) string {
		t.Helper()
		var h struct {
			Contents struct {
				Value string `json:"value"`
			} `json:"contents"`
		}
		begin := time.Now()
		if err := call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri},
			"position": map[string]any{"line": line, "character": 12}}, &h); err != nil {
			t.Fatalf("hover: %v", err)
		}
		if d := time.Since(begin); d > 3*time.Second {
			t.Fatalf("hover took %v", d)
		}
		return h.Contents.Value
	}
	lines := strings.Split(doc, "\n")
	oldText := func(after int) int {
		for i := after; i < len(lines); i++ {
			if strings.HasPrefix(lines[i], "old_text") {
				return i
			}
		}
		t.Fatal("no old_text line")
		return 0
	}
	first := oldText(0)
	if got := hover(first); !strings.Contains(got, "is a named pipe (FIFO), not a regular file") {
		t.Fatalf("hover on a FIFO target = %q", got)
	}
	if got := hover(oldText(first + 1)); !strings.Contains(got, "is a symbolic link; clada does not read or write through symlinks") {
		t.Fatalf("hover on a /dev/zero target = %q", got)
	}
	if err := call("initialize", init, &res); err == nil || !strings.Contains(err.Error(), "already initialized") {
		t.Fatalf("second initialize: err = %v", err)
	}

	// Run the document; once the command started, SIGTERM the server.
	go func() {
		_ = call("workspace/executeCommand", map[string]any{"command": "clada.apply", "arguments": []any{uri}}, &res)
	}()
	deadline := time.Now().Add(20 * time.Second)
	for {
		if _, err := os.Stat(filepath.Join(root, "started")); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the command never started")
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("clada-lsp did not stop on SIGTERM")
	}
	deadline = time.Now().Add(5 * time.Second)
	for {
		out, _ := exec.Command("pgrep", "-f", marker).Output()
		if len(strings.TrimSpace(string(out))) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("a process the command started outlived clada-lsp: %s", out)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
