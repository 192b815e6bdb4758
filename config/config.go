// Package config is a project's .clada.yaml as plain data: Find locates it,
// Parse reads its bytes (with positions for every error), Refuse is its
// policy on one action (policy.go), and Trust is what the user decided about
// its hooks and pass-env (trust.go).
//
// A .clada.yaml arrives with every clone, so it is untrusted input: every
// key may only tighten what clada allows (DIRECTION in the key table below),
// and its hooks and pass-env count only once the user trusted that exact
// file. The command line overrides it; defaults ← .clada.yaml ← flags.
//
// config imports lang (op names, actions) and internal/state (the file is
// read as clada reads its own state files, read.go), and nothing that runs
// anything: it must never import engine or os/exec. Package session reads
// the file, turns it into engine settings and runs its hooks; session and
// cmd/clada import config. Start with Config below, then parse.go and
// policy.go.
package config

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"time"

	"github.com/clada-dev/clada/engine/approval"
)

// FileName is the config file clada looks for, walking up from the root.
const FileName = ".clada.yaml"

// Config is one parsed .clada.yaml. Unset keys keep their zero value.
type Config struct {
	Path string // absolute path of the file ("" when there is none)
	Dir  string // its directory: allow/deny globs and watch paths are relative to it
	Hash string // sha256 of the file's bytes, hex: what `clada trust` records

	Format    string          // neutral: report format default
	Timeout   time.Duration   // lower only: per-command timeout
	MaxOutput int             // lower only: bytes kept per command stream
	MaxReport int             // bound only: bytes of a report per action
	Approve   approval.Policy // stricter only: Never or Ask (Always refused)
	Sandbox   string          // stricter only: "write" or "strict" ("off" refused)

	AllowedActions []string // restrict: canonical op names an answer may use (nil: all)
	Allow          []string // restrict: globs a path must match (nil: everything in the root)
	Deny           []string // add: globs never touched, on top of engine.DefaultDeny

	WatchFile  string // input file of `clada watch`, relative to Dir
	OutputFile string // where the watcher writes the results summary, relative to Dir

	Hooks Hooks // run only when the file is trusted
	// PassEnv widens: secret-looking environment variables commands still
	// get (engine/command's SecretEnv). Honoured only when the file is trusted.
	PassEnv []string
}

// DefaultWatchFile is the input file of `clada watch` (and the file `clada
// init` creates) when the config names none: in the root.
const DefaultWatchFile = "clada_input.md"

// WatchInput is the absolute path of the file `clada watch` reads answers
// from: watch.file (relative to Dir), else DefaultWatchFile in root.
func (c *Config) WatchInput(root string) string {
	if c.WatchFile != "" {
		return filepath.Join(c.Dir, c.WatchFile)
	}
	return filepath.Join(root, DefaultWatchFile)
}

// WatchOutput is the absolute path of watch.output, "" when the config
// names none (the results then go to the top of the input).
func (c *Config) WatchOutput() string {
	if c.OutputFile == "" {
		return ""
	}
	return filepath.Join(c.Dir, c.OutputFile)
}

// Hooks are shell commands run around each apply.
type Hooks struct {
	Before []string
	After  []string
}

// Find returns the .clada.yaml that governs root: the first one found in
// root or any parent directory; "" when there is none.
func Find(root string) (string, error) {
	dir, err := filepath.Abs(root)
	if err != nil {
		return "", fmt.Errorf("config: find from %s: %w", root, err)
	}
	for {
		p := filepath.Join(dir, FileName)
		missing, err := checkFile(p) // read.go: a symlink or special file is an error, not skipped
		if err != nil {
			return "", err
		}
		if !missing {
			return p, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", nil
		}
		dir = parent
	}
}

// Load reads the config for root: file when given (--config), else the one
// Find locates. No config at all is an empty Config, not an error. max is
// the engine's ceilings for the keys that have one (the caller knows them;
// config imports no engine).
func Load(root, file string, max Limits) (*Config, error) {
	if file == "" {
		var err error
		if file, err = Find(root); err != nil {
			return nil, err
		}
		if file == "" {
			return &Config{}, nil
		}
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil, fmt.Errorf("config: %s: %w", file, err)
	}
	data, err := readConfigFile(abs)
	if err != nil {
		return nil, err
	}
	return Parse(abs, data, max)
}

// hashOf is the content hash trust records.
func hashOf(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}
