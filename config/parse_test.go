package config

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/clada-dev/clada/engine/approval"
	"github.com/google/go-cmp/cmp"
)

// defaults are the engine's built-in limits, which a file may only lower.
var defaults = Limits{Timeout: 30 * time.Second, MaxOutput: 10 << 20, Formats: []string{"json", "text", "summary", "cml", "csl"}}

func TestParseFull(t *testing.T) {
	src := `format: summary
timeout: 10s
max-output: 1MB
max-report: 64K
approve: ask
sandbox: strict
allowed-actions: [file_write, file_create, exec]
allow: [./src/**, docs]
deny: "**/*.pem"
watch:
  file: in/answer.md
  output: results.md
hooks:
  before: make lint
  after: [git push, "echo {apply_id}"]
`
	got, err := Parse("/p/.clada.yaml", []byte(src), defaults)
	if err != nil {
		t.Fatal(err)
	}
	want := &Config{
		Path: "/p/.clada.yaml", Dir: filepath.Dir("/p/.clada.yaml"), Hash: hashOf([]byte(src)),
		Format: "summary", Timeout: 10 * time.Second, MaxOutput: 1 << 20, MaxReport: 64 << 10,
		Approve: approval.Ask, Sandbox: "strict",
		AllowedActions: []string{"file_write", "exec"}, // file_create is file_write
		Allow:          []string{"src/**", "docs"}, Deny: []string{"**/*.pem"},
		WatchFile: "in/answer.md", OutputFile: "results.md",
		Hooks: Hooks{Before: []string{"make lint"}, After: []string{"git push", "echo {apply_id}"}},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Fatalf("Parse (-want +got):\n%s", d)
	}
}

func TestParseEmpty(t *testing.T) {
	for _, src := range []string{"", "# only comments\n", "\n\n"} {
		got, err := Parse("/p/.clada.yaml", []byte(src), defaults)
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		if got.AllowedActions != nil || got.Allow != nil || got.Format != "" {
			t.Fatalf("%q: empty config restricts: %+v", src, got)
		}
	}
	// an explicitly empty list allows nothing (tightest), never everything
	got, err := Parse("/p/.clada.yaml", []byte("allowed-actions: []\nallow: []\n"), defaults)
	if err != nil {
		t.Fatal(err)
	}
	if got.AllowedActions == nil || len(got.AllowedActions) != 0 || got.Allow == nil {
		t.Fatalf("empty lists = %#v %#v", got.AllowedActions, got.Allow)
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"- a\n", "/p/.clada.yaml:1:1: the file must be a mapping of keys (" + keys + ")"},
		{"format: xml\n", `/p/.clada.yaml:1:9: format: unknown value "xml"; use json, text, summary, cml, csl`},
		{"format: [json]\n", `/p/.clada.yaml:1:9: format: expected a single value, found a list`},
		{"timeout: 10\n", `/p/.clada.yaml:1:10: timeout: "10" is not a positive duration; write e.g. 10s or 2m`},
		{"timeout: 31s\n", `/p/.clada.yaml:1:10: timeout: 31s is above the default 30s; a .clada.yaml may only lower it (pass --timeout on the command line for more)`},
		{"max-output: 11MB\n", `/p/.clada.yaml:1:13: max-output: 11MB is above the default of 10485760 bytes; a .clada.yaml may only lower it (pass --max-output on the command line for more)`},
		{"approve: always\n", `/p/.clada.yaml:1:10: approve: always would run commands nobody approved; a .clada.yaml may only make approval stricter (never or ask); pass --approve always on the command line instead`},
		{"sandbox: off\n", `/p/.clada.yaml:1:10: sandbox: off would lift the sandbox; a .clada.yaml may only make it stricter (write or strict); pass --sandbox off on the command line instead`},
		{"deny:\n  - a\n  - 3: x\n", `/p/.clada.yaml:3:5: deny: expected a string, found a mapping`},
		{"allow: ['a/../../x']\n", `/p/.clada.yaml:1:9: allow: "a/../../x" climbs out with ..; patterns never reach out of the directory of .clada.yaml`},
		{"deny: ['[']\n", `/p/.clada.yaml:1:8: deny: "[" is not a valid glob: syntax error in pattern`},
		{"watch: x\n", `/p/.clada.yaml:1:8: expected a mapping of keys, found "x"`},
		{"watch:\n  output: .git/x\n", `/p/.clada.yaml:2:11: watch.output: ".git/x" is inside .git or .clada, which clada keeps for itself`},
		{"watch:\n  file: /etc/passwd\n", `/p/.clada.yaml:2:9: watch.file: "/etc/passwd" is absolute; give a path relative to the directory of .clada.yaml`},
		{"hooks:\n  after: ['  ']\n", `/p/.clada.yaml:2:11: hooks.after: empty command`},
		{"hooks:\n  during: [x]\n", `/p/.clada.yaml:2:3: unknown key hooks.during; known: before, after`},
		{"format: json\nformat: text\n", `/p/.clada.yaml:2:1: duplicate key "format"`},
		{"a: [\n", `/p/.clada.yaml:1: not valid YAML: did not find expected node content`},
	} {
		_, err := Parse("/p/.clada.yaml", []byte(tc.src), defaults)
		if err == nil || err.Error() != tc.want {
			t.Errorf("Parse(%q) error =\n  %v\nwant\n  %s", tc.src, err, tc.want)
		}
	}
}

func TestFindWalksUp(t *testing.T) {
	top := t.TempDir()
	deep := filepath.Join(top, "a", "b")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(top, FileName)
	if err := os.WriteFile(cfg, []byte("format: text\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := Find(deep)
	if err != nil {
		t.Fatal(err)
	}
	if p != cfg {
		t.Fatalf("Find from %s = %q, want %q", deep, p, cfg)
	}
}
