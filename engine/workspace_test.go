package engine

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/lang"
	"github.com/google/go-cmp/cmp"
)

// testRoot makes <tmp>/root (the project root) and <tmp>/outside (a sibling
// that must never change), and a config for the root without fsyncs.
func testRoot(t *testing.T) (cfg *Config, root, outside string) {
	t.Helper()
	dir := t.TempDir()
	root = filepath.Join(dir, "root")
	outside = filepath.Join(dir, "outside")
	for _, d := range []string{root, outside} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	cfg = DefaultConfig(root)
	cfg.NoFsync = true
	return cfg, root, outside
}

// writeTree creates files under dir; a key ending in "/" is a directory.
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if strings.HasSuffix(name, "/") {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// diskTree reads dir from disk: files map to content, directories to ""
// under a key ending in "/", symlinks to "-> target", others to their mode.
func diskTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == dir {
			return nil
		}
		rel := filepath.ToSlash(strings.TrimPrefix(p, dir+string(filepath.Separator)))
		fi, err := os.Lstat(p)
		if err != nil {
			return err
		}
		switch m := fi.Mode(); {
		case m.IsDir():
			out[rel+"/"] = ""
		case m&fs.ModeSymlink != 0:
			target, _ := os.Readlink(p)
			out[rel] = "-> " + target
		case m.IsRegular():
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			out[rel] = string(data)
		default:
			out[rel] = m.String()
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// viewTree reads dir as ws sees it, in diskTree's format.
func viewTree(t *testing.T, ws fsys.Workspace, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	var walk func(abs, rel string)
	walk = func(abs, rel string) {
		infos, err := ws.ReadDir(abs)
		if err != nil {
			t.Fatalf("ReadDir %s: %v", abs, err)
		}
		for _, fi := range infos {
			name := rel + fi.Name()
			p := filepath.Join(abs, fi.Name())
			switch m := fi.Mode(); {
			case m.IsDir():
				out[name+"/"] = ""
				walk(p, name+"/")
			case m&fs.ModeSymlink != 0:
				target, _ := os.Readlink(p)
				out[name] = "-> " + target
			case m.IsRegular():
				data, err := ws.ReadFile(p)
				if err != nil {
					t.Fatalf("ReadFile %s: %v", p, err)
				}
				out[name] = string(data)
			default:
				out[name] = m.String()
			}
		}
	}
	walk(dir, "")
	return out
}

// bothWorkspaces runs f twice, each time on a fresh root seeded with files:
// on an OS workspace, and on an Overlay over one, after which the disk must
// be exactly as before (copy-on-write). Ops must behave the same on both.
func bothWorkspaces(t *testing.T, files map[string]string, f func(t *testing.T, cfg *Config, ws fsys.Workspace)) {
	t.Helper()
	for _, overlay := range []bool{false, true} {
		name := "os"
		if overlay {
			name = "overlay"
		}
		t.Run(name, func(t *testing.T) {
			cfg, root, _ := testRoot(t)
			writeTree(t, root, files)
			ws, err := NewOS(cfg)
			if err != nil {
				t.Fatal(err)
			}
			defer ws.Close()
			if !overlay {
				f(t, cfg, ws)
				return
			}
			before := diskTree(t, root)
			f(t, cfg, fsys.NewOverlay(ws))
			if diff := cmp.Diff(before, diskTree(t, root)); diff != "" {
				t.Errorf("the overlay changed the disk (-before +after):\n%s", diff)
			}
		})
	}
}

func TestOverlayNeverTouchesBase(t *testing.T) {
	cfg, root, _ := testRoot(t)
	writeTree(t, root, map[string]string{"a.txt": "A\n", "d/b.txt": "B\n", "d/e/c.txt": "C\n", "gone/x": "x"})
	before := diskTree(t, root)
	base, err := NewOS(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer base.Close()
	o := fsys.NewOverlay(base)
	j := func(p string) string { return filepath.Join(root, p) }
	steps := []error{
		o.WriteFile(j("a.txt"), []byte("A2\n")),
		o.WriteFile(j("new/deep/n.txt"), []byte("N\n")),
		o.Rename(j("d"), j("moved")),
		o.RemoveAll(j("gone")),
		o.Mkdir(j("gone")),
		o.WriteFile(j("gone/y"), []byte("y")),
	}
	for i, err := range steps {
		if err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
	}
	if diff := cmp.Diff(before, diskTree(t, root)); diff != "" {
		t.Fatalf("overlay changed the disk (-before +after):\n%s", diff)
	}
	want := map[string]string{
		"a.txt": "A2\n", "new/": "", "new/deep/": "", "new/deep/n.txt": "N\n",
		"moved/": "", "moved/b.txt": "B\n", "moved/e/": "", "moved/e/c.txt": "C\n",
		"gone/": "", "gone/y": "y",
	}
	if diff := cmp.Diff(want, viewTree(t, o, root)); diff != "" {
		t.Errorf("overlay view (-want +got):\n%s", diff)
	}
	var got []string
	for _, c := range o.Changes() {
		rel, _ := filepath.Rel(root, c.Path)
		kind := "M"
		if c.Created {
			kind = "A"
		} else if c.Deleted {
			kind = "D"
		}
		got = append(got, kind+" "+filepath.ToSlash(rel))
	}
	wantChanges := []string{"M a.txt", "D d/b.txt", "D d/e/c.txt", "D gone/x", "A gone/y", "A moved/b.txt", "A moved/e/c.txt", "A new/deep/n.txt"}
	if diff := cmp.Diff(wantChanges, got); diff != "" {
		t.Errorf("Changes (-want +got):\n%s", diff)
	}
}

// A differential test: random op sequences give the same results and the
// same tree on the disk and on an Overlay (over an identical, untouched
// disk), so dry-run and --atomic predict apply.
func TestOverlayMatchesOS(t *testing.T) {
	paths := []string{"a", "b", "d", "d/a", "d/e", "d/e/b", "f/g", "a/x", "d/", "."}
	start := map[string]string{"a": "x\n", "d/a": "x y\n", "d/e/b": "y\n"}
	rng := uint64(7)
	next := func(n int) int { // xorshift: deterministic, no global state
		rng ^= rng << 13
		rng ^= rng >> 7
		rng ^= rng << 17
		return int(rng % uint64(n))
	}
	seqs := 80
	if testing.Short() { // under Wine each step is a few Windows calls slower
		seqs = 15
	}
	for seq := 0; seq < seqs; seq++ {
		cfgA, rootA, _ := testRoot(t)
		cfgB, rootB, _ := testRoot(t)
		writeTree(t, rootA, start)
		writeTree(t, rootB, start)
		osA, err := NewOS(cfgA)
		if err != nil {
			t.Fatal(err)
		}
		osB, err := NewOS(cfgB)
		if err != nil {
			t.Fatal(err)
		}
		ov := fsys.NewOverlay(osB)
		diskB := diskTree(t, rootB)
		for step := 0; step < 25; step++ {
			pa, pb := paths[next(len(paths))], paths[next(len(paths))]
			var op lang.OpID
			var params map[string]string
			switch next(8) {
			case 0:
				op, params = lang.OpFileWrite, p("path", pa, "content", "w"+pa+"\n")
			case 1:
				op, params = lang.OpFileAppend, p("path", pa, "content", "y\n")
			case 2:
				op, params = lang.OpRemove, p("path", pa)
			case 3:
				op, params = lang.OpFileDelete, p("path", pa)
			case 4:
				op, params = lang.OpFileMove, p("old_path", pa, "new_path", pb)
			case 5:
				op, params = lang.OpDirCreate, p("path", pa)
			case 6:
				op, params = lang.OpDirDelete, p("path", pa)
			default:
				op, params = lang.OpFileReplaceAllText, p("path", pa, "old_text", "y", "new_text", "z")
			}
			before := diskTree(t, rootA)
			ra := Do(context.Background(), osA, cfgA, op, params)
			rb := Do(context.Background(), ov, cfgB, op, params)
			if ra.Success != rb.Success || ra.Error != rb.Error || ra.Type != rb.Type {
				t.Fatalf("seq %d step %d %s %v:\n os:      %+v\n overlay: %+v\nbefore: %v", seq, step, op, params, ra, rb, before)
			}
			if diff := cmp.Diff(diskTree(t, rootA), viewTree(t, ov, rootB)); diff != "" {
				t.Fatalf("seq %d step %d %s %v: trees differ (-os +overlay):\n%s", seq, step, op, params, diff)
			}
		}
		if diff := cmp.Diff(diskB, diskTree(t, rootB)); diff != "" {
			t.Fatalf("seq %d: the overlay changed its base:\n%s", seq, diff)
		}
		// Changes, applied to the base, give the same files the OS run made.
		changes := ov.Changes()
		for _, c := range changes {
			if c.Deleted {
				if err := os.Remove(c.Path); err != nil {
					t.Fatal(err)
				}
			}
		}
		for _, c := range changes {
			if !c.Deleted {
				_ = os.RemoveAll(c.Path) // an emptied directory the file replaced
				writeTree(t, rootB, map[string]string{filepath.ToSlash(strings.TrimPrefix(c.Path, rootB+string(filepath.Separator))): string(c.After)})
			}
		}
		if diff := cmp.Diff(filesOnly(diskTree(t, rootA)), filesOnly(diskTree(t, rootB))); diff != "" {
			t.Fatalf("seq %d: Changes do not reproduce the run (-os +changes):\n%s", seq, diff)
		}
		osA.Close()
		osB.Close()
	}
}

// filesOnly drops directory entries, which Changes does not list.
func filesOnly(tree map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range tree {
		if !strings.HasSuffix(k, "/") {
			out[k] = v
		}
	}
	return out
}
