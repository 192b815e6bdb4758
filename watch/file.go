// Package watch is clada's working loop: it watches the file (or the
// clipboard) an LLM's answers are pasted into, runs each block the first
// time it appears, and writes the results back where the user copies them
// from. Each run is an apply of the session it holds (hooks around the
// engine, package session), as `clada apply` runs one.
//
// watch imports session, engine, report, lang, source and internal/state
// (and fsnotify); only cmd/clada imports it. Start reading at run.go
// (Runner), then this file (the file watch), clipwatch.go and results.go.
package watch

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	statefile "github.com/clada-dev/clada/internal/state"
	"github.com/fsnotify/fsnotify"
)

// FileOptions shapes a file watch.
type FileOptions struct {
	Input  string // absolute path of the file answers are pasted into
	Output string // absolute path for the results summary; "" = the top of Input
	// Poll watches by polling only (for filesystems that send no events).
	// Without it the watcher still polls every PollInterval as a safety net
	// and says so when a change arrived without an event.
	Poll         bool
	PollInterval time.Duration
	Debounce     time.Duration // quiet time after the last event before reading
	Settle       time.Duration // how long a half-written answer may wait for the rest
}

// InputHeader is what a new input file says.
const InputHeader = "Paste an LLM's answer below (or over everything) and save: clada runs each new block once and puts the results at the top of this file.\n"

// EnsureInput creates the input file with InputHeader when it is missing.
func EnsureInput(path string) (created bool, err error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("create %s: %w", path, err)
	}
	_, err = f.WriteString(InputHeader)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return false, fmt.Errorf("create %s: %w", path, err)
	}
	return true, nil
}

// fileSig is what polling compares: a change in any means a new version.
// The identity is the device and inode only (a rename over the name), not
// the whole stat: its access time moves when anyone reads the file, which
// is no new version.
type fileSig struct {
	size     int64
	mtime    time.Time
	dev, ino uint64
}

func sigOf(path string) fileSig {
	st, err := os.Stat(path)
	if err != nil {
		return fileSig{}
	}
	sig := fileSig{size: st.Size(), mtime: st.ModTime()}
	sig.dev, sig.ino = fileID(path, st) // platform_unix.go, platform_windows.go
	return sig
}

func (a fileSig) same(b fileSig) bool {
	return a.size == b.size && a.mtime.Equal(b.mtime) && a.dev == b.dev && a.ino == b.ino
}

// WatchFile runs until ctx ends. It watches the input's directory, since
// editors replace files by rename, and reads the file once saves go quiet.
func (r *Runner) WatchFile(ctx context.Context, o FileOptions) error {
	name := filepath.Base(o.Input)
	data, err := readInput(o.Input)
	if err != nil {
		return err // readInput names the file; the command names itself
	}
	if n := r.setBaseline(name, data); n > 0 {
		r.Log("%d block(s) already in %s when the watcher started are not run; paste an answer now", n, name)
	}
	var events <-chan fsnotify.Event
	var errs <-chan error
	if !o.Poll {
		w, err := fsnotify.NewWatcher()
		if err == nil {
			err = w.Add(filepath.Dir(o.Input))
		}
		if err != nil {
			r.Log("file events unavailable (%v); polling every %s instead", err, o.PollInterval)
			o.Poll = true
		} else {
			defer w.Close()
			events, errs = w.Events, w.Errors
		}
	}
	l := &fileLoop{r: r, o: o, name: name, lastSig: sigOf(o.Input), lastHash: hashOf("", data)}
	tick := time.NewTicker(o.PollInterval)
	defer tick.Stop()
	l.timer = time.NewTimer(time.Hour)
	l.timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case ev, ok := <-events:
			if !ok {
				events = nil
				continue
			}
			if filepath.Clean(ev.Name) == o.Input {
				l.evented = true
				l.timer.Reset(o.Debounce)
			}
		case err, ok := <-errs:
			if ok {
				r.Log("file events: %v", err)
			}
		case <-tick.C:
			evented := l.evented
			l.evented = false
			if sig := sigOf(o.Input); !sig.same(l.lastSig) && !evented {
				l.lastSig = sig
				if !o.Poll && !l.polled {
					l.polled = true
					r.Log("a change to %s arrived without a file event; polling every %s catches such changes", name, o.PollInterval)
				}
				l.timer.Reset(o.Debounce)
			}
		case <-l.timer.C:
			if err := l.check(ctx); err != nil {
				return err
			}
		}
	}
}

// fileLoop is WatchFile's state between wake-ups.
type fileLoop struct {
	r            *Runner
	o            FileOptions
	name         string
	timer        *time.Timer
	lastSig      fileSig
	lastHash     string    // the content last handled (or written by clada)
	pendingSince time.Time // when a half-written answer was first seen
	polled       bool      // said that polling caught a change
	evented      bool      // a file event arrived since the last poll
	lostWarned   string
}

// check reads the input and runs what is new. Errors it returns stop the
// watcher (clada's own state unwritable); a failed run is only reported.
func (l *fileLoop) check(ctx context.Context) error {
	data, err := readInput(l.o.Input)
	if errors.Is(err, fs.ErrNotExist) {
		return nil // mid-rename; the create event follows
	}
	if err != nil {
		l.r.Log("read %s: %v", l.name, err)
		return nil
	}
	l.lastSig = sigOf(l.o.Input)
	h := hashOf("", data)
	if h == l.lastHash && l.pendingSince.IsZero() {
		return nil
	}
	b, problem := l.r.newBlocks(l.name, data)
	if problem != "" {
		if l.lostWarned != h {
			l.r.Log("%s", problem)
			l.lostWarned = h
		}
		l.lastHash = h
		return nil
	}
	if b.empty() {
		l.lastHash, l.pendingSince = h, time.Time{}
		return nil
	}
	if b.pending {
		if l.pendingSince.IsZero() {
			l.pendingSince = time.Now()
			l.r.Log("%s ends inside a block; waiting up to %s for the rest of the answer", l.name, l.o.Settle)
		}
		if wait := time.Until(l.pendingSince.Add(l.o.Settle)); wait > 0 {
			l.lastHash = h
			l.timer.Reset(wait)
			return nil
		}
		l.r.Log("the block at the end of %s is still unclosed after %s; running what is there", l.name, l.o.Settle)
	}
	l.pendingSince = time.Time{}
	out, err := l.r.run(ctx, b)
	if err != nil {
		return err
	}
	where, err := l.writeResults(out, h)
	if err != nil {
		l.r.Log("%s; %v; full output in .clada/last-output.md", out.Line, err)
		return nil
	}
	l.r.Log("%s; results %s, full output in .clada/last-output.md", out.Line, where)
	return nil
}

// writeResults puts the summary into the output file, or at the top of the
// input in place of the previous one, closed by its end line; it returns
// where.
func (l *fileLoop) writeResults(o *Outcome, processed string) (string, error) {
	if l.o.Output != "" {
		l.lastHash = processed
		return "in " + l.o.Output, writeOutput(l.r.Root, l.o.Output, o.Summary)
	}
	// Re-read: a save that landed during the run must not be lost.
	cur, err := readInput(l.o.Input)
	if err != nil {
		return "", fmt.Errorf("results not written: %w", err)
	}
	regions, _ := resultRegions(cur, l.r.st.nonces)
	start := topResults(regions, cur)
	out := append([]byte(o.Summary+o.End+"\n"), cur[start:]...)
	if err := writeAtomic(l.o.Input, out); err != nil {
		return "", err
	}
	if hashOf("", cur) == processed {
		l.lastHash = hashOf("", out)
	} else {
		l.timer.Reset(l.o.Debounce) // a save landed during the run: read it next
	}
	l.lastSig = sigOf(l.o.Input)
	return "at the top of " + l.name, nil
}

// writeOutput writes the results summary to an output file, refusing to
// replace a file clada did not write (a .clada.yaml could name any file).
// Inside the root it goes through the root with no symlink followed
// (statefile.Write): a cloned repository could make a directory on
// the way a symlink to anywhere.
func writeOutput(root, path, summary string) error {
	rel, err := filepath.Rel(root, path)
	inside := err == nil && filepath.IsLocal(rel)
	var old []byte
	if inside {
		old, err = statefile.Read(root, rel)
	} else {
		old, err = readInput(path)
	}
	if err == nil && len(bytes.TrimSpace(old)) > 0 && !bytes.HasPrefix(bytes.TrimPrefix(old, []byte("\ufeff")), []byte(resultsStart)) {
		return fmt.Errorf("results not written: %s exists and is not a results file clada wrote; clada never overwrites it (remove it or choose another output)", path)
	}
	if err != nil && !errors.Is(err, fs.ErrNotExist) && inside {
		return fmt.Errorf("results not written: %w", err)
	}
	if inside {
		if err := statefile.Write(root, rel, []byte(summary), 0o644); err != nil {
			return fmt.Errorf("results not written: %w", err)
		}
		return nil
	}
	return writeAtomic(path, []byte(summary))
}
