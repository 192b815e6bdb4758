package command

import (
	"os"
	"testing"

	"github.com/clada-dev/clada/sandbox"
)

// TestMain lets this test binary serve as the sandbox helper: Run
// re-executes os.Executable(), which under go test is this binary.
func TestMain(m *testing.M) {
	sandbox.Main()
	os.Exit(m.Run())
}
