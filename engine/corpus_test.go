// The corpus harness is an external test package: it renders reports with
// package report and attaches the git model of package history, both of
// which import engine (the dot import keeps the harness reading as if it
// were inside engine).
package engine_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/clada-dev/clada/corpus"
	. "github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/approval"
	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/engine/history"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/report"
	"github.com/clada-dev/clada/source"
	"github.com/google/go-cmp/cmp"
)

var (
	update    = flag.Bool("update", false, "rewrite report.json goldens of corpus cases")
	addReport = flag.String("add-report", "", "with -update, also give report.json to cases whose name starts with this prefix (e.g. sham/)")
)

// TestCorpus runs every corpus case that has report.json or want/ on both
// workspaces: the OS tree in a temp root seeded from files/, and an Overlay
// over such a tree. The OS run must produce report.json exactly (stable
// form: no durations or commit ids) and the want/ tree; the Overlay run must
// show the same tree through the Overlay while its base stays untouched,
// and the same report except that commands are reported as skipped.
func TestCorpus(t *testing.T) {
	cases, err := corpus.Load()
	if err != nil {
		t.Fatal(err)
	}
	ran := 0
	for _, c := range cases {
		_, hasReport := c.Golden("report.json")
		adding := *update && *addReport != "" && strings.HasPrefix(c.Name, *addReport)
		if !hasReport && c.Want == nil && !adding || !c.Here() {
			continue // no apply goldens, or goldens of another system (corpus/windows)
		}
		ran++
		t.Run(c.Name, func(t *testing.T) {
			t.Run("os", func(t *testing.T) { corpusOS(t, c) })
			t.Run("overlay", func(t *testing.T) { corpusOverlay(t, c) })
			if !atomicCase(c) {
				t.Run("atomic", func(t *testing.T) { corpusAtomic(t, c) })
			}
		})
	}
	if ran == 0 {
		t.Fatal("no corpus case has report.json or want/; the harness checked nothing")
	}
}

// corpusConfig is the run configuration for a case: a fresh root seeded
// from files/, no git, no fsync (durability is not under test here), and
// the case's args.
func corpusConfig(t *testing.T, c *corpus.Case) *Config {
	t.Helper()
	root := t.TempDir()
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	for name, data := range c.Files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg := DefaultConfig(root)
	cfg.NoGit, cfg.NoFsync, cfg.OutputMode = true, true, OutputBuffer
	cfg.Timeout = 10 * time.Second
	for _, a := range c.Args {
		switch {
		case a == "--allow-escape":
			cfg.AllowEscape = true
		case strings.HasPrefix(a, "--approve="):
			var err error
			if cfg.Approve, err = approval.Parse(strings.TrimPrefix(a, "--approve=")); err != nil {
				t.Fatal(err)
			}
		case a == "--atomic":
			// corpusOS applies the case with Apply's Atomic mode (atomicCase).
		case strings.HasPrefix(a, "--timeout="):
			d, err := time.ParseDuration(strings.TrimPrefix(a, "--timeout="))
			if err != nil {
				t.Fatalf("%s: args: %v", c.Path, err)
			}
			cfg.Timeout = d
		default:
			t.Fatalf("%s: args: the harness does not know %q (add it to corpusConfig)", c.Path, a)
		}
	}
	return cfg
}

// skipCommandsOnWindows skips a case whose actions run commands, on
// Windows: they are POSIX programs run under the Unix approval defaults
// (posix_test.go); corpus/windows holds Windows' own cases.
func skipCommandsOnWindows(t *testing.T, doc *lang.Document) {
	if runtime.GOOS != "windows" {
		return
	}
	for a := range doc.Actions() {
		if spec := lang.Lookup(a.Op); spec != nil && spec.Kind == lang.Exec {
			t.Skip("runs POSIX commands under the Unix approval defaults")
		}
	}
}

func corpusOS(t *testing.T, c *corpus.Case) {
	skipCommandsOnWindows(t, lang.Parse(source.NewFile(c.InputName, c.Input)))
	cfg := corpusConfig(t, c)
	ws, err := NewOS(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	doc := lang.Parse(source.NewFile(c.InputName, c.Input))
	var rep *Report
	if atomicCase(c) {
		if rep, _, err = Apply(context.Background(), doc, cfg, Atomic, history.Tracker(context.Background(), cfg, doc)); err != nil {
			t.Fatal(err)
		}
	} else {
		rep = Run(context.Background(), doc, ws, cfg, history.Tracker(context.Background(), cfg, doc))
	}
	got := stableJSON(t, doc, rep, cfg.Root)
	if want, ok := c.Golden("report.json"); ok || (*update && *addReport != "" && strings.HasPrefix(c.Name, *addReport)) {
		if *update {
			if err := c.Update("report.json", got); err != nil {
				t.Fatal(err)
			}
		} else if diff := cmp.Diff(string(want), string(got)); diff != "" {
			t.Errorf("report.json (-want +got):\n%s", diff)
		}
	}
	if c.Want != nil {
		checkTree(t, "os", treeOf(t, ws, cfg.Root), c.Want)
	}
}

func corpusOverlay(t *testing.T, c *corpus.Case) {
	skipCommandsOnWindows(t, lang.Parse(source.NewFile(c.InputName, c.Input)))
	cfg := corpusConfig(t, c)
	base, err := NewOS(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer base.Close()
	ov := fsys.NewOverlay(base)
	doc := lang.Parse(source.NewFile(c.InputName, c.Input))
	rep := Run(context.Background(), doc, ov, cfg, nil)
	if atomicCase(c) { // report.json and want/ are the atomic apply's; a dry run only keeps its base
		checkTree(t, "base under the overlay", treeOf(t, base, cfg.Root), c.Files)
		return
	}
	if !rep.DryRun {
		t.Error("a run on an Overlay is not marked as a dry run")
	}
	hasExec := false
	for _, r := range rep.Results {
		if r.Skipped && r.Data["skipped"] != nil {
			hasExec = true
		}
	}
	if want, ok := c.Golden("report.json"); ok && !hasExec {
		rep.DryRun = false
		if diff := cmp.Diff(string(want), string(stableJSON(t, doc, rep, cfg.Root))); diff != "" {
			t.Errorf("overlay report differs from report.json (-want +got):\n%s", diff)
		}
	}
	if c.Want != nil && !hasExec {
		checkTree(t, "overlay", treeOf(t, ov, cfg.Root), c.Want)
	}
	checkTree(t, "base under the overlay", treeOf(t, base, cfg.Root), c.Files)
}

// corpusAtomic applies a case that runs no command with --atomic: where
// the plain apply succeeds (report.json), --atomic must report and leave
// exactly what it does, whichever way it wrote (atomic_commit.go); where the
// plain apply fails, --atomic changes nothing.
func corpusAtomic(t *testing.T, c *corpus.Case) {
	want, ok := c.Golden("report.json")
	if !ok {
		t.Skip("no report.json")
	}
	doc := lang.Parse(source.NewFile(c.InputName, c.Input))
	for a := range doc.Actions() {
		if spec := lang.Lookup(a.Op); spec != nil && spec.Kind == lang.Exec {
			t.Skip("runs a command, which --atomic refuses")
		}
	}
	var plain struct {
		Success bool `json:"success"`
	}
	if err := json.Unmarshal(want, &plain); err != nil {
		t.Fatal(err)
	}
	cfg := corpusConfig(t, c)
	ctx := context.Background()
	rep, _, err := Apply(ctx, doc, cfg, Atomic, history.Tracker(ctx, cfg, doc))
	if err != nil {
		t.Fatal(err)
	}
	ws, err := NewOS(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	if !plain.Success {
		if rep.Success || !rep.Refused && rep.Fatal == "" {
			t.Errorf("the plain apply fails, --atomic: success %v, refused %v, fatal %q", rep.Success, rep.Refused, rep.Fatal)
		}
		checkTree(t, "atomic, refused", treeOf(t, ws, cfg.Root), c.Files)
		return
	}
	if diff := cmp.Diff(string(want), string(stableJSON(t, doc, rep, cfg.Root))); diff != "" {
		t.Errorf("--atomic's report differs from report.json (-want +got):\n%s", diff)
	}
	if c.Want != nil {
		checkTree(t, "atomic", treeOf(t, ws, cfg.Root), c.Want)
	}
}

// atomicCase reports whether c is applied with --atomic.
func atomicCase(c *corpus.Case) bool { return slices.Contains(c.Args, "--atomic") }

// stableJSON renders rep without durations and commit ids, and with the
// temporary root written as $ROOT, so goldens compare across runs.
func stableJSON(t *testing.T, doc *lang.Document, rep *Report, root string) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := report.JSON(&b, doc, rep, report.Options{Stable: true}); err != nil {
		t.Fatal(err)
	}
	out := bytes.ReplaceAll(b.Bytes(), []byte(root), []byte("$ROOT"))
	if esc, _ := json.Marshal(root); string(esc[1:len(esc)-1]) != root { // C:\\x in JSON on Windows
		out = bytes.ReplaceAll(out, esc[1:len(esc)-1], []byte("$ROOT"))
	}
	return out
}

// treeOf reads every regular file under root through ws, keyed by slash path
// relative to root. clada's own state dir (.clada) is left out.
func treeOf(t *testing.T, ws fsys.Workspace, root string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	var walk func(dir string)
	walk = func(dir string) {
		infos, err := ws.ReadDir(dir)
		if err != nil {
			t.Fatalf("read dir %s: %v", dir, err)
		}
		for _, fi := range infos {
			p := filepath.Join(dir, fi.Name())
			rel, _ := filepath.Rel(root, p)
			rel = filepath.ToSlash(rel)
			switch {
			case rel == ".clada":
			case fi.IsDir():
				walk(p)
			case fi.Mode().Type() == 0:
				data, err := ws.ReadFile(p)
				if err != nil {
					t.Fatalf("read %s: %v", p, err)
				}
				out[rel] = data
			default:
				out[rel] = []byte(fmt.Sprintf("<%s>", fi.Mode().Type()&fs.ModeType))
			}
		}
	}
	walk(root)
	return out
}

// checkTree compares a whole tree with the expected one, naming every
// missing, extra and different file.
func checkTree(t *testing.T, what string, got, want map[string][]byte) {
	t.Helper()
	var names []string
	for n := range got {
		names = append(names, n)
	}
	for n := range want {
		if _, ok := got[n]; !ok {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		g, gok := got[n]
		w, wok := want[n]
		switch {
		case !gok:
			t.Errorf("%s tree: %s missing", what, n)
		case !wok:
			t.Errorf("%s tree: unexpected file %s", what, n)
		case !bytes.Equal(g, w):
			t.Errorf("%s tree: %s (-want +got):\n%s", what, n, cmp.Diff(string(w), string(g)))
		}
	}
}
