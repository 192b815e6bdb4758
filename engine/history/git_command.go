package history

import (
	"path"
	"sort"

	"github.com/clada-dev/clada/internal/state"
)

// maxCommandFiles bounds how many new untracked files the commands of one
// apply may add to clada's commit: a command that unpacks a tarball or a
// cache must not flood history.
const maxCommandFiles = 200

// BeforeCommand notes the tree before a command: commands say nothing of
// what they will touch, so clada compares `git status` around each.
func (t *applyTracker) BeforeCommand() {
	if t.err != nil || !t.open() {
		return
	}
	if !t.started {
		if t.err = t.start(); t.err != nil {
			return
		}
		if t.err = t.capture(t.plan); t.err != nil {
			return
		}
		if t.err = t.save(); t.err != nil {
			return
		}
	}
	st, err := t.r.status(t.ctx, t.prefix)
	if err != nil {
		t.err = err
		return
	}
	var dirty []string
	for p, xy := range st {
		if xy != "??" && !t.seen(p) {
			dirty = append(dirty, p)
		}
	}
	sort.Strings(dirty)
	t.cmdStatus, t.cmdRan = st, true
	t.cmdStates, t.err = t.r.stateOf(t.ctx, dirty, true)
}

// AfterCommand records what the command changed: a tracked file it changed
// (from HEAD, or from the user's uncommitted version, kept by BeforeCommand),
// and new files it created that git does not ignore, up to maxCommandFiles,
// except those in a directory tagged as a cache (cache_dir.go).
// Untracked files the user had before are never taken.
func (t *applyTracker) AfterCommand() {
	if t.r == nil {
		return
	}
	t.r.filtersRead = false // the command may have written .git/config (git_config.go)
	if t.err != nil || t.cmdStatus == nil {
		return
	}
	before := t.cmdStatus
	t.cmdStatus = nil
	after, err := t.r.status(t.ctx, t.prefix)
	if err != nil {
		t.err = err
		return
	}
	var check, fresh []string
	for p := range t.cmdStates {
		check = append(check, p)
	}
	for p := range after {
		if state.IsTemp(path.Base(p)) {
			continue // one of clada's temp files, never committed
		}
		if _, was := before[p]; !was && !t.seen(p) {
			fresh = append(fresh, p)
		}
	}
	sort.Strings(check)
	sort.Strings(fresh)
	now, err := t.r.rawStateOf(t.ctx, check) // cmdStates have raw ids: sameState compares those
	if err != nil {
		t.err = err
		return
	}
	n := len(t.rec.Files)
	for _, p := range check {
		if !sameState(t.cmdStates[p], now[p]) {
			t.add(p, t.cmdStates[p])
		}
	}
	head, err := t.r.treeEntries(t.ctx, t.rec.HeadBefore, fresh)
	if err != nil {
		t.err = err
		return
	}
	t.cmdCaches.top = t.r.top
	var untracked []string
	for _, p := range fresh {
		if after[p] == "??" {
			untracked = append(untracked, p)
		}
	}
	if err := t.cmdCaches.noteOutputDirs(t.ctx, t.r, untracked); err != nil {
		t.err = err
		return
	}
	for _, p := range fresh {
		switch e, tracked := head[p]; {
		case after[p] != "??" && tracked:
			t.add(p, &FileState{Mode: e.Mode, Blob: e.Blob})
		case after[p] != "??":
			t.add(p, nil)
		case t.cmdCaches.holds(p):
			// a build's output: left as the command left it (cache_dir.go)
		case t.cmdNewSeen >= maxCommandFiles:
			t.cmdSkipped++
		case t.cmdCaches.isCompiled(p):
			// a compiled program: left too, read only below the bound
		case secretFile(p):
			t.cmdSecrets = append(t.cmdSecrets, p) // secret_files.go
		default:
			t.cmdNewSeen++
			t.add(p, nil)
		}
	}
	if len(t.rec.Files) > n {
		t.err = t.save()
	}
}
