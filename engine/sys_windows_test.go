package engine

import "errors"

// mkfifo: Windows has no FIFOs among files (its named pipes live in
// \\.\pipe\, out of every root); a case that needs one is skipped.
func mkfifo(string) error { return errors.New("Windows has no FIFOs among files") }

// mknodNull: Windows has no device files in a directory tree.
func mknodNull(string) error { return errors.New("Windows has no device files in a directory tree") }
