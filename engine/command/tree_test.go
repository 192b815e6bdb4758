package command

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/clada-dev/clada/engine/fault"
)

// spawnEnv makes this test binary a command for TestRunKillsTreeOnTimeout:
// "parent" starts itself again as "child" and waits; "child" appends a
// line to the file CLADA_TEST_BEAT every 20 ms, for ever.
const spawnEnv = "CLADA_TEST_SPAWN"

// spawnMain runs the spawn roles; it returns at once otherwise.
func spawnMain() {
	switch os.Getenv(spawnEnv) {
	case "parent":
		exe, _ := os.Executable()
		c := exec.Command(exe)
		c.Env = append(os.Environ(), spawnEnv+"=child")
		if err := c.Start(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		_ = c.Wait()
		os.Exit(0)
	case "child":
		for {
			if f, err := os.OpenFile(os.Getenv("CLADA_TEST_BEAT"), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644); err == nil {
				f.WriteString("beat\n")
				f.Close()
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
}

// A command's timeout ends the whole tree: the child it started (which
// would beat for ever) stops too, on Unix through the process group (and
// PID namespace), on Windows through the Job Object.
func TestRunKillsTreeOnTimeout(t *testing.T) {
	s := sandboxSettings(t, "off")
	beat := filepath.Join(s.Root, "beat")
	t.Setenv(spawnEnv, "parent")
	t.Setenv("CLADA_TEST_BEAT", beat)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	res := Run(context.Background(), s, Command{Argv: []string{exe}, Dir: s.Root, Timeout: 2 * time.Second, Label: "task-1"})
	if res.Type != fault.ExecTimeout {
		t.Fatalf("result %+v, want exec_timeout", res)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("Run returned after %s", d)
	}
	before, err := os.ReadFile(beat)
	if err != nil || len(before) == 0 {
		t.Fatalf("the child never beat (%v): the test proves nothing", err)
	}
	time.Sleep(500 * time.Millisecond)
	after, _ := os.ReadFile(beat)
	if len(after) != len(before) {
		t.Fatalf("the child still beats after the timeout (%d -> %d bytes): it outlived its command", len(before), len(after))
	}
}
