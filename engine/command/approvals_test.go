package command

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clada-dev/clada/engine/approval"
	"github.com/clada-dev/clada/internal/state"
	"github.com/google/go-cmp/cmp"
)

// The work tree's old store approves nothing; the first sight of each of
// its contents gives one notice, and `clada trust --approvals`
// (ImportLegacy) approves exactly its commands for that root.
func TestLegacyStoreNoticeAndImport(t *testing.T) {
	userDir, root := t.TempDir(), t.TempDir()
	if got := LegacyNotice(userDir, root); got != "" {
		t.Fatalf("no old store: notice %q", got)
	}
	mustMkdir(t, filepath.Join(root, ".clada"))
	old := filepath.Join(root, ".clada", "allowed-commands.json")
	if err := os.WriteFile(old, []byte(`{"version": 1, "commands": ["echo   hi", "make test"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	want := old + " lists 2 approved commands, but clada no longer takes approvals from the work tree, since a repository can ship that file: " +
		"its commands are not approved. Read it, then run `clada trust --approvals --root " + root + "` to approve exactly those commands " +
		"for this project, or approve each with --approve ask (this notice is shown once)"
	if got := LegacyNotice(userDir, root); got != want {
		t.Fatalf("notice\n got %q\nwant %q", got, want)
	}
	if got := LegacyNotice(userDir, root); got != "" {
		t.Fatalf("second sight: notice %q", got)
	}
	set := Settings{Root: root, UserDir: userDir, Approve: approval.Never}
	if _, ok := Approve(set, "argv", "echo hi", []string{"echo", "hi"}); ok {
		t.Fatal("the old store approved a command")
	}
	// Changed content: told again.
	if err := os.WriteFile(old, []byte(`{"version": 2, "commands": [{"lang": "bash", "code": "rm -rf ~"}, {"lang": "argv", "code": "echo   hi"}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := LegacyNotice(userDir, root); !strings.HasPrefix(got, old+" lists 2 approved commands") {
		t.Fatalf("changed store: notice %q", got)
	}
	shown, added, err := ImportLegacy(userDir, root)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"bash: rm -rf ~", "argv: echo hi"}, shown); diff != "" || added != 2 {
		t.Fatalf("imported (-want +got):\n%s added %d", diff, added)
	}
	if _, ok := Approve(set, "argv", "echo hi", []string{"echo", "hi"}); !ok {
		t.Fatal("an imported command is not approved")
	}
	if _, ok := Approve(Settings{Root: t.TempDir(), UserDir: userDir, Approve: approval.Never}, "argv", "echo hi", []string{"echo", "hi"}); ok {
		t.Fatal("an import approved the command in another root")
	}
	if _, added, err := ImportLegacy(userDir, root); err != nil || added != 0 {
		t.Fatalf("second import: %d added, %v", added, err)
	}
	if got := LegacyNotice(userDir, root); got != "" {
		t.Fatalf("after the import: notice %q", got)
	}
}

// No user directory: nothing is approved, and approving says why it
// cannot be recorded.
func TestApprovalsWithoutUserDir(t *testing.T) {
	set := Settings{Root: t.TempDir(), Approve: approval.Always}
	res, ok := Approve(set, "argv", "true", []string{"true"})
	if ok || res.Error != "exec: recording approval: there is no user config directory to keep it in ("+state.UserDirVars+")" {
		t.Fatalf("got %+v, %v", res, ok)
	}
}
