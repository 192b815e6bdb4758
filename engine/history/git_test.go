package history

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/internal/testfs"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
	"github.com/google/go-cmp/cmp"
)

// gitEnv isolates git from the machine's configuration and gives the test
// user an identity.
func gitEnv(tb testing.TB) {
	tb.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		tb.Skip("git is not installed")
	}
	home := tb.TempDir()
	tb.Setenv("HOME", home)
	tb.Setenv("XDG_CONFIG_HOME", home)
	tb.Setenv("APPDATA", home) // os.UserConfigDir on Windows
	tb.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	tb.Setenv("GIT_AUTHOR_NAME", "Test User")
	tb.Setenv("GIT_AUTHOR_EMAIL", "test@example.com")
	tb.Setenv("GIT_COMMITTER_NAME", "Test User")
	tb.Setenv("GIT_COMMITTER_EMAIL", "test@example.com")
}

// gitRun runs git in dir and returns its output, failing the test on error.
func gitRun(tb testing.TB, dir string, args ...string) string {
	tb.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		tb.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// applySham runs a SHAM document for real in root.
func applySham(tb testing.TB, root, src string) *engine.Report {
	tb.Helper()
	cfg := engine.DefaultConfig(root)
	cfg.NoFsync, cfg.OutputMode = true, engine.OutputSilent
	ws, err := engine.NewOS(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	defer ws.Close()
	doc := lang.Parse(source.NewFile("in.sham", []byte(src)))
	return engine.Run(context.Background(), doc, ws, cfg, Tracker(context.Background(), cfg, doc))
}

func shamBlock(id string, lines ...string) string {
	return fmt.Sprintf("#!SHAM [@three-char-SHA-256: %s]\n%s\n#!END_SHAM_%s\n", id, strings.Join(lines, "\n"), id)
}

// snapshotTree lists every entry under root except .git and .clada, with
// the mode, a symlink's target or a file's content.
func snapshotTree(t *testing.T, root string) map[string]string {
	t.Helper()
	m := map[string]string{}
	err := filepath.Walk(root, func(p string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if rel == ".git" || rel == ".clada" {
			return filepath.SkipDir
		}
		switch {
		case fi.Mode()&os.ModeSymlink != 0:
			target, _ := os.Readlink(p)
			m[rel] = "link " + target
		case fi.IsDir():
			m[rel] = "dir"
		default:
			data, _ := os.ReadFile(p)
			m[rel] = fmt.Sprintf("%v %s", fi.Mode(), data)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestUndoRestoresTreeExactly removes a directory holding a symlink, an
// executable and nested directories, moves a file, and undoes it, in a
// repository without any commit: undo must bring back every entry with its
// mode and leave the branch without commits again.
func TestUndoRestoresTreeExactly(t *testing.T) {
	gitEnv(t)
	root := t.TempDir()
	gitRun(t, root, "init", "-q", ".")
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(root, "d/sub/empty"), 0o755))
	must(os.WriteFile(filepath.Join(root, "d/run.sh"), []byte("#!/bin/sh\n"), 0o755))
	must(os.WriteFile(filepath.Join(root, "d/sub/x.txt"), []byte("x\r\n"), 0o644))
	testfs.Symlink(t, "sub/x.txt", filepath.Join(root, "d/link"))
	must(os.WriteFile(filepath.Join(root, "m.txt"), []byte("move me"), 0o644))
	before := snapshotTree(t, root)

	rep := applySham(t, root, shamBlock("r1", `action = "remove"`, `path = "d"`)+
		shamBlock("m1", `action = "file_move"`, `old_path = "m.txt"`, `new_path = "n/m.txt"`))
	if !rep.Success || rep.GitError != "" || rep.GitCommit == "" {
		t.Fatalf("apply: success %v, git error %q, commit %q", rep.Success, rep.GitError, rep.GitCommit)
	}
	if got := gitRun(t, root, "ls-files"); got != "n/m.txt\n" {
		t.Errorf("committed files = %q, want only n/m.txt (the removed ones were never tracked)", got)
	}

	res, err := Undo(context.Background(), engine.DefaultConfig(root))
	if err != nil {
		t.Fatal(err)
	}
	if res.Head != "" {
		t.Errorf("HEAD after undo = %q, want no commit", res.Head)
	}
	if out, err := exec.Command("git", "-C", root, "rev-parse", "-q", "--verify", "HEAD").Output(); err == nil {
		t.Errorf("HEAD still resolves to %s after undo", out)
	}
	if diff := cmp.Diff(before, snapshotTree(t, root)); diff != "" {
		t.Errorf("tree after undo (-before +after):\n%s", diff)
	}
	if got := gitRun(t, root, "ls-files", "-s"); got != "" {
		t.Errorf("index after undo = %q, want empty", got)
	}
}

// TestReadHistory: the last line of an id wins, order is first appearance,
// a line not signed with the key is listed but not clada's (and the id's
// last signed line stands for it), and a broken line is an error naming it.
func TestReadHistory(t *testing.T) {
	dir := t.TempDir()
	key, other := make([]byte, keyBytes), make([]byte, keyBytes)
	other[0] = 1
	for _, tc := range []struct {
		key []byte
		rec ApplyRecord
	}{
		{key, ApplyRecord{ID: "a", Status: ApplyStarted}},
		{key, ApplyRecord{ID: "b", Status: ApplyDone}},
		{key, ApplyRecord{ID: "a", Status: ApplyDone, Summary: "s"}},
		{nil, ApplyRecord{ID: "c", Status: ApplyDone}},
		{other, ApplyRecord{ID: "b", Status: ApplyUndone}},
	} {
		if _, err := appendRecord(dir, tc.key, &tc.rec); err != nil {
			t.Fatal(err)
		}
	}
	h, err := readHistory(dir, key)
	if err != nil {
		t.Fatal(err)
	}
	show := func(recs []ApplyRecord) string {
		var out []string
		for _, r := range recs {
			s := fmt.Sprintf("%s:%s:%d", r.ID, r.Status, r.Line)
			if r.NotClada != "" {
				s += ":" + r.NotClada
			}
			out = append(out, s)
		}
		return strings.Join(out, " ")
	}
	wantAll := "a:done:3 b:undone:5:its signature does not match (it was changed after clada wrote it, or signed with another key) " +
		"c:done:4:it carries no signature (an older clada wrote it before histories were signed, or something else did)"
	if got := show(h.all); got != wantAll {
		t.Errorf("all records\n got %s\nwant %s", got, wantAll)
	}
	if got, want := show(h.signed), "a:done:3 b:done:2"; got != want {
		t.Errorf("signed records = %s, want %s", got, want)
	}
	if got, want := show(h.refusedAfter(3)), strings.TrimPrefix(wantAll, "a:done:3 "); got != want {
		t.Errorf("refused after line 3\n got %s\nwant %s", got, want)
	}
	// A record whose content changed after signing is not clada's.
	data, _ := os.ReadFile(historyFile(dir))
	os.WriteFile(historyFile(dir), []byte(strings.Replace(string(data), `"summary":"s"`, `"summary":"t"`, 1)), 0o644)
	if h, _ := readHistory(dir, key); show(h.signed) != "a:started:1 b:done:2" {
		t.Errorf("after tampering, signed records = %s", show(h.signed))
	}
	f, err := os.OpenFile(historyFile(dir), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintln(f, "{not json")
	f.Close()
	_, err = readHistory(dir, key)
	if err == nil || !strings.Contains(err.Error(), "line 6 is not an apply record") {
		t.Errorf("broken line: err = %v, want it to name line 6", err)
	}
}

// The key is made once, 0600 in a 0700 directory, and read back the same.
func TestHistoryKey(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "clada")
	if _, err := historyKey(dir, false); err == nil {
		t.Fatal("no key and create false: want an error")
	}
	k1, err := historyKey(dir, true)
	if err != nil || len(k1) != keyBytes {
		t.Fatalf("key %x, %v", k1, err)
	}
	k2, err := historyKey(dir, true)
	if err != nil || string(k1) != string(k2) {
		t.Fatalf("second read %x, %v; want %x", k2, err, k1)
	}
	fi, err := os.Stat(filepath.Join(dir, "history.key"))
	if runtime.GOOS == "windows" {
		// No modes: the directory's access list is the user's alone
		// (internal/state's TestMakeUserDirACL checks it).
	} else if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("key file mode %v, %v", fi.Mode(), err)
	} else if di, _ := os.Stat(dir); di.Mode().Perm() != 0o700 {
		t.Fatalf("directory mode %v", di.Mode())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("directory holds %d entries, want the key alone", len(entries))
	}
	os.WriteFile(filepath.Join(dir, "history.key"), []byte("short\n"), 0o600)
	if _, err := historyKey(dir, true); err == nil || !strings.Contains(err.Error(), "is damaged") {
		t.Fatalf("damaged key: %v", err)
	}
}

func TestValidRel(t *testing.T) {
	for p, want := range map[string]bool{"a.txt": true, "d/e": true, "": false, "/etc/x": false, "../x": false,
		"a/../b": false, ".git/config": false, "d/.git/x": false, "..": false} {
		if got := validRel(p); got != want {
			t.Errorf("validRel(%q) = %v, want %v", p, got, want)
		}
	}
}

func TestNewApplyID(t *testing.T) {
	id := newApplyID(time.Date(2026, 1, 2, 15, 4, 5, 0, time.UTC))
	if !strings.HasPrefix(id, "20260102T150405-") || len(id) != len("20260102T150405-abcd") {
		t.Errorf("id = %q", id)
	}
}

// BenchmarkGitApply10k measures one apply that edits one file in a
// repository of 10,000 tracked files: "git" with the git model (record,
// commit, history), "nogit" the same apply with --no-git; the difference is
// the git work per apply.
func BenchmarkGitApply10k(b *testing.B) {
	gitEnv(b)
	root := b.TempDir()
	for d := 0; d < 100; d++ {
		dir := filepath.Join(root, fmt.Sprintf("pkg%02d", d))
		if err := os.Mkdir(dir, 0o755); err != nil {
			b.Fatal(err)
		}
		for f := 0; f < 100; f++ {
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%02d.go", f)), []byte(fmt.Sprintf("package pkg%02d\n\nconst v%02d = 0\n", d, f)), 0o644); err != nil {
				b.Fatal(err)
			}
		}
	}
	gitRun(b, root, "init", "-q", ".")
	gitRun(b, root, "add", "-A")
	gitRun(b, root, "commit", "-q", "-m", "10k files")
	applied := 0 // across b.Run's rounds, so each apply writes other content than the last
	for _, mode := range []string{"git", "nogit"} {
		b.Run(mode, func(b *testing.B) {
			cfg := engine.DefaultConfig(root)
			cfg.NoFsync, cfg.OutputMode, cfg.NoGit = true, engine.OutputSilent, mode == "nogit"
			docs := [2]*lang.Document{}
			for i := range docs {
				src := shamBlock("w1", `action = "file_write"`, `path = "pkg42/f42.go"`, fmt.Sprintf(`content = "package pkg42 // %s %d"`, mode, i))
				docs[i] = lang.Parse(source.NewFile("in.sham", []byte(src)))
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				ws, err := engine.NewOS(cfg)
				if err != nil {
					b.Fatal(err)
				}
				doc := docs[applied%2]
				rep := engine.Run(context.Background(), doc, ws, cfg, Tracker(context.Background(), cfg, doc))
				applied++
				ws.Close()
				if !rep.Success || rep.GitError != "" || (mode == "git") != (rep.GitCommit != "") {
					b.Fatalf("apply %d: success %v, git error %q, commit %q", i, rep.Success, rep.GitError, rep.GitCommit)
				}
			}
		})
	}
}

// TestGitModelSkipsRefusedPaths: writes the workspace refuses (under a
// file, through a symlinked directory) neither break the git model nor get
// recorded; the apply's good write is committed alone.
func TestGitModelSkipsRefusedPaths(t *testing.T) {
	gitEnv(t)
	root, outside := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "a.txt"), []byte("a"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(outside, "secret"), []byte("s"), 0o644); err != nil {
		t.Fatal(err)
	}
	testfs.Symlink(t, outside, filepath.Join(root, "ln"))
	gitRun(t, root, "init", "-q", ".")
	gitRun(t, root, "add", "-A")
	gitRun(t, root, "commit", "-q", "-m", "base")
	rep := applySham(t, root, shamBlock("w1", `action = "file_write"`, `path = "a.txt/x"`, `content = "x"`)+
		shamBlock("w2", `action = "remove"`, `path = "ln/secret"`)+
		shamBlock("w3", `action = "file_write"`, `path = "ok.txt"`, `content = "ok"`))
	if rep.Failed() != 2 || rep.GitError != "" || rep.GitCommit == "" {
		t.Fatalf("failed %d (want 2), git error %q, commit %q", rep.Failed(), rep.GitError, rep.GitCommit)
	}
	if got := gitRun(t, root, "show", "--name-status", "--format=", "HEAD"); got != "A\tok.txt\n" {
		t.Errorf("commit = %q, want only ok.txt added", got)
	}
	recs, err := Applies(context.Background(), engine.DefaultConfig(root))
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 1 || len(recs[0].Files) != 1 || recs[0].Files[0].Path != "ok.txt" {
		t.Errorf("records = %+v, want one with ok.txt", recs)
	}
}

// TestGitModelRootThroughSymlink: a root reached through a symlink (as on
// macOS, where the temp dir is under /var -> /private/var) still gets its
// changes committed.
func TestGitModelRootThroughSymlink(t *testing.T) {
	gitEnv(t)
	real, links := t.TempDir(), t.TempDir()
	gitRun(t, real, "init", "-q", ".")
	link := filepath.Join(links, "project")
	testfs.Symlink(t, real, link)
	if err := os.Mkdir(filepath.Join(real, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	rep := applySham(t, filepath.Join(link, "sub"), shamBlock("w1", `action = "file_write"`, `path = "f.txt"`, `content = "f"`))
	if rep.GitCommit == "" || rep.GitError != "" {
		t.Fatalf("commit %q, git error %q", rep.GitCommit, rep.GitError)
	}
	if got := gitRun(t, real, "ls-files"); got != "sub/f.txt\n" {
		t.Errorf("committed %q, want sub/f.txt", got)
	}
}
