package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSplitArgv(t *testing.T) {
	tests := []struct {
		in   string
		want []string
		err  string
	}{
		{in: "go test ./...", want: []string{"go", "test", "./..."}},
		{in: `echo "hello world" 'a $b' c\ d`, want: []string{"echo", "hello world", "a $b", "c d"}},
		{in: `printf "%s\n" "say \"hi\"" $HOME`, want: []string{"printf", `%s\n`, `say "hi"`, "$HOME"}},
		{in: `echo '' ""`, want: []string{"echo", "", ""}},
		{in: `echo "|" '>'`, want: []string{"echo", "|", ">"}},
		{in: "ls | wc -l", err: `"|" is shell syntax, but RUN without lang runs no shell`},
		{in: "make && make install", err: `"&&" is shell syntax`},
		{in: "echo 'oops", err: "a single quote is not closed"},
		{in: `echo "oops`, err: "a double quote is not closed"},
		{in: "  ", err: "the command is empty"},
		{in: "ls\npwd", err: "the command has several lines"},
	}
	for _, tc := range tests {
		got, err := splitArgv(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("splitArgv(%q) error = %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("splitArgv(%q): %v", tc.in, err)
			continue
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("splitArgv(%q) (-want +got):\n%s", tc.in, diff)
		}
		back, err := splitArgv(quoteArgv(got))
		if err != nil || !cmp.Equal(back, got) {
			t.Errorf("quoteArgv(%q) = %q reads back as %q, %v", got, quoteArgv(got), back, err)
		}
	}
}

func approveConfig(t *testing.T, mode string) *Config {
	t.Helper()
	cfg := DefaultConfig(t.TempDir())
	cfg.Approve, cfg.OutputMode, cfg.NoGit = mode, "buffer", true
	return cfg
}

func TestArgvNeverRunsUnapproved(t *testing.T) {
	cfg := approveConfig(t, "never")
	res := execOp(context.Background(), cfg, map[string]string{"lang": "argv", "code": "touch made"}, "task-1")
	if res.Success || res.Error != "exec: command `touch made` did not run: it has not been approved" ||
		!strings.Contains(res.Hint, "--approve always") {
		t.Fatalf("got %+v", res)
	}
	if _, err := os.Stat(filepath.Join(cfg.Root, "made")); !os.IsNotExist(err) {
		t.Fatalf("the command ran: %v", err)
	}
	cfg.Approve = "ask" // no Confirm: not interactive
	res = execOp(context.Background(), cfg, map[string]string{"lang": "argv", "code": "touch made"}, "task-1")
	if !strings.HasSuffix(res.Error, "it has not been approved and there is no terminal to ask on") {
		t.Fatalf("got %+v", res)
	}
}

func TestArgvAlwaysRecordsThenNeverRuns(t *testing.T) {
	cfg := approveConfig(t, "always")
	params := map[string]string{"lang": "argv", "code": `echo "a  b" '$HOME'`}
	res := execOp(context.Background(), cfg, params, "task-1")
	if !res.Success || res.Data["stdout"] != "a  b $HOME\n" {
		t.Fatalf("got %+v", res)
	}
	data, err := os.ReadFile(filepath.Join(cfg.Root, ".clada", "allowed-commands.json"))
	if err != nil {
		t.Fatal(err)
	}
	want := "{\n  \"version\": 1,\n  \"commands\": [\n    \"echo 'a  b' '$HOME'\"\n  ]\n}\n"
	if diff := cmp.Diff(want, string(data)); diff != "" {
		t.Errorf("store (-want +got):\n%s", diff)
	}
	cfg.Approve = "never" // approved once, runs from now on
	if res := execOp(context.Background(), cfg, params, "task-2"); !res.Success {
		t.Fatalf("approved command refused: %+v", res)
	}
}

func TestArgvAsk(t *testing.T) {
	cfg := approveConfig(t, "ask")
	var asked []string
	answer := false
	cfg.Confirm = func(q string) bool { asked = append(asked, q); return answer }
	params := map[string]string{"lang": "argv", "code": "true"}
	if res := execOp(context.Background(), cfg, params, "task-1"); res.Success || res.Error != "exec: command `true` was not approved" {
		t.Fatalf("declined: got %+v", res)
	}
	answer = true
	if res := execOp(context.Background(), cfg, params, "task-1"); !res.Success {
		t.Fatalf("accepted: got %+v", res)
	}
	if res := execOp(context.Background(), cfg, params, "task-1"); !res.Success {
		t.Fatalf("remembered: got %+v", res)
	}
	want := []string{"Run the new command `true` (it will be remembered in .clada/allowed-commands.json)?"}
	if diff := cmp.Diff(append(want, want[0]), asked); diff != "" {
		t.Errorf("questions (-want +got):\n%s", diff)
	}
}

func TestArgvBadStoreIsAnError(t *testing.T) {
	cfg := approveConfig(t, "always")
	os.MkdirAll(filepath.Join(cfg.Root, ".clada"), 0o755)
	os.WriteFile(filepath.Join(cfg.Root, ".clada", "allowed-commands.json"), []byte("{"), 0o644)
	res := execOp(context.Background(), cfg, map[string]string{"lang": "argv", "code": "true"}, "task-1")
	if res.Success || !strings.Contains(res.Error, "read approvals") || !strings.Contains(res.Hint, "fix or delete .clada/allowed-commands.json") {
		t.Fatalf("got %+v", res)
	}
}
