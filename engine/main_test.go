package engine

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/clada-dev/clada/sandbox"
)

// TestMain lets this test binary serve as the sandbox helper: command.Run
// re-executes os.Executable(), which under go test is this binary.
func TestMain(m *testing.M) {
	sandbox.Main()
	// The user's clada directory (approvals, the history's key) is under
	// HOME: never the real one.
	home, err := os.MkdirTemp("", "clada-home-")
	if err != nil {
		panic(err)
	}
	os.Setenv("HOME", home)
	os.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	os.Setenv("APPDATA", filepath.Join(home, "AppData", "Roaming")) // os.UserConfigDir on Windows
	code := m.Run()
	os.RemoveAll(home)
	os.Exit(code)
}
