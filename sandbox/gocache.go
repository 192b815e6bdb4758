package sandbox

import (
	"bufio"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// A confined command's Go build cache is clada's (GOCACHE, README
// "Safety"), so its first `go build` would compile the standard library
// again, though the user's own cache holds it: tens of seconds. Go 1.24's
// GOCACHEPROG lets a program serve the build cache instead, and clada is
// that program for commands (GoCacheArg): it answers from clada's cache
// first, then from the user's, which it reads but never writes, and
// stores what the command builds in clada's, in Go's own on-disk format,
// so that a Go without GOCACHEPROG uses the same directory as its
// GOCACHE. It runs inside the command's sandbox, as the go command's
// child. The protocol is cmd/go/internal/cacheprog's: JSON lines on stdin
// and stdout.

// GoCacheArg is the hidden first argument that makes clada the Go cache
// program: clada __clada-gocache OWN THEIRS.
const GoCacheArg = "__clada-gocache"

// goCacheRequest and goCacheResponse are cacheprog's Request and Response.
type goCacheRequest struct {
	ID       int64
	Command  string
	ActionID []byte `json:",omitempty"`
	OutputID []byte `json:",omitempty"`
	BodySize int64  `json:",omitempty"`
}

type goCacheResponse struct {
	ID            int64
	Err           string     `json:",omitempty"`
	KnownCommands []string   `json:",omitempty"`
	Miss          bool       `json:",omitempty"`
	OutputID      []byte     `json:",omitempty"`
	Size          int64      `json:",omitempty"`
	Time          *time.Time `json:",omitempty"`
	DiskPath      string     `json:",omitempty"`
}

// goCacheMain serves the go command on stdin and stdout until it says
// close or goes away: own is clada's cache directory, theirs the user's
// own GOCACHE.
func goCacheMain(args []string) error {
	if len(args) != 2 || !filepath.IsAbs(args[0]) || !filepath.IsAbs(args[1]) {
		return errors.New("go cache: want two absolute directories, clada's and the user's")
	}
	trimGoCache(args[0], time.Now())
	return serveGoCache(os.Stdin, os.Stdout, args[0], args[1])
}

// What Go does to keep its own disk cache from growing, done to clada's
// since the go command does not trim a cache a program serves: an entry
// used is marked (its mtime moved to now, at most once an hour), and once
// a day entries unused for five days are removed, trim.txt holding the
// time of the last trim (cmd/go/internal/cache's markUsed and Trim).
const (
	goMarkInterval = time.Hour
	goTrimInterval = 24 * time.Hour
	goTrimAge      = 5 * 24 * time.Hour
)

// markGoUsed moves file's mtime to now when it is an hour old or more.
func markGoUsed(file string, now time.Time) {
	if st, err := os.Stat(file); err == nil && now.Sub(st.ModTime()) >= goMarkInterval {
		_ = os.Chtimes(file, now, now)
	}
}

// trimGoCache removes the entries of dir unused for goTrimAge, at most once
// per goTrimInterval.
func trimGoCache(dir string, now time.Time) {
	stamp := filepath.Join(dir, "trim.txt")
	if b, err := os.ReadFile(stamp); err == nil {
		if t, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64); err == nil {
			if d := now.Sub(time.Unix(t, 0)); d < goTrimInterval && d > -goMarkInterval {
				return
			}
		}
	}
	if err := writeWhole(stamp, []byte(strconv.FormatInt(now.Unix(), 10))); err != nil {
		return
	}
	cutoff := now.Add(-goTrimAge)
	for i := range 256 {
		sub := filepath.Join(dir, fmt.Sprintf("%02x", i))
		entries, err := os.ReadDir(sub)
		if err != nil {
			continue
		}
		for _, e := range entries {
			if name := e.Name(); !strings.HasSuffix(name, "-a") && !strings.HasSuffix(name, "-d") {
				continue
			}
			if info, err := e.Info(); err == nil && info.ModTime().Before(cutoff) {
				_ = os.RemoveAll(filepath.Join(sub, e.Name()))
			}
		}
	}
}

// serveGoCache answers the go command's requests read from in on out.
func serveGoCache(in io.Reader, out io.Writer, own, theirs string) error {
	dec := json.NewDecoder(bufio.NewReaderSize(in, 1<<16))
	bw := bufio.NewWriter(out)
	enc := json.NewEncoder(bw)
	send := func(r goCacheResponse) error {
		if err := enc.Encode(r); err != nil {
			return err
		}
		return bw.Flush()
	}
	if err := send(goCacheResponse{KnownCommands: []string{"get", "put", "close"}}); err != nil {
		return err
	}
	for {
		var req goCacheRequest
		if err := dec.Decode(&req); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return fmt.Errorf("go cache: read a request: %w", err)
		}
		res := goCacheResponse{ID: req.ID}
		switch req.Command {
		case "get":
			res = goCacheGet(req, own, theirs)
		case "put":
			var body []byte
			if req.BodySize > 0 {
				var b64 string
				if err := dec.Decode(&b64); err != nil {
					return fmt.Errorf("go cache: read the body of request %d: %w", req.ID, err)
				}
				var err error
				if body, err = base64.StdEncoding.DecodeString(b64); err != nil {
					return fmt.Errorf("go cache: body of request %d: %w", req.ID, err)
				}
			}
			res = goCachePut(req, body, own)
		case "close":
			return send(res)
		default:
			res.Err = fmt.Sprintf("unknown command %q", req.Command)
		}
		if err := send(res); err != nil {
			return err
		}
	}
}

// goCacheGet finds an action's output in clada's cache, else the user's.
func goCacheGet(req goCacheRequest, own, theirs string) goCacheResponse {
	for _, dir := range []string{own, theirs} {
		if out, size, t, ok := readGoEntry(dir, req.ActionID); ok {
			if dir == own {
				now := time.Now()
				markGoUsed(goCacheFile(own, req.ActionID, "a"), now)
				markGoUsed(goCacheFile(own, out, "d"), now)
			}
			return goCacheResponse{ID: req.ID, OutputID: out, Size: size, Time: &t, DiskPath: goCacheFile(dir, out, "d")}
		}
	}
	return goCacheResponse{ID: req.ID, Miss: true}
}

// goCachePut stores an output and its action entry in clada's cache: the
// output first, then the entry that points at it, each written whole to a
// temp file and renamed into place, so a reader never sees half of one.
func goCachePut(req goCacheRequest, body []byte, own string) goCacheResponse {
	res := goCacheResponse{ID: req.ID}
	if len(req.ActionID) == 0 || len(req.OutputID) == 0 || int64(len(body)) != req.BodySize {
		res.Err = "put: missing action, output or body"
		return res
	}
	out := goCacheFile(own, req.OutputID, "d")
	if st, err := os.Stat(out); err != nil || st.Size() != req.BodySize {
		if err := writeWhole(out, body); err != nil {
			res.Err = err.Error()
			return res
		}
	}
	entry := fmt.Sprintf("v1 %x %x %20d %20d\n", req.ActionID, req.OutputID, req.BodySize, time.Now().UnixNano())
	if err := writeWhole(goCacheFile(own, req.ActionID, "a"), []byte(entry)); err != nil {
		res.Err = err.Error()
		return res
	}
	res.DiskPath = out
	return res
}

// goCacheFile is where Go's disk cache keeps id's file of kind "a" (the
// action entry) or "d" (the output).
func goCacheFile(dir string, id []byte, kind string) string {
	if len(id) == 0 {
		return ""
	}
	return filepath.Join(dir, fmt.Sprintf("%02x", id[0]), fmt.Sprintf("%x-%s", id, kind))
}

// goEntrySize is the length of Go's action entry:
// "v1 <action hex> <output hex> <size, 20 wide> <unixnano, 20 wide>\n".
const goEntrySize = 2 + 1 + 64 + 1 + 64 + 1 + 20 + 1 + 20 + 1

// readGoEntry reads an action entry of Go's disk cache in dir and checks
// that its output is there whole; ok is false for anything else.
func readGoEntry(dir string, action []byte) (out []byte, size int64, t time.Time, ok bool) {
	if len(action) != 32 {
		return nil, 0, t, false
	}
	b, err := os.ReadFile(goCacheFile(dir, action, "a"))
	if err != nil || len(b) != goEntrySize || string(b[:3]) != "v1 " || b[goEntrySize-1] != '\n' {
		return nil, 0, t, false
	}
	f := strings.Fields(string(b[3:]))
	if len(f) != 4 || f[0] != hex.EncodeToString(action) {
		return nil, 0, t, false
	}
	out, err = hex.DecodeString(f[1])
	size, err1 := strconv.ParseInt(f[2], 10, 64)
	nano, err2 := strconv.ParseInt(f[3], 10, 64)
	if err != nil || err1 != nil || err2 != nil || len(out) != 32 || size < 0 {
		return nil, 0, t, false
	}
	if st, err := os.Stat(goCacheFile(dir, out, "d")); err != nil || st.Size() != size {
		return nil, 0, t, false
	}
	return out, size, time.Unix(0, nano), true
}

// writeWhole writes data to path through a temp file in its directory.
func writeWhole(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".put-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}
