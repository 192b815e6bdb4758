package lsp

import (
	"os"
	"testing"

	"github.com/clada-dev/clada/sandbox"
)

// TestMain lets this test binary serve as the sandbox helper: clada.apply
// runs commands through the engine, which re-executes os.Executable().
func TestMain(m *testing.M) {
	sandbox.Main()
	// The server's session reads the user's trust store: never the real one.
	home, err := os.MkdirTemp("", "clada-lsp-test-")
	if err != nil {
		panic(err)
	}
	os.Setenv("XDG_CONFIG_HOME", home)
	code := m.Run()
	os.RemoveAll(home)
	os.Exit(code)
}
