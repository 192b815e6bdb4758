//go:build !linux

package command

import "errors"

// blankEnviron is never needed here: no start shares a /proc
// (procattr_other.go).
func blankEnviron() error { return errors.New("no /proc here") }
