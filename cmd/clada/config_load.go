package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/clada-dev/clada/config"
	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/lang"
)

// projectConfig loads the .clada.yaml governing root (or --config FILE)
// and the user's trust store, and puts its settings into cfg for every flag
// fs did not set: defaults ← .clada.yaml ← flags. It returns the format the
// config chose when --format was not given.
func projectConfig(fs *flag.FlagSet, cfg *engine.Config, file string) (*config.Config, *config.Trust, error) {
	c, err := config.Load(cfg.Root, file)
	if err != nil {
		return nil, nil, err
	}
	t, err := config.LoadTrust()
	if err != nil {
		return nil, nil, err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	c.ApplyTo(cfg, func(name string) bool { return set[name] })
	return c, t, nil
}

// configFormat is --format when given, else the config's, else "".
func configFormat(flagValue string, c *config.Config) string {
	if flagValue == "" && c != nil {
		return c.Format
	}
	return flagValue
}

// resolveRoot makes --root absolute and real (symlinks resolved), so every
// containment check compares against the directory the OS sees; each error
// names --root. checkDir refuses a missing root or a file here, by name;
// undo, log and squash (rootDir) leave that to the lstat error.
func resolveRoot(root string, checkDir bool) (string, error) {
	abs, err := filepath.Abs(root)
	if err == nil && checkDir {
		if st, serr := os.Stat(abs); serr != nil || !st.IsDir() {
			return "", fmt.Errorf("--root %s is not a directory", root)
		}
	}
	if err == nil {
		abs, err = filepath.EvalSymlinks(abs)
	}
	if err != nil {
		return "", fmt.Errorf("--root %s: %w", root, err)
	}
	return abs, nil
}

// promptOps is the catalog, limited to the config's allowed-actions.
func promptOps(root, file string) ([]lang.OpSpec, error) {
	c, err := config.Load(root, file)
	if err != nil {
		return nil, err
	}
	var ops []lang.OpSpec
	for _, op := range lang.Ops() {
		if c.AllowedActions == nil || slices.Contains(c.AllowedActions, op.Name) {
			ops = append(ops, op)
		}
	}
	return ops, nil
}

// flagSet reports whether the command line gave flag name.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
