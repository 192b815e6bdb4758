package command

import (
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"
)

// Without bash, a bash script goes to PowerShell whole: base64 of its
// UTF-16 text after the prelude, so quotes, newlines and non-ASCII survive
// Windows' command line.
func TestBashStandInArgv(t *testing.T) {
	dir := t.TempDir()
	ps := filepath.Join(dir, "powershell.exe")
	if err := os.WriteFile(ps, nil, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir) // no bash, a powershell.exe
	code := "echo \"naïve 'x'\"\r\nls | sort"
	if got := Substitute("bash"); got != "powershell.exe" {
		t.Fatalf("Substitute(bash) = %q", got)
	}
	argv, fail := Argv("bash", code)
	if fail != nil {
		t.Fatal(fail.Error)
	}
	want := []string{ps, "-NoLogo", "-NoProfile", "-NonInteractive", "-EncodedCommand"}
	if len(argv) != len(want)+1 || strings.Join(argv[:len(want)], " ") != strings.Join(want, " ") {
		t.Fatalf("argv = %q", argv)
	}
	b, err := base64.StdEncoding.DecodeString(argv[len(want)])
	if err != nil || len(b)%2 != 0 {
		t.Fatalf("not base64 UTF-16: %v", err)
	}
	u := make([]uint16, len(b)/2)
	for i := range u {
		u[i] = uint16(b[2*i]) | uint16(b[2*i+1])<<8
	}
	if got := string(utf16.Decode(u)); got != psPrelude+code {
		t.Errorf("script = %q, want the prelude and %q", got, code)
	}
	if got := Substitute("python"); got != "" {
		t.Errorf("Substitute(python) = %q: only bash and sh have a stand-in", got)
	}
}

// A bash on PATH runs bash scripts, unless it is the Windows directory's
// WSL launcher.
func TestBashFoundNoStandIn(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"bash.exe", "powershell.exe"} {
		if err := os.WriteFile(filepath.Join(dir, n), nil, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", dir)
	t.Setenv("SystemRoot", filepath.Join(dir, "Windows"))
	if got := Substitute("bash"); got != "" {
		t.Errorf("with bash.exe on PATH, Substitute(bash) = %q", got)
	}
	t.Setenv("SystemRoot", filepath.Dir(dir))
	if err := os.Rename(dir, filepath.Join(filepath.Dir(dir), "System32")); err != nil {
		t.Skip(err)
	}
	sys := filepath.Join(filepath.Dir(dir), "System32")
	t.Setenv("PATH", sys)
	if got := Substitute("bash"); got != "powershell.exe" {
		t.Errorf("with only WSL's bash.exe, Substitute(bash) = %q, want powershell.exe", got)
	}
	_ = os.Rename(sys, dir)
}
