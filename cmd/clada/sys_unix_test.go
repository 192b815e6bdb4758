//go:build unix

package main

import "syscall"

// detachTerminal starts a new session, which has no controlling terminal.
func detachTerminal() { _, _ = syscall.Setsid() }
