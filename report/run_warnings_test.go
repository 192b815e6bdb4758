package report

import (
	"strings"
	"testing"

	"github.com/clada-dev/clada/engine"
)

// A run's warning (engine.Report.Warn: commands ran unconfined, …) is said
// exactly once in every format, however often the run raised it.
func TestRunWarningsRendered(t *testing.T) {
	rep := &engine.Report{Success: true}
	rep.Warn("commands ran unconfined: x")
	rep.Warn("commands ran unconfined: x")
	for _, tc := range []struct{ format, line string }{
		{"text", "Warning: commands ran unconfined: x\n"},
		{"summary", "⚠️ commands ran unconfined: x\n"},
		{"csl", "WARNING: commands ran unconfined: x\n"},
		{"cml", "[warning] commands ran unconfined: x\n"},
		{"json", "\"runWarnings\": [\n    \"commands ran unconfined: x\"\n  ]"},
	} {
		var b strings.Builder
		if err := Write(&b, tc.format, nil, rep, Options{Stable: true}); err != nil {
			t.Fatal(err)
		}
		if strings.Count(b.String(), tc.line) != 1 {
			t.Errorf("%s report does not say the warning once:\n%s", tc.format, b.String())
		}
	}
}
