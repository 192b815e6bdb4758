package config

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/clada-dev/clada/internal/state"
)

// maxConfigFile bounds what clada reads of a .clada.yaml: a real one is a
// few hundred bytes, and one planted in a clone must not make clada read a
// gigabyte.
const maxConfigFile = 1 << 20

// A .clada.yaml comes with the clone, so it may be a symlink to /dev/zero,
// a FIFO, ~/.ssh/id_rsa or /proc/self/environ (whose bytes a parse error
// would quote), a directory, or huge. It is read the way clada reads its own
// state files (state.Open): through an os.Root at its directory,
// the name itself no symlink, only a regular file (a FIFO is opened
// non-blocking and refused), at most maxConfigFile bytes.

// checkFile says why the entry at path cannot be a config, nil when it is a
// regular file; missing reports whether nothing is there.
func checkFile(path string) (missing bool, err error) {
	fi, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return true, nil
	case err != nil:
		return false, fmt.Errorf("config: %w", err)
	case fi.Mode()&fs.ModeSymlink != 0:
		return false, fmt.Errorf("config: %s is a symlink; clada never follows one for its config (replace the link with the file itself)", path)
	case !fi.Mode().IsRegular():
		return false, fmt.Errorf("config: %s is not a regular file (%s); a config must be a plain file (move it away)", path, kindOfMode(fi.Mode()))
	}
	return false, nil
}

// readConfigFile reads the config at the absolute path abs, refusing
// anything but a regular file of at most maxConfigFile bytes.
func readConfigFile(abs string) ([]byte, error) {
	missing, err := checkFile(abs)
	if err != nil {
		return nil, err
	}
	if missing {
		return nil, fmt.Errorf("config: %w", &fs.PathError{Op: "open", Path: abs, Err: syscall.ENOENT})
	}
	// state.Open checks again on the open descriptor, so a symlink or
	// FIFO swapped in after the check above is refused too.
	f, err := state.Open(filepath.Dir(abs), filepath.Base(abs), os.O_RDONLY, 0)
	if err != nil {
		return nil, fmt.Errorf("config: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxConfigFile+1))
	if err != nil {
		return nil, fmt.Errorf("config: read %s: %w", abs, err)
	}
	if len(data) > maxConfigFile {
		return nil, fmt.Errorf("config: %s is larger than %d MiB; clada does not read a config that big (shorten it)", abs, maxConfigFile>>20)
	}
	return data, nil
}

// kindOfMode names a non-regular file type for an error.
func kindOfMode(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return m.Type().String()
}
