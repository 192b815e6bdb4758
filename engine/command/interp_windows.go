package command

import (
	"encoding/base64"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"unicode/utf16"
)

// Windows has no bash of its own. Git for Windows brings bash.exe (and
// sh.exe); where there is none, a bash or sh script runs in PowerShell
// instead (PowerShell 7's pwsh.exe when installed, else Windows
// PowerShell, which every Windows has), and the report says so (engine's
// shellWarning): the commands LLMs write for bash (ls, cat, echo, rm,
// cd, pipes) mostly have PowerShell aliases, but not all of them, nor
// bash's quoting.

// shell is a script's stand-in interpreter.
type shell struct {
	name string // the program, as the report names it
	path string
}

// psPrelude makes PowerShell write UTF-8 to clada's pipes (its default is
// the console's code page) and show no progress bars.
const psPrelude = "$ProgressPreference = 'SilentlyContinue'; [Console]::OutputEncoding = [Text.Encoding]::UTF8; $OutputEncoding = [Text.Encoding]::UTF8\n"

// argv runs code in PowerShell. The script goes base64-encoded UTF-16
// (-EncodedCommand), so no quote or newline in it meets Windows' command
// line quoting. PowerShell's exit status is 0 when the last statement
// succeeded and 1 when it failed.
func (s *shell) argv(code string) []string {
	u := utf16.Encode([]rune(psPrelude + code))
	b := make([]byte, 2*len(u))
	for i, c := range u {
		b[2*i], b[2*i+1] = byte(c), byte(c>>8)
	}
	return []string{s.path, "-NoLogo", "-NoProfile", "-NonInteractive", "-EncodedCommand", base64.StdEncoding.EncodeToString(b)}
}

// Substitute names the shell a script of langName runs in because the one
// its lang names is missing ("powershell.exe"), or "" when it runs in its
// own.
func Substitute(langName string) string {
	if s := substitute(langName); s != nil {
		return s.name
	}
	return ""
}

// substitute is Substitute's shell, or nil when there is none to stand in
// (or no stand-in is found either: the start then fails naming bash).
func substitute(langName string) *shell {
	if langName != "bash" && langName != "sh" {
		return nil
	}
	if p, err := exec.LookPath(langName); err == nil && !wslLauncher(p) {
		return nil
	}
	for _, name := range []string{"pwsh.exe", "powershell.exe"} {
		if p, err := exec.LookPath(name); err == nil {
			return &shell{name: name, path: p}
		}
	}
	return nil
}

// wslLauncher reports whether p is the bash.exe of the Windows directory,
// which starts a Linux distribution's bash under WSL: a script there would
// run in another system, with the project under /mnt/c and none of
// Windows' programs on its PATH. It is not the bash a script asks for.
func wslLauncher(p string) bool {
	win := os.Getenv("SystemRoot")
	return win != "" && strings.EqualFold(filepath.Dir(p), filepath.Join(win, "System32"))
}
