package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clada-dev/clada/engine/approval"
	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
	"github.com/google/go-cmp/cmp"
)

func approveConfig(t *testing.T, mode approval.Policy) *Config {
	t.Helper()
	cfg := DefaultConfig(t.TempDir())
	cfg.Approve, cfg.OutputMode, cfg.NoGit = mode, OutputBuffer, true
	cfg.UserDir = t.TempDir()
	return cfg
}

func TestArgvNeverRunsUnapproved(t *testing.T) {
	cfg := approveConfig(t, approval.Never)
	res := execOp(context.Background(), cfg, lang.SHAM, map[string]string{"lang": "argv", "code": "touch made"}, "task-1")
	if res.Success || res.Error != "exec: command `touch made` did not run: it has not been approved" ||
		!strings.Contains(res.Hint, "--approve always") {
		t.Fatalf("got %+v", res)
	}
	if _, err := os.Stat(filepath.Join(cfg.Root, "made")); !os.IsNotExist(err) {
		t.Fatalf("the command ran: %v", err)
	}
	cfg.Approve = approval.Ask // no Confirm: not interactive
	res = execOp(context.Background(), cfg, lang.SHAM, map[string]string{"lang": "argv", "code": "touch made"}, "task-1")
	if !strings.HasSuffix(res.Error, "it has not been approved and there is no terminal to ask on (clada is not attached to a terminal)") {
		t.Fatalf("got %+v", res)
	}
}

func TestArgvAlwaysRecordsThenNeverRuns(t *testing.T) {
	posixOnly(t)
	cfg := approveConfig(t, approval.Always)
	params := map[string]string{"lang": "argv", "code": `echo "a  b" '$HOME'`}
	res := execOp(context.Background(), cfg, lang.SHAM, params, "task-1")
	if !res.Success || res.Data["stdout"] != "a  b $HOME\n" {
		t.Fatalf("got %+v", res)
	}
	data, err := os.ReadFile(filepath.Join(cfg.UserDir, "approvals.json"))
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "version": 1,
  "roots": {
    "` + cfg.Root + `": {
      "commands": [
        {
          "lang": "argv",
          "code": "echo 'a  b' '$HOME'"
        }
      ]
    }
  }
}
`
	if diff := cmp.Diff(want, string(data)); diff != "" {
		t.Errorf("store (-want +got):\n%s", diff)
	}
	cfg.Approve = approval.Never // approved once, runs from now on
	if res := execOp(context.Background(), cfg, lang.SHAM, params, "task-2"); !res.Success {
		t.Fatalf("approved command refused: %+v", res)
	}
}

func TestArgvAsk(t *testing.T) {
	posixOnly(t)
	cfg := approveConfig(t, approval.Ask)
	var asked []string
	answer := false
	cfg.Confirm = func(q string) (bool, error) { asked = append(asked, q); return answer, nil }
	params := map[string]string{"lang": "argv", "code": "true"}
	if res := execOp(context.Background(), cfg, lang.SHAM, params, "task-1"); res.Success || res.Error != "exec: command `true` was not approved" {
		t.Fatalf("declined: got %+v", res)
	}
	answer = true
	if res := execOp(context.Background(), cfg, lang.SHAM, params, "task-1"); !res.Success {
		t.Fatalf("accepted: got %+v", res)
	}
	if res := execOp(context.Background(), cfg, lang.SHAM, params, "task-1"); !res.Success {
		t.Fatalf("remembered: got %+v", res)
	}
	want := []string{"Run the new command `true` (it will be remembered for " + cfg.Root + ")?"}
	if diff := cmp.Diff(append(want, want[0]), asked); diff != "" {
		t.Errorf("questions (-want +got):\n%s", diff)
	}
}

func TestArgvBadStoreIsAnError(t *testing.T) {
	cfg := approveConfig(t, approval.Always)
	os.WriteFile(filepath.Join(cfg.UserDir, "approvals.json"), []byte("{"), 0o600)
	res := execOp(context.Background(), cfg, lang.SHAM, map[string]string{"lang": "argv", "code": "true"}, "task-1")
	if res.Success || !strings.HasPrefix(res.Error, "exec: read approvals "+filepath.Join(cfg.UserDir, "approvals.json")+": ") ||
		res.Hint != "fix or delete that file (it lists the commands you approved, per project, as JSON)" {
		t.Fatalf("got %+v", res)
	}
}

// The gate judges every command of every syntax and lang; only the default
// policy differs by syntax (README, "Safety": CSL asks first-use approval;
// SHAM and CML run unless the user set --approve).
func TestGateEverySyntaxAndLang(t *testing.T) {
	posixOnly(t)
	tests := []struct {
		name    string
		syntax  lang.Syntax
		approve approval.Policy
		params  map[string]string
		err     string // "" means it ran
	}{
		{"CSL argv by default", lang.CSL, approval.Default, map[string]string{"lang": "argv", "code": "touch made"},
			"exec: command `touch made` did not run: it has not been approved"},
		{"CSL bash by default", lang.CSL, approval.Default, map[string]string{"lang": "bash", "code": "touch made\n"},
			"exec: bash command `touch made` did not run: it has not been approved"},
		{"CSL python by default", lang.CSL, approval.Default, map[string]string{"lang": "python", "code": "open('made','w')"},
			"exec: python command `open('made','w')` did not run: it has not been approved"},
		{"SHAM bash by default", lang.SHAM, approval.Default, map[string]string{"lang": "bash", "code": "touch made"}, ""},
		{"CML bash by default", lang.CML, approval.Default, map[string]string{"lang": "bash", "code": "touch made"}, ""},
		{"SHAM bash under never", lang.SHAM, approval.Never, map[string]string{"lang": "bash", "code": "touch made"},
			"exec: bash command `touch made` did not run: it has not been approved"},
		{"CML sh under never", lang.CML, approval.Never, map[string]string{"lang": "sh", "code": "touch made"},
			"exec: sh command `touch made` did not run: it has not been approved"},
		{"multi-line script names its first line", lang.SHAM, approval.Never, map[string]string{"lang": "bash", "code": "touch made\necho done"},
			"exec: bash command `touch made…` did not run: it has not been approved"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := approveConfig(t, tc.approve)
			res := execOp(context.Background(), cfg, tc.syntax, tc.params, "task-1")
			_, statErr := os.Stat(filepath.Join(cfg.Root, "made"))
			if tc.err == "" {
				if !res.Success || statErr != nil {
					t.Fatalf("want it run: %+v, %v", res, statErr)
				}
				return
			}
			if res.Success || res.Error != tc.err || res.Hint != "approve it by running clada apply --approve ask on a terminal, or --approve always" {
				t.Fatalf("got error %q hint %q, want %q", res.Error, res.Hint, tc.err)
			}
			if !os.IsNotExist(statErr) {
				t.Fatalf("the command ran: %v", statErr)
			}
		})
	}
}

// A script is approved as its exact text in its lang: the same text in
// another lang, or edited, asks again; trailing blank lines do not matter.
func TestGateKeysLangAndCode(t *testing.T) {
	posixOnly(t)
	cfg := approveConfig(t, approval.Always)
	run := func(l, code string) Result {
		return execOp(context.Background(), cfg, lang.CSL, map[string]string{"lang": l, "code": code}, "task-1")
	}
	if res := run("bash", "echo one | tr a-z A-Z\n\n"); !res.Success || res.Data["stdout"] != "ONE\n" {
		t.Fatalf("got %+v", res)
	}
	cfg.Approve = approval.Never
	if res := run("bash", "echo one | tr a-z A-Z"); !res.Success {
		t.Fatalf("approved text refused: %+v", res)
	}
	if res := run("sh", "echo one | tr a-z A-Z"); res.Success {
		t.Fatalf("same text in another lang ran without approval")
	}
	if res := run("bash", "echo two | tr a-z A-Z"); res.Success {
		t.Fatalf("edited script ran without approval")
	}
	data, err := os.ReadFile(filepath.Join(cfg.UserDir, "approvals.json"))
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "version": 1,
  "roots": {
    "` + cfg.Root + `": {
      "commands": [
        {
          "lang": "bash",
          "code": "echo one | tr a-z A-Z"
        }
      ]
    }
  }
}
`
	if diff := cmp.Diff(want, string(data)); diff != "" {
		t.Errorf("store (-want +got):\n%s", diff)
	}
}

// A store in the work tree, of any version, approves nothing: a
// repository can ship it. Approvals are the user's, per root: approving in
// one project approves nothing in another.
func TestGateWorkTreeStoreApprovesNothing(t *testing.T) {
	posixOnly(t)
	cfg := approveConfig(t, approval.Never)
	os.MkdirAll(filepath.Join(cfg.Root, ".clada"), 0o755)
	for _, store := range []string{`{"version": 1, "commands": ["touch made"]}`,
		`{"version": 2, "commands": [{"lang": "argv", "code": "touch made"}]}`} {
		os.WriteFile(filepath.Join(cfg.Root, ".clada", "allowed-commands.json"), []byte(store), 0o644)
		res := execOp(context.Background(), cfg, lang.CSL, map[string]string{"lang": "argv", "code": "touch made"}, "task-1")
		if res.Success || res.Error != "exec: command `touch made` did not run: it has not been approved" {
			t.Fatalf("store %s: got %+v", store, res)
		}
	}
	cfg.Approve = approval.Always
	if res := execOp(context.Background(), cfg, lang.CSL, map[string]string{"lang": "argv", "code": "true"}, "task-1"); !res.Success {
		t.Fatalf("got %+v", res)
	}
	other := *cfg
	other.Root, other.Approve = t.TempDir(), approval.Never
	if res := execOp(context.Background(), &other, lang.CSL, map[string]string{"lang": "argv", "code": "true"}, "task-1"); res.Success {
		t.Fatalf("approved in %s, ran in %s", cfg.Root, other.Root)
	}
}

// --approve ask without a terminal fails and says so, naming what to do.
func TestGateAskWithoutTerminal(t *testing.T) {
	cfg := approveConfig(t, approval.Ask)
	cfg.Confirm = func(string) (bool, error) {
		return false, &os.PathError{Op: "open", Path: "/dev/tty", Err: os.ErrNotExist}
	}
	res := execOp(context.Background(), cfg, lang.SHAM, map[string]string{"lang": "bash", "code": "touch made"}, "task-1")
	want := "exec: bash command `touch made` did not run: it has not been approved and there is no terminal to ask on (open /dev/tty: file does not exist)"
	if res.Success || res.Error != want || !strings.Contains(res.Hint, "from a terminal") {
		t.Fatalf("got %q hint %q", res.Error, res.Hint)
	}
}

// Neither a file action nor a command can approve commands: file actions
// are denied .clada/ (where the old store was), and a command that changed
// a file of the user's clada directory (here inside the root, as when the
// root is the home directory) fails and the file is put back (or removed,
// if it was not there).
func TestGateStoreIsTheUsers(t *testing.T) {
	posixOnly(t)
	cfg := approveConfig(t, approval.Default)
	cfg.UserDir = filepath.Join(cfg.Root, "config", "clada")
	planted := `{"version": 1, "roots": {"` + cfg.Root + `": {"commands": [{"lang": "bash", "code": "touch owned"}]}}}`
	ws, err := NewOS(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	res := Do(context.Background(), ws, cfg, lang.OpFileWrite, map[string]string{"path": ".clada/allowed-commands.json", "content": planted})
	if res.Success || res.Type != fault.PermissionDenied || !strings.Contains(res.Error, `matches the deny pattern ".clada/**"`) {
		t.Fatalf("file_write: %+v", res)
	}

	store := filepath.Join(cfg.UserDir, "approvals.json")
	plant := map[string]string{"lang": "bash", "code": "mkdir -p config/clada && echo '" + planted + "' > config/clada/approvals.json"}
	res = execOp(context.Background(), cfg, lang.SHAM, plant, "task-1")
	want := "exec: the command changed " + store + ", which holds what the user approved and trusted; clada put it back as it was"
	if res.Success || res.Type != fault.PermissionDenied || res.Error != want {
		t.Fatalf("planting command: %+v", res)
	}
	if _, err := os.Stat(store); !os.IsNotExist(err) {
		t.Fatalf("the planted store is still there: %v", err)
	}

	approved := `{"version": 1, "roots": {}}` + "\n"
	os.WriteFile(store, []byte(approved), 0o600)
	if res := execOp(context.Background(), cfg, lang.SHAM, plant, "task-1"); res.Success {
		t.Fatalf("planting over an existing store succeeded")
	}
	if b, _ := os.ReadFile(store); string(b) != approved {
		t.Fatalf("store after the command = %q, want it as it was", b)
	}
	key := filepath.Join(cfg.UserDir, "history.key")
	res = execOp(context.Background(), cfg, lang.SHAM, map[string]string{"lang": "bash", "code": "echo forged > config/clada/history.key"}, "task-1")
	if res.Success || !strings.Contains(res.Error, "the command changed "+key) {
		t.Fatalf("key-writing command: %+v", res)
	}
	if _, err := os.Stat(key); !os.IsNotExist(err) {
		t.Fatalf("the planted key is still there: %v", err)
	}
	if res := execOp(context.Background(), cfg, lang.CSL, map[string]string{"lang": "bash", "code": "touch owned"}, "task-2"); res.Success {
		t.Fatalf("the planted command ran")
	}
}

// A SHAM or CML command inside an answer that also has CSL gets CSL's
// default: it does not run unapproved; alone, it runs.
func TestGateMixedAnswerTakesCSLDefault(t *testing.T) {
	posixOnly(t)
	sham := "#!SHAM [@three-char-SHA-256: s1]\naction = \"exec\"\nlang = \"bash\"\ncode = \"touch made\"\n#!END_SHAM_s1\n"
	csl := "<---WRITE file=\"a.txt\"--->\nA\n<---END--->\n"
	for _, tc := range []struct {
		name, input string
		ran         bool
	}{
		{"SHAM alone", sham, true},
		{"SHAM beside CSL", csl + sham, false},
		{"CML beside CSL", csl + "<run>touch made</run>\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := approveConfig(t, approval.Default)
			doc := lang.Parse(source.NewFile("answer.txt", []byte(tc.input)))
			rep, _, err := Apply(context.Background(), doc, cfg, Real, nil)
			if err != nil {
				t.Fatal(err)
			}
			_, statErr := os.Stat(filepath.Join(cfg.Root, "made"))
			if ran := statErr == nil; ran != tc.ran {
				t.Fatalf("ran = %v, want %v; results %+v", ran, tc.ran, rep.Results)
			}
			if cfg.Approve != approval.Default {
				t.Fatalf("the caller's Config was changed: Approve = %v", cfg.Approve)
			}
			last := rep.Results[len(rep.Results)-1]
			if !tc.ran && last.Error != "exec: bash command `touch made` did not run: it has not been approved" {
				t.Fatalf("refused for another reason: %+v (fatal %q)", last, rep.Fatal)
			}
		})
	}
}

// The same script pasted with CRLF line ends is the same command.
func TestGateKeyIgnoresCRLF(t *testing.T) {
	cfg := approveConfig(t, approval.Always)
	if res := execOp(context.Background(), cfg, lang.CSL, map[string]string{"lang": "bash", "code": "echo a\necho b\n"}, "task-1"); !res.Success {
		t.Fatalf("got %+v", res)
	}
	cfg.Approve = approval.Never
	if res := execOp(context.Background(), cfg, lang.CSL, map[string]string{"lang": "bash", "code": "echo a\r\necho b\r\n"}, "task-1"); !res.Success {
		t.Fatalf("the CRLF copy was refused: %+v", res)
	}
}

// The question shows control and bidi characters as escapes: an escape
// sequence in the code cannot redraw the line the user approves.
func TestGateAskShowsControlCharacters(t *testing.T) {
	cfg := approveConfig(t, approval.Ask)
	var asked string
	cfg.Confirm = func(q string) (bool, error) { asked = q; return false, nil }
	execOp(context.Background(), cfg, lang.SHAM, map[string]string{"lang": "bash", "code": "rm -rf ~\x1b[2K\recho hi \u202e\tok"}, "task-1")
	want := "New bash command (approving remembers it for " + cfg.Root + "):\n    rm -rf ~\\x1b[2K\\recho hi \\u202e\tok\nRun it?"
	if asked != want {
		t.Fatalf("asked %q\nwant  %q", asked, want)
	}
}
