package history

import (
	"os"
	"testing"

	"github.com/clada-dev/clada/sandbox"
)

// TestMain lets this test binary serve as the sandbox helper: a command
// of an apply re-executes os.Executable(), which under go test is this
// binary.
func TestMain(m *testing.M) {
	sandbox.Main()
	os.Exit(m.Run())
}
