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
	os.Exit(m.Run())
}
