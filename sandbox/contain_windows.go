package sandbox

import (
	"errors"
	"os"
)

// The helper does not run on Windows: with nothing to confine a command
// with, engine/command starts commands directly, in a Job Object
// (engine/command/procattr_windows.go).

func ownProc() (bool, error) { return false, nil }

func privateShm() bool { return false }

func lifeline() *os.File { return nil }

func execInit(string, []string, *os.File) error { return errWindows }

func runContained(string, []string, *os.File) error { return errWindows }

var errWindows = errors.New("clada's sandbox helper does not run on Windows")
