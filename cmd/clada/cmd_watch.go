package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/clada-dev/clada/internal/state"
	"github.com/clada-dev/clada/report"
	"github.com/clada-dev/clada/session"
	"github.com/clada-dev/clada/watch"
)

// cmdWatch is the working loop: it watches FILE (default clada_input.md in
// the root, or the config's watch.file) or the clipboard and runs each new
// block once, writing the results back.
func cmdWatch(e *env) int {
	fs := newFlagSet(e, "watch", "[flags] [FILE]")
	ef := addEngineFlags(fs, engineHelp{
		approve:          "commands not yet approved, in every syntax: never (fail), ask (on the terminal /dev/tty) or always (approve and record); default: CSL never, SHAM and CML run them",
		noGit:            "no snapshot or commit",
		rejectEmptyAllow: true,
	})
	output := fs.String("output", "", "write the results summary to this file instead of the top of FILE")
	clip := fs.Bool("clipboard", false, "watch the clipboard instead of a file: an answer copied twice in a row runs, and the results replace it on the clipboard")
	poll := fs.Bool("poll", false, "poll the file instead of waiting for file events (network or container filesystems)")
	interval := fs.Duration("poll-interval", time.Second, "how often to poll the file (always, as a safety net) or the clipboard")
	debounce := fs.Duration("debounce", 200*time.Millisecond, "quiet time after a save before the file is read")
	settle := fs.Duration("settle", 10*time.Second, "how long an answer that ends inside a block waits for the rest")
	format := fs.String("format", "", "format of .clada/last-output.md: "+report.FormatList()+" (default: the syntax's)")
	pos, code, ok := parseArgs(fs, e.args)
	if !ok {
		return code
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(e.stderr, "clada watch: "+format+"\n", a...)
		return exitUsage
	}
	switch {
	case len(pos) > 1:
		return fail("expected at most one FILE, got %d arguments", len(pos))
	case *clip && len(pos) > 0:
		return fail("--clipboard watches the clipboard; drop the FILE argument %q", pos[0])
	case ef.check() != nil:
		return fail("%v", ef.check())
	case *format != "" && !slices.Contains(report.Formats(), *format):
		return fail("unknown --format %q; use %s", *format, report.FormatList())
	case *interval <= 0 || *debounce < 0 || *settle < 0:
		return fail("--poll-interval must be positive, --debounce and --settle not negative")
	}
	absRoot, err := resolveRoot(*ef.root, true)
	if err != nil {
		return fail("%v", err)
	}
	cfg, err := ef.config(absRoot)
	if err != nil {
		return fail("%v", err)
	}
	// A FILE or --output named here is the loop's too: grep and glob leave
	// them out like the config's (session.Open adds those).
	explicitInput := ""
	if len(pos) == 1 {
		if explicitInput, err = resolvedPath(pos[0]); err != nil {
			return fail("%v", err)
		}
		cfg.Unlisted = append(cfg.Unlisted, explicitInput)
	}
	if *output != "" {
		abs, err := resolvedPath(*output)
		if err != nil {
			return fail("--output: %v", err)
		}
		cfg.Unlisted = append(cfg.Unlisted, abs)
	}
	// The watcher usually runs in a terminal of its own: --approve ask (or
	// the config's approve: ask) asks there. Without one, an unapproved
	// command fails and says so.
	ask, closeTTY := confirmOnTerminal()
	defer closeTTY()
	cfg.Confirm = ask
	s, err := session.Open(session.Input{Root: absRoot, ConfigFile: *ef.configFile, Engine: cfg,
		Explicit: explicitFlags(fs), Format: *format, MaxReport: report.DefaultMaxReport})
	if err != nil {
		return fail("%v", err)
	}
	if s.PassEnvIgnored != "" { // secrets commands still get
		fmt.Fprintf(e.stderr, "clada: %s\n", s.PassEnvIgnored)
	}
	// One watcher per root: a second one would run every block twice.
	lock, err := state.AcquireLock(context.Background(), absRoot, filepath.Join(".clada", "watch.lock"), 0)
	if err != nil {
		if strings.Contains(err.Error(), "still holds it") {
			return fail("another clada watch is already running on %s (it holds %s); stop it first", absRoot, filepath.Join(absRoot, ".clada", "watch.lock"))
		}
		return fail("%v", err)
	}
	defer lock.Release()

	r, err := watch.NewRunner(s)
	if err != nil {
		return fail("%v", err)
	}
	r.Log = func(format string, a ...any) { fmt.Fprintf(e.stderr, "clada watch: "+format+"\n", a...) }
	if s.HooksIgnored != "" {
		r.Log("%s", s.HooksIgnored)
	}
	out := *output
	if out == "" {
		out = s.Config.WatchOutput()
	}
	if out != "" {
		if out, err = filepath.Abs(out); err != nil {
			return fail("--output: %v", err)
		}
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if *clip {
		cb, err := watch.FindClipboard()
		if err != nil {
			return fail("%v", err)
		}
		err = r.WatchClipboard(ctx, cb, watch.ClipboardOptions{Interval: *interval, Output: out})
		if err != nil {
			return fail("%v", err)
		}
		r.Log("stopped")
		return exitOK
	}

	input := s.Config.WatchInput(absRoot)
	if explicitInput != "" {
		input = explicitInput
	}
	created, err := watch.EnsureInput(input)
	if err != nil {
		return fail("%v", err)
	}
	if created {
		r.Log("created %s", input)
	}
	r.Log("watching %s (Ctrl-C stops); paste an answer there and save", input)
	err = r.WatchFile(ctx, watch.FileOptions{Input: input, Output: out, Poll: *poll, PollInterval: *interval, Debounce: *debounce, Settle: *settle})
	if err != nil {
		return fail("%v", err)
	}
	r.Log("stopped")
	return exitOK
}

// resolvedPath is p absolute, its directory's symlinks resolved when it
// exists, as the root's are: the engine compares the files a walk meets
// with it.
func resolvedPath(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	if dir, err := filepath.EvalSymlinks(filepath.Dir(abs)); err == nil {
		abs = filepath.Join(dir, filepath.Base(abs))
	}
	return abs, nil
}
