package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/approval"
	"github.com/clada-dev/clada/sandbox"
)

// clada-lsp takes the command flags clada apply takes, for the commands of
// the editor's Apply; a bad one stops it with status 2, naming the flag.
func TestParseFlags(t *testing.T) {
	var out, errs bytes.Buffer
	opts, _, ok := parseFlags([]string{"--stdio", "--allow", "/srv/cache", "--sandbox", "strict", "--pass-env", "NPM_TOKEN", "--timeout", "10m", "--approve", "never"}, &out, &errs)
	if !ok {
		t.Fatalf("refused: %s", errs.String())
	}
	c := opts.Engine
	if strings.Join(c.Allow, ",") != "/srv/cache" || c.Sandbox != sandbox.Strict || strings.Join(c.PassEnv, ",") != "NPM_TOKEN" || c.Timeout != 10*time.Minute || c.Approve != approval.Never {
		t.Errorf("engine config: allow %v sandbox %q pass-env %v timeout %s approve %v", c.Allow, c.Sandbox, c.PassEnv, c.Timeout, c.Approve)
	}
	if !opts.Explicit("sandbox") || opts.Explicit("max-output") {
		t.Errorf("explicit: sandbox %v, max-output %v", opts.Explicit("sandbox"), opts.Explicit("max-output"))
	}
	if opts, _, ok := parseFlags(nil, &out, &errs); !ok || opts.Engine.Timeout != engine.DefaultTimeout || opts.Engine.Sandbox != sandbox.Write {
		t.Errorf("no flags: %v %+v", ok, opts.Engine)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--sandbox", "loose"}, "clada-lsp: --sandbox: unknown sandbox mode \"loose\"; use off, write or strict\n"},
		{[]string{"extra"}, "clada-lsp: unknown argument \"extra\"; run it with no arguments (or --stdio and the command flags) from your editor\n"},
	} {
		errs.Reset()
		if _, code, ok := parseFlags(tc.args, &out, &errs); ok || code != 2 || errs.String() != tc.want {
			t.Errorf("%v: ok %v code %d stderr %q, want %q", tc.args, ok, code, errs.String(), tc.want)
		}
	}
}
