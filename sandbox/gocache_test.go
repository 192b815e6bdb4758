package sandbox

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestMain lets the go command start this test binary as its cache program
// (GOCACHEPROG), as it starts clada.
func TestMain(m *testing.M) {
	Main()
	os.Exit(m.Run())
}

// The protocol, spoken as the go command speaks it: put stores the output
// and its entry in Go's own format in clada's directory; get finds it
// there, finds the user's entries in theirs (read, never written), and
// misses what neither holds.
func TestGoCacheProtocol(t *testing.T) {
	own, theirs := t.TempDir(), t.TempDir()
	action := sha256.Sum256([]byte("action"))
	theirAction := sha256.Sum256([]byte("their action"))
	body := []byte("compiled package")
	out := sha256.Sum256(body)
	// the user's own cache holds one entry, written as the go command writes it
	if err := writeWhole(goCacheFile(theirs, out[:], "d"), body); err != nil {
		t.Fatal(err)
	}
	if err := writeWhole(goCacheFile(theirs, theirAction[:], "a"), fmt.Appendf(nil, "v1 %x %x %20d %20d\n", theirAction, out, len(body), int64(1700000000000000000))); err != nil {
		t.Fatal(err)
	}
	var in bytes.Buffer
	req := func(r goCacheRequest) {
		b, _ := json.Marshal(r)
		in.Write(append(b, '\n'))
	}
	req(goCacheRequest{ID: 1, Command: "put", ActionID: action[:], OutputID: out[:], BodySize: int64(len(body))})
	in.WriteString(`"` + base64.StdEncoding.EncodeToString(body) + "\"\n")
	req(goCacheRequest{ID: 2, Command: "get", ActionID: action[:]})
	req(goCacheRequest{ID: 3, Command: "get", ActionID: theirAction[:]})
	miss := sha256.Sum256([]byte("nobody's"))
	req(goCacheRequest{ID: 4, Command: "get", ActionID: miss[:]})
	req(goCacheRequest{ID: 5, Command: "close"})
	var got bytes.Buffer
	if err := serveGoCache(&in, &got, own, theirs); err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(&got)
	var res []goCacheResponse
	for dec.More() {
		var r goCacheResponse
		if err := dec.Decode(&r); err != nil {
			t.Fatal(err)
		}
		res = append(res, r)
	}
	if len(res) != 6 || strings.Join(res[0].KnownCommands, ",") != "get,put,close" {
		t.Fatalf("responses: %+v", res)
	}
	if r := res[1]; r.ID != 1 || r.Err != "" || r.DiskPath != goCacheFile(own, out[:], "d") {
		t.Errorf("put: %+v", r)
	}
	if r := res[2]; r.ID != 2 || r.Miss || !bytes.Equal(r.OutputID, out[:]) || r.Size != int64(len(body)) || r.DiskPath != goCacheFile(own, out[:], "d") {
		t.Errorf("get of clada's: %+v", r)
	}
	if r := res[3]; r.ID != 3 || r.Miss || r.DiskPath != goCacheFile(theirs, out[:], "d") || !r.Time.Equal(time.Unix(0, 1700000000000000000)) {
		t.Errorf("get of the user's: %+v", r)
	}
	if r := res[4]; r.ID != 4 || !r.Miss {
		t.Errorf("get of nobody's: %+v", r)
	}
	if r := res[5]; r.ID != 5 {
		t.Errorf("close: %+v", r)
	}
	if b, _ := os.ReadFile(goCacheFile(own, action[:], "a")); !bytes.HasPrefix(b, fmt.Appendf(nil, "v1 %x %x %20d ", action, out, len(body))) || len(b) != goEntrySize {
		t.Errorf("clada's entry is not in Go's format: %q", b)
	}
}

// An entry whose output is missing or short is a miss, as for Go itself.
func TestGoCacheIncompleteEntry(t *testing.T) {
	dir := t.TempDir()
	action := sha256.Sum256([]byte("a"))
	out := sha256.Sum256([]byte("b"))
	if err := writeWhole(goCacheFile(dir, action[:], "a"), fmt.Appendf(nil, "v1 %x %x %20d %20d\n", action, out, 5, 1)); err != nil {
		t.Fatal(err)
	}
	if _, _, _, ok := readGoEntry(dir, action[:]); ok {
		t.Fatal("an entry without its output was found")
	}
	if err := writeWhole(goCacheFile(dir, out[:], "d"), []byte("abc")); err != nil {
		t.Fatal(err)
	}
	if _, _, _, ok := readGoEntry(dir, action[:]); ok {
		t.Fatal("an entry with a short output was found")
	}
}

// Once a day, entries unused for five days go, as in Go's own cache.
func TestGoCacheTrim(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	old, fresh := filepath.Join(dir, "ab", "ab01-d"), filepath.Join(dir, "ab", "ab02-a")
	for _, f := range []string{old, fresh} {
		if err := writeWhole(f, []byte("x")); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chtimes(old, now.Add(-6*24*time.Hour), now.Add(-6*24*time.Hour)); err != nil {
		t.Fatal(err)
	}
	trimGoCache(dir, now)
	if _, err := os.Stat(old); !os.IsNotExist(err) {
		t.Errorf("an entry unused for 6 days is still there: %v", err)
	}
	if _, err := os.Stat(fresh); err != nil {
		t.Errorf("a fresh entry went: %v", err)
	}
	if err := writeWhole(old, []byte("x")); err != nil {
		t.Fatal(err)
	}
	_ = os.Chtimes(old, now.Add(-6*24*time.Hour), now.Add(-6*24*time.Hour))
	trimGoCache(dir, now.Add(time.Hour)) // trimmed an hour ago: not again
	if _, err := os.Stat(old); err != nil {
		t.Errorf("trimmed twice within a day: %v", err)
	}
}

// The real go command, with this binary as its cache program: a build the
// user's own cache holds is served from it, and clada's cache gets only
// what is new.
func TestGoCacheWithTheGoCommand(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go on PATH")
	}
	if out, err := exec.Command(gobin, "env", "GOVERSION").Output(); err != nil || strings.TrimSpace(string(out)) < "go1.24" {
		t.Skip("GOCACHEPROG needs Go 1.24")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	mod, own, theirs := t.TempDir(), t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module example.com/m\n\ngo 1.21\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(mod, "m.go")
	if err := os.WriteFile(src, []byte("package m\n\nfunc One() int { return 1 }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	build := func(env ...string) {
		t.Helper()
		cmd := exec.Command(gobin, "build", "./...")
		cmd.Dir = mod
		cmd.Env = append(os.Environ(), append([]string{"GOFLAGS=", "GOTOOLCHAIN=local"}, env...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go build: %v\n%s", err, out)
		}
	}
	count := func(dir string) int {
		n := 0
		_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && (strings.HasSuffix(p, "-a") || strings.HasSuffix(p, "-d")) {
				n++
			}
			return nil
		})
		return n
	}
	build("GOCACHE=" + theirs) // the user's own build
	theirsBefore := count(theirs)
	prog := "GOCACHEPROG=" + exe + " " + GoCacheArg + " " + own + " " + theirs
	build("GOCACHE="+own, prog)
	if n := count(own); n != 0 {
		t.Errorf("clada's cache got %d entries for a build the user's cache holds", n)
	}
	if err := os.WriteFile(src, []byte("package m\n\nfunc One() int { return 2 }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	build("GOCACHE="+own, prog)
	if n := count(own); n == 0 {
		t.Error("clada's cache got nothing for a new build")
	}
	if n := count(theirs); n != theirsBefore {
		t.Errorf("the user's cache went from %d entries to %d", theirsBefore, n)
	}
}
