package config

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/clada-dev/clada/internal/state"
)

// Trust is what the user decided about one config's hooks and pass-env,
// kept outside every repository (like direnv's allow list): the absolute
// path of each trusted .clada.yaml and the sha256 of the exact bytes
// trusted. A file whose bytes changed is untrusted again.
type Trust struct {
	path  string            // the store: <user config dir>/clada/trusted.json
	Files map[string]string `json:"files"` // config path → sha256
}

// TrustStorePath is <os.UserConfigDir()>/clada/trusted.json
// ($XDG_CONFIG_HOME or ~/.config on Linux), beside the command approvals
// and the history's key (state.UserDir).
func TrustStorePath() (string, error) {
	dir, err := state.UserDir()
	if err != nil {
		return "", fmt.Errorf("trust store: %w", err)
	}
	return filepath.Join(dir, state.TrustFile), nil
}

// LoadTrust reads the trust store; a missing store trusts nothing.
func LoadTrust() (*Trust, error) {
	p, err := TrustStorePath()
	if err != nil {
		return nil, err
	}
	t := &Trust{path: p, Files: map[string]string{}}
	// Read as clada's state files are: no symlink, a regular file, capped.
	data, err := state.Read(filepath.Dir(p), filepath.Base(p))
	if errors.Is(err, fs.ErrNotExist) {
		return t, nil
	}
	if err != nil {
		return nil, fmt.Errorf("trust store: %w", err)
	}
	if err := json.Unmarshal(data, t); err != nil {
		return nil, fmt.Errorf("trust store %s: not valid JSON (%v); fix or delete it", p, err)
	}
	if t.Files == nil {
		t.Files = map[string]string{}
	}
	return t, nil
}

// TrustState says whether c's hooks may run.
type TrustState uint8

const (
	Untrusted TrustState = iota // never trusted
	Changed                     // trusted once, but the bytes changed since
	Trusted
)

// State reports what the user decided about c.
func (t *Trust) State(c *Config) TrustState {
	h, ok := t.Files[c.Path]
	switch {
	case !ok:
		return Untrusted
	case h != c.Hash:
		return Changed
	}
	return Trusted
}

// Add records c's current bytes as trusted and saves the store
// (temp file + rename, so a crash never leaves half a store).
func (t *Trust) Add(c *Config) error {
	t.Files[c.Path] = c.Hash
	data, err := json.MarshalIndent(t, "", "  ")
	if err != nil {
		return fmt.Errorf("trust store: %w", err)
	}
	if err := state.MakeUserDir(filepath.Dir(t.path)); err != nil { // 0700, or on Windows the user's alone
		return fmt.Errorf("trust store: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(t.path), ".trusted-*.json")
	if err != nil {
		return fmt.Errorf("trust store: %w", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(append(data, '\n')); err != nil {
		tmp.Close()
		return fmt.Errorf("trust store %s: %w", tmp.Name(), err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("trust store %s: %w", tmp.Name(), err)
	}
	if err := os.Rename(tmp.Name(), t.path); err != nil {
		return fmt.Errorf("trust store: %w", err)
	}
	return nil
}

// HooksBlocked explains why c's hooks will not run, with the command that
// trusts the file; "" when they may run (or there are none).
func (t *Trust) HooksBlocked(c *Config) string {
	if len(c.Hooks.Before)+len(c.Hooks.After) == 0 {
		return ""
	}
	switch t.State(c) {
	case Untrusted:
		return fmt.Sprintf("hooks of %s not run: the file is not trusted; read it, then run: clada trust --root %s", c.Path, c.Dir)
	case Changed:
		return fmt.Sprintf("hooks of %s not run: the file changed since you trusted it; read it again, then run: clada trust --root %s", c.Path, c.Dir)
	}
	return ""
}

// PassEnvBlocked explains why c's pass-env is not honoured, with the command
// that trusts the file; "" when it is (or c lists none). Unlike every other
// key, pass-env widens what commands get (secrets from the environment), so
// a cloned repository cannot set it for itself.
func (t *Trust) PassEnvBlocked(c *Config) string {
	if c == nil || len(c.PassEnv) == 0 {
		return ""
	}
	if t == nil || t.State(c) != Trusted {
		return fmt.Sprintf("pass-env of %s not honoured: the file is not trusted (or changed since); read it, then run: clada trust --root %s", c.Path, c.Dir)
	}
	return ""
}
