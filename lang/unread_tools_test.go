package lang

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestAgentToolCalls pins where an agent's other tool calls are found: a
// tag that opens its line (after a byte-order mark, blanks or a quote's
// '>'), to its closing tag or alone when it has none; a tag inside a line
// and the calls that carry no action are left alone.
func TestAgentToolCalls(t *testing.T) {
	src := "\ufeff<read_file><path>a</path></read_file>\n" +
		"Use <execute_command> to run it.\n" +
		"<thinking>x</thinking>\n<attempt_completion><result>done</result></attempt_completion>\n" +
		"> <list_files>\n> <path>src</path>\n> </list_files>\n" +
		"\t<apply_patch>\n<execute_command>\n<command>make</command>\n" +
		"<browser_action><action>launch</action></browser_action>"
	var got []string
	for _, r := range agentToolCalls([]byte(src)) {
		name, hint := agentToolCall([]byte(src), r)
		got = append(got, name+" | "+src[r.Start:r.End]+" | "+hint[:12])
	}
	want := []string{
		"an agent's <read_file> call (Cline, Roo Code) | <read_file><path>a</path></read_file> | nothing was ",
		"an agent's <list_files> call (Cline, Roo Code) | <list_files>\n> <path>src</path>\n> </list_files> | nothing was ",
		"an agent's <execute_command> call (Cline, Roo Code) | <execute_command> | nothing ran:",
		"an agent's <browser_action> call (Cline, Roo Code) | <browser_action><action>launch</action></browser_action> | clada has no",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("calls found (-want +got):\n%s", diff)
	}
}

// Every hint fits the summary report, which shows the first 200 bytes of
// one (report/summary.go): a cut hint read "(README, \"Commands\")" as
// "(READ…".
func TestAgentToolHintsFitTheSummary(t *testing.T) {
	for name, hint := range agentToolHint {
		if len(hint) > 200 {
			t.Errorf("%s: hint of %d bytes: %s", name, len(hint), hint)
		}
	}
}
