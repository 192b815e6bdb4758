package session

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/clada-dev/clada/config"
	"github.com/clada-dev/clada/engine"
)

// LoadConfig reads the config for root: file when given (--config), else
// the one config.Find locates. No config at all is an empty Config, not an
// error. The file is read as clada reads its own state files
// (engine.OpenStateFile), so a symlink or FIFO swapped in after
// config.CheckFile looked is refused too.
func LoadConfig(root, file string) (*config.Config, error) {
	if file == "" {
		var err error
		if file, err = config.Find(root); err != nil {
			return nil, err
		}
		if file == "" {
			return &config.Config{}, nil
		}
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil, fmt.Errorf("config: %s: %w", file, err)
	}
	missing, err := config.CheckFile(abs)
	if err != nil {
		return nil, err
	}
	if missing {
		return nil, fmt.Errorf("config: %w", &fs.PathError{Op: "open", Path: abs, Err: syscall.ENOENT})
	}
	f, err := engine.OpenStateFile(filepath.Dir(abs), filepath.Base(abs), os.O_RDONLY, 0)
	if err != nil {
		return nil, fmt.Errorf("config: %w", err)
	}
	defer f.Close()
	data, err := config.ReadCapped(abs, f)
	if err != nil {
		return nil, err
	}
	def := engine.DefaultConfig("")
	return config.Parse(abs, data, config.Limits{Timeout: def.Timeout, MaxOutput: def.MaxOutput})
}

// LoadTrust reads the user's trust store; a missing store trusts nothing.
// It is read as clada's state files are: no symlink, a regular file, capped.
func LoadTrust() (*config.Trust, error) {
	p, err := config.TrustStorePath()
	if err != nil {
		return nil, err
	}
	data, err := engine.ReadStateFile(filepath.Dir(p), filepath.Base(p))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		data = nil
	case err != nil:
		return nil, fmt.Errorf("trust store: %w", err)
	}
	return config.DecodeTrust(p, data)
}
