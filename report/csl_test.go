package report

import (
	"context"
	"strings"
	"testing"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/approval"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
	"github.com/google/go-cmp/cmp"
)

func TestCSL(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{{
		name: "tasks skipped whole on invalid op, standalone numbered by block",
		in: "<---WRITE file=\"a.txt\"--->\na\n<---END--->\n" +
			"<---TASKS--->\n<---WRITE file=\"b.txt\"--->\nb\n<---END--->\n<---FILE_REPLACE_LINES file=\"a.txt\" lines=\"x\"--->\nz\n<---END--->\n<---END--->\n" +
			"<---SEARCH file=\"a.txt\"--->\nnope\n<---REPLACE--->\ny\n<---END--->\n" +
			"<---RUN--->\nls\n<---END--->\n",
		want: "[task-1] SUCCESS: WRITE - a.txt\n" +
			"[task-2.1] SKIP: WRITE - b.txt: not run: task-2.2 failed validation; the whole group is skipped\n" +
			"[task-2.2] SKIP: FILE_REPLACE_LINES - a.txt: file_replace_lines: Invalid line specification 'x'\n" +
			"    hint: write lines = \"4\" or lines = \"23-43\" (1-based, start <= end)\n" +
			"[task-3] ERROR: SEARCH - a.txt: file_replace_text: old_text not found in file\n" +
			"    hint: no lines in the file resemble old_text; copy old_text exactly from the file (file_read_numbered shows it)\n" +
			"[task-4] ERROR: RUN - ls: exec: command `ls` did not run: it has not been approved\n" +
			"    hint: approve it by running clada apply --approve ask on a terminal, or --approve always\n" +
			"5 tasks: 1 succeeded, 2 failed, 2 skipped\n",
	}, {
		name: "syntax errors are fatal",
		in:   "<---WRITE file=\"a.txt\"--->\na\n<---END--->\n<---TASKS--->\n<---SEARCH file=\"a\" count=\"x\"--->\na\n<---REPLACE--->\nb\n<---END--->\n",
		want: "[task-2] FATAL: TASKS - line 4: the TASKS block has no <---END---> before the end of the input (UNCLOSED_TASKS)\n" +
			"    hint: end the TASKS block with its own <---END---> after the END of its last op\n" +
			"[task-2.1] FATAL: SEARCH - line 5: count must be a whole number of matches (1 or more) or \"all\", not \"x\" (INVALID_ATTRIBUTE)\n" +
			"    hint: write count=\"3\" for exactly three matches, or count=\"all\"\n" +
			"FATAL: the CSL has syntax errors; nothing was run (fix the errors listed and apply again)\n" +
			"0 tasks: 0 succeeded, 0 failed, 0 skipped\n",
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := engine.DefaultConfig(t.TempDir())
			cfg.NoGit, cfg.NoFsync, cfg.OutputMode = true, true, engine.OutputBuffer
			cfg.Approve = approval.Never // CSL's own default, which Windows (asking for every syntax) does not take
			ws, err := engine.NewOS(cfg)
			if err != nil {
				t.Fatal(err)
			}
			defer ws.Close()
			doc := lang.Parse(source.NewFile("t.csl", []byte(tc.in)))
			rep := engine.Run(context.Background(), doc, ws, cfg, nil)
			var sb strings.Builder
			if err := CSL(&sb, doc, rep, Options{}); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, sb.String()); diff != "" {
				t.Errorf("report (-want +got):\n%s", diff)
			}
		})
	}
}

// TestCSLListsInvalidBlocks: in an answer whose run went on past a broken
// block (SHAM skips only that block), the block is an ERROR line in its
// place with its syntax error and hint, and the count line counts it, so
// the labels (which count the answer's blocks) never skip a number. A
// syntax error of no action (a broken V4A envelope) is listed first.
func TestCSLListsInvalidBlocks(t *testing.T) {
	src := "Here are the edits:\n\n" +
		"#!SHAM [@three-char-SHA-256: a1b]\naction = \"file_write\"\npath = \"one.txt\"\ncontent = \"1\"\n#!END_SHAM_a1b\n\n" +
		"#!SHAM [@three-char-SHA-256: c2d]\naction = \"file_write\"\npath = \"two.txt\ncontent = \"2\"\n#!END_SHAM_c2d\n\n" +
		"#!SHAM [@three-char-SHA-256: e3f]\naction = \"file_write\"\npath = \"three.txt\"\ncontent = \"3\"\n#!END_SHAM_e3f\n\n" +
		"*** Begin Patch\n*** Frobnicate File: x\n*** End Patch\n"
	doc := lang.Parse(source.NewFile("answer.md", []byte(src)))
	cfg := engine.DefaultConfig(t.TempDir())
	cfg.NoGit = true
	rep, _, err := engine.Apply(context.Background(), doc, cfg, engine.Real, nil)
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	if err := CSL(&sb, doc, rep, Options{}); err != nil {
		t.Fatal(err)
	}
	want := "ERROR: line 22: unknown patch line `*** Frobnicate File: x` (V4A_UNKNOWN_HEADER)\n" +
		"    hint: a file section starts with `*** Add File: path`, `*** Update File: path` or `*** Delete File: path`\n" +
		"[task-1] SUCCESS: WRITE - one.txt\n" +
		"[task-2] ERROR: WRITE - line 11: Quoted value of \"path\" has no closing quote on its line. (UNCLOSED_QUOTE)\n" +
		"    hint: Close the quote on the same line; for text over several lines use a heredoc <<'EOT_SHAM_c2d'.\n" +
		"[task-3] SUCCESS: WRITE - three.txt\n" +
		"3 tasks: 2 succeeded, 0 failed, 0 skipped, 1 invalid\n"
	if diff := cmp.Diff(want, sb.String()); diff != "" {
		t.Errorf("report (-want +got):\n%s", diff)
	}
}
