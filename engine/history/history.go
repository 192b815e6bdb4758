package history

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
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
	// Warnings are the notes the apply's report carried about git.
	Warnings []string `json:"warnings,omitempty"`
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

// appendRecord adds rec as one line and syncs it, returning the file's size
// before the line (to take a started record back when nothing changed).
func appendRecord(gitDir string, rec *ApplyRecord) (int64, error) {
	path := historyFile(gitDir)
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

// readHistory returns every recorded apply, oldest first, each as its last line.
func readHistory(gitDir string) ([]ApplyRecord, error) {
	path := historyFile(gitDir)
	data, err := readHistoryFile(gitDir)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("history %s: %w", path, err)
	}
	var recs []ApplyRecord
	at := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 64<<20)
	for n := 1; sc.Scan(); n++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var rec ApplyRecord
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil || rec.ID == "" {
			return nil, fmt.Errorf("history %s: line %d is not an apply record (%v); remove that line to go on", path, n, err)
		}
		if i, ok := at[rec.ID]; ok {
			recs[i] = rec
		} else {
			at[rec.ID] = len(recs)
			recs = append(recs, rec)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("history %s: %w", path, err)
	}
	return recs, nil
}

// newApplyID is a short, sortable, unique-enough id: the UTC time and four
// random hex digits ("20260102T150405-3fa9").
func newApplyID(now time.Time) string {
	var b [2]byte
	_, _ = rand.Read(b[:])
	return now.UTC().Format("20060102T150405") + "-" + hex.EncodeToString(b[:])
}

// Applies lists the applies recorded for cfg.Root's repository, newest first.
func Applies(ctx context.Context, cfg *engine.Config) ([]ApplyRecord, error) {
	r, err := findRepo(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("log: %s is not inside a git work tree; clada records applies only there", cfg.Root)
	}
	recs, err := readHistory(r.gitDir)
	if err != nil {
		return nil, fmt.Errorf("log: %w", err)
	}
	for i, j := 0, len(recs)-1; i < j; i, j = i+1, j-1 {
		recs[i], recs[j] = recs[j], recs[i]
	}
	return recs, nil
}
