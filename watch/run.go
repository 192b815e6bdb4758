package watch

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/report"
	"github.com/clada-dev/clada/session"
	"github.com/clada-dev/clada/source"
)

// Runner carries out the blocks of successive versions of an answer, each
// block at most once: what ran is known by content hash (state.go).
type Runner struct {
	Root string
	// Session is the project: its engine config (copied for each run),
	// hooks, report format and bound.
	Session *session.Session
	Log     func(format string, a ...any)

	st *state
	// baseline holds the blocks that were in the input when watching began:
	// a stale answer, or one that came with the repository, never runs by
	// itself. A key leaves it once its block is gone from the input.
	baseline map[string]bool
}

// NewRunner loads what earlier runs recorded under the session's root.
func NewRunner(s *session.Session) (*Runner, error) {
	st, err := loadState(s.Root)
	if err != nil {
		return nil, err
	}
	return &Runner{Root: s.Root, Session: s, st: st, baseline: map[string]bool{}}, nil
}

// batch is the part of one version of the input that has not run yet.
type batch struct {
	doc     *lang.Document  // only the new groups and new stray diagnostics
	keys    []string        // state lines to record when it runs
	blocks  int             // new groups
	present map[string]bool // every block key in the text, run or not
	pending bool            // an unclosed block: the answer may still be arriving
}

// newBlocks parses text (its results section blanked out) and keeps what
// has not run before. name labels positions in the report.
func (r *Runner) newBlocks(name string, text []byte) (*batch, string) {
	regions, lost := resultRegions(text, r.st.nonces)
	if lost {
		return nil, "the results section at the top of " + name + " lost its end line, so clada cannot tell the answer from the results; replace the whole content with the next answer"
	}
	src := blankOut(text, regions)
	doc := lang.Parse(source.NewFile(name, src))
	b := &batch{doc: &lang.Document{File: doc.File}, present: map[string]bool{}}
	// fresh records key k as present and reports whether it is new: not
	// run, not baseline, not seen earlier in this text (a replayed block);
	// a new key is kept to be recorded when the batch runs.
	seen := map[string]bool{}
	fresh := func(k string) bool {
		b.present[k] = true
		if r.st.ran[k] || seen[k] || r.baseline[k] {
			return false
		}
		seen[k] = true
		b.keys = append(b.keys, k)
		return true
	}
	for _, g := range doc.Groups {
		if !fresh("block " + hashOf(g.Syntax.String(), src[g.Range.Start:g.Range.End])) {
			continue
		}
		b.doc.Groups = append(b.doc.Groups, g)
		b.blocks++
		for _, a := range g.Actions {
			if unclosed(a.Diags) || !a.Closed && atEnd(src, a.Range.End) {
				b.pending = true
			}
		}
		if unclosed(g.Diags) {
			b.pending = true
		}
	}
	for _, d := range doc.Diags {
		if !fresh("diag " + hashOf(d.Code, lineAt(src, d.Range.Start))) {
			continue
		}
		b.doc.Diags = append(b.doc.Diags, d)
		if unclosed(source.Diagnostics{d}) {
			b.pending = true
		}
	}
	for k := range r.baseline {
		if !b.present[k] {
			delete(r.baseline, k)
		}
	}
	return b, ""
}

// empty reports whether b holds nothing to run or report.
func (b *batch) empty() bool { return b.blocks == 0 && len(b.doc.Diags) == 0 }

// setBaseline marks everything new in text as not to be run by itself
// (see baseline); it returns how many blocks that was.
func (r *Runner) setBaseline(name string, text []byte) int {
	b, _ := r.newBlocks(name, text)
	if b == nil {
		return 0
	}
	for _, k := range b.keys {
		r.baseline[k] = true
	}
	return b.blocks
}

// atEnd reports whether only blanks follow offset end in src. A block
// still arriving runs to the end of the input; one that is not closed
// only in the sense that it has an error (a JSON call of a tool clada
// does not read, an edit that changes nothing: lang.Action.Closed is
// false for those too) and has text after it is complete, and waiting
// for more of it would hold the answer back for nothing.
func atEnd(src []byte, end int) bool {
	return len(bytes.TrimRight(src[min(max(end, 0), len(src)):], " \t\r\n")) == 0
}

// unclosed reports a diagnostic saying a block ran to the end of the text.
func unclosed(ds source.Diagnostics) bool {
	for _, d := range ds {
		if strings.HasPrefix(d.Code, "UNCLOSED_") {
			return true
		}
	}
	return false
}

func hashOf(kind string, text []byte) string {
	h := sha256.New()
	h.Write([]byte(kind))
	h.Write([]byte{0})
	h.Write(text)
	return hex.EncodeToString(h.Sum(nil))
}

// lineAt returns the line holding offset off.
func lineAt(src []byte, off int) []byte {
	off = min(max(off, 0), len(src))
	s := bytes.LastIndexByte(src[:off], '\n') + 1
	e := bytes.IndexByte(src[off:], '\n')
	if e < 0 {
		return src[s:]
	}
	return src[s : off+e]
}

// Outcome is one run: the summary to put before the answer (or into the
// output file, or on the clipboard) and a one-line account for the log.
type Outcome struct {
	// Summary is the results section, what belongs in the chat: the
	// output file and the clipboard get it as it is.
	Summary string
	// End is the line that closes the section at the top of the input
	// file, where the answer follows it (endMarker): it tells the results
	// from the next answer there, and nowhere else.
	End  string
	Line string
}

// run records b as run, carries it out, and writes the full output to
// .clada/last-output.md. Recording comes first: a crash or a kill mid-run
// must not run the same blocks again on the next save.
func (r *Runner) run(ctx context.Context, b *batch) (*Outcome, error) {
	nonce := newNonce()
	for _, k := range b.keys {
		kind, v, _ := strings.Cut(k, " ")
		r.st.add(kind, v)
	}
	r.st.add("results", nonce)
	if err := r.st.save(); err != nil {
		return nil, err
	}
	ecfg := *r.Session.Engine
	ecfg.OutputMode = engine.OutputBuffer
	ecfg.Stream = nil
	var log bytes.Buffer
	res, err := r.Session.With(&ecfg, &log).Apply(ctx, b.doc, engine.Real)
	if err != nil {
		return nil, err
	}
	var sum, full bytes.Buffer
	if res.Report != nil {
		if err := WriteSummary(&sum, b.doc, res.Report, r.maxReport()); err != nil {
			return nil, err
		}
	} else {
		sum.WriteString(resultsStart + "\n")
	}
	for _, h := range res.Hooks {
		fmt.Fprintln(&sum, h.String())
	}
	if res.Blocked != "" {
		fmt.Fprintf(&sum, "❌ %s\n", res.Blocked)
	}
	if res.HooksSkipped != "" {
		fmt.Fprintln(&sum, res.HooksSkipped)
	}
	fmt.Fprintf(&full, "# clada: %s\n\n", b.doc.File.Name)
	if res.Report != nil {
		if err := writeFull(&full, b.doc, res.Report, r.Session.Format, r.maxReport()); err != nil {
			return nil, err
		}
	}
	if log.Len() > 0 {
		fmt.Fprintf(&full, "\n## hooks\n\n%s", log.String())
	}
	out := filepath.Join(r.Root, ".clada", "last-output.md")
	if err := writeAtomic(out, full.Bytes()); err != nil {
		return nil, err
	}
	o := &Outcome{Summary: sum.String(), End: endMarker(nonce) + "\n"}
	switch {
	case res.Blocked != "":
		o.Line = res.Blocked
	default:
		rep := res.Report
		o.Line = fmt.Sprintf("ran %d block(s): %d action(s), %s", b.blocks, len(rep.Results), rep.Counts())
		if n := len(rep.ParseErrors); n > 0 {
			// a block refused whole (a command that did not run) is no
			// action, and "0 failed" alone would hide it
			o.Line += fmt.Sprintf(", %d syntax error(s)", n)
		}
		if rep.Fatal != "" {
			o.Line += "; " + rep.Fatal
		}
	}
	if log.Len() > 0 && r.Log != nil {
		r.Log("%s", strings.TrimRight(log.String(), "\n"))
	}
	return o, nil
}

// writeFull renders the whole report as `clada apply` would print it, with
// command output inline (as --output-mode buffer).
func writeFull(w *bytes.Buffer, doc *lang.Document, rep *engine.Report, format string, maxReport int) error {
	if maxReport <= 0 {
		maxReport = report.DefaultMaxReport
	}
	return report.Write(w, format, doc, rep, report.Options{Output: true, MaxReport: maxReport})
}

// writeAtomic replaces path with data through a temp file and a rename,
// keeping an existing file's mode, so a reader never sees half of it.
func writeAtomic(path string, data []byte) error {
	mode := os.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		mode = st.Mode().Perm()
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".clada-*")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := tmp.Chmod(mode); err != nil {
		tmp.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// maxReport is the per-action bound of the reports the watcher writes: the
// session's (the project's max-report), else the default.
func (r *Runner) maxReport() int {
	if r.Session.MaxReport > 0 {
		return r.Session.MaxReport
	}
	return report.DefaultMaxReport
}
