package lsp

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
	"github.com/google/go-cmp/cmp"
	"go.lsp.dev/protocol"
)

// simBlock is one generated SHAM block: an op and its params in order.
type simBlock struct {
	op     string
	params [][2]string
	broken bool // written with a syntax error (never run)
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

func (g simGen) block() simBlock {
	p := func(k string, list []string) [2]string { return [2]string{k, g.pick(list)} }
	q := func(k string) [2]string { return [2]string{k, g.path()} }
	b := simBlock{}
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
		b.broken = true
	}
	return b
}

// render writes the blocks as a SHAM answer with prose between them.
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

func openOS(cfg *engine.Config) func() (fsys.Workspace, func(), error) {
	return func() (fsys.Workspace, func(), error) {
		base, err := engine.NewOS(cfg)
		if err != nil {
			return nil, nil, err
		}
		return base, func() { base.Close() }, nil
	}
}

// After every random edit of a random document, the incremental simulation
// gives exactly the diagnostics (message, hint, range) of a simulation from
// scratch. The edits change a param, the op, insert, delete or move a block,
// or touch only prose, and they must leave some ops' results reused.
func TestIncrementalSimulationMatchesFull(t *testing.T) {
	root := simTree(t)
	cfg := engine.DefaultConfig(root)
	ctx := context.Background()
	r := rand.New(rand.NewPCG(5, 2026))
	g := simGen{r}
	docs, edits := 150, 25
	if testing.Short() {
		docs = 30
	}
	var ran, runnable, edited int
	for n := range docs {
		blocks := make([]simBlock, 2+r.IntN(14))
		for i := range blocks {
			blocks[i] = g.block()
		}
		prose := []string{"Step one.", "Then this."}
		parser := lang.NewParser(0) // hands out shared groups, as the server's does
		var state *simulation
		for e := 0; e <= edits; e++ {
			what := "open"
			if e > 0 {
				what = editSim(g, &blocks, prose)
			}
			text := renderSim(blocks, prose)
			doc := parser.Parse(source.NewFile("a.sham", []byte(text)))
			got, next := simulateDoc(ctx, cfg, doc, state, 0, true, openOS(cfg))
			// The reference is the plain full run, which keeps nothing.
			want, _ := simulateDoc(ctx, cfg, lang.Parse(source.NewFile("a.sham", []byte(text))), nil, 0, false, openOS(cfg))
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("document %d, edit %d (%s): incremental diagnostics differ from a full run (-full +incremental):\n%s\ndocument:\n%s",
					n, e, what, diff, text)
			}
			if e > 0 {
				ran += next.ran
				for _, o := range next.ops {
					if o.run {
						runnable++
					}
				}
				edited++
			}
			state = next
		}
	}
	t.Logf("%d edits: %d of %d ops ran again", edited, ran, runnable)
	if ran*10 > runnable*7 {
		t.Fatalf("%d of %d ops ran again after edits: results are not being reused", ran, runnable)
	}
}

// Edits whose effect travels between ops through a path they do not share
// by name: the incremental diagnostics still equal a full run's. The random
// test may take long to stumble on these.
func TestIncrementalSimulationCases(t *testing.T) {
	root := simTree(t)
	cfg := engine.DefaultConfig(root)
	ctx := context.Background()
	b := func(op string, kv ...string) simBlock {
		sb := simBlock{op: op}
		for i := 0; i < len(kv); i += 2 {
			sb.params = append(sb.params, [2]string{kv[i], kv[i+1]})
		}
		return sb
	}
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
	}} {
		t.Run(c.name, func(t *testing.T) {
			prose := []string{"Prose."}
			parser := lang.NewParser(0)
			first := parser.Parse(source.NewFile("a.sham", []byte(renderSim(c.before, prose))))
			_, state := simulateDoc(ctx, cfg, first, nil, 0, true, openOS(cfg))
			text := renderSim(c.after, prose)
			got, _ := simulateDoc(ctx, cfg, parser.Parse(source.NewFile("a.sham", []byte(text))), state, 0, true, openOS(cfg))
			want, _ := simulateDoc(ctx, cfg, lang.Parse(source.NewFile("a.sham", []byte(text))), nil, 0, false, openOS(cfg))
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("(-full +incremental):\n%s", diff)
			}
		})
	}
}

// editSim applies one random edit to blocks (or the prose) and names it.
func editSim(g simGen, blocks *[]simBlock, prose []string) string {
	bs := *blocks
	k := g.r.IntN(8)
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
	prose[g.r.IntN(len(prose))] += " More words."
	return "edit prose"
}

// twoBlocks is an answer with a search in app.js and a write of other.txt,
// which are unrelated: editing the write reuses the search's result.
func twoBlocks(content string) string {
	return replaceDoc + "\n#!SHAM [@three-char-SHA-256: wrt]\naction = \"file_write\"\npath = \"other.txt\"\ncontent = \"" + content + "\"\n#!END_SHAM_wrt\n"
}

// waitWatched waits until the server knows the client accepted its file
// watcher, which is when it starts reusing simulation results.
func waitWatched(t testing.TB, c *testClient) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if trusted, _ := c.srv.diskState(); trusted {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the server never saw its file watcher accepted")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// A client that watches files for the server gets simulation results reused
// across edits, until it reports a change on disk: then everything is
// simulated again and the diagnostics follow the disk.
func TestDiskChangeInvalidatesSimulation(t *testing.T) {
	root := t.TempDir()
	target := filepath.Join(root, "app.js")
	if err := os.WriteFile(target, []byte("one\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := startWatching(t, root, new(true), clientOpts{})
	c.nextRegistration()
	waitWatched(t, c)
	uri := pathURI(filepath.Join(root, "a.sham"))
	if p := c.open(uri, twoBlocks("v1")); len(p.Diagnostics) != 1 || !strings.Contains(messageOf(p.Diagnostics[0]), "old_text not found") {
		t.Fatalf("on open: %+v", p.Diagnostics)
	}
	if err := os.WriteFile(target, []byte("one\ntwo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// An edit of the other block, with no word from the client about the
	// disk: the search's result is reused (only the edited op runs), so its
	// diagnostic stays although the file now has "two".
	c.change(uri, 2, &protocol.TextDocumentContentChangeWholeDocument{Text: twoBlocks("v2")})
	if p := c.nextDiags(uri); len(p.Diagnostics) != 1 {
		t.Fatalf("after an unrelated edit: %+v", p.Diagnostics)
	}
	if ran := c.srv.docs[uri].sim.ran; ran != 1 {
		t.Fatalf("the unrelated edit simulated %d ops, want 1 (the edited one)", ran)
	}
	c.notify(protocol.MethodWorkspaceDidChangeWatchedFiles, &protocol.DidChangeWatchedFilesParams{
		Changes: []protocol.FileEvent{{URI: pathURI(target), Type: protocol.FileChangeTypeChanged}},
	})
	if p := c.nextDiags(uri); len(p.Diagnostics) != 0 {
		t.Fatalf("after the client reported the change on disk: %+v", p.Diagnostics)
	}
	if ran := c.srv.docs[uri].sim.ran; ran != 2 {
		t.Fatalf("the change on disk simulated %d ops, want 2 (all)", ran)
	}
}

// Applying the document changes the disk under the server's own hands: the
// next edit simulates everything again, even before (or without) the
// watcher's report, so the search the apply satisfied is now reported.
func TestApplyInvalidatesSimulation(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "app.js"), []byte("one\ntwo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := startWatching(t, root, new(true), clientOpts{})
	c.nextRegistration()
	waitWatched(t, c)
	uri := pathURI(filepath.Join(root, "a.sham"))
	// new_text "one" is in the file already, so after the apply the replace
	// is a plain miss, not an already applied edit.
	doc := func(v string) string { return strings.ReplaceAll(twoBlocks(v), `new_text = "2"`, `new_text = "one"`) }
	if p := c.open(uri, doc("v1")); len(p.Diagnostics) != 0 {
		t.Fatalf("on open: %+v", p.Diagnostics)
	}
	var rep struct {
		Success bool `json:"success"`
	}
	c.call(protocol.MethodWorkspaceExecuteCommand, command("clada.apply", uri), &rep)
	if !rep.Success {
		t.Fatalf("apply: %+v", rep)
	}
	c.change(uri, 2, &protocol.TextDocumentContentChangeWholeDocument{Text: doc("v2")})
	p := c.nextDiags(uri)
	if len(p.Diagnostics) != 1 || !strings.Contains(messageOf(p.Diagnostics[0]), "old_text not found") {
		t.Fatalf("after apply and an unrelated edit: %+v", p.Diagnostics)
	}
}

// A client that does not watch files (neovim 0.7) never has results reused:
// its diagnostics catch up with the disk at the next edit, as the editor
// README promises.
func TestUnwatchedClientSeesDiskAtNextEdit(t *testing.T) {
	root := t.TempDir()
	target := filepath.Join(root, "app.js")
	if err := os.WriteFile(target, []byte("one\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := start(t, root, false)
	uri := pathURI(filepath.Join(root, "a.sham"))
	if p := c.open(uri, twoBlocks("v1")); len(p.Diagnostics) != 1 {
		t.Fatalf("on open: %+v", p.Diagnostics)
	}
	if err := os.WriteFile(target, []byte("one\ntwo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c.change(uri, 2, &protocol.TextDocumentContentChangeWholeDocument{Text: twoBlocks("v2")})
	if p := c.nextDiags(uri); len(p.Diagnostics) != 0 {
		t.Fatalf("after the next edit: %+v", p.Diagnostics)
	}
}

func TestParentDir(t *testing.T) {
	for _, p := range []string{"/", "/a", "/a/b", "/a/b/c.txt", "/tmp/x y/z"} {
		p = filepath.FromSlash(p)
		if got, want := parentDir(p), filepath.Dir(p); got != want {
			t.Errorf("parentDir(%q) = %q, want %q", p, got, want)
		}
	}
}
