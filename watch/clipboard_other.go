//go:build !windows

package watch

import (
	"context"
	"errors"
)

// nativeClipboard is nil: elsewhere the clipboard is reached through tools.
func nativeClipboard() *Clipboard { return nil }

var errNoWin32 = errors.New("clipboard: the Win32 clipboard exists only on Windows")

func readWin32(context.Context) (string, error) { return "", errNoWin32 }

func writeWin32(context.Context, string) error { return errNoWin32 }
