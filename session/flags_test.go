package session

import (
	"bytes"
	"flag"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/approval"
	"github.com/clada-dev/clada/sandbox"
)

func TestDurationFlag(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want time.Duration
		err  string
	}{
		{"5", 5 * time.Second, ""},
		{"0.5", 500 * time.Millisecond, ""},
		{"90s", 90 * time.Second, ""},
		{"1h30m", 90 * time.Minute, ""},
		{" 2m ", 2 * time.Minute, ""},
		{"5x", 30 * time.Second, `invalid value "5x" for flag -timeout: "5x" is not a duration: write seconds (5) or a Go duration (90s, 2m, 1h30m)`},
	} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.SetOutput(new(bytes.Buffer))
		d := DurationVar(fs, "timeout", 30*time.Second, "per-command timeout")
		err := fs.Parse([]string{"--timeout", tc.in})
		got := ""
		if err != nil {
			got = err.Error()
		}
		if *d != tc.want || got != tc.err {
			t.Errorf("--timeout %q: %v, %q; want %v, %q", tc.in, *d, got, tc.want, tc.err)
		}
	}
	var help bytes.Buffer
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(&help)
	DurationVar(fs, "timeout", 30*time.Second, "per-command timeout")
	fs.PrintDefaults()
	if want := "  -timeout duration\n    \tper-command timeout (a duration such as 90s or 2m; a bare number is seconds) (default 30s)\n"; help.String() != want {
		t.Errorf("help:\n%q\nwant\n%q", help.String(), want)
	}
}

// The command flags every front door takes reach the engine config the
// same way, and each bad value is refused naming its flag.
func TestCommandFlags(t *testing.T) {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(new(bytes.Buffer))
	f := AddCommandFlags(fs, CommandHelp{RejectEmptyAllow: true})
	if err := fs.Parse([]string{"--allow", "rel", "--allow", "/abs", "--pass-env", "A_TOKEN", "--pass-env", "B_KEY", "--sandbox", "strict", "--timeout", "90", "--approve", "never"}); err != nil {
		t.Fatal(err)
	}
	cfg := engine.DefaultConfig("/r")
	if err := f.Apply(cfg); err != nil {
		t.Fatal(err)
	}
	rel, _ := filepath.Abs("rel")
	if got := strings.Join(cfg.Allow, " "); got != rel+" /abs" {
		t.Errorf("allow %q", got)
	}
	if strings.Join(cfg.PassEnv, " ") != "A_TOKEN B_KEY" || cfg.Sandbox != sandbox.Strict || cfg.Timeout != 90*time.Second || cfg.Approve != approval.Never {
		t.Errorf("pass-env %v sandbox %q timeout %s approve %v", cfg.PassEnv, cfg.Sandbox, cfg.Timeout, cfg.Approve)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--allow", ""}, "--allow needs a directory; an empty one would mean the current directory"},
		{[]string{"--sandbox", "loose"}, `--sandbox: unknown sandbox mode "loose"; use off, write or strict`},
		{[]string{"--timeout", "0"}, "--timeout must be positive"},
		{[]string{"--approve", "maybe"}, `unknown --approve "maybe"; use never, ask or always`},
	} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.SetOutput(new(bytes.Buffer))
		f := AddCommandFlags(fs, CommandHelp{RejectEmptyAllow: true})
		if err := fs.Parse(tc.args); err != nil {
			t.Fatal(err)
		}
		if err := f.Apply(engine.DefaultConfig("/r")); err == nil || err.Error() != tc.want {
			t.Errorf("%v: %v, want %s", tc.args, err, tc.want)
		}
	}
}
