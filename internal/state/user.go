package state

import (
	"fmt"
	"os"
	"path/filepath"
)

// What the user decided lives outside every repository, in clada's
// directory of the user's config dir (README, "Safety": what comes with a
// clone is never trusted without the user's say): a repository, a tarball
// or a command's write in the work tree can plant files there, but not here.
const (
	// TrustFile is the trust store: the .clada.yaml files whose hooks and
	// pass-env the user trusted (config/trust.go).
	TrustFile = "trusted.json"
	// ApprovalsFile is the command approvals, per root (engine/command/gate.go).
	ApprovalsFile = "approvals.json"
	// HistoryKeyFile is the key that signs each record of the history of
	// applies (engine/history/sign.go).
	HistoryKeyFile = "history.key"
	// UserConfigFile is the user's own settings, which may widen what
	// commands may write (config/user.go); a project's .clada.yaml only
	// tightens.
	UserConfigFile = "config.yaml"
)

// UserFiles are the files of the user's clada directory that hold trust:
// a command that changes one fails and it is put back (command.GuardTrust).
func UserFiles() []string {
	return []string{TrustFile, ApprovalsFile, HistoryKeyFile, UserConfigFile}
}

// UserDir is clada's directory in the user's config dir:
// <os.UserConfigDir()>/clada ($XDG_CONFIG_HOME/clada or ~/.config/clada on
// Linux).
func UserDir() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("the user's config directory: %w", err)
	}
	return filepath.Join(dir, "clada"), nil
}

// CommandCacheDir is where the commands clada runs keep their toolchains'
// caches (engine/command/toolchains.go): <os.UserCacheDir()>/clada/commands
// ($XDG_CACHE_HOME/clada/commands or ~/.cache/clada/commands on Linux),
// apart from the user's own caches, which commands may not write.
func CommandCacheDir() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("the user's cache directory: %w", err)
	}
	return filepath.Join(dir, "clada", "commands"), nil
}

// MakeUserDir creates dir (UserDir) readable by the user alone when it is
// missing; an existing one is left as the user set it.
func MakeUserDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("create %s: %w", dir, err)
	}
	return nil
}
