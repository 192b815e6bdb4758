package watch

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unsafe"

	"golang.org/x/sys/windows"
)

// Windows' clipboard holds text as UTF-16 (CF_UNICODETEXT) with CRLF line
// ends. clada reads and writes it through user32 directly: starting
// PowerShell for every poll (Get-Clipboard) costs a few hundred
// milliseconds and goes through the console's code page; the API gives the
// text itself, which comes out as UTF-8 with LF line ends (Read) and goes
// in with CRLF (writeWin32), as Windows programs expect.

var (
	user32               = windows.NewLazySystemDLL("user32.dll")
	kernel32             = windows.NewLazySystemDLL("kernel32.dll")
	procOpenClipboard    = user32.NewProc("OpenClipboard")
	procCloseClipboard   = user32.NewProc("CloseClipboard")
	procEmptyClipboard   = user32.NewProc("EmptyClipboard")
	procGetClipboardData = user32.NewProc("GetClipboardData")
	procSetClipboardData = user32.NewProc("SetClipboardData")
	procIsFormatAvail    = user32.NewProc("IsClipboardFormatAvailable")
	procGlobalAlloc      = kernel32.NewProc("GlobalAlloc")
	procGlobalFree       = kernel32.NewProc("GlobalFree")
	procGlobalLock       = kernel32.NewProc("GlobalLock")
	procGlobalUnlock     = kernel32.NewProc("GlobalUnlock")
)

const (
	cfUnicodeText = 13     // CF_UNICODETEXT
	gmemMoveable  = 0x0002 // GMEM_MOVEABLE
)

// nativeClipboard is Windows' own clipboard.
func nativeClipboard() *Clipboard {
	if user32.Load() != nil {
		return nil
	}
	return &Clipboard{Name: "Windows clipboard", win32: true}
}

// openClipboard opens the clipboard, retrying while another program holds
// it (a clipboard manager, the program that just copied), up to
// clipTimeout.
func openClipboard(ctx context.Context) error {
	deadline := time.Now().Add(clipTimeout)
	for {
		r, _, err := procOpenClipboard.Call(0)
		if r != 0 {
			return nil
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return fmt.Errorf("clipboard: another program holds the Windows clipboard: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// readWin32 returns the clipboard's text, "" when it holds none.
func readWin32(ctx context.Context) (string, error) {
	if err := openClipboard(ctx); err != nil {
		return "", err
	}
	defer procCloseClipboard.Call()
	if r, _, _ := procIsFormatAvail.Call(cfUnicodeText); r == 0 {
		return "", nil
	}
	h, _, err := procGetClipboardData.Call(cfUnicodeText)
	if h == 0 {
		return "", fmt.Errorf("clipboard: read the Windows clipboard: %v", err)
	}
	p, _, err := procGlobalLock.Call(h)
	if p == 0 {
		return "", fmt.Errorf("clipboard: lock the Windows clipboard's text: %v", err)
	}
	defer procGlobalUnlock.Call(h)
	return windows.UTF16PtrToString((*uint16)(heapPointer(p))), nil
}

// writeWin32 puts text on the clipboard as UTF-16 with CRLF line ends.
func writeWin32(ctx context.Context, text string) error {
	text = strings.ReplaceAll(strings.ReplaceAll(text, "\r\n", "\n"), "\n", "\r\n")
	u, err := windows.UTF16FromString(text)
	if err != nil {
		return fmt.Errorf("clipboard: the text has a NUL byte: %w", err)
	}
	if err := openClipboard(ctx); err != nil {
		return err
	}
	defer procCloseClipboard.Call()
	if r, _, err := procEmptyClipboard.Call(); r == 0 {
		return fmt.Errorf("clipboard: empty the Windows clipboard: %v", err)
	}
	size := uintptr(len(u)) * 2
	h, _, err := procGlobalAlloc.Call(gmemMoveable, size)
	if h == 0 {
		return fmt.Errorf("clipboard: allocate %d bytes: %v", size, err)
	}
	p, _, err := procGlobalLock.Call(h)
	if p == 0 {
		procGlobalFree.Call(h)
		return fmt.Errorf("clipboard: lock the new text: %v", err)
	}
	copy(unsafe.Slice((*uint16)(heapPointer(p)), len(u)), u)
	procGlobalUnlock.Call(h)
	if r, _, err := procSetClipboardData.Call(cfUnicodeText, h); r == 0 {
		procGlobalFree.Call(h) // still ours: the clipboard took nothing
		return fmt.Errorf("clipboard: set the Windows clipboard: %v", err)
	}
	return nil // the clipboard owns the memory now
}

// heapPointer is the address GlobalLock returned, as a pointer: memory of
// the Windows heap, which Go's collector neither moves nor frees.
func heapPointer(p uintptr) unsafe.Pointer { return *(*unsafe.Pointer)(unsafe.Pointer(&p)) }
