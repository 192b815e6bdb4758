package watch

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	statefile "github.com/clada-dev/clada/internal/state"
)

// state is what the watcher remembers across saves and restarts, in
// .clada/watch-ran under the root, one "kind value" line each, appended
// before a run starts (so even a crash mid-run never runs a block twice):
//
//	block <sha256 of a block's syntax and text>   a block that was run
//	diag <sha256>                                 a stray-marker problem already reported
//	results <nonce>                               the end line of a results section clada wrote
type state struct {
	root    string
	path    string
	ran     map[string]bool
	nonces  map[string]bool
	pending []string // lines not yet appended
}

// stateRel is the state file under the root, reached through it with no
// symlink followed (statefile.Open), like every file clada keeps.
const stateRel = ".clada" + string(filepath.Separator) + "watch-ran"

func loadState(root string) (*state, error) {
	s := &state{root: root, path: filepath.Join(root, stateRel), ran: map[string]bool{}, nonces: map[string]bool{}}
	f, err := statefile.Open(root, stateRel, os.O_RDONLY, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return nil, fmt.Errorf("watch state: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		kind, v, _ := strings.Cut(sc.Text(), " ")
		switch kind {
		case "block", "diag":
			s.ran[kind+" "+v] = true
		case "results":
			s.nonces[v] = true
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("watch state %s: %w", s.path, err)
	}
	return s, nil
}

// add records one line in memory; save appends everything added.
func (s *state) add(kind, v string) {
	if kind == "results" {
		s.nonces[v] = true
	} else {
		s.ran[kind+" "+v] = true
	}
	s.pending = append(s.pending, kind+" "+v)
}

func (s *state) save() error {
	if len(s.pending) == 0 {
		return nil
	}
	f, err := statefile.Open(s.root, stateRel, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("watch state: %w", err)
	}
	_, err = f.WriteString(strings.Join(s.pending, "\n") + "\n")
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("watch state %s: %w", s.path, err)
	}
	s.pending = nil
	return nil
}
