package engine

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/lang"
)

// DefaultMaxReadBytes is the largest file read whole (Config.MaxReadBytes):
// fsys.DefaultMaxRead, far above any source file, far below what runs a
// machine out of memory.
const DefaultMaxReadBytes = fsys.DefaultMaxRead

// maxReadBytes is the configured cap, or the default when none is set.
func (c *Config) maxReadBytes() int64 {
	if c.MaxReadBytes > 0 {
		return c.MaxReadBytes
	}
	return DefaultMaxReadBytes
}

// maxRead is the cap of the apply x runs in.
func (x *opRun) maxRead() int64 { return x.cfg.maxReadBytes() }

// tooBig is the Result for a file over the read cap: its size, the cap, and
// how to read part of it instead.
func (x *opRun) tooBig(p string, size int64) *Result {
	return &Result{
		Error: fmt.Sprintf("%s: '%s' is %s, over the %s read limit", x.op, p, fsys.HumanBytes(size), fsys.HumanBytes(x.maxRead())),
		Hint:  fmt.Sprintf(`read a range with file_read_numbered path="%s" lines="1-200", search it with grep, or raise the limit with --max-read`, p),
	}
}

// readCapped is ws.ReadFile with the size cap checked first, from the
// file's metadata, so an oversized (or sparse) file is refused before a
// byte is read. The Result is set on failure.
func (x *opRun) readCapped(abs, p string) ([]byte, *Result) {
	// A file this apply already wrote is in the write-back cache: its size
	// is known without a Lstat, which would write the pending content out
	// and undo what the cache is for (one write for N edits).
	if data, ok := fsys.Cached(x.ws, abs); ok {
		if int64(len(data)) > x.maxRead() {
			return nil, x.tooBig(p, int64(len(data)))
		}
		return data, nil
	}
	if size, big := x.overCap(abs); big {
		return nil, x.tooBig(p, size)
	}
	data, err := x.ws.ReadFile(abs)
	if err != nil {
		r := x.fail("open", p, err)
		return nil, &r
	}
	if int64(len(data)) > x.maxRead() { // it grew between the two looks
		return nil, x.tooBig(p, int64(len(data)))
	}
	return data, nil
}

// overCap reports the size of the file at abs when it is over the cap.
func (x *opRun) overCap(abs string) (int64, bool) {
	fi, err := x.ws.Lstat(abs)
	if err != nil || !fi.Mode().IsRegular() {
		return 0, false
	}
	return fi.Size(), fi.Size() > x.maxRead()
}

// streamNumbered reads lines start..end of a file too big to read whole,
// streaming: it stops at line end and never holds more than the read cap.
// Only the OS workspace streams; in a simulation the cap stands.
func (x *opRun) streamNumbered(abs, p string, start, end int, delim, requested string) (Result, bool) {
	f, _, streams, err := fsys.OpenRegular(x.ws, abs)
	if !streams {
		return Result{}, false
	}
	if err != nil {
		return x.fail("open", p, err), true
	}
	defer f.Close()
	width := len(strconv.Itoa(end))
	r := bufio.NewReaderSize(f, 64<<10)
	var b strings.Builder
	budget := x.newWalkBudget()
	line := 0
	for line < end {
		text, err := readLineCapped(r, x.maxRead()-int64(b.Len()))
		if errors.Is(err, io.EOF) && text == "" {
			break
		}
		if errors.Is(err, errLineTooLong) {
			return *x.tooBigLine(p, line+1), true
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return x.fail("read", p, err), true
		}
		line++
		if !utf8.ValidString(text) {
			return Result{Error: fmt.Sprintf("%s: '%s' is not valid UTF-8 (line %d)", x.op, p, line),
				Hint: "clada reads UTF-8 text files only"}, true
		}
		if line >= start {
			if line > start {
				b.WriteByte('\n')
			}
			fmt.Fprintf(&b, "%*d%s%s", width, line, delim, strings.TrimSuffix(text, "\r"))
		}
		if line%4096 == 0 {
			if err := budget.spent(); err != nil {
				return Result{Param: lang.ParamLines, Error: fmt.Sprintf("%s: stopped after %s reading %d lines of '%s'", x.op, budget.budget, line, p),
					Hint: "ask for lines nearer the start of the file"}, true
			}
		}
		if errors.Is(err, io.EOF) {
			break
		}
	}
	data := map[string]any{"path": p, "content": b.String()}
	if line < end {
		if line < start {
			data["content"] = ""
		}
		return Result{Param: lang.ParamLines, Error: fmt.Sprintf("%s: Requested lines %s but file only has %d lines", x.op, requested, line),
			Hint: "data.content holds the lines that exist", Data: data}, true
	}
	return ok(data), true
}

// tooBigLine is the Result for a range whose lines alone pass the cap.
func (x *opRun) tooBigLine(p string, line int) *Result {
	return &Result{Param: lang.ParamLines,
		Error: fmt.Sprintf("%s: the lines asked for in '%s' pass the %s read limit at line %d", x.op, p, fsys.HumanBytes(x.maxRead()), line),
		Hint:  "ask for fewer lines, or raise the limit with --max-read",
	}
}

var errLineTooLong = errors.New("line over the read cap")

// readLineCapped reads one line (without its "\n"), failing once it passes
// room bytes, so a file with no newline at all cannot fill memory.
func readLineCapped(r *bufio.Reader, room int64) (string, error) {
	var b []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if int64(len(b)+len(chunk)) > room+1 {
			return "", errLineTooLong
		}
		b = append(b, chunk...)
		switch {
		case err == nil:
			return string(b[:len(b)-1]), nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		default:
			return string(b), err
		}
	}
}

// notSearchedWarning names the files a grep skipped for being over the read
// cap, so a "no match" is never silently incomplete; "" when there are none.
func notSearchedWarning(res *ActionResult) string {
	ns, _ := res.Data["not_searched"].([]string)
	if len(ns) == 0 {
		return ""
	}
	shown := ns[:min(len(ns), 5)]
	more := ""
	if len(ns) > len(shown) {
		more = fmt.Sprintf(" and %d more", len(ns)-len(shown))
	}
	return fmt.Sprintf("%s: %d file(s) were not searched, being %v: %s%s", res.Task, len(ns), res.Data["not_searched_why"], strings.Join(shown, ", "), more)
}
