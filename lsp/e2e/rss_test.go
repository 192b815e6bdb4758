package e2e

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
)

// TestResidentMemoryFlat holds the language server to a flat footprint in
// the real process: the server's resident memory after opening and closing 1,000 documents is
// where it was after the first 200. (lsp's TestOpenCloseHeapFlat checks the
// Go heap in process; this checks what the operating system sees, VmRSS,
// for the built binary.)
func TestResidentMemoryFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("resident memory measurement skipped in -short")
	}
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("no /proc: resident memory is read from /proc/PID/status")
	}
	bin, root := build(t), workspace(t)
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
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
	// Diagnostics are published for every open and close; the client reads
	// and drops them, and answers any request from the server with an error.
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
	call := func(method string, params any) {
		t.Helper()
		var res any
		if _, err := conn.Call(ctx, method, params, &res); err != nil {
			t.Fatalf("%s: %v", method, err)
		}
	}
	notify := func(method string, params any) {
		t.Helper()
		if err := conn.Notify(ctx, method, params); err != nil {
			t.Fatalf("%s: %v", method, err)
		}
	}
	call("initialize", map[string]any{
		"processId":        nil,
		"rootUri":          "file://" + root,
		"workspaceFolders": []map[string]any{{"uri": "file://" + root, "name": "root"}},
		"capabilities":     map[string]any{},
	})
	notify("initialized", map[string]any{})
	answerURI := "file://" + root + "/answer.sham"
	notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": answerURI, "languageId": "sham", "version": 1, "text": answer}})

	text := strings.Repeat(answer+"\nSome prose between the blocks of a long answer.\n\n", 40)
	cycle := func(from, to int) {
		for i := from; i < to; i++ {
			uri := fmt.Sprintf("file://%s/doc%d.sham", root, i)
			notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
				"uri": uri, "languageId": "sham", "version": 1, "text": text}})
			notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": uri}})
		}
		// Messages are handled in order: once this call is answered, every
		// open and close before it has been processed.
		call("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": answerURI}})
	}
	cycle(0, 200) // warm up: caches, pools and the heap reach their working size
	before := rss(t, cmd.Process.Pid)
	cycle(200, 1200)
	after := rss(t, cmd.Process.Pid)
	t.Logf("clada-lsp VmRSS after 200 open/close cycles: %d KB; after 1,000 more: %d KB (document %d KB)", before, after, len(text)>>10)
	if after > before+before/4+4<<10 {
		t.Fatalf("resident memory grew from %d KB to %d KB over 1,000 open/close cycles", before, after)
	}
	call("shutdown", nil)
	notify("exit", nil)
}

// rss reads a process's resident set size in KB from /proc.
func rss(t *testing.T, pid int) int {
	t.Helper()
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		if rest, ok := strings.CutPrefix(s.Text(), "VmRSS:"); ok {
			kb, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			if err != nil {
				t.Fatalf("VmRSS line %q: %v", s.Text(), err)
			}
			return kb
		}
	}
	t.Fatalf("no VmRSS in /proc/%d/status", pid)
	return 0
}
