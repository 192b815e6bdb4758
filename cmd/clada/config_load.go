package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/session"
)

// explicitFlags reports which flags the command line set: a project's
// .clada.yaml fills only the settings no flag set (session.Input.Explicit).
func explicitFlags(fs *flag.FlagSet) func(string) bool {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return func(name string) bool { return set[name] }
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
	c, err := session.LoadConfig(root, file)
	if err != nil {
		return nil, err
	}
	return c.Ops(), nil
}
