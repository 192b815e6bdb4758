package engine

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
	"github.com/google/go-cmp/cmp"
)

// simBlock is one generated SHAM block: an op and its params in order, and
// the group it belongs to (regroup): a block that joins is in the group of
// the block before it; any other block starts a group of kind and syntax
// (zero: a standalone SHAM block).
type simBlock struct {
	op     string
	params [][2]string
	broken bool // written with a syntax error (never run)
	join   bool
	kind   lang.GroupKind
	syn    lang.Syntax
}

// simGen makes random blocks over a small tree, so that ops collide: nested
// paths, moves into and out of directories, removes, searches that match 0,
// 1 or 2 times, line ranges in and past the file.
type simGen struct {
	r *rand.Rand
}

var (
	simPaths = []string{"a", "a/f.txt", "a/b", "a/b/g.txt", "a/b/new.txt", "a/n", "a/", "c.txt", "d", "d/",
		"d/x.txt", "e", "e/x", "n.txt", "n/m.txt", "n", ".", "../out.txt", ".git/x", "a/../c.txt"}
	simTexts = []string{"x", "y", "x y", "x\nx\n", "line2\n", "z", "y\nline2\n", ""}
	simFinds = []string{"x", "y", "z", "x y", "line2", "x\n"}
	simLines = []string{"1", "2", "1-2", "2-3", "3-5", "9"}
)

func (g simGen) pick(list []string) string { return list[g.r.IntN(len(list))] }

// path picks a path: from the colliding few above, or half the time one of
// many files apart, so documents also have ops that are independent.
func (g simGen) path() string {
	if g.r.IntN(2) == 0 {
		return fmt.Sprintf("s%d/f%d.txt", g.r.IntN(4), g.r.IntN(8))
	}
	return g.pick(simPaths)
}

// groupKinds are the groups a block may start: what a CSL TASKS, a CML
// <tasks>, a V4A patch and a unified diff lower to.
var groupKinds = []struct {
	kind lang.GroupKind
	syn  lang.Syntax
}{{lang.Standalone, lang.SHAM}, {lang.Tasks, lang.CSL}, {lang.Tasks, lang.CML}, {lang.Patch, lang.V4A}, {lang.Tasks, lang.UDiff}}

// grouping picks how b is grouped: mostly standalone, as SHAM blocks are.
func (g simGen) grouping(b *simBlock) {
	b.join = g.r.IntN(3) == 0
	b.kind, b.syn = 0, 0
	if g.r.IntN(2) == 0 {
		k := groupKinds[g.r.IntN(len(groupKinds))]
		b.kind, b.syn = k.kind, k.syn
	}
}

func (g simGen) block() simBlock {
	b := simBlock{}
	g.grouping(&b)
	p := func(k string, list []string) [2]string { return [2]string{k, g.pick(list)} }
	q := func(k string) [2]string { return [2]string{k, g.path()} }
	n := g.r.IntN(22)
	if n >= 16 && n <= 18 && g.r.IntN(4) > 0 {
		n = 0 // ops on the whole tree (ls, files_read, grep) make everything one component: keep them rare
	}
	switch n {
	case 0, 1:
		b.op, b.params = "file_write", [][2]string{q("path"), p("content", simTexts)}
	case 2:
		b.op, b.params = "file_append", [][2]string{q("path"), p("content", simTexts)}
	case 3, 4:
		b.op, b.params = "file_replace_text", [][2]string{q("path"), p("old_text", simFinds), p("new_text", simTexts)}
	case 5:
		b.op, b.params = "file_replace_all_text", [][2]string{q("path"), p("old_text", simFinds), p("new_text", simTexts)}
		if g.r.IntN(2) == 0 {
			b.params = append(b.params, p("count", []string{"1", "2", "3"}))
		}
	case 6:
		b.op, b.params = "file_replace_text_range", [][2]string{q("path"), p("old_text_beginning", simFinds),
			p("old_text_end", simFinds), p("new_text", simTexts)}
	case 7:
		b.op, b.params = "file_replace_lines", [][2]string{q("path"), p("lines", simLines), p("new_content", simTexts)}
	case 8:
		b.op, b.params = "file_delete", [][2]string{q("path")}
	case 9:
		b.op, b.params = "remove", [][2]string{q("path")}
	case 10, 11:
		b.op, b.params = "file_move", [][2]string{q("old_path"), q("new_path")}
	case 12:
		b.op, b.params = "file_read", [][2]string{q("path")}
	case 13:
		b.op, b.params = "file_read_numbered", [][2]string{q("path"), p("lines", simLines)}
	case 14:
		b.op, b.params = "dir_create", [][2]string{q("path")}
	case 15:
		b.op, b.params = "dir_delete", [][2]string{q("path")}
	case 16:
		b.op, b.params = "ls", [][2]string{q("path")}
	case 17:
		b.op, b.params = "files_read", [][2]string{{"paths", g.path() + "\n" + g.path()}}
	case 18:
		b.op, b.params = "grep", [][2]string{p("pattern", simFinds), q("path")}
	case 19:
		b.op, b.params = "exec", [][2]string{{"lang", "sh"}, {"code", "rm -rf a"}}
	case 20: // unknown op, or a param missing: reported by check, never run
		b.op, b.params = g.pick([]string{"file_writ", "file_write"}), [][2]string{q("path")}
	default:
		b.op, b.params = "file_write", [][2]string{q("path"), p("content", simTexts)}
		b.broken = g.r.IntN(3) == 0 // in a CSL group a syntax error stops everything: keep it rarer
	}
	return b
}

// renderSim writes the blocks as a SHAM answer with prose between them.
func renderSim(blocks []simBlock, prose []string) string {
	var sb strings.Builder
	esc := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`)
	for i, b := range blocks {
		id := fmt.Sprintf("%03x", i)
		fmt.Fprintf(&sb, "%s\n\n#!SHAM [@three-char-SHA-256: %s]\naction = %q\n", prose[i%len(prose)], id, b.op)
		for _, kv := range b.params {
			fmt.Fprintf(&sb, "%s = \"%s\"\n", kv[0], esc.Replace(kv[1]))
		}
		if b.broken {
			sb.WriteString("this line is not an assignment\n")
		}
		fmt.Fprintf(&sb, "#!END_SHAM_%s\n\n", id)
	}
	return sb.String()
}

// simTree makes the workspace the random documents run against.
func simTree(t *testing.T) string {
	root := t.TempDir()
	for name, content := range map[string]string{
		"a/f.txt": "x y\nline2\nx\n", "a/b/g.txt": "y\n", "c.txt": "x\n", "e": "x y x\n",
	} {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(root, "d"), 0o755); err != nil {
		t.Fatal(err)
	}
	return root
}

// regroup puts the parsed blocks of doc into the groups the blocks ask for
// (simBlock): the engine sees a CSL TASKS group, a V4A patch, … of SHAM
// actions, which runs as the real one would (groups are what the engine
// reads of a syntax). Each action names its block by its id.
func regroup(doc *lang.Document, blocks []simBlock) *lang.Document {
	out := &lang.Document{File: doc.File, Diags: doc.Diags}
	var cur *lang.Group
	for a := range doc.Actions() {
		var b simBlock
		if i, err := strconv.ParseInt(a.ID, 16, 32); err == nil && int(i) < len(blocks) {
			b = blocks[i]
		}
		if cur == nil || !b.join {
			cur = &lang.Group{Syntax: lang.SHAM, Kind: lang.Standalone, Range: a.Range}
			if b.kind != 0 {
				cur.Syntax, cur.Kind = b.syn, b.kind
			}
			out.Groups = append(out.Groups, cur)
		}
		cur.Actions = append(cur.Actions, a)
		cur.Range.End = a.Range.End
	}
	return out
}

func openOS(cfg *Config) func() (fsys.Workspace, func(), error) {
	return func() (fsys.Workspace, func(), error) {
		base, err := NewOS(cfg)
		if err != nil {
			return nil, nil, err
		}
		return base, func() { base.Close() }, nil
	}
}

// simFailure is a Failure as a test compares it: the action by its place.
type simFailure struct {
	Range              source.Range
	Error, Hint, Param string
	Type               fault.Kind
}

func failures(fs []Failure) []simFailure {
	var out []simFailure
	for _, f := range fs {
		out = append(out, simFailure{f.Action.Range, f.Result.Error, f.Result.Hint, f.Result.Param, f.Result.Type})
	}
	return out
}

// runFailures is what Run itself, on an overlay, reports as failed
// actions that ran: the oracle of Simulate.
func runFailures(t *testing.T, cfg *Config, doc *lang.Document) []simFailure {
	t.Helper()
	base, err := NewOS(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer base.Close()
	rep := Run(context.Background(), doc, fsys.NewOverlay(base), cfg, nil)
	var out []simFailure
	for _, r := range rep.Results {
		if !r.Success && !r.Skipped {
			out = append(out, simFailure{r.Range, r.Error, r.Hint, r.Param, r.Type})
		}
	}
	return out
}

func simulate(t *testing.T, cfg *Config, doc *lang.Document, prev *Simulation, keep bool) ([]simFailure, *Simulation) {
	t.Helper()
	fs, next, err := Simulate(context.Background(), doc, cfg, prev, keep, openOS(cfg))
	if err != nil {
		t.Fatal(err)
	}
	return failures(fs), next
}

// After every random edit of a random document, the incremental simulation
// finds exactly the failures (action, error, hint, type) of a simulation
// from scratch, and those are exactly what Run reports on an overlay. The
// edits change a param, the op, insert, delete or move a block, regroup
// blocks (TASKS, patches, diffs) or touch only prose, and they must leave
// some groups' outcomes reused.
func TestIncrementalSimulationMatchesFull(t *testing.T) {
	root := simTree(t)
	cfg := DefaultConfig(root)
	r := rand.New(rand.NewPCG(5, 2026))
	g := simGen{r}
	docs, edits := 150, 25
	if testing.Short() {
		docs = 30
	}
	var ran, runnable, edited, failed int
	for n := range docs {
		blocks := make([]simBlock, 2+r.IntN(14))
		for i := range blocks {
			blocks[i] = g.block()
		}
		prose := []string{"Step one.", "Then this."}
		parser := lang.NewParser(0) // hands out shared actions, as the language server's does
		var state *Simulation
		for e := 0; e <= edits; e++ {
			what := "open"
			if e > 0 {
				what = editSim(g, &blocks, prose)
			}
			text := renderSim(blocks, prose)
			got, next := simulate(t, cfg, regroup(parser.Parse(source.NewFile("a.sham", []byte(text))), blocks), state, true)
			// The reference is the plain full run, which keeps nothing.
			fresh := regroup(lang.Parse(source.NewFile("a.sham", []byte(text))), blocks)
			want, _ := simulate(t, cfg, fresh, nil, false)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("document %d, edit %d (%s): incremental failures differ from a full run (-full +incremental):\n%s\ndocument:\n%s",
					n, e, what, diff, text)
			}
			if diff := cmp.Diff(runFailures(t, cfg, fresh), want); diff != "" {
				t.Fatalf("document %d, edit %d (%s): the simulation differs from Run (-run +simulate):\n%s\ndocument:\n%s",
					n, e, what, diff, text)
			}
			failed += len(want)
			if e > 0 && next != nil {
				ran += next.ran
				for _, sg := range next.groups {
					if sg.run {
						runnable++
					}
				}
				edited++
			}
			state = next
		}
	}
	t.Logf("%d edits: %d of %d groups ran again; %d failures found", edited, ran, runnable, failed)
	if ran*10 > runnable*7 {
		t.Fatalf("%d of %d groups ran again after edits: outcomes are not being reused", ran, runnable)
	}
}

// Edits whose effect travels between groups through a path they do not
// share by name: the incremental failures still equal a full run's. The
// random test may take long to stumble on these.
func TestIncrementalSimulationCases(t *testing.T) {
	root := simTree(t)
	cfg := DefaultConfig(root)
	b := func(op string, kv ...string) simBlock {
		sb := simBlock{op: op}
		for i := 0; i < len(kv); i += 2 {
			sb.params = append(sb.params, [2]string{kv[i], kv[i+1]})
		}
		return sb
	}
	joined := func(sb simBlock) simBlock { sb.join = true; return sb }
	tasks := func(sb simBlock) simBlock { sb.kind, sb.syn = lang.Tasks, lang.CSL; return sb }
	for _, c := range []struct {
		name          string
		before, after []simBlock
	}{{
		// The move fails while e is a file; removing e lets it succeed, so
		// c.txt is gone for the read, which shares no path with the remove.
		name:   "a move's destination is cleared",
		before: []simBlock{b("file_move", "old_path", "c.txt", "new_path", "e/x"), b("file_read", "path", "c.txt")},
		after: []simBlock{b("remove", "path", "e"), b("file_move", "old_path", "c.txt", "new_path", "e/x"),
			b("file_read", "path", "c.txt")},
	}, {
		name:   "a parent becomes a file",
		before: []simBlock{b("file_write", "path", "n/m.txt", "content", "x"), b("file_replace_text", "path", "n/m.txt", "old_text", "x", "new_text", "y")},
		after: []simBlock{b("file_write", "path", "n", "content", "x"), b("file_write", "path", "n/m.txt", "content", "x"),
			b("file_replace_text", "path", "n/m.txt", "old_text", "x", "new_text", "y")},
	}, {
		name:   "the write an edit needed is deleted",
		before: []simBlock{b("file_write", "path", "n.txt", "content", "x"), b("file_replace_text", "path", "n.txt", "old_text", "x", "new_text", "y")},
		after:  []simBlock{b("file_replace_text", "path", "n.txt", "old_text", "x", "new_text", "y")},
	}, {
		name:   "a directory moves away from under a later edit",
		before: []simBlock{b("file_replace_text", "path", "a/b/g.txt", "old_text", "y", "new_text", "z")},
		after:  []simBlock{b("file_move", "old_path", "a", "new_path", "d/"), b("file_replace_text", "path", "a/b/g.txt", "old_text", "y", "new_text", "z")},
	}, {
		name:   "a sibling directory is created first",
		before: []simBlock{b("file_read", "path", "n/x.txt"), b("file_write", "path", "n/y.txt", "content", "x")},
		after:  []simBlock{b("file_write", "path", "n/z/w.txt", "content", "x"), b("file_read", "path", "n/x.txt"), b("file_write", "path", "n/y.txt", "content", "x")},
	}, {
		// A TASKS group's later step depends on an earlier one that now
		// fails: the step no longer runs, and the write of the file it
		// would have made no longer happens for the group after it.
		name: "a group's first step starts failing",
		before: []simBlock{tasks(b("file_write", "path", "n.txt", "content", "x")), joined(b("file_write", "path", "m.txt", "content", "x")),
			b("file_read", "path", "m.txt")},
		after: []simBlock{tasks(b("file_replace_text", "path", "n.txt", "old_text", "x", "new_text", "y")), joined(b("file_write", "path", "m.txt", "content", "x")),
			b("file_read", "path", "m.txt")},
	}} {
		t.Run(c.name, func(t *testing.T) {
			prose := []string{"Prose."}
			parser := lang.NewParser(0)
			first := regroup(parser.Parse(source.NewFile("a.sham", []byte(renderSim(c.before, prose)))), c.before)
			_, state := simulate(t, cfg, first, nil, true)
			text := renderSim(c.after, prose)
			got, _ := simulate(t, cfg, regroup(parser.Parse(source.NewFile("a.sham", []byte(text))), c.after), state, true)
			want, _ := simulate(t, cfg, regroup(lang.Parse(source.NewFile("a.sham", []byte(text))), c.after), nil, false)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("(-full +incremental):\n%s", diff)
			}
		})
	}
}

// editSim applies one random edit to blocks (or the prose) and names it.
func editSim(g simGen, blocks *[]simBlock, prose []string) string {
	bs := *blocks
	k := g.r.IntN(9)
	switch {
	case k == 0 && len(bs) > 0: // change one param
		b := &bs[g.r.IntN(len(bs))]
		if len(b.params) == 0 {
			return "nothing"
		}
		nb := g.block()
		i := g.r.IntN(len(b.params))
		ps := append([][2]string(nil), b.params...)
		switch key := ps[i][0]; {
		case strings.Contains(key, "path"):
			ps[i][1] = g.path()
		case key == "lines":
			ps[i][1] = g.pick(simLines)
		case strings.HasPrefix(key, "old_text"), key == "pattern":
			ps[i][1] = g.pick(simFinds)
		case len(nb.params) > 0:
			ps[i][1] = nb.params[len(nb.params)-1][1]
		}
		b.params = ps
		return "change " + ps[i][0]
	case k == 1 && len(bs) > 0: // replace a block
		bs[g.r.IntN(len(bs))] = g.block()
		return "replace a block"
	case k == 2: // insert a block
		i := g.r.IntN(len(bs) + 1)
		*blocks = append(bs[:i], append([]simBlock{g.block()}, bs[i:]...)...)
		return "insert a block"
	case k == 3 && len(bs) > 1: // delete a block
		i := g.r.IntN(len(bs))
		*blocks = append(bs[:i], bs[i+1:]...)
		return "delete a block"
	case k == 4 && len(bs) > 1: // swap two blocks
		i, j := g.r.IntN(len(bs)), g.r.IntN(len(bs))
		bs[i], bs[j] = bs[j], bs[i]
		return "swap two blocks"
	case k == 5 && len(bs) > 2: // move a block elsewhere
		i := g.r.IntN(len(bs))
		b := bs[i]
		rest := append(append([]simBlock(nil), bs[:i]...), bs[i+1:]...)
		j := g.r.IntN(len(rest) + 1)
		*blocks = append(rest[:j], append([]simBlock{b}, rest[j:]...)...)
		return "move a block"
	}
	if k == 6 && len(bs) > 0 { // break a block, or mend it
		b := &bs[g.r.IntN(len(bs))]
		b.broken = !b.broken
		return "break or mend a block"
	}
	if k == 7 && len(bs) > 0 { // join or split a group, or change its kind
		g.grouping(&bs[g.r.IntN(len(bs))])
		return "regroup"
	}
	prose[g.r.IntN(len(prose))] += " More words."
	return "edit prose"
}

func TestParentDir(t *testing.T) {
	for _, p := range []string{"/", "/a", "/a/b", "/a/b/c.txt", "/tmp/x y/z"} {
		p = filepath.FromSlash(p)
		if got, want := parentDir(p), filepath.Dir(p); got != want {
			t.Errorf("parentDir(%q) = %q, want %q", p, got, want)
		}
	}
}
