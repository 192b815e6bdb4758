package state

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// tempName matches the temp files CreateTemp makes beside their targets,
// for state files and for the workspace's atomic writes alike:
// ".<name>.clada-<16 hex>.tmp".
var tempName = regexp.MustCompile(`^\..+\.clada-[0-9a-f]{16}\.tmp$`)

// IsTemp reports whether a file name is one of clada's temp files.
func IsTemp(name string) bool {
	return strings.HasSuffix(name, ".tmp") && tempName.MatchString(name)
}

// CleanTemps removes the temp files an apply killed mid-write (kill -9,
// a power cut) left under the root, skipping .git; it runs when the lock
// says the previous apply never finished (Lock.Interrupted). Removal goes
// through the root's os.Root, so a link named like a temp file is removed,
// never followed. It returns the root-relative paths removed.
func CleanTemps(root string) ([]string, error) {
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
		if !IsTemp(d.Name()) {
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

// TempsWarning is the report's line (or undo's note) about CleanTemps.
func TempsWarning(gone []string, err error) string {
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

// CreateTemp makes a new, exclusive temp file in dir under root, beside the
// target base (mode 0666 less the umask). The name is hidden and says what
// it is, so a crash leaves an obvious leftover.
func CreateTemp(root *os.Root, dir, base string) (*os.File, string, error) {
	for range 10 {
		tmp := filepath.Join(dir, fmt.Sprintf(".%s.clada-%016x.tmp", base, rand.Uint64()))
		f, err := root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
		if err == nil {
			return f, tmp, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, "", err
		}
	}
	return nil, "", fmt.Errorf("create temp file beside %s: too many name collisions", filepath.Join(dir, base))
}
