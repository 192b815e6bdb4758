//go:build !linux

package fsys

import "os"

// startWriteback has nothing to start where there is no sync_file_range
// (batch_linux.go says what it is for).
func startWriteback(*os.File) {}
