package lsp

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"
)

// startWatching returns an initialized client whose capabilities allow (or
// not) dynamic registration of file watchers, rooted at root.
func startWatching(t testing.TB, root string, dynamic *bool, o clientOpts) *testClient {
	t.Helper()
	c := newClientWith(t, o)
	caps := protocol.ClientCapabilities{}
	if dynamic != nil {
		caps.Workspace = &protocol.WorkspaceClientCapabilities{
			DidChangeWatchedFiles: &protocol.DidChangeWatchedFilesClientCapabilities{DynamicRegistration: dynamic},
		}
	}
	c.call(protocol.MethodInitialize, &protocol.InitializeParams{WorkspaceFoldersInitializeParams: folders(root), Capabilities: caps}, nil)
	c.notify(protocol.MethodInitialized, &protocol.InitializedParams{})
	return c
}

// nextRegistration waits (boundedly) for the client to receive a registration.
func (c *testClient) nextRegistration() *protocol.RegistrationParams {
	c.t.Helper()
	select {
	case p := <-c.regs:
		return p
	case <-time.After(10 * time.Second):
		c.t.Fatal("no client/registerCapability within 10s of initialized")
		return nil
	}
}

// finish sends shutdown and exit and waits (boundedly) for Serve to return,
// which must be a clean exit.
func (c *testClient) finish() {
	c.t.Helper()
	c.call(protocol.MethodShutdown, nil, nil)
	c.notify(protocol.MethodExit, nil)
	select {
	case err := <-c.done:
		if err != nil {
			c.t.Fatalf("Serve after exit: %v", err)
		}
	case <-time.After(10 * time.Second):
		c.t.Fatal("Serve did not return within 10s of exit")
	}
	if !c.srv.CleanExit() {
		c.t.Fatal("shutdown then exit is not a clean exit")
	}
}

// wantWatcher is the one registration clada sends: every file under the root.
var wantWatcher = &protocol.RegistrationParams{Registrations: []protocol.Registration{{
	ID:              "clada-watch",
	Method:          "workspace/didChangeWatchedFiles",
	RegisterOptions: protocol.LSPAny(`{"watchers": [{"globPattern": "**/*"}]}`),
}}}

// A client that allows dynamic registration is asked exactly once, even when
// it sends initialized twice, to watch "**/*"; the server keeps answering.
func TestRegistersFileWatcherOnce(t *testing.T) {
	c := startWatching(t, t.TempDir(), new(true), clientOpts{})
	c.notify(protocol.MethodInitialized, &protocol.InitializedParams{})
	got := c.nextRegistration()
	if diff := cmp.Diff(wantWatcher, got, protoCmp); diff != "" {
		t.Fatalf("registration (-want +got):\n%s", diff)
	}
	var opts protocol.DidChangeWatchedFilesRegistrationOptions
	if err := protocol.Unmarshal(got.Registrations[0].RegisterOptions, &opts); err != nil {
		t.Fatalf("register options do not decode as DidChangeWatchedFilesRegistrationOptions: %v", err)
	}
	if len(opts.Watchers) != 1 || opts.Watchers[0].GlobPattern != protocol.Pattern("**/*") || opts.Watchers[0].Kind != 0 {
		t.Fatalf("watchers = %+v, want one **/* pattern for every kind of change", opts.Watchers)
	}
	c.open(pathURI(filepath.Join(t.TempDir(), "a.sham")), replaceDoc)
	c.finish()
	if n := len(c.regs); n != 0 {
		t.Fatalf("%d more registrations after the first", n)
	}
}

// A client that does not allow dynamic registration (or says nothing about
// it) is never sent one.
func TestNoFileWatcherWithoutDynamicRegistration(t *testing.T) {
	for name, dynamic := range map[string]*bool{"absent": nil, "false": new(false)} {
		t.Run(name, func(t *testing.T) {
			c := startWatching(t, t.TempDir(), dynamic, clientOpts{})
			c.open(pathURI(filepath.Join(t.TempDir(), "a.sham")), replaceDoc)
			c.finish()
			if n := len(c.regs); n != 0 {
				t.Fatalf("got %d registrations, want none", n)
			}
		})
	}
}

// A client that never answers the registration still gets every later
// request answered, and shutdown/exit end the server at once: nothing waits
// for the registration (its timeout here is far beyond the test's bounds).
func TestUnansweredRegistrationBlocksNothing(t *testing.T) {
	root := t.TempDir()
	c := startWatching(t, root, new(true), clientOpts{silent: true, regTTL: time.Hour})
	c.nextRegistration() // now outstanding, and it stays so
	uri := pathURI(filepath.Join(root, "a.sham"))
	c.open(uri, replaceDoc)
	var h protocol.Hover
	c.call(protocol.MethodTextDocumentHover, at(uri, 1, 12), &h)
	if got := hoverText(&h); !strings.HasPrefix(got, "**file_replace_text** (write)") {
		t.Fatalf("hover while the registration is outstanding = %q", got)
	}
	c.finish()
}

// A registration the client does not answer in time is logged, and the
// server goes on serving.
func TestRegistrationTimeoutIsLogged(t *testing.T) {
	var log syncBuffer
	c := startWatching(t, t.TempDir(), new(true), clientOpts{silent: true, regTTL: 50 * time.Millisecond, log: &log})
	c.nextRegistration()
	want := "client/registerCapability for workspace/didChangeWatchedFiles: context deadline exceeded; file changes under the root will not republish diagnostics"
	deadline := time.After(10 * time.Second)
	for !strings.Contains(log.String(), want) {
		select {
		case <-deadline:
			t.Fatalf("log lacks %q:\n%s", want, log.String())
		case <-time.After(10 * time.Millisecond):
		}
	}
	c.open(pathURI(filepath.Join(t.TempDir(), "a.sham")), replaceDoc)
	c.finish()
}

// With the watcher registered, a file changed on disk and reported through
// didChangeWatchedFiles republishes: the search that matched nowhere now
// matches, so its workspace diagnostic goes away.
func TestWatchedFileChangeRepublishes(t *testing.T) {
	root := t.TempDir()
	target := filepath.Join(root, "app.js")
	if err := os.WriteFile(target, []byte("one\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := startWatching(t, root, new(true), clientOpts{})
	c.nextRegistration()
	uri := pathURI(filepath.Join(root, "a.sham"))
	p := c.open(uri, replaceDoc)
	const hint = "no lines in the file resemble old_text; copy old_text exactly from the file (file_read_numbered shows it)"
	want := []protocol.Diagnostic{{
		Range:    rng(3, 11, 3, 16),
		Severity: protocol.DiagnosticSeverityError, Code: protocol.String(CodeWorkspace), Source: protocol.NewOptional("clada"),
		Message: protocol.String("file_replace_text: old_text not found in file\nhint: " + hint),
		Data:    protocol.LSPAny(`{"hint": "` + hint + `"}`),
	}}
	if diff := cmp.Diff(want, p.Diagnostics, protoCmp); diff != "" {
		t.Fatalf("before the change (-want +got):\n%s", diff)
	}
	if err := os.WriteFile(target, []byte("one\ntwo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c.notify(protocol.MethodWorkspaceDidChangeWatchedFiles, &protocol.DidChangeWatchedFilesParams{
		Changes: []protocol.FileEvent{{URI: pathURI(target), Type: protocol.FileChangeTypeChanged}},
	})
	p = c.nextDiags(uri)
	if v, _ := p.Version.Get(); len(p.Diagnostics) != 0 || v != 1 {
		t.Fatalf("after the file changed: version %d, diagnostics %+v", v, p.Diagnostics)
	}
}

// syncBuffer is a log destination the server's goroutines and the test can
// share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
