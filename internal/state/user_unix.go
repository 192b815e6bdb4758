//go:build unix

package state

import "os"

// mkdirPrivate makes dir readable by its owner alone.
func mkdirPrivate(dir string) error { return os.Mkdir(dir, 0o700) }

// UserDirVars names what decides UserDir, for an error that finds none.
const UserDirVars = "set HOME or XDG_CONFIG_HOME"
