package engine

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/clada-dev/clada/lang"
)

// The prompt tells the model a command's default time limit: it must be
// the one the engine applies (it once said 30 seconds while commands got
// 5 minutes, so a model avoided the test runs it was given time for).
func TestPromptStatesDefaultTimeout(t *testing.T) {
	if want := fmt.Sprintf("%d minutes", DefaultTimeout/time.Minute); DefaultTimeout%time.Minute != 0 || lang.PromptTimeLimit != want {
		t.Fatalf("lang.PromptTimeLimit = %q, engine.DefaultTimeout = %v", lang.PromptTimeLimit, DefaultTimeout)
	}
	var b bytes.Buffer
	if err := lang.Prompt(&b, lang.SHAM); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "It has a time limit (5 minutes unless the user set another)") {
		t.Fatalf("the SHAM prompt does not state the time limit:\n%s", b.String())
	}
}
