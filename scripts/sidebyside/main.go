//go:build unix

// (Unix only: it reads peak memory from the rusage of the processes it
// starts, and the peers it runs are installed for Linux.)

// Command sidebyside measures whole clada processes against their peers on
// the same machine in one run: Codex's apply_patch on the same edits, and
// git apply on the same diffs. Every input is generated here, every run
// starts from a fresh copy of the tree, runs alternate (clada first in one
// round, the peer first in the next), and every run's tree is compared
// with the expected one: a run that leaves another tree stops the script.
// The inputs are internal/benchdoc's, which the Go benchmarks of the same
// work use too. It prints, per row, the median of each side, the ratio clada / peer and
// the peak resident memory.
//
// scripts/side-by-side builds clada, installs the pinned Codex into its own
// cache and runs this; the README's section "Performance" quotes only
// figures it prints.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/clada-dev/clada/internal/benchdoc"
)

func main() {
	if len(os.Args) > 3 && os.Args[1] == spawnFlag {
		spawn(os.Args[2], os.Args[3:])
		return
	}
	if len(os.Args) == 4 && os.Args[1] == floorFlag {
		floor(os.Args[2] == "durable", os.Args[3])
		return
	}
	clada := flag.String("clada", "clada", "the clada binary")
	codex := flag.String("apply-patch", "", "Codex's binary linked as apply_patch (empty: skip the Codex rows)")
	rounds := flag.Int("rounds", 5, "measured rounds per row (after one warm-up round)")
	only := flag.String("only", "", "run only the rows whose name contains this")
	big := flag.Int("udiff-max", 500, "largest edit count a unified diff row is run at against Codex (5,000 took minutes per run)")
	in := flag.String("work-in", "", "the folder the trees are laid out in (default: the temp folder); its filesystem is printed")
	flag.Parse()

	work, err := os.MkdirTemp(*in, "clada-sidebyside-")
	check(err)
	defer os.RemoveAll(work)
	env := isolated(work)
	fmt.Println(describeFS(work))

	var rows []row
	if *codex != "" {
		for _, n := range []int{1, 500, 5000} {
			tree, want := benchdoc.BigFile(n)
			for _, f := range benchdoc.Formats {
				if f == benchdoc.UDiff && n > *big || n == 500 && f != benchdoc.UDiff {
					continue // 500: the unified diff alone, which 5,000 made too slow to run by default
				}
				rows = append(rows, row{
					name: fmt.Sprintf("%s in one 10 MiB file, %s vs Codex (V4A)", edits(n), f),
					tree: tree, want: want,
					sides: [2]side{
						{"clada", benchdoc.Edits(f, n), []string{*clada, "apply", "--no-git", "--format", "summary"}, nil},
						{"codex", benchdoc.Edits(benchdoc.V4A, n), []string{*codex}, nil},
					},
				})
			}
		}
	}
	if *codex != "" {
		// The other modes on the same 5,000 edits: --atomic simulates the
		// whole answer before it applies, --dry-run simulates and prints
		// the diff (the tree must come out unchanged).
		const n = 5000
		tree, want := benchdoc.BigFile(n)
		for _, f := range []benchdoc.Format{benchdoc.V4A, benchdoc.SHAMEdits} {
			for _, mode := range []string{"--atomic", "--dry-run"} {
				cl := side{"clada", benchdoc.Edits(f, n), []string{*clada, "apply", "--no-git", "--format", "summary", mode}, nil}
				if mode == "--dry-run" {
					cl.want = tree // a dry run changes nothing
				}
				rows = append(rows, row{
					name: fmt.Sprintf("%s in one 10 MiB file, %s, clada %s vs Codex (V4A)", edits(n), f, mode),
					tree: tree, want: want,
					sides: [2]side{cl, {"codex", benchdoc.Edits(benchdoc.V4A, n), []string{*codex}, nil}},
				})
			}
		}
	}
	for _, g := range []struct{ hunks, files int }{{10, 10}, {1000, 100}, {10000, 1000}} {
		tree, want, diff := benchdoc.GitDiff(g.hunks, g.files)
		for _, durable := range []bool{true, false} {
			args := []string{*clada, "apply", "--no-git", "--format", "summary"}
			name := fmt.Sprintf("git diff of %d hunks over %d files vs git apply", g.hunks, g.files)
			if !durable {
				args = append(args, "--no-fsync")
				name += " (clada --no-fsync)"
			}
			rows = append(rows, row{name: name, tree: tree, want: want, sides: [2]side{
				{"clada", diff, args, nil},
				{"git apply", diff, []string{"git", "apply"}, nil},
			}})
		}
	}
	// The floor of the git diff rows: clada's sequence of file operations
	// for the same diff (benchdoc.ReplaceFloor) and nothing else, against
	// git apply, which replaces a file in place (unlink, create, write)
	// where clada writes a temp and exchanges it (README, "Safety").
	self, err := os.Executable()
	check(err)
	for _, g := range []struct{ hunks, files int }{{10000, 1000}} {
		tree, want, diff := benchdoc.GitDiff(g.hunks, g.files)
		for _, durable := range []string{"durable", "no-fsync"} {
			rows = append(rows, row{
				name: fmt.Sprintf("floor: clada's file operations alone (%s) for the git diff of %d hunks over %d files vs git apply", durable, g.hunks, g.files),
				tree: tree, want: want, sides: [2]side{
					{"floor", floorInput(tree, want), []string{self, floorFlag, durable}, nil},
					{"git apply", diff, []string{"git", "apply"}, nil},
				}})
		}
	}

	fmt.Printf("%d measured rounds per row after one warm-up, medians; memory is peak RSS\n\n", *rounds)
	fmt.Printf("| work | clada | peer | clada / peer | clada RSS | peer RSS |\n|---|---|---|---|---|---|\n")
	for _, r := range rows {
		if *only != "" && !strings.Contains(r.name, *only) {
			continue
		}
		var times [2][]time.Duration
		var rss [2]int64
		for k := range *rounds + 1 {
			order := []int{0, 1}
			if k%2 == 1 {
				order = []int{1, 0}
			}
			for _, i := range order {
				// the warm-up round measures memory, through a small
				// spawner (a child's peak RSS starts at its parent's)
				d, m := r.run(work, env, i, k == 0)
				if k == 0 {
					rss[i] = m
				} else {
					times[i] = append(times[i], d)
				}
			}
		}
		a, b := median(times[0]), median(times[1])
		fmt.Printf("| %s | %s | %s | **%.2f** | %d MiB | %d MiB |\n", r.name, ms(a), ms(b), float64(a)/float64(b), rss[0]>>10, rss[1]>>10)
	}
}

// A row is one comparison: the tree both sides start from, the tree both
// must leave, and each side's input and command (run in the tree, the
// input's path last, or on stdin when the command is Codex's).
type row struct {
	name       string
	tree, want map[string]string
	sides      [2]side
}

type side struct {
	name  string
	input string
	argv  []string
	want  map[string]string // the tree this side must leave, when not the row's
}

// run lays out a fresh tree, runs one side on it, checks the tree it
// leaves and returns the wall time, and with memory the peak RSS (KiB)
// measured through spawn.
func (r *row) run(work string, env []string, i int, memory bool) (time.Duration, int64) {
	s := r.sides[i]
	dir := filepath.Join(work, "tree")
	check(os.RemoveAll(dir))
	for p, c := range r.tree {
		check(os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755))
		check(os.WriteFile(filepath.Join(dir, p), []byte(c), 0o644))
	}
	in := filepath.Join(work, "input")
	check(os.WriteFile(in, []byte(s.input), 0o644))
	argv := s.argv
	rssFile := filepath.Join(work, "rss")
	if memory {
		self, err := os.Executable()
		check(err)
		argv = append([]string{self, spawnFlag, rssFile}, argv...)
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	if filepath.Base(s.argv[0]) == "apply_patch" {
		f, err := os.Open(in)
		check(err)
		defer f.Close()
		cmd.Stdin = f
	} else {
		cmd.Args = append(cmd.Args, in)
	}
	cmd.Dir, cmd.Env = dir, env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	// Every run starts with nothing dirty on the filesystem: the tree just
	// laid out, and whatever the run before left unsynced (a peer that
	// does not fsync leaves a thousand files to write back), would
	// otherwise be flushed inside the next run's time, whichever side it
	// is (a git apply measured 108 ms after a durable clada and 506 ms
	// after a --no-fsync one). The files stay in the page cache.
	syscall.Sync()
	start := time.Now()
	err := cmd.Run()
	d := time.Since(start)
	if err != nil {
		fail("%s: %s: %v\n%s", r.name, s.name, err, tail(out.String()))
	}
	want := r.want
	if s.want != nil {
		want = s.want
	}
	if diff := compare(dir, want); diff != "" {
		fail("%s: %s left another tree: %s\n%s", r.name, s.name, diff, tail(out.String()))
	}
	if !memory {
		return d, 0
	}
	b, err := os.ReadFile(rssFile)
	check(err)
	var kib int64
	_, err = fmt.Sscan(string(b), &kib)
	check(err)
	return d, kib
}

const spawnFlag = "--spawn-for-rss"

// spawn runs argv with this process's standard streams and writes its
// peak RSS (KiB) to file. Linux keeps a child's peak RSS across exec, so
// it starts at its parent's: this small process, not the generator
// holding every input, is the parent.
func spawn(file string, argv []string) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
	if cmd.ProcessState == nil {
		fail("%v", err)
	}
	check(os.WriteFile(file, fmt.Appendf(nil, "%d\n", cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss), 0o644))
	os.Exit(cmd.ProcessState.ExitCode())
}

// compare reports the first difference between dir and want ("" when
// none); clada's own folder is not part of the tree.
func compare(dir string, want map[string]string) string {
	seen := 0
	var diff string
	check(filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		check(err)
		rel, _ := filepath.Rel(dir, p)
		if d.IsDir() {
			if rel == ".clada" {
				return filepath.SkipDir
			}
			return nil
		}
		got, err := os.ReadFile(p)
		check(err)
		w, ok := want[filepath.ToSlash(rel)]
		switch {
		case !ok:
			diff = "unexpected file " + rel
		case string(got) != w:
			diff = "wrong content in " + rel
		}
		if diff != "" {
			return filepath.SkipAll
		}
		seen++
		return nil
	}))
	if diff == "" && seen != len(want) {
		diff = fmt.Sprintf("%d files, want %d", seen, len(want))
	}
	return diff
}

// isolated is the environment every command runs in: no user config, no
// user caches, no git outside the tree.
func isolated(work string) []string {
	home := filepath.Join(work, "home")
	check(os.MkdirAll(home, 0o755))
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch k {
		case "HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "GIT_DIR", "GIT_WORK_TREE":
			continue
		}
		env = append(env, kv)
	}
	return append(env, "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"),
		"XDG_CACHE_HOME="+filepath.Join(home, ".cache"), "GIT_CEILING_DIRECTORIES="+work, "GIT_CONFIG_NOSYSTEM=1")
}

func edits(n int) string {
	if n == 1 {
		return "1 edit"
	}
	return fmt.Sprintf("%d edits", n)
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }

func tail(s string) string {
	if len(s) > 2000 {
		return "…" + s[len(s)-2000:]
	}
	return s
}

func check(err error) {
	if err != nil {
		fail("%v", err)
	}
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "sidebyside: "+format+"\n", args...)
	os.Exit(1)
}
