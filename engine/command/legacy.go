package command

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/clada-dev/clada/internal/state"
)

// Earlier versions of clada kept approvals in the work tree, at
// .clada/allowed-commands.json. A repository can ship that file (git add
// -f), so it approves nothing now (README, "Safety"). Nothing is migrated
// silently: the first real apply that sees the file says once (per
// content) that it is ignored, and `clada trust --approvals` imports its
// exact commands once the user has read them.

// LegacyStore is the old approvals store, relative to the root.
const LegacyStore = ".clada/allowed-commands.json"

// LegacyNotice is the one-time notice about root's old store: "" when
// there is none, or the user was already told about this exact content.
// Telling is recorded in the user's approvals store; when that cannot be
// written the notice comes again next time.
func LegacyNotice(userDir, root string) string {
	data, err := state.Read(root, filepath.FromSlash(LegacyStore))
	if errors.Is(err, fs.ErrNotExist) {
		return ""
	}
	path := filepath.Join(root, filepath.FromSlash(LegacyStore))
	sum := sha256.Sum256(data)
	hash := hex.EncodeToString(sum[:])
	store, lerr := loadApprovals(userDir)
	if lerr == nil && store.at(root).Noticed == hash {
		return ""
	}
	what := "lists approved commands"
	if cmds, perr := parseLegacy(data); err == nil && perr == nil {
		what = fmt.Sprintf("lists %d approved commands", len(cmds))
		if len(cmds) == 1 {
			what = "lists 1 approved command"
		}
	}
	msg := fmt.Sprintf("%s %s, but clada no longer takes approvals from the work tree, since a repository can ship that file: "+
		"its commands are not approved. Read it, then run `clada trust --approvals --root %s` to approve exactly those commands "+
		"for this project, or approve each with --approve ask (this notice is shown once)", visible(path), what, visible(root))
	if lerr == nil && userDir != "" {
		store.at(root).Noticed = hash
		_ = saveApprovals(userDir, store)
	}
	return msg
}

// ImportLegacy approves, for root, every command root's old store lists:
// `clada trust --approvals`, run by the user after reading the file. It
// returns each command as shown to the user, and how many were new.
func ImportLegacy(userDir, root string) (shown []string, added int, err error) {
	path := filepath.Join(root, filepath.FromSlash(LegacyStore))
	data, err := state.Read(root, filepath.FromSlash(LegacyStore))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, 0, fmt.Errorf("there is no %s in %s: nothing to import", LegacyStore, root)
	}
	if err != nil {
		return nil, 0, fmt.Errorf("read %s: %w", path, err)
	}
	cmds, err := parseLegacy(data)
	if err != nil {
		return nil, 0, fmt.Errorf("read %s: %w", path, err)
	}
	store, err := loadApprovals(userDir)
	if err != nil {
		return nil, 0, err
	}
	r := store.at(root)
	sum := sha256.Sum256(data)
	r.Noticed = hex.EncodeToString(sum[:])
	for _, c := range cmds {
		if c.Lang == "argv" { // canonical quoting, as the gate keys it
			argv, err := splitArgv(c.Code)
			if err != nil {
				return nil, 0, fmt.Errorf("read %s: command %q: %w", path, c.Code, err)
			}
			c.Code = quoteArgv(argv)
		}
		if r.add(c) {
			added++
		}
		shown = append(shown, c.Lang+": "+visible(c.Code))
	}
	if err := saveApprovals(userDir, store); err != nil {
		return nil, 0, err
	}
	return shown, added, nil
}

// parseLegacy reads the old store: version 2 lists lang and code, version
// 1 argv lines only.
func parseLegacy(data []byte) ([]approvedCommand, error) {
	var head struct {
		Version  int             `json:"version"`
		Commands json.RawMessage `json:"commands"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, err
	}
	var out []approvedCommand
	switch head.Version {
	case 1:
		var lines []string
		if err := json.Unmarshal(head.Commands, &lines); err != nil {
			return nil, err
		}
		for _, l := range lines {
			out = append(out, approvedCommand{Lang: "argv", Code: l})
		}
	case 2:
		if len(head.Commands) > 0 {
			if err := json.Unmarshal(head.Commands, &out); err != nil {
				return nil, err
			}
		}
	default:
		return nil, fmt.Errorf("unknown version %d", head.Version)
	}
	return out, nil
}
