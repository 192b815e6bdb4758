package watch

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"time"

	"github.com/clada-dev/clada/session"
)

// Clipboard reads and writes the system clipboard through the platform's
// own tools, and on Windows through its clipboard API.
// (github.com/atotto/clipboard covers X11, Wayland and macOS but not WSL's
// clip.exe/PowerShell, and cannot say which tool to install for the
// session at hand; these few lines can.)
type Clipboard struct {
	Name  string   // the tool pair in use, for messages ("xclip")
	paste []string // argv printing the clipboard on stdout
	copy  []string // argv reading the new clipboard from stdin
	// win32 is Windows' own clipboard, read and written through its API
	// (clipboard_windows.go), with no tool to start.
	win32 bool
}

// clipTimeout bounds one clipboard tool call: a tool stuck on a dead
// display must not hang the watcher.
const clipTimeout = 5 * time.Second

// FindClipboard picks the tools for this session: Wayland (wl-clipboard),
// X11 (xclip, else xsel), macOS (pbcopy/pbpaste), WSL (clip.exe and
// powershell.exe). The error names what is missing and what to install.
func FindClipboard() (*Clipboard, error) {
	have := func(name string) bool { _, err := exec.LookPath(name); return err == nil }
	var tried []string
	if c := nativeClipboard(); c != nil { // clipboard_windows.go
		return c, nil
	}
	if runtime.GOOS == "darwin" {
		if have("pbpaste") && have("pbcopy") {
			return &Clipboard{Name: "pbcopy/pbpaste", paste: []string{"pbpaste"}, copy: []string{"pbcopy"}}, nil
		}
		return nil, errors.New("clipboard: pbcopy/pbpaste not found on PATH (they ship with macOS)")
	}
	if os.Getenv("WAYLAND_DISPLAY") != "" {
		if have("wl-paste") && have("wl-copy") {
			return &Clipboard{Name: "wl-clipboard", paste: []string{"wl-paste", "--no-newline"}, copy: []string{"wl-copy"}}, nil
		}
		tried = append(tried, "WAYLAND_DISPLAY is set but wl-copy/wl-paste are missing (install wl-clipboard)")
	}
	if os.Getenv("DISPLAY") != "" {
		if have("xclip") {
			return &Clipboard{Name: "xclip", paste: []string{"xclip", "-selection", "clipboard", "-o"}, copy: []string{"xclip", "-selection", "clipboard", "-i"}}, nil
		}
		if have("xsel") {
			return &Clipboard{Name: "xsel", paste: []string{"xsel", "--clipboard", "--output"}, copy: []string{"xsel", "--clipboard", "--input"}}, nil
		}
		tried = append(tried, "DISPLAY is set but neither xclip nor xsel is installed (install xclip)")
	}
	if isWSL() {
		if have("clip.exe") && have("powershell.exe") {
			return &Clipboard{Name: "clip.exe/powershell.exe",
				paste: []string{"powershell.exe", "-NoProfile", "-NonInteractive", "-Command", "[Console]::OutputEncoding=[Text.Encoding]::UTF8; Get-Clipboard -Raw"},
				copy:  []string{"clip.exe"}}, nil
		}
		tried = append(tried, "WSL detected but clip.exe/powershell.exe are not on PATH (enable Windows interop)")
	}
	if len(tried) == 0 {
		return nil, errors.New("clipboard: no display found (neither WAYLAND_DISPLAY nor DISPLAY is set, and this is not macOS or WSL); run clada in your desktop session, or use a file with clada watch")
	}
	return nil, errors.New("clipboard: " + strings.Join(tried, "; "))
}

// isWSL reports whether Linux runs under Windows Subsystem for Linux.
func isWSL() bool {
	if os.Getenv("WSL_DISTRO_NAME") != "" {
		return true
	}
	b, err := os.ReadFile("/proc/sys/kernel/osrelease")
	return err == nil && bytes.Contains(bytes.ToLower(b), []byte("microsoft"))
}

// Read returns the clipboard's text, decoded to UTF-8 as every answer is
// (session.DecodeAnswer). An empty clipboard is "" (xclip and wl-paste
// fail on one; that is not an error here).
func (c *Clipboard) Read(ctx context.Context) (string, error) {
	if c.win32 {
		text, err := readWin32(ctx)
		return strings.ReplaceAll(text, "\r\n", "\n"), err
	}
	ctx, cancel := context.WithTimeout(ctx, clipTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, c.paste[0], c.paste[1:]...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(errb.String())
		if ctx.Err() != nil {
			return "", fmt.Errorf("clipboard: %s did not answer within %s", c.paste[0], clipTimeout)
		}
		if strings.Contains(msg, "target") || strings.Contains(msg, "No selection") || strings.Contains(msg, "Nothing is copied") || msg == "" {
			return "", nil
		}
		return "", fmt.Errorf("clipboard: %s: %v: %s", c.paste[0], err, msg)
	}
	text, err := session.DecodeAnswer(out.Bytes())
	if err != nil {
		return "", fmt.Errorf("clipboard: %w", err)
	}
	return strings.ReplaceAll(string(text), "\r\n", "\n"), nil
}

// Write puts text on the clipboard. The tool's output is not captured: xclip
// and xsel stay in the background to serve the selection, and a pipe held by
// them would never close.
func (c *Clipboard) Write(ctx context.Context, text string) error {
	if c.win32 {
		return writeWin32(ctx, text)
	}
	ctx, cancel := context.WithTimeout(ctx, clipTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, c.copy[0], c.copy[1:]...)
	cmd.Stdin = strings.NewReader(text)
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("clipboard: %s: %w", c.copy[0], err)
	}
	c.settle(ctx, text)
	return nil
}

// settle waits, briefly, until the clipboard reads back as text. xclip and
// xsel return before their background child owns the selection, so a paste
// right after "results copied" could still give the old clipboard (it did,
// on a loaded machine). Best effort: some tools read back with other line
// endings, so a mismatch after the wait is not an error.
func (c *Clipboard) settle(ctx context.Context, text string) {
	norm := func(s string) string { return strings.TrimRight(strings.ReplaceAll(s, "\r\n", "\n"), "\r\n") }
	want := norm(text)
	deadline := time.Now().Add(2 * time.Second)
	for {
		got, err := c.Read(ctx)
		if err == nil && norm(got) == want || time.Now().After(deadline) || ctx.Err() != nil {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}
