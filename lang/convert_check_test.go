package lang

import (
	"testing"

	"github.com/clada-dev/clada/source"
	"github.com/google/go-cmp/cmp"
)

func TestConvertLosses(t *testing.T) {
	const cslTasks = "Intro.\n<---TASKS--->\n<---WRITE file=\"a\"--->\nx\n<---END--->\n<---RUN--->\nmake\n<---END--->\n<---END--->\n"
	const cmlTasks = "<tasks version=\"1.0\">\n  <write path=\"a\">x</write>\n  <remove path=\"b\"/>\n</tasks>\n"
	const cslV2 = "<---TASKS version=\"2.0\"--->\n<---WRITE file=\"a\"--->\nx\n<---END--->\n<---END--->\n"
	const oneAction = "<tasks>\n  <write path=\"a\">x</write>\n</tasks>\n"
	tests := []struct {
		name, src string
		to        Syntax
		want      []Loss
	}{
		{"CSL TASKS to SHAM", cslTasks, SHAM, []Loss{{Line: 2,
			Message: "the TASKS group of 2 actions has no SHAM form: SHAM runs every block on its own, so after a failure the later actions would run anyway",
			Hint:    "convert with --flatten if each action may run on its own, or keep the document in CSL"}}},
		{"CML tasks to SHAM", cmlTasks, SHAM, []Loss{{Line: 1,
			Message: "the <tasks> group of 2 actions has no SHAM form: SHAM runs every block on its own, so after a failure the later actions would run anyway",
			Hint:    "convert with --flatten if each action may run on its own, or keep the document in CML"}}},
		{"CSL TASKS to CML keeps the group", cslTasks, CML, nil},
		{"CML version 1.0 to CSL", cmlTasks, CSL, nil},
		{"CSL version 2.0 to CML", cslV2, CML, []Loss{{Line: 1,
			Message: `the TASKS group has version "2.0", which CML cannot carry: CML knows only version 1.0 and aborts a document with any other`,
			Hint:    "remove the version attribute, or convert with --flatten to drop it"}}},
		{"CSL version 2.0 stays CSL", cslV2, CSL, nil},
		{"one action group to SHAM", oneAction, SHAM, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := Parse(source.NewFile("in", []byte(tt.src)))
			if ds := d.Diagnostics(); ds.HasErrors() {
				t.Fatalf("input has errors: %v", ds)
			}
			if diff := cmp.Diff(tt.want, ConvertLosses(d, tt.to)); diff != "" {
				t.Errorf("losses (-want +got):\n%s", diff)
			}
		})
	}
}
