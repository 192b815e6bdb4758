package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/sandbox"
	"go.lsp.dev/protocol"
)

// TestConfigDiagnostics: the workspace's .clada.yaml refuses an action the
// way apply would, at the action's op name.
func TestConfigDiagnostics(t *testing.T) {
	root := t.TempDir()
	cfg := filepath.Join(root, ".clada.yaml")
	if err := os.WriteFile(cfg, []byte("allowed-actions: [file_write]\ndeny: [secret]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := start(t, root, false)
	u := pathURI(filepath.Join(root, "a.sham"))
	doc := "#!SHAM [@three-char-SHA-256: ok1]\naction = \"file_write\"\npath = \"a.txt\"\ncontent = \"x\"\n#!END_SHAM_ok1\n" +
		"#!SHAM [@three-char-SHA-256: no1]\naction = \"exec\"\nlang = \"sh\"\ncode = \"ls\"\n#!END_SHAM_no1\n" +
		"#!SHAM [@three-char-SHA-256: no2]\naction = \"file_write\"\npath = \"secret/k\"\ncontent = \"x\"\n#!END_SHAM_no2\n"
	p := c.open(u, doc)
	var got []string
	for _, d := range p.Diagnostics {
		if codeOf(d) == "NOT_ALLOWED" {
			got = append(got, messageOf(d))
			if d.Range.Start.Line != 6 && d.Range.Start.Line != 11 {
				t.Errorf("range %+v: want the op line of a refused action", d.Range)
			}
		}
	}
	want := []string{
		"action exec is not allowed by " + cfg + " (allowed-actions: file_write)\nhint: the project's .clada.yaml forbids this; ask for another action or path",
		"path 'secret/k' matches the deny pattern \"secret\" of " + cfg + "\nhint: the project's .clada.yaml forbids this; ask for another action or path",
	}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("NOT_ALLOWED diagnostics = %q, want %q", got, want)
	}
}

// The editor's apply obeys the project's .clada.yaml as `clada apply` does:
// before, it ran with the defaults, so a denied path was written and a
// command the config's approve: never refuses ran.
func TestApplyCommandObeysConfig(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, ".clada.yaml"), []byte("deny: [secret]\napprove: never\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := start(t, root, false)
	u := pathURI(filepath.Join(root, "a.sham"))
	c.open(u, "#!SHAM [@three-char-SHA-256: s1]\naction = \"file_write\"\npath = \"secret/k\"\ncontent = \"x\"\n#!END_SHAM_s1\n"+
		"#!SHAM [@three-char-SHA-256: e1]\naction = \"exec\"\nlang = \"bash\"\ncode = \"touch ran\"\n#!END_SHAM_e1\n")
	var rep struct {
		Results []struct {
			Success bool   `json:"success"`
			Error   string `json:"error"`
		} `json:"results"`
	}
	c.call(protocol.MethodWorkspaceExecuteCommand, command("clada.apply", u), &rep)
	if len(rep.Results) != 2 || rep.Results[0].Success || rep.Results[1].Success {
		t.Fatalf("report: %+v", rep)
	}
	if !strings.Contains(rep.Results[0].Error, `deny pattern "secret"`) {
		t.Errorf("the denied write failed with %q, not the deny pattern", rep.Results[0].Error)
	}
	for _, f := range []string{"secret/k", "ran"} {
		if _, err := os.Stat(filepath.Join(root, f)); !os.IsNotExist(err) {
			t.Errorf("%s exists: the editor's apply ignored .clada.yaml (%v)", f, err)
		}
	}
}

// A .clada.yaml that does not load is an error on every document, and the
// editor's apply refuses to run without it, as `clada apply` does, instead
// of running without the restrictions it meant to add.
func TestBrokenConfigRefusesApply(t *testing.T) {
	root := t.TempDir()
	if err := os.Symlink("/dev/zero", filepath.Join(root, ".clada.yaml")); err != nil {
		t.Fatal(err)
	}
	c := start(t, root, false)
	u := pathURI(filepath.Join(root, "a.sham"))
	p := c.open(u, twoWrites)
	if len(p.Diagnostics) != 1 || codeOf(p.Diagnostics[0]) != "CONFIG_ERROR" || !strings.Contains(messageOf(p.Diagnostics[0]), "is a symlink") {
		t.Fatalf("diagnostics: %+v", p.Diagnostics)
	}
	err := c.callErr(protocol.MethodWorkspaceExecuteCommand, command("clada.apply", u), nil)
	if err == nil || !strings.Contains(err.Error(), "clada.apply is refused until the project's config loads") {
		t.Fatalf("apply with a broken config: %v", err)
	}
	if _, err := os.Stat(filepath.Join(root, "one.txt")); !os.IsNotExist(err) {
		t.Fatalf("one.txt written with a broken config: %v", err)
	}
}

// The command flags on the server's command line reach the editor's
// apply as they reach `clada apply`: --allow DIR lets its commands write
// DIR, which the sandbox refuses them otherwise.
func TestApplyCommandTakesCommandFlags(t *testing.T) {
	if sandbox.ABI() < 1 {
		t.Skip("this kernel has no Landlock; the sandbox refuses nothing here")
	}
	parent := t.TempDir()
	if p, err := filepath.EvalSymlinks(parent); err == nil {
		parent = p
	}
	root, outside := filepath.Join(parent, "root"), filepath.Join(parent, "cache")
	for _, d := range []string{root, outside} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	doc := "#!SHAM [@three-char-SHA-256: e1]\naction = \"exec\"\nlang = \"bash\"\ncode = \"touch " + outside + "/made\"\n#!END_SHAM_e1\n"
	run := func(o Options) (ok bool, errText string) {
		c := newClientWith(t, clientOpts{server: o})
		var res protocol.InitializeResult
		c.call(protocol.MethodInitialize, &protocol.InitializeParams{WorkspaceFoldersInitializeParams: folders(root)}, &res)
		c.notify(protocol.MethodInitialized, &protocol.InitializedParams{})
		u := pathURI(filepath.Join(root, "a.sham"))
		c.open(u, doc)
		var rep struct {
			Results []struct {
				Success bool   `json:"success"`
				Error   string `json:"error"`
			} `json:"results"`
		}
		c.call(protocol.MethodWorkspaceExecuteCommand, command("clada.apply", u), &rep)
		if len(rep.Results) != 1 {
			t.Fatalf("report: %+v", rep)
		}
		return rep.Results[0].Success, rep.Results[0].Error
	}
	if ok, msg := run(Options{}); ok || !strings.Contains(msg, "the sandbox denied writing "+outside+"/made") {
		t.Fatalf("without --allow: success %v, %q", ok, msg)
	}
	cfg := engine.DefaultConfig("")
	cfg.Allow = []string{outside}
	cfg.NoGit = true
	if ok, msg := run(Options{Engine: cfg, Explicit: func(f string) bool { return f == "allow" }}); !ok {
		t.Fatalf("with --allow %s: %q", outside, msg)
	}
	if _, err := os.Stat(filepath.Join(outside, "made")); err != nil {
		t.Fatal(err)
	}
}
