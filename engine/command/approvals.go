package command

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/internal/state"
)

// The approvals store is <user config dir>/clada/approvals.json
// (state.UserDir), beside the trust store and outside every repository
// (README, "Safety"): for each project root, by its real path, the exact
// commands the user approved there. Nothing a clone carries, an answer
// writes or a command changes inside the root reaches it; a command that
// changes it all the same (the root holds the config dir, or the sandbox is
// off) fails and it is put back (GuardTrust).

// approvalStore is the JSON shape of the store.
type approvalStore struct {
	Version int                       `json:"version"`
	Roots   map[string]*rootApprovals `json:"roots"`
}

// rootApprovals is what the user decided for one root.
type rootApprovals struct {
	// Commands are the approved commands, sorted.
	Commands []approvedCommand `json:"commands,omitempty"`
	// Noticed is the sha256 of the work tree's old store
	// (.clada/allowed-commands.json) clada last told the user it ignores,
	// so the notice is shown once per content (legacy.go).
	Noticed string `json:"noticed,omitempty"`
}

// approvedCommand is one approval: what the gate compares.
type approvedCommand struct {
	Lang string `json:"lang"`
	Code string `json:"code"`
}

// approvalsVersion is the store's format.
const approvalsVersion = 1

// ApprovalsPath is the approvals store of the user directory userDir
// (state.UserDir), for messages.
func ApprovalsPath(userDir string) string {
	return filepath.Join(userDir, state.ApprovalsFile)
}

// commands are the approved commands of root.
func (a *approvalStore) commands(root string) []approvedCommand {
	if r := a.Roots[root]; r != nil {
		return r.Commands
	}
	return nil
}

// at is root's entry, made when missing.
func (a *approvalStore) at(root string) *rootApprovals {
	r := a.Roots[root]
	if r == nil {
		r = &rootApprovals{}
		a.Roots[root] = r
	}
	return r
}

// add approves c for root, keeping the list sorted and without repeats.
func (r *rootApprovals) add(c approvedCommand) bool {
	if slices.Contains(r.Commands, c) {
		return false
	}
	r.Commands = append(r.Commands, c)
	slices.SortFunc(r.Commands, func(a, b approvedCommand) int {
		return cmp.Or(strings.Compare(a.Lang, b.Lang), strings.Compare(a.Code, b.Code))
	})
	return true
}

// loadApprovals reads the store in userDir; a missing store (or no user
// directory at all) approves nothing.
func loadApprovals(userDir string) (*approvalStore, error) {
	a := &approvalStore{Version: approvalsVersion, Roots: map[string]*rootApprovals{}}
	if userDir == "" {
		return a, nil
	}
	data, err := state.Read(userDir, state.ApprovalsFile)
	if errors.Is(err, fs.ErrNotExist) {
		return a, nil
	}
	path := ApprovalsPath(userDir)
	if err != nil {
		return nil, fmt.Errorf("read approvals %s: %w", path, err)
	}
	if err := json.Unmarshal(data, a); err != nil {
		return nil, fmt.Errorf("read approvals %s: %w", path, err)
	}
	if a.Version != approvalsVersion {
		return nil, fmt.Errorf("read approvals %s: unknown version %d", path, a.Version)
	}
	if a.Roots == nil {
		a.Roots = map[string]*rootApprovals{}
	}
	return a, nil
}

// saveApprovals writes the store atomically (state.Write), readable by the
// user alone.
func saveApprovals(userDir string, a *approvalStore) error {
	if userDir == "" {
		return errors.New("there is no user config directory to keep it in (" + state.UserDirVars + ")")
	}
	path := ApprovalsPath(userDir)
	// People read and edit this file: keep < > & as they are in commands.
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(a); err != nil {
		return fmt.Errorf("write approvals %s: %w", path, err)
	}
	if err := state.MakeUserDir(userDir); err != nil {
		return fmt.Errorf("write approvals %s: %w", path, err)
	}
	if err := state.Write(userDir, state.ApprovalsFile, buf.Bytes(), 0o600); err != nil {
		return fmt.Errorf("write approvals %s: %w", path, err)
	}
	return nil
}

// recordApproval approves key for root: read, add, write back, so an
// approval another clada recorded meanwhile is kept.
func recordApproval(userDir, root string, key approvedCommand) error {
	a, err := loadApprovals(userDir)
	if err != nil {
		return err
	}
	if !a.at(root).add(key) {
		return nil
	}
	return saveApprovals(userDir, a)
}

// GuardTrust runs a command and puts the files of the user's clada
// directory that hold trust (state.UserFiles: the approvals, the trust
// store, the history's key) back as they were if the command changed one.
// The sandbox keeps commands out of the user's config dir, unless the root
// or an --allow directory holds it or the sandbox is off; a command that
// rewrote the approvals would approve the next answer's commands itself,
// and only the user approves, through the gate.
func GuardTrust(userDir string, run func() Outcome) Outcome {
	if userDir == "" {
		return run()
	}
	type snapshot struct {
		data []byte
		err  error
	}
	names := state.UserFiles()
	before := make([]snapshot, len(names))
	for i, name := range names {
		before[i].data, before[i].err = state.Read(userDir, name)
	}
	res := run()
	var changed, failed []string
	for i, name := range names {
		after, errAfter := state.Read(userDir, name)
		b := before[i]
		if (b.err == nil) == (errAfter == nil) && bytes.Equal(b.data, after) {
			continue
		}
		changed = append(changed, filepath.Join(userDir, name))
		if err := restoreUserFile(userDir, name, b.data, b.err); err != nil {
			failed = append(failed, err.Error())
		}
	}
	if len(changed) == 0 {
		return res
	}
	what := "clada put it back as it was"
	if len(failed) > 0 {
		what = "clada could not put it back (" + strings.Join(failed, "; ") + "); check it before the next apply"
	}
	res.Success = false
	res.Type = fault.PermissionDenied
	res.Error = fmt.Sprintf("exec: the command changed %s, which holds what the user approved and trusted; %s", strings.Join(changed, ", "), what)
	res.Hint = "only the user approves commands and trusts files (clada apply --approve, clada trust)"
	return res
}

// restoreUserFile writes a file's earlier bytes back, or removes it when
// it did not exist, never through a symlink (state.Write).
func restoreUserFile(userDir, name string, before []byte, errBefore error) error {
	path := filepath.Join(userDir, name)
	if errors.Is(errBefore, fs.ErrNotExist) {
		if err := state.Remove(userDir, name); err != nil {
			return fmt.Errorf("remove %s: %w", path, err)
		}
		return nil
	}
	if errBefore != nil {
		return fmt.Errorf("%s was unreadable before the command: %w", path, errBefore)
	}
	if err := state.Remove(userDir, name); err != nil { // a directory put in its place
		return fmt.Errorf("restore %s: %w", path, err)
	}
	if err := state.Write(userDir, name, before, 0o600); err != nil {
		return fmt.Errorf("restore %s: %w", path, err)
	}
	return nil
}
