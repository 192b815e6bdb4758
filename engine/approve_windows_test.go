package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/clada-dev/clada/engine/approval"
	"github.com/clada-dev/clada/engine/command"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// Nothing confines a command on Windows, so without --approve every syntax
// asks before a new command (CSL, SHAM and CML alike), and the report says
// why in its warnings, beside the one that commands ran unconfined.
func TestWindowsAsksEverySyntax(t *testing.T) {
	cfg := approveConfig(t, approval.Default)
	for _, s := range []lang.Syntax{lang.SHAM, lang.CSL, lang.CML} {
		if got := policyFor(cfg, s); got != approval.Ask {
			t.Errorf("policyFor(%s) = %v, want ask", s, got)
		}
	}
	doc := lang.Parse(source.NewFile("a.md", []byte("<---RUN--->\ncmd /c exit 0\n<---END--->\n")))
	if got := gateConfig(cfg, doc); got.Approve != approval.Default {
		t.Errorf("a CSL answer made the gate %v; Windows asks for it too", got.Approve)
	}

	ws, err := NewOS(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	// No terminal to ask on: nothing runs, and the report says why it asked.
	rep := Run(context.Background(), doc, ws, cfg, nil)
	if len(rep.Results) != 1 || rep.Results[0].Success || !strings.Contains(rep.Results[0].Error, "there is no terminal to ask on") {
		t.Fatalf("results %+v, want the command refused for want of a terminal", rep.Results)
	}
	if !strings.Contains(strings.Join(rep.Warnings, "|"), approveWarning(cfg)) || approveWarning(cfg) == "" {
		t.Errorf("warnings %q lack %q", rep.Warnings, approveWarning(cfg))
	}

	// The user says yes: it runs, unconfined, and the report says both.
	asked := ""
	cfg.Confirm = func(q string) (bool, error) { asked = q; return true, nil }
	rep = Run(context.Background(), doc, ws, cfg, nil)
	if len(rep.Results) != 1 || !rep.Results[0].Success {
		t.Fatalf("results %+v, want the approved command to run", rep.Results)
	}
	if !strings.Contains(asked, "cmd /c exit 0") {
		t.Errorf("asked %q, want the command shown", asked)
	}
	want := []string{command.UnconfinedWarning(cfg.Sandbox, 0), approveWarning(cfg)}
	if strings.Join(rep.Warnings, "|") != strings.Join(want, "|") {
		t.Errorf("warnings %q, want %q", rep.Warnings, want)
	}

	// --approve given: the user chose, and the report does not explain.
	cfg.Approve = approval.Always
	if w := approveWarning(cfg); w != "" {
		t.Errorf("with --approve always, warning %q", w)
	}
}
