package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/clada-dev/clada/config"
	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/textedit"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/report"
	"github.com/clada-dev/clada/session"
	"github.com/clada-dev/clada/source"
)

// sizeFlag is a byte count written as 1048576, 512K, 10MB or 1G, read by
// config.ParseSize so a flag and .clada.yaml accept the same sizes.
type sizeFlag int

func (s *sizeFlag) String() string { return strconv.Itoa(int(*s)) }
func (s *sizeFlag) Set(v string) error {
	n, err := config.ParseSize(v)
	if err != nil {
		return err
	}
	*s = sizeFlag(n)
	return nil
}

// cmdApply carries out the actions of FILE (or stdin) in --root.
func cmdApply(e *env) int {
	fs := newFlagSet(e, "apply", "[flags] [FILE|-]")
	ef := addEngineFlags(fs, engineHelp{
		approve:          "commands not yet approved, in every syntax: never (fail), ask (on the terminal: /dev/tty, the console on Windows) or always (approve and record); default: CSL never, SHAM and CML run them; ask for every syntax on Windows",
		noGit:            "no commit and no record of the apply (so no undo)",
		full:             true,
		rejectEmptyAllow: true,
	})
	dryRun := fs.Bool("dry-run", false, "simulate in memory, print a diff of what would change, touch nothing")
	atomic := fs.Bool("atomic", false, "simulate first; apply only if every action would succeed")
	maxReport := sizeFlag(report.DefaultMaxReport)
	fs.Var(&maxReport, "max-report", "output shown per action in reports for an LLM (text, summary, csl, cml): head and tail, the cut named")
	outputMode := fs.String("output-mode", "stream", "command output: stream (live on stderr), buffer or silent")
	opBudget := session.DurationVar(fs, "op-budget", engine.DefaultOpBudget, "how long one grep or glob may walk before it stops with an error")
	maxRead := sizeFlag(engine.DefaultMaxReadBytes)
	fs.Var(&maxRead, "max-read", "largest file read whole by reads, edits and grep (e.g. 64MB); a range of a bigger file streams")
	format := fs.String("format", "", "report: "+report.FormatList()+" (default: "+defaultFormats()+")")
	detail := fs.String("error-detail", "minimal", "minimal (errors with hints) or full (also the source of each failed action)")
	fromClip := fs.Bool("from-clipboard", false, "read the answer from the clipboard instead of FILE")
	toClip := fs.Bool("to-clipboard", false, "also copy the results summary to the clipboard, ready to paste into the chat")
	pos, code, ok := parseArgs(fs, e.args)
	if !ok {
		return code
	}
	output, outputErr := engine.ParseOutputMode(*outputMode)
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(e.stderr, "clada apply: "+format+"\n", a...)
		return exitUsage
	}
	switch {
	case *format != "" && !slices.Contains(report.Formats(), *format):
		return usageErr("unknown --format %q; use %s", *format, report.FormatList())
	case ef.check() != nil:
		return usageErr("%v", ef.check())
	case *detail != "minimal" && *detail != "full":
		return usageErr("unknown --error-detail %q; use minimal or full", *detail)
	case outputErr != nil:
		return usageErr("%v", outputErr)
	case *dryRun && *atomic:
		return usageErr("--dry-run and --atomic exclude each other (--dry-run already changes nothing)")
	}
	absRoot, err := resolveRoot(*ef.root, true)
	if err != nil {
		return usageErr("%v", err)
	}
	name, data, err := readInputOrClipboard(e, pos, *fromClip)
	if err != nil {
		return usageErr("%v", err)
	}

	cfg, err := ef.config(absRoot)
	if err != nil {
		return usageErr("%v", err)
	}
	cfg.OutputMode = output
	if *opBudget <= 0 || maxRead <= 0 {
		return usageErr("--op-budget and --max-read must be positive")
	}
	cfg.OpBudget, cfg.MaxReadBytes = *opBudget, int64(maxRead)
	// The engine asks only under --approve ask, which the config may set too
	// (approve.go); this only asks, on the terminal.
	ask, closeTTY := confirmOnTerminal()
	defer closeTTY()
	cfg.Confirm = ask
	if cfg.OutputMode == engine.OutputStream {
		cfg.Stream = func(line string) { fmt.Fprintln(e.stderr, line) }
	}
	// The engine reads a unified diff hunk's texts when it runs the hunk
	// (lang.ParseOptions): a big diff's texts, twice its size, are not
	// all held at once. The answer is parsed first so that the hooks-path
	// lookup starts only for one that writes (session/prefetch.go).
	doc := lang.ParseWithOptions(source.NewFile(name, data), lang.ParseOptions{DeferHunkTexts: true})
	// defaults <- .clada.yaml <- flags: the config fills what no flag set,
	// and may only tighten; its hooks run around a real apply once trusted.
	s, err := session.Open(session.Input{Root: absRoot, ConfigFile: *ef.configFile, Engine: cfg,
		Explicit: explicitFlags(fs), Format: *format, MaxReport: int(maxReport), Log: e.stderr},
		session.HooksPathPrefetch(doc))
	if err != nil {
		return usageErr("%v", err)
	}
	if s.PassEnvIgnored != "" {
		fmt.Fprintf(e.stderr, "clada: %s\n", s.PassEnvIgnored)
	}

	defer bigAnswerGC(len(data), doc).restore()
	mode := engine.Real
	switch {
	case *dryRun:
		mode = engine.DryRun
	case *atomic:
		mode = engine.Atomic
	}
	// Every catchable signal that ends a terminal session or a CI job stops
	// the apply the same way: the running command's group is killed, no
	// further action starts, and the report of what ran is still written.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	res, err := s.Apply(ctx, doc, mode)
	if err != nil {
		return usageErr("%v", err)
	}
	if res.Blocked != "" {
		fmt.Fprintf(e.stderr, "clada apply: %s\n", res.Blocked)
		return exitFail
	}
	rep, changes := res.Report, res.Changes
	if mode == engine.DryRun {
		if err := writeDryRunDiff(e, changes, s.Root, reportFormat(s.Format, doc)); err != nil {
			return usageErr("%v", err)
		}
	}
	if err := writeReport(e, doc, rep, s.Format, report.Options{Full: *detail == "full", Output: output == engine.OutputBuffer, MaxReport: s.MaxReport}); err != nil {
		return usageErr("%v", err)
	}
	if *toClip {
		if err := copyResults(e, doc, rep, s.MaxReport); err != nil {
			return usageErr("%v", err)
		}
	}
	if res.HookFailed() && rep.ExitCode() == exitOK {
		return exitFail // a failed after hook is never hidden, not even in the status
	}
	return rep.ExitCode()
}

// writeReport renders rep in the chosen format, or the default of the
// document's first block syntax.
func writeReport(e *env, doc *lang.Document, rep *engine.Report, format string, o report.Options) error {
	return report.Write(e.stdout, format, doc, rep, o)
}

// reportFormat is the report format rep is printed in: --format (or the
// config's), else the document's default (its first block's syntax).
func reportFormat(format string, doc *lang.Document) string {
	if format == "" {
		return report.DefaultFormat(doc)
	}
	return format
}

// writeDryRunDiff prints, before the report, a unified diff of every file
// the dry run would change (to stderr when the report is JSON on stdout,
// so the JSON stays parseable).
func writeDryRunDiff(e *env, changes []textedit.Change, root, format string) error {
	d := textedit.Diff(root, changes)
	if d == "" {
		return nil
	}
	w := e.stdout
	if format == "json" {
		w = e.stderr
	}
	// The diff shows file content an answer wrote: no control sequence of
	// it reaches the terminal.
	if _, err := io.WriteString(w, textedit.Printable(d)); err != nil {
		return fmt.Errorf("writing diff: %w", err)
	}
	return nil
}

// confirmOnTerminal asks --approve ask's questions on the controlling
// terminal (/dev/tty; on Windows the console, CONIN$ and CONOUT$), never on
// stdin: stdin often carries the very answer being applied (pbpaste |
// clada apply -). The terminal is opened at the first question; without
// one every question returns the open error, which the engine reports as
// "no terminal to ask on". Only "y" or "yes" approves.
func confirmOnTerminal() (ask func(string) (bool, error), closeTTY func()) {
	var tty *terminal
	var in *bufio.Reader
	var openErr error
	ask = func(q string) (bool, error) {
		if tty == nil && openErr == nil {
			if tty, openErr = openTerminal(); openErr == nil { // tty_*.go
				in = bufio.NewReader(tty.in)
			}
		}
		if openErr != nil {
			return false, openErr
		}
		fmt.Fprintf(tty.out, "%s [y/N] ", q)
		line, err := in.ReadString('\n')
		if err != nil && line == "" {
			return false, fmt.Errorf("read the answer from %s: %w", terminalName, err)
		}
		a := strings.ToLower(strings.TrimSpace(line))
		return a == "y" || a == "yes", nil
	}
	return ask, func() {
		if tty != nil {
			tty.close()
		}
	}
}

// terminal is where --approve ask asks: one file on Unix, the console's
// input and output on Windows.
type terminal struct {
	in, out *os.File
}

func (t *terminal) close() {
	t.in.Close()
	if t.out != t.in {
		t.out.Close()
	}
}

// bigAnswerMin is the answer size from which an apply collects garbage
// sooner (bigAnswerGC), and bigAnswerFiles how many files it must name.
const (
	bigAnswerMin   = 1 << 20
	bigAnswerFiles = 100
)

// answerGC is the collector's goal while a big answer is applied.
type answerGC struct {
	old int // the goal before; -2 when it was left alone
}

// bigAnswerGC makes the collector's heap goal half again what is live,
// not twice, for the apply of doc, an answer of size bytes, when it is
// at least bigAnswerMin and names at least bigAnswerFiles files, until
// restore. An answer spread over many files (a git diff of a thousand) is
// most of what is live from the parse to the report, and the default goal
// let as much garbage again pile up beside it: a git diff of 10,000 hunks
// peaked at 43 MiB resident where git apply takes 20 (README,
// "Performance"); with this goal, 37. Its cost is a collection about
// twice as often, each over the same live heap: about 40 ms of CPU for
// that diff. Where an answer names few files, their texts and edit
// indexes are most of what is live (5,000 edits of one 10 MiB file), and
// collecting twice as often over them cost a tenth of the apply's time;
// the parse, whose garbage is short-lived, keeps the default goal too. A
// goal set in the environment (GOGC) is left alone.
func bigAnswerGC(size int, doc *lang.Document) *answerGC {
	if size < bigAnswerMin || os.Getenv("GOGC") != "" {
		return &answerGC{old: -2}
	}
	files := map[string]bool{}
	for a := range doc.Actions() {
		if p, ok := a.Value(lang.ParamPath); ok {
			if files[p] = true; len(files) >= bigAnswerFiles {
				return &answerGC{old: debug.SetGCPercent(50)}
			}
		}
	}
	return &answerGC{old: -2}
}

// restore gives the collector its goal back (once).
func (g *answerGC) restore() {
	if g.old != -2 {
		debug.SetGCPercent(g.old)
		g.old = -2
	}
}
