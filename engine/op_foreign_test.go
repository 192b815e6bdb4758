package engine

import (
	"context"
	"strings"
	"testing"

	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/lang"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// The catalog entries the foreign formats lower into: file_insert,
// file_replace_text's near_line, file_write's and file_move's
// overwrite="false", each on both workspaces.
var foreignOpCases = []opCase{
	{name: "insert at the top", files: map[string]string{"f.txt": "a\nb\n"},
		op: lang.OpFileInsert, params: p("path", "f.txt", "line", "0", "content", "x"),
		want: ok(data("path", "f.txt", "lines_inserted", 1)), after: map[string]string{"f.txt": "x\na\nb\n"}},
	{name: "insert after the last line without a final newline keeps the tab", files: map[string]string{"f.txt": "\ta\nb"},
		op: lang.OpFileInsert, params: p("path", "f.txt", "line", "2", "content", "c\nd\n"),
		want: ok(data("path", "f.txt", "lines_inserted", 2)), after: map[string]string{"f.txt": "\ta\nb\nc\nd\n"}},
	{name: "insert into a CRLF file gets CRLF", files: map[string]string{"f.txt": "a\r\nb\r\n"},
		op: lang.OpFileInsert, params: p("path", "f.txt", "line", "1", "content", "x\ny"),
		want: ok(data("path", "f.txt", "lines_inserted", 2)), after: map[string]string{"f.txt": "a\r\nx\r\ny\r\nb\r\n"}},
	{name: "insert past the end", files: map[string]string{"f.txt": "a\n"},
		op: lang.OpFileInsert, params: p("path", "f.txt", "line", "3", "content", "x"),
		want: fail("file_insert: line 3 is out of bounds (file has 1 lines)", fault.None, "line"), hint: "file_read_numbered"},
	{name: "insert with a bad line", files: map[string]string{"f.txt": "a\n"},
		op: lang.OpFileInsert, params: p("path", "f.txt", "line", "-1", "content", "x"),
		want: fail("file_insert: line must be a whole number (0 or more), got '-1'", fault.None, "line"), hint: `line = "0"`},
	{name: "near_line takes the match at that line", files: map[string]string{"f.txt": "x\ny\nx\ny\n"},
		op: lang.OpFileReplaceText, params: p("path", "f.txt", "old_text", "x\ny\n", "new_text", "X\nY\n", "near_line", "3"),
		want: ok(data("path", "f.txt", "replacements", 1)), after: map[string]string{"f.txt": "x\ny\nX\nY\n"}},
	{name: "near_line reports the offset of a match elsewhere", files: map[string]string{"f.txt": "a\nb\nc\n"},
		op: lang.OpFileReplaceText, params: p("path", "f.txt", "old_text", "c\n", "new_text", "C\n", "near_line", "1"),
		want: ok(data("path", "f.txt", "replacements", 1, "offset", 2)), after: map[string]string{"f.txt": "a\nb\nC\n"}},
	{name: "near_line needs whole lines: a match inside a line is none", files: map[string]string{"f.txt": "ab\n"},
		op: lang.OpFileReplaceText, params: p("path", "f.txt", "old_text", "b\n", "new_text", "B\n", "near_line", "1"),
		want: Result{Error: "file_replace_text: old_text not found in file", Type: fault.SearchNotFound, Param: "old_text"}},
	{name: "near_line at neither of two matches is ambiguous", files: map[string]string{"f.txt": "x\n-\nx\n"},
		op: lang.OpFileReplaceText, params: p("path", "f.txt", "old_text", "x\n", "new_text", "X\n", "near_line", "2"),
		want: Result{Error: "file_replace_text: old_text appears 2 times, must appear exactly once", Type: fault.SearchAmbiguous, Param: "old_text"}, hint: "lines 1 and 3"},
	{name: "near_line: a replayed hunk that adds lines is already applied", files: map[string]string{"f.txt": "a\nb\nadded\nc\n"},
		op: lang.OpFileReplaceText, params: p("path", "f.txt", "old_text", "b\n", "new_text", "b\nadded\n", "near_line", "2"),
		want: Result{Success: true, AlreadyApplied: true, Data: data("path", "f.txt", "replacements", 0)}},
	{name: "a diff's new file replayed is already applied", files: map[string]string{"n.txt": "hello\r\nworld\r\n"},
		op: lang.OpFileWrite, params: p("path", "n.txt", "content", "hello\nworld\n", "overwrite", "false"),
		want: Result{Success: true, AlreadyApplied: true, Data: data("path", "n.txt", "bytesWritten", 0)}},
	{name: "a diff's new file over other content is refused", files: map[string]string{"n.txt": "hello\n"},
		op: lang.OpFileWrite, params: p("path", "n.txt", "content", "hello\nworld\n", "overwrite", "false"),
		want: Result{Error: "file_write: 'n.txt' already exists; not writing over it", Type: fault.FileExists, Param: "path"}, hint: "edit the existing file"},
	{name: "move with overwrite false refuses an existing file", files: map[string]string{"a": "A", "b": "B"},
		op: lang.OpFileMove, params: p("old_path", "a", "new_path", "b", "overwrite", "false"),
		want: Result{Error: "file_move: 'b' already exists; not moving 'a' onto it", Type: fault.FileExists, Param: "new_path"}, hint: "somewhere free"},
	{name: "move with overwrite false to a free path", files: map[string]string{"a": "A"},
		op: lang.OpFileMove, params: p("old_path", "a", "new_path", "c", "overwrite", "false"),
		want: ok(data("old_path", "a", "new_path", "c")), after: map[string]string{"c": "A"}},
}

func TestForeignOps(t *testing.T) {
	for _, tc := range foreignOpCases {
		t.Run(tc.name, func(t *testing.T) {
			bothWorkspaces(t, tc.files, func(t *testing.T, cfg *Config, ws fsys.Workspace) {
				before := viewTree(t, ws, cfg.Root)
				got := Do(context.Background(), ws, cfg, tc.op, tc.params)
				if diff := cmp.Diff(tc.want, got, cmpopts.IgnoreFields(Result{}, "Hint")); diff != "" {
					t.Errorf("Result (-want +got):\n%s", diff)
				}
				if !strings.Contains(got.Hint, tc.hint) {
					t.Errorf("hint %q does not contain %q", got.Hint, tc.hint)
				}
				want := tc.after
				if want == nil {
					want = before
				}
				if diff := cmp.Diff(want, viewTree(t, ws, cfg.Root)); diff != "" {
					t.Errorf("tree after (-want +got):\n%s", diff)
				}
			})
		})
	}
}
