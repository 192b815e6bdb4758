//go:build unix

package state

import "os"

// mkdirPrivate makes dir readable by its owner alone.
func mkdirPrivate(dir string) error { return os.Mkdir(dir, 0o700) }
