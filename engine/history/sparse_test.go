package history

import (
	"context"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clada-dev/clada/engine"
	"github.com/google/go-cmp/cmp"
)

// sparseState is what a user sees of a repository: HEAD, every index
// entry with its tag as stored (-t: "S" skip-worktree; the config keeps
// git from dropping the bit of a present file as it reads), git status and
// the files.
type sparseState struct {
	Head, Index, Status string
	Tree                map[string]string
}

func readSparseState(t *testing.T, root string) sparseState {
	t.Helper()
	return sparseState{
		Head:   gitRun(t, root, "rev-parse", "HEAD"),
		Index:  gitRun(t, root, "-c", "sparse.expectFilesOutsideOfPatterns=true", "ls-files", "-s", "-t"),
		Status: gitRun(t, root, "status", "--porcelain"),
		Tree:   snapshotTree(t, root),
	}
}

// TestGitModelSparseCheckout writes a path outside a sparse checkout's cone
// (its entry has the skip-worktree bit, the file is not on disk), and paths
// like it: the apply commits the file with nothing left staged and no save
// commit of a "deletion" the user never made, the real index holds the new
// entry without the bit (as `git add --sparse` leaves it), and undo puts
// HEAD, the index, the bit and the files back exactly.
func TestGitModelSparseCheckout(t *testing.T) {
	gitEnv(t)
	for _, c := range []struct {
		name  string
		setup [][]string // git commands after the base commit
		dirty string     // a file changed on disk before the apply
		sub   string     // the apply's --root, a folder below the top ("" for the top)
		path  string     // written by the apply, from its root
		code  string     // the command that writes it, if not a file_write
		save  bool       // the apply makes a save commit of the user's work
	}{{
		name:  "file in HEAD outside the cone",
		setup: [][]string{{"sparse-checkout", "set", "dirA"}},
		path:  "dirB/x.txt",
	}, {
		name: "file in HEAD outside the cone, git keeping the bit of present files",
		setup: [][]string{{"config", "sparse.expectFilesOutsideOfPatterns", "true"},
			{"sparse-checkout", "set", "dirA"}},
		path: "dirB/x.txt",
	}, {
		name:  "file in HEAD outside the cone of a sparse index",
		setup: [][]string{{"sparse-checkout", "init", "--cone", "--sparse-index"}, {"sparse-checkout", "set", "dirA"}},
		path:  "dirB/x.txt",
	}, {
		name:  "file in HEAD outside the cone, written by a command",
		setup: [][]string{{"sparse-checkout", "set", "dirA"}},
		path:  "dirB/x.txt",
		code:  "mkdir -p dirB && printf 'by clada\\n' > dirB/x.txt",
	}, {
		name:  "new file outside the cone",
		setup: [][]string{{"sparse-checkout", "set", "dirA"}},
		path:  "dirB/new.txt",
	}, {
		name:  "new file outside the cone of a sparse index",
		setup: [][]string{{"sparse-checkout", "init", "--cone", "--sparse-index"}, {"sparse-checkout", "set", "dirA"}},
		path:  "dirB/new.txt",
	}, {
		name:  "file in HEAD outside the cone, --root a folder below the top",
		setup: [][]string{{"sparse-checkout", "set", "sub/dirA"}},
		sub:   "sub",
		path:  "dirB/x.txt",
	}, {
		name:  "file in HEAD outside a non-cone pattern, --root a folder below the top",
		setup: [][]string{{"sparse-checkout", "set", "--no-cone", "/sub/dirA/"}},
		sub:   "sub",
		path:  "dirB/x.txt",
	}, {
		// skip-worktree set by hand to keep a local change out of git
		// status: the change is the user's work, saved first as theirs.
		name:  "file with the bit set by hand, changed on disk",
		setup: [][]string{{"update-index", "--skip-worktree", "top.txt"}},
		dirty: "top.txt",
		path:  "top.txt",
		save:  true,
	}} {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			gitRun(t, root, "init", "-q", ".")
			for p, s := range map[string]string{"dirA/a.txt": "a\n", "dirB/x.txt": "x\n", "top.txt": "top\n", "sub/dirA/a.txt": "a\n", "sub/dirB/x.txt": "x\n"} {
				if err := os.MkdirAll(filepath.Dir(filepath.Join(root, p)), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(root, p), []byte(s), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			gitRun(t, root, "add", ".")
			gitRun(t, root, "commit", "-q", "-m", "base")
			base := strings.TrimSpace(gitRun(t, root, "rev-parse", "HEAD"))
			for _, args := range c.setup {
				gitRun(t, root, args...)
			}
			if c.dirty != "" {
				if err := os.WriteFile(filepath.Join(root, c.dirty), []byte("local only\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			before := readSparseState(t, root)

			src := shamBlock("w1", `action = "file_write"`, `path = "`+c.path+`"`, `content = "by clada"`)
			if c.code != "" {
				src = shamBlock("x1", `action = "exec"`, `lang = "bash"`, `code = "`+c.code+`"`)
			}
			rep := applySham(t, filepath.Join(root, c.sub), src)
			if !rep.Success || rep.GitError != "" || rep.GitCommit == "" {
				t.Fatalf("apply: success %v, git error %q, commit %q\n%+v", rep.Success, rep.GitError, rep.GitCommit, rep.Results)
			}
			full := path.Join(c.sub, c.path) // from the top
			if got := gitRun(t, root, "show", "HEAD:"+full); got != "by clada\n" {
				t.Errorf("HEAD:%s = %q, want %q", full, got, "by clada\n")
			}
			if got := gitRun(t, root, "diff", "--cached", "--name-status"); got != "" {
				t.Errorf("staged after the apply:\n%s", got)
			}
			if got := gitRun(t, root, "status", "--porcelain"); got != "" {
				t.Errorf("git status after the apply:\n%s", got)
			}
			if got := gitRun(t, root, "-c", "sparse.expectFilesOutsideOfPatterns=true", "ls-files", "-t", "--", full); got != "H "+full+"\n" {
				t.Errorf("index entry after the apply: %q, want it without the skip-worktree bit", got)
			}
			parents := "HEAD^"
			if c.save {
				parents = "HEAD^^"
				if rep.SnapshotCommit == "" {
					t.Error("no save commit of the user's local change")
				} else if got := gitRun(t, root, "show", rep.SnapshotCommit+":"+full); got != "local only\n" {
					t.Errorf("save commit holds %q", got)
				}
			} else if rep.SnapshotCommit != "" {
				t.Errorf("save commit %s of work the user never did:\n%s", rep.SnapshotCommit, gitRun(t, root, "show", "--stat", rep.SnapshotCommit))
			}
			if got := strings.TrimSpace(gitRun(t, root, "rev-parse", parents)); got != base {
				t.Errorf("%s = %s, want the base %s", parents, got, base)
			}

			if _, err := Undo(context.Background(), engine.DefaultConfig(filepath.Join(root, c.sub))); err != nil {
				t.Fatalf("undo: %v", err)
			}
			now := readSparseState(t, root)
			if c.code != "" {
				delete(now.Tree, "dirB") // undo leaves the directories a command made (README)
			}
			if c.sub != "" {
				for _, p := range []string{"", "/.gitignore", "/lock"} {
					delete(now.Tree, c.sub+"/.clada"+p) // the root's own state (README "Safety": clada's own files)
				}
			}
			if diff := cmp.Diff(before, now); diff != "" {
				t.Errorf("after undo (-before +now):\n%s", diff)
			}
		})
	}
}

// TestSparseHint: an edit of a file a sparse checkout leaves off disk fails
// as not found, and its hint says where the file is and what to do, in
// place of "check the path"; a file that is nowhere keeps the usual hint.
// A delete is told how to remove the file from git. With --root a folder
// below the work tree's top, the hint names the answer's own path, from
// the root, and its git commands are right when run there, in cone and
// non-cone mode: the test runs them.
func TestSparseHint(t *testing.T) {
	gitEnv(t)
	for _, c := range []struct {
		name, sub string
		set       []string // the sparse-checkout set command
		want      []string
		show, add []string // the hint's commands, run in the root
	}{{
		name: "root at the top",
		set:  []string{"sparse-checkout", "set", "dirA"},
		want: []string{
			"file_not_found: dirB/x.txt is in git but outside this sparse checkout, so it is not on disk: read it with `git show HEAD:dirB/x.txt`, or check it out first with `git sparse-checkout add dirB` and apply again; a file_write of it also works (clada commits it, as `git add --sparse` would)",
			"file_not_found (check path): check the path: it is relative to the project root",
			"file_not_found: dirB/x.txt is in git but outside this sparse checkout, so it is not on disk: remove it from git with `git rm --sparse -- dirB/x.txt`, or check it out first with `git sparse-checkout add dirB` and apply again",
		},
		show: []string{"show", "HEAD:dirB/x.txt"},
		add:  []string{"sparse-checkout", "add", "dirB"},
	}, {
		name: "root a folder below the top, cone mode",
		sub:  "sub",
		set:  []string{"sparse-checkout", "set", "sub/dirA"},
		want: []string{
			"file_not_found: dirB/x.txt is in git but outside this sparse checkout, so it is not on disk: read it with `git show HEAD:./dirB/x.txt`, or check it out first with `git -C .. sparse-checkout add sub/dirB` and apply again; a file_write of it also works (clada commits it, as `git add --sparse` would)",
			"file_not_found (check path): check the path: it is relative to the project root",
			"file_not_found: dirB/x.txt is in git but outside this sparse checkout, so it is not on disk: remove it from git with `git rm --sparse -- dirB/x.txt`, or check it out first with `git -C .. sparse-checkout add sub/dirB` and apply again",
		},
		show: []string{"show", "HEAD:./dirB/x.txt"},
		add:  []string{"-C", "..", "sparse-checkout", "add", "sub/dirB"},
	}, {
		name: "root two folders below the top, non-cone mode",
		sub:  "sub/deep",
		set:  []string{"sparse-checkout", "set", "--no-cone", "/sub/deep/dirA/"},
		want: []string{
			"file_not_found: dirB/x.txt is in git but outside this sparse checkout, so it is not on disk: read it with `git show HEAD:./dirB/x.txt`, or check it out first with `git -C ../.. sparse-checkout add sub/deep/dirB` and apply again; a file_write of it also works (clada commits it, as `git add --sparse` would)",
			"file_not_found (check path): check the path: it is relative to the project root",
			"file_not_found: dirB/x.txt is in git but outside this sparse checkout, so it is not on disk: remove it from git with `git rm --sparse -- dirB/x.txt`, or check it out first with `git -C ../.. sparse-checkout add sub/deep/dirB` and apply again",
		},
		show: []string{"show", "HEAD:./dirB/x.txt"},
		add:  []string{"-C", "../..", "sparse-checkout", "add", "sub/deep/dirB"},
	}} {
		t.Run(c.name, func(t *testing.T) {
			top := t.TempDir()
			gitRun(t, top, "init", "-q", ".")
			root := filepath.Join(top, c.sub)
			writeFiles(t, root, map[string]string{"dirA/a.txt": "x\n", "dirB/x.txt": "x\n"})
			gitRun(t, top, "add", ".")
			gitRun(t, top, "commit", "-q", "-m", "base")
			gitRun(t, top, c.set...)
			if _, err := os.Lstat(filepath.Join(root, "dirB")); err == nil {
				t.Fatal("dirB is on disk: the sparse checkout left it in")
			}
			edit := func(id, p string) string {
				return shamBlock(id, `action = "file_replace_text"`, `path = "`+p+`"`, `old_text = "x"`, `new_text = "y"`)
			}
			rep, _ := applyRooted(t, root, edit("e1", "dirB/x.txt")+edit("e2", "dirB/none.txt")+
				shamBlock("d1", `action = "file_delete"`, `path = "dirB/x.txt"`), false)
			if diff := cmp.Diff(c.want, hintsOf(rep)); diff != "" {
				t.Errorf("results (-want +got):\n%s", diff)
			}
			if rep.GitCommit != "" || rep.GitError != "" {
				t.Errorf("commit %q, git error %q after an apply that changed nothing", rep.GitCommit, rep.GitError)
			}
			// What the hint says to run, run in the root, does what it says.
			if got := gitRun(t, root, c.show...); got != "x\n" {
				t.Errorf("git %s = %q, want the file", strings.Join(c.show, " "), got)
			}
			if got, want := gitRun(t, root, "rm", "-q", "--sparse", "--", "dirB/x.txt")+gitRun(t, top, "diff", "--cached", "--name-status"), "D\t"+path.Join(c.sub, "dirB/x.txt")+"\n"; got != want {
				t.Errorf("git rm --sparse staged %q, want %q", got, want)
			}
			gitRun(t, top, "reset", "-q")
			gitRun(t, root, c.add...)
			if rep, _ := applyRooted(t, root, edit("e1", "dirB/x.txt"), false); !rep.Success {
				t.Errorf("after git %s, the edit: %v", strings.Join(c.add, " "), hintsOf(rep))
			}
		})
	}
}
