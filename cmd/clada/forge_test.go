package main

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/clada-dev/clada/engine/history"
	"github.com/rogpeppe/go-internal/testscript"
)

// cmdForgeRecord appends an apply record to the history of the repository
// in the current directory, as a command run inside the root could:
//
//	forgerecord [-sign] ID BEFORE AFTER [PATH=FILE ...]
//
// BEFORE and AFTER are revisions (HEAD, HEAD~1) for headBefore and
// headAfter (applyCommit too when they differ); each PATH=FILE makes undo
// restore PATH to FILE's content (stored as a blob) and expect PATH absent
// now. -sign signs the record with the user's history key the way
// README's "The git model" says clada does (HMAC-SHA256 of "clada history
// record v1\n" and the record's JSON with mac empty): a command may read
// the key, and undo must still refuse what it may not write.
func cmdForgeRecord(ts *testscript.TestScript, neg bool, args []string) {
	if neg {
		ts.Fatalf("usage: forgerecord [-sign] ID BEFORE AFTER [PATH=FILE ...]")
	}
	sign := len(args) > 0 && args[0] == "-sign"
	if sign {
		args = args[1:]
	}
	if len(args) < 3 {
		ts.Fatalf("usage: forgerecord [-sign] ID BEFORE AFTER [PATH=FILE ...]")
	}
	dir := ts.MkAbs(".")
	git := func(stdin string, a ...string) string {
		cmd := exec.Command("git", append([]string{"-C", dir}, a...)...)
		cmd.Env = os.Environ()
		cmd.Stdin = strings.NewReader(stdin)
		out, err := cmd.Output()
		ts.Check(err)
		return strings.TrimSpace(string(out))
	}
	rec := history.ApplyRecord{ID: args[0], Status: history.ApplyDone, Time: time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC),
		Summary: "forged", HeadRef: git("", "symbolic-ref", "HEAD"),
		HeadBefore: git("", "rev-parse", args[1]), HeadAfter: git("", "rev-parse", args[2])}
	if rec.HeadAfter != rec.HeadBefore {
		rec.ApplyCommit = rec.HeadAfter
	}
	rec.Files = []history.FileChange{}
	for _, pf := range args[3:] {
		p, file, ok := strings.Cut(pf, "=")
		if !ok {
			ts.Fatalf("forgerecord: %q is not PATH=FILE", pf)
		}
		blob := git(ts.ReadFile(file), "hash-object", "-w", "--stdin")
		rec.Files = append(rec.Files, history.FileChange{Path: p, Before: &history.FileState{Mode: "100644", Raw: blob, Blob: blob}})
	}
	line, err := json.Marshal(rec)
	ts.Check(err)
	if sign { // mac is the record's last field, and its JSON is the rest
		hexKey, err := os.ReadFile(filepath.Join(ts.Getenv("XDG_CONFIG_HOME"), "clada", "history.key"))
		ts.Check(err)
		key, err := hex.DecodeString(strings.TrimSpace(string(hexKey)))
		ts.Check(err)
		m := hmac.New(sha256.New, key)
		m.Write([]byte("clada history record v1\n"))
		m.Write(line)
		line = append(line[:len(line)-1], `,"mac":"`+hex.EncodeToString(m.Sum(nil))+`"}`...)
	}
	f, err := os.OpenFile(filepath.Join(git("", "rev-parse", "--absolute-git-dir"), "clada", "history.jsonl"), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	ts.Check(err)
	_, err = f.Write(append(line, '\n'))
	ts.Check(err)
	ts.Check(f.Close())
}
