package history

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/internal/state"
)

// The history of applies lives in the git dir, at <git-dir>/clada/history.jsonl:
// git never tracks its own directory, so the record can neither be committed
// nor be changed by a checkout, and .clada/ in the work tree stays free of
// state. Each line is one whole ApplyRecord; a record is appended again
// whenever it changes (started → done → undone), and the last line for an id
// wins.

// Apply statuses.
const (
	ApplyStarted = "started" // written before the first change; stays so if clada was interrupted
	ApplyDone    = "done"
	ApplyUndone  = "undone"
)

// ApplyRecord is one apply that changed something: what `clada undo` needs to
// put files, index and HEAD back exactly, and what `clada log` lists.
type ApplyRecord struct {
	ID      string    `json:"id"`
	Status  string    `json:"status"`
	Time    time.Time `json:"time"`
	Summary string    `json:"summary,omitempty"`
	// HeadRef is the branch HEAD was on ("" when detached); HeadBefore its
	// commit before the apply ("" on a branch without commits).
	HeadRef    string `json:"headRef,omitempty"`
	HeadBefore string `json:"headBefore,omitempty"`
	// SaveCommit holds the user's uncommitted work at the paths clada
	// changed; ApplyCommit clada's changes. HeadAfter is HEAD after the apply.
	SaveCommit  string `json:"saveCommit,omitempty"`
	ApplyCommit string `json:"applyCommit,omitempty"`
	HeadAfter   string `json:"headAfter,omitempty"`
	// Files is every path the apply changed, with its state before and after.
	Files []FileChange `json:"files"`
	// IndexBefore and IndexAfter are the index entries ("mode oid stage") of
	// the committed paths before and after; clada touches no other entry.
	IndexBefore map[string][]string `json:"indexBefore,omitempty"`
	IndexAfter  map[string][]string `json:"indexAfter,omitempty"`
	// SkipWorktree lists the committed paths whose index entry had the
	// skip-worktree bit before (a sparse checkout's paths outside its
	// cone): the apply cleared it, as `git add --sparse` does, and undo
	// sets it again.
	SkipWorktree []string `json:"skipWorktree,omitempty"`
	// Warnings are the notes the apply's report carried about git.
	Warnings []string `json:"warnings,omitempty"`
	// MAC signs the record (sign.go); it is last so a reader sees the
	// record first.
	MAC string `json:"mac,omitempty"`

	// Line is the line of the history this record was read from (1-based).
	Line int `json:"-"`
	// NotClada says why the record is not one clada signed ("" when it
	// is): undo and squash act on no such record (sign.go).
	NotClada string `json:"-"`
}

// FileChange is one path (slash path from the work tree top) and its states;
// nil means absent.
type FileChange struct {
	Path    string     `json:"path"`
	Before  *FileState `json:"before"`
	After   *FileState `json:"after"`
	Ignored bool       `json:"ignored,omitempty"` // git ignores it: restored by undo, never committed
}

// FileState is a file, symlink or directory as git would see it.
type FileState struct {
	Mode string `json:"mode"`           // 100644, 100755, 120000 (symlink), 040000 (directory)
	Raw  string `json:"raw,omitempty"`  // blob of the bytes on disk, what undo writes back
	Blob string `json:"blob,omitempty"` // blob as git stores it (clean filters applied)
}

// IsDir reports whether the path is a directory before or after the apply
// (one git does not track itself).
func (f FileChange) IsDir() bool {
	return (f.Before != nil && f.Before.Mode == modeDir) || (f.After != nil && f.After.Mode == modeDir)
}

// modeDir is a directory's mode in a FileState.
const modeDir = "040000"

// historyFile is the path of the history in a git dir.
func historyFile(gitDir string) string { return filepath.Join(gitDir, historyRel) }

// historyRel is the history's path inside the git dir; it is reached through
// the git dir as a root, never through a symlink (state.Open).
const historyRel = "clada" + string(filepath.Separator) + "history.jsonl"

// readHistoryFile reads the whole history; unlike state.Read it has no
// size bound, since it grows with every apply.
func readHistoryFile(gitDir string) ([]byte, error) {
	f, err := state.Open(gitDir, historyRel, os.O_RDONLY, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// appendRecord signs rec with key (nil: unsigned, when no key could be
// had; undo will refuse it) and adds it as one line, synced, returning the
// file's size before the line (to take a started record back when nothing
// changed).
func appendRecord(gitDir string, key []byte, rec *ApplyRecord) (int64, error) {
	path := historyFile(gitDir)
	rec.MAC = ""
	if key != nil {
		mac, err := recordMAC(key, *rec)
		if err != nil {
			return 0, fmt.Errorf("history %s: %w", path, err)
		}
		rec.MAC = mac
	}
	line, err := json.Marshal(rec)
	if err != nil {
		return 0, fmt.Errorf("history %s: %w", path, err)
	}
	f, err := state.Open(gitDir, historyRel, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return 0, fmt.Errorf("history %s: %w", path, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return 0, fmt.Errorf("history %s: %w", path, err)
	}
	if _, err := f.Write(append(line, '\n')); err != nil {
		return 0, fmt.Errorf("history %s: %w", path, err)
	}
	if err := f.Sync(); err != nil {
		return 0, fmt.Errorf("history %s: %w", path, err)
	}
	return fi.Size(), nil
}

// truncateHistory takes back everything written after size (the lock is
// held, so only this apply wrote there).
func truncateHistory(gitDir string, size int64) error {
	path := historyFile(gitDir)
	f, err := state.Open(gitDir, historyRel, os.O_WRONLY, 0)
	if err == nil {
		err = f.Truncate(size)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		return fmt.Errorf("history %s: %w", path, err)
	}
	return nil
}

// records is the history as read: each id's last line, and each id's last
// line clada signed, both in the order ids first appear.
type records struct {
	all    []ApplyRecord // NotClada says which are not clada's
	signed []ApplyRecord // what undo and squash act on
}

// refusedAfter lists the records not clada's whose last line comes after
// line: what undo passed over to reach the record at line.
func (h records) refusedAfter(line int) []ApplyRecord {
	var out []ApplyRecord
	for _, rec := range h.all {
		if rec.NotClada != "" && rec.Line > line {
			out = append(out, rec)
		}
	}
	return out
}

// readHistory reads every recorded apply, checking each line's signature
// with key (nil: no key, so no line is clada's).
func readHistory(gitDir string, key []byte) (records, error) {
	path := historyFile(gitDir)
	data, err := readHistoryFile(gitDir)
	if os.IsNotExist(err) {
		return records{}, nil
	}
	if err != nil {
		return records{}, fmt.Errorf("history %s: %w", path, err)
	}
	var h records
	at, signedAt := map[string]int{}, map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 64<<20)
	for n := 1; sc.Scan(); n++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var rec ApplyRecord
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil || rec.ID == "" {
			return records{}, fmt.Errorf("history %s: line %d is not an apply record (%v); remove that line to go on", path, n, err)
		}
		rec.Line, rec.NotClada = n, checkMAC(key, rec)
		if i, ok := at[rec.ID]; ok {
			h.all[i] = rec
		} else {
			at[rec.ID] = len(h.all)
			h.all = append(h.all, rec)
		}
		if rec.NotClada != "" {
			continue
		}
		if i, ok := signedAt[rec.ID]; ok {
			h.signed[i] = rec
		} else {
			signedAt[rec.ID] = len(h.signed)
			h.signed = append(h.signed, rec)
		}
	}
	if err := sc.Err(); err != nil {
		return records{}, fmt.Errorf("history %s: %w", path, err)
	}
	return h, nil
}

// refusal names a record undo or squash will not act on, and why.
func refusal(gitDir string, rec ApplyRecord) string {
	return fmt.Sprintf("record %s (line %d of %s), which is not clada's: %s", rec.ID, rec.Line, historyFile(gitDir), rec.NotClada)
}

// newApplyID is a short, sortable, unique-enough id: the UTC time and four
// random hex digits ("20260102T150405-3fa9").
func newApplyID(now time.Time) string {
	var b [2]byte
	_, _ = rand.Read(b[:])
	return now.UTC().Format("20060102T150405") + "-" + hex.EncodeToString(b[:])
}

// Applies lists the applies recorded for cfg.Root's repository, newest
// first; a record clada did not sign (sign.go) is listed with NotClada set.
func Applies(ctx context.Context, cfg *engine.Config) ([]ApplyRecord, error) {
	r, err := findRepo(ctx, cfg)
	if errors.Is(err, errNoWorkTree) {
		return nil, fmt.Errorf("log: %s is not inside a git work tree; clada records applies only there", cfg.Root)
	}
	if err != nil {
		return nil, fmt.Errorf("log: %w", err)
	}
	h, err := readHistory(r.gitDir, r.key(false))
	if err != nil {
		return nil, fmt.Errorf("log: %w", err)
	}
	recs := h.all
	for i, j := 0, len(recs)-1; i < j; i, j = i+1, j-1 {
		recs[i], recs[j] = recs[j], recs[i]
	}
	return recs, nil
}
