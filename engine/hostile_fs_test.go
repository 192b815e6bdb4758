package engine

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/internal/benchdoc"
	"github.com/clada-dev/clada/internal/testfs"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// hostileCase is an attempt to read or write somewhere it must not. Every
// case checks the exact error (type and message start) and that nothing
// beside the root (the sibling "outside" dir, a "root_evil" prefix sibling,
// …) changed.
type hostileCase struct {
	name   string
	setup  func(t *testing.T, root, outside string) // before the workspace opens
	cfg    func(cfg *Config, root, outside string)
	op     lang.OpID
	params func(root, outside string) map[string]string
	typ    fault.Kind // Result.Type
	err    string     // Result.Error prefix; "" means the op must succeed
	check  func(t *testing.T, root, outside string, ws fsys.Workspace)
}

func mustSymlink(t *testing.T, target, link string) {
	t.Helper()
	testfs.Symlink(t, target, link) // skips where the system makes no symlinks
}

func fixed(kv ...string) func(root, outside string) map[string]string {
	return func(string, string) map[string]string { return p(kv...) }
}

var hostileCases = []hostileCase{
	{name: "dot-dot escape", op: lang.OpFileWrite, params: fixed("path", "../outside/x", "content", "pwn"),
		typ: fault.PathEscape, err: "file_write: path '../outside/x' is outside the project root"},
	{name: "dot-dot hidden mid-path", op: lang.OpFileWrite, params: fixed("path", "a/../../outside/x", "content", "pwn"),
		typ: fault.PathEscape, err: "file_write: path 'a/../../outside/x' is outside the project root"},
	{name: "absolute path outside", op: lang.OpFileWrite,
		params: func(_, outside string) map[string]string { return p("path", outside+"/x", "content", "pwn") },
		typ:    fault.PathEscape, err: "file_write: path '/"},
	{name: "prefix sibling root_evil",
		setup: func(t *testing.T, root, _ string) { writeTree(t, root+"_evil", map[string]string{"f": "orig"}) },
		op:    lang.OpFileWrite,
		params: func(root, _ string) map[string]string {
			return p("path", root+"_evil/f", "content", "pwn")
		},
		typ: fault.PathEscape, err: "file_write: path '/"},
	{name: "read outside by ..", setup: func(t *testing.T, _, outside string) { writeTree(t, outside, map[string]string{"secret": "s"}) },
		op: lang.OpFileRead, params: fixed("path", "../outside/secret"),
		typ: fault.PathEscape, err: "file_read: path '../outside/secret' is outside the project root"},
	{name: "symlink out, absolute",
		setup: func(t *testing.T, root, outside string) { mustSymlink(t, outside, filepath.Join(root, "link")) },
		op:    lang.OpFileWrite, params: fixed("path", "link/x", "content", "pwn"),
		typ: fault.SymlinkNotAllowed, err: "file_write: '"},
	{name: "symlink out, relative",
		setup: func(t *testing.T, root, _ string) { mustSymlink(t, "../outside", filepath.Join(root, "link")) },
		op:    lang.OpFileWrite, params: fixed("path", "link/x", "content", "pwn"),
		typ: fault.SymlinkNotAllowed, err: "file_write: '"},
	{name: "symlink to an outside file, write",
		setup: func(t *testing.T, root, outside string) {
			writeTree(t, outside, map[string]string{"secret": "s"})
			mustSymlink(t, filepath.Join(outside, "secret"), filepath.Join(root, "f"))
		},
		op: lang.OpFileWrite, params: fixed("path", "f", "content", "pwn"),
		typ: fault.SymlinkNotAllowed, err: "file_write: '"},
	{name: "symlink to an outside file, read",
		setup: func(t *testing.T, root, outside string) {
			writeTree(t, outside, map[string]string{"secret": "s"})
			mustSymlink(t, "../outside/secret", filepath.Join(root, "f"))
		},
		op: lang.OpFileRead, params: fixed("path", "f"),
		typ: fault.SymlinkNotAllowed, err: "file_read: '"},
	{name: "chained symlinks",
		setup: func(t *testing.T, root, _ string) {
			mustSymlink(t, "l2", filepath.Join(root, "l1"))
			mustSymlink(t, "../outside", filepath.Join(root, "l2"))
		},
		op: lang.OpFileAppend, params: fixed("path", "l1/x", "content", "pwn"),
		typ: fault.SymlinkNotAllowed, err: "file_append: '"},
	{name: "dangling symlink",
		setup: func(t *testing.T, root, _ string) { mustSymlink(t, "../outside/new", filepath.Join(root, "d")) },
		op:    lang.OpFileWrite, params: fixed("path", "d", "content", "pwn"),
		typ: fault.SymlinkNotAllowed, err: "file_write: '"},
	{name: "edit through symlinked parent",
		setup: func(t *testing.T, root, outside string) {
			writeTree(t, outside, map[string]string{"code.go": "old"})
			mustSymlink(t, outside, filepath.Join(root, "src"))
		},
		op: lang.OpFileReplaceText, params: fixed("path", "src/code.go", "old_text", "old", "new_text", "pwn"),
		typ: fault.SymlinkNotAllowed, err: "file_replace_text: '"},
	{name: "moving a symlink itself is allowed",
		setup: func(t *testing.T, root, outside string) {
			writeTree(t, outside, map[string]string{"secret": "s"})
			mustSymlink(t, "../outside/secret", filepath.Join(root, "ln"))
		},
		op: lang.OpFileMove, params: fixed("old_path", "ln", "new_path", "ln2"),
		check: func(t *testing.T, root, _ string, ws fsys.Workspace) {
			fi, err := ws.Lstat(filepath.Join(root, "ln2"))
			if err != nil || fi.Mode()&os.ModeSymlink == 0 {
				t.Errorf("ln2 should be the moved symlink: %v %v", fi, err)
			}
		}},
	{name: "removing a symlink to an outside dir removes only the link",
		setup: func(t *testing.T, root, outside string) {
			writeTree(t, outside, map[string]string{"keep/me": "1"})
			mustSymlink(t, outside, filepath.Join(root, "ln"))
		},
		op: lang.OpRemove, params: fixed("path", "ln")},
	{name: "move out of the root", setup: func(t *testing.T, root, _ string) { writeTree(t, root, map[string]string{"a": "A"}) },
		op: lang.OpFileMove, params: fixed("old_path", "a", "new_path", "../outside/a"),
		typ: fault.PathEscape, err: "file_move: path '../outside/a' is outside the project root"},
	{name: "hard link to an outside file, read, refused",
		setup: func(t *testing.T, root, outside string) {
			writeTree(t, outside, map[string]string{"secret": "s\n"})
			if err := os.Link(filepath.Join(outside, "secret"), filepath.Join(root, "h")); err != nil {
				t.Fatal(err)
			}
		},
		op: lang.OpFileRead, params: fixed("path", "h"),
		typ: fault.PermissionDenied, err: "file_read: 'h' has 2 hard links; clada does not read or write a file that may also be a file outside the root"},
	{name: "hard link to an outside file, edit, refused",
		setup: func(t *testing.T, root, outside string) {
			writeTree(t, outside, map[string]string{"secret": "s\n"})
			if err := os.Link(filepath.Join(outside, "secret"), filepath.Join(root, "h")); err != nil {
				t.Fatal(err)
			}
		},
		op: lang.OpFileReplaceText, params: fixed("path", "h", "old_text", "s", "new_text", "pwn"),
		typ: fault.PermissionDenied, err: "file_replace_text: 'h' has 2 hard links"},
	{name: "hard link to an outside file, overwrite, refused",
		setup: func(t *testing.T, root, outside string) {
			writeTree(t, outside, map[string]string{"secret": "s\n"})
			if err := os.Link(filepath.Join(outside, "secret"), filepath.Join(root, "h")); err != nil {
				t.Fatal(err)
			}
		},
		op: lang.OpFileWrite, params: fixed("path", "h", "content", "pwn"),
		typ: fault.PermissionDenied, err: "file_write: 'h' has 2 hard links"},
	{name: "hard link under --allow-escape is replaced, not written through",
		setup: func(t *testing.T, root, outside string) {
			writeTree(t, outside, map[string]string{"secret": "s\n"})
			if err := os.Link(filepath.Join(outside, "secret"), filepath.Join(root, "h")); err != nil {
				t.Fatal(err)
			}
		},
		cfg: func(cfg *Config, _, _ string) { cfg.AllowEscape = true },
		op:  lang.OpFileReplaceText, params: fixed("path", "h", "old_text", "s", "new_text", "pwn"),
		check: func(t *testing.T, root, _ string, ws fsys.Workspace) {
			if got, _ := ws.ReadFile(filepath.Join(root, "h")); string(got) != "pwn\n" {
				t.Errorf("h = %q", got)
			}
		}},
	{name: "FIFO read refused without blocking",
		setup: func(t *testing.T, root, _ string) {
			if err := mkfifo(filepath.Join(root, "p")); err != nil {
				t.Skip("mkfifo:", err)
			}
		},
		op: lang.OpFileRead, params: fixed("path", "p"),
		typ: fault.PermissionDenied, err: "file_read: 'p' is a named pipe (FIFO), not a regular file"},
	{name: "FIFO write refused",
		setup: func(t *testing.T, root, _ string) {
			if err := mkfifo(filepath.Join(root, "p")); err != nil {
				t.Skip("mkfifo:", err)
			}
		},
		op: lang.OpFileWrite, params: fixed("path", "p", "content", "x"),
		typ: fault.PermissionDenied, err: "file_write: '"},
	{name: "socket refused",
		setup: func(t *testing.T, root, _ string) {
			l, err := net.Listen("unix", filepath.Join(root, "s"))
			if err != nil {
				t.Skip("unix socket:", err)
			}
			t.Cleanup(func() { l.Close() })
		},
		op: lang.OpFileRead, params: fixed("path", "s"),
		typ: fault.PermissionDenied, err: "file_read: 's' is a socket, not a regular file"},
	{name: "device refused",
		setup: func(t *testing.T, root, _ string) {
			if err := mknodNull(filepath.Join(root, "null")); err != nil {
				t.Skip("mknod:", err)
			}
		},
		op: lang.OpFileWrite, params: fixed("path", "null", "content", "x"),
		typ: fault.PermissionDenied, err: "file_write: 'null' is a device, not a regular file"},
	{name: ".git/hooks never written", setup: func(t *testing.T, root, _ string) { writeTree(t, root, map[string]string{".git/hooks/": ""}) },
		op: lang.OpFileWrite, params: fixed("path", ".git/hooks/pre-commit", "content", "#!/bin/sh\nrm -rf ~"),
		typ: fault.PermissionDenied, err: "file_write: '.git/hooks/pre-commit' is inside a .git directory"},
	{name: ".GIT in another case", op: lang.OpFileWrite, params: fixed("path", ".GIT/config", "content", "x"),
		typ: fault.PermissionDenied, err: "file_write: '.GIT/config' is inside a .git directory"},
	{name: "move into .git", setup: func(t *testing.T, root, _ string) { writeTree(t, root, map[string]string{"a": "A", ".git/": ""}) },
		op: lang.OpFileMove, params: fixed("old_path", "a", "new_path", ".git/hooks/post-checkout"),
		typ: fault.PermissionDenied, err: "file_move: '.git/hooks/post-checkout' is inside a .git directory"},
	{name: "deny pattern .ssh", op: lang.OpFileWrite, params: fixed("path", "home/.ssh/authorized_keys", "content", "key"),
		typ: fault.PermissionDenied, err: `file_write: 'home/.ssh/authorized_keys' matches the deny pattern "**/.ssh/**"`},
	{name: "NUL in path", op: lang.OpFileWrite, params: fixed("path", "a\x00b", "content", "x"),
		err: `file_write: path "a\x00b" contains a NUL byte`},
	{name: "invalid UTF-8 content", op: lang.OpFileWrite, params: fixed("path", "bad.txt", "content", "ok\xc3("),
		err: "file_write: content is not valid UTF-8 (byte 0xc3 at offset 2, line 1)"},
	{name: "100 MB content", op: lang.OpFileWrite,
		// Built when the case runs, not at package init: every process of
		// this test binary (the sandbox helper too) would pay for 100 MB.
		params: func(string, string) map[string]string {
			return p("path", "big.txt", "content", strings.Repeat("0123456789abcdef", 100<<20/16))
		},
		check: func(t *testing.T, root, _ string, ws fsys.Workspace) {
			fi, err := ws.Lstat(filepath.Join(root, "big.txt"))
			if err != nil || fi.Size() != 100<<20 {
				t.Errorf("big.txt: %v %v", fi, err)
			}
		}},
	{name: "--allow dir reachable by absolute path",
		cfg: func(cfg *Config, root, _ string) { cfg.Allow = []string{root + "_allowed"} },
		setup: func(t *testing.T, root, _ string) {
			writeTree(t, root+"_allowed", map[string]string{"keep": "k"})
		},
		op:     lang.OpFileWrite,
		params: func(root, _ string) map[string]string { return p("path", root+"_allowed/new.txt", "content", "ok") },
		check: func(t *testing.T, root, _ string, ws fsys.Workspace) {
			if got, err := ws.ReadFile(filepath.Join(root+"_allowed", "new.txt")); string(got) != "ok" {
				t.Errorf("allowed write: %q %v", got, err)
			}
		}},
	{name: "--allow-escape reaches outside the root",
		cfg:    func(cfg *Config, _, _ string) { cfg.AllowEscape = true },
		op:     lang.OpFileWrite,
		params: fixed("path", "../root_allowed/esc.txt", "content", "ok"),
		check: func(t *testing.T, root, _ string, ws fsys.Workspace) {
			if got, err := ws.ReadFile(filepath.Join(root+"_allowed", "esc.txt")); string(got) != "ok" {
				t.Errorf("escaped write: %q %v", got, err)
			}
		}},
	{name: "grep does not follow a symlink out",
		setup: func(t *testing.T, root, outside string) {
			writeTree(t, outside, map[string]string{"secret.txt": "TOKEN=1"})
			writeTree(t, root, map[string]string{"in.txt": "TOKEN=0"})
			mustSymlink(t, outside, filepath.Join(root, "ln"))
		},
		op: lang.OpGrep, params: fixed("pattern", "TOKEN", "path", "."),
		check: func(t *testing.T, _, _ string, ws fsys.Workspace) {}},
}

// outsideTree snapshots everything in the temp dir except the root itself.
func outsideTree(t *testing.T, root string) map[string]string {
	all := diskTree(t, filepath.Dir(root))
	for k := range all {
		if k == "root/" || strings.HasPrefix(k, "root/") {
			delete(all, k)
		}
	}
	return all
}

func TestHostileFS(t *testing.T) {
	for _, tc := range hostileCases {
		t.Run(tc.name, func(t *testing.T) {
			for _, overlay := range []bool{false, true} {
				cfg, root, outside := testRoot(t)
				if tc.setup != nil {
					tc.setup(t, root, outside)
				}
				if tc.cfg != nil {
					tc.cfg(cfg, root, outside)
				}
				before := outsideTree(t, root)
				base, err := NewOS(cfg)
				if err != nil {
					t.Fatal(err)
				}
				var ws fsys.Workspace = base
				if overlay {
					ws = fsys.NewOverlay(base)
				}
				ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
				got := Do(ctx, ws, cfg, tc.op, tc.params(root, outside))
				cancel()
				if tc.err == "" && !got.Success {
					t.Errorf("overlay=%v: want success, got %+v", overlay, got)
				}
				wantErr := tc.err
				if runtime.GOOS == "windows" {
					wantErr = strings.Replace(wantErr, "path '/", "path '"+filepath.ToSlash(filepath.VolumeName(root))+"/", 1) // C:/…
				}
				if tc.err != "" && (got.Success || !strings.HasPrefix(got.Error, wantErr) || got.Type != tc.typ) {
					t.Errorf("overlay=%v: got Error %q Type %q, want prefix %q type %q", overlay, got.Error, got.Type, wantErr, tc.typ)
				}
				if tc.err != "" && got.Hint == "" {
					t.Errorf("overlay=%v: a refusal must say what would work", overlay)
				}
				if tc.check != nil {
					tc.check(t, root, outside, ws)
				}
				if tc.op == lang.OpGrep {
					for _, m := range got.Data["matches"].([]GrepMatch) {
						if m.File != "in.txt" {
							t.Errorf("grep reached %s", m.File)
						}
					}
				}
				after := outsideTree(t, root)
				if tc.cfg != nil {
					for k := range after {
						if strings.HasPrefix(k, "root_allowed/") {
							delete(after, k)
							delete(before, k)
						}
					}
				}
				if d := diffTrees(before, after); d != "" {
					t.Errorf("overlay=%v: something outside the root changed: %s", overlay, d)
				}
				for k := range diskTree(t, root) {
					if strings.Contains(k, ".clada-") {
						t.Errorf("temp file left behind: %s", k)
					}
				}
				base.Close()
			}
		})
	}
}

// diffTrees names the keys that differ, without printing 100 MB values.
func diffTrees(a, b map[string]string) string {
	var out []string
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			out = append(out, k)
		}
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			out = append(out, k)
		}
	}
	return strings.Join(out, ", ")
}

// A directory is swapped for a symlink out of the root again and again while
// writes go on: whatever interleaving happens, nothing lands outside.
func TestHostileSymlinkSwapMidRun(t *testing.T) {
	cfg, root, outside := testRoot(t)
	mustSymlink(t, outside, filepath.Join(root, "probe")) // skips where no symlink can be swapped in
	if err := os.Remove(filepath.Join(root, "probe")); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "dir")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	before := outsideTree(t, root)
	ws, err := NewOS(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-stop:
				return
			default:
			}
			_ = os.Rename(dir, dir+".real")
			_ = os.Symlink(outside, dir)
			_ = os.Remove(dir)
			_ = os.Rename(dir+".real", dir)
		}
	}()
	refused := 0
	for i := 0; i < 300; i++ {
		r := Do(context.Background(), ws, cfg, lang.OpFileWrite, p("path", "dir/f.txt", "content", "x"))
		if !r.Success {
			refused++
		}
	}
	close(stop)
	wg.Wait()
	if d := diffTrees(before, outsideTree(t, root)); d != "" {
		t.Fatalf("a write escaped through the swapped symlink: %s", d)
	}
	t.Logf("%d of 300 writes refused while the directory was swapped", refused)
}

// A diff applied whole goes through a batch, which holds its files'
// directories open (fsys/held_dirs.go): while one of them is swapped for a
// symlink to a copy outside the root, again and again (from the start, or
// once the trial is over and the temps are renamed), the apply either
// refuses or completes, nothing outside changes, and every file is wholly
// old or wholly new.
func TestHostileSymlinkSwapDuringDiff(t *testing.T) {
	for round := range 4 {
		cfg, root, outside := testRoot(t)
		cfg.NoGit, cfg.OutputMode = true, OutputSilent
		mustSymlink(t, outside, filepath.Join(root, "probe"))
		if err := os.Remove(filepath.Join(root, "probe")); err != nil {
			t.Fatal(err)
		}
		tree, want, diff := benchdoc.GitDiff(400, 40)
		for p, c := range tree {
			for _, d := range []string{root, filepath.Join(outside, "copy")} {
				if err := os.MkdirAll(filepath.Dir(filepath.Join(d, p)), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(d, p), []byte(c), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		before := outsideTree(t, root)
		dir := filepath.Join(root, "pkg03")
		stop := make(chan struct{})
		var wg sync.WaitGroup
		wg.Go(func() {
			// Rounds 2 and 3 wait for the last file's temp: the trial is
			// over, and the swaps meet the renames.
			for round >= 2 {
				if m, _ := filepath.Glob(filepath.Join(root, "pkg09", ".file0039.go.clada-*")); len(m) > 0 {
					break
				}
				select {
				case <-stop:
					return
				case <-time.After(100 * time.Microsecond):
				}
			}
			for {
				select {
				case <-stop:
					return
				default:
				}
				_ = os.Rename(dir, dir+".real")
				_ = os.Symlink(filepath.Join(outside, "copy", "pkg03"), dir)
				_ = os.Remove(dir)
				_ = os.Rename(dir+".real", dir)
			}
		})
		rep, _, err := Apply(context.Background(), lang.Parse(source.NewFile("answer", []byte(diff))), cfg, Real, nil)
		close(stop)
		wg.Wait()
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("round %d: applied %v", round, rep.Success)
		if d := diffTrees(before, outsideTree(t, root)); d != "" {
			t.Fatalf("round %d: the apply changed outside the root: %s", round, d)
		}
		// The swapper's own renames can leave pkg03's files in
		// pkg03.real, beside a pkg03 the apply made for a file it wrote
		// while the folder was away: each file is looked for in both.
		for p := range tree {
			got, err := os.ReadFile(filepath.Join(root, p))
			if rest, ok := strings.CutPrefix(p, "pkg03/"); ok && err != nil {
				got, err = os.ReadFile(filepath.Join(dir+".real", rest))
			}
			if err != nil || string(got) != tree[p] && string(got) != want[p] {
				t.Errorf("round %d: %s is neither old nor new (%v)", round, p, err)
			}
		}
	}
}
