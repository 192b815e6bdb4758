package engine

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// cladaTemp matches the temp files WriteFile (atomic.go) and WriteStateFile
// create beside their targets: ".<name>.clada-<16 hex>.tmp".
var cladaTemp = regexp.MustCompile(`^\..+\.clada-[0-9a-f]{16}\.tmp$`)

// IsCladaTemp reports whether a file name is one of clada's temp files.
func IsCladaTemp(name string) bool {
	return strings.HasSuffix(name, ".tmp") && cladaTemp.MatchString(name)
}

// CleanStaleTemps removes the temp files an apply killed mid-write (kill -9,
// a power cut) left under the root, skipping .git; it runs when the lock
// says the previous apply never finished (Lock.Interrupted). Removal goes
// through the root's os.Root, so a link named like a temp file is removed,
// never followed. It returns the root-relative paths removed.
func CleanStaleTemps(root string) ([]string, error) {
	r, err := os.OpenRoot(root)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	var removed []string
	err = fs.WalkDir(r.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
				return nil // gone while walking, or not ours to read
			}
			return err
		}
		if d.IsDir() {
			if strings.EqualFold(d.Name(), ".git") {
				return fs.SkipDir
			}
			return nil
		}
		if !IsCladaTemp(d.Name()) {
			return nil
		}
		if err := r.Remove(filepath.FromSlash(p)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		removed = append(removed, p)
		return nil
	})
	return removed, err
}

// staleTempsWarning is the report's line about CleanStaleTemps.
func staleTempsWarning(gone []string, err error) string {
	msg := ""
	if len(gone) > 0 {
		shown := gone
		if len(shown) > 5 {
			shown = shown[:5]
		}
		msg = "the previous apply was interrupted; clada removed the temp files it left: " + strings.Join(shown, ", ")
		if len(gone) > len(shown) {
			msg += ", …"
		}
	}
	if err != nil {
		if msg != "" {
			msg += "; "
		}
		msg += "looking for temp files left by an interrupted apply failed: " + err.Error()
	}
	return msg
}
