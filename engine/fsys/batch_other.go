//go:build !linux

package fsys

import (
	"errors"
	"os"
)

// canExchange: no exchange of two names here but Linux's
// (batch_exchange.go); an all-or-nothing batch links each old file.
const canExchange = false

// exchange is never called where canExchange is false.
func exchange(*os.File, string, string) error { return errors.ErrUnsupported }

// exchangeRefused: every exchange is refused here.
func exchangeRefused(error) bool { return true }

// startWriteback has nothing to start where there is no sync_file_range
// (batch_linux.go says what it is for).
func startWriteback(*os.File) {}
