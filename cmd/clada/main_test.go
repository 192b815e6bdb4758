package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"os"
	"strconv"
	"testing"

	"github.com/clada-dev/clada/sandbox"

	"github.com/rogpeppe/go-internal/testscript"
)

var updateScripts = flag.Bool("update-scripts", false, "rewrite testscript golden files (cmp targets) with actual output")

// TestMain lets testscript run the real clada binary: scripts call `clada`
// as a program, in a fresh work directory per script.
func TestMain(m *testing.M) {
	sandbox.Main() // the engine re-executes this test binary as its command helper
	testscript.Main(m, map[string]func(){
		"clada": func() {
			// A new session has no controlling terminal, so --approve ask
			// behaves the same whether or not go test runs on a terminal
			// (approve_ask_tty clears CLADA_TEST_NO_TTY to keep script's pty).
			if os.Getenv("CLADA_TEST_NO_TTY") != "" {
				detachTerminal() // sys_unix_test.go
			}
			os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
		},
	})
}

// TestScripts runs testdata/script/*.txtar. Each script gets its own
// temporary work directory as $WORK and as HOME, so nothing touches the real
// home; git identity is fixed so commits are deterministic.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: *updateScripts,
		Condition:     sandboxCondition,
		Cmds:          map[string]func(ts *testscript.TestScript, neg bool, args []string){"listen": cmdListen, "forgerecord": cmdForgeRecord},
		Setup: func(e *testscript.Env) error {
			e.Setenv("CLADA_TEST_NO_TTY", "1")
			e.Setenv("HOME", e.WorkDir)
			e.Setenv("XDG_CONFIG_HOME", e.WorkDir+"/.config")
			e.Setenv("GIT_CONFIG_NOSYSTEM", "1")
			e.Setenv("GIT_AUTHOR_NAME", "Test User")
			e.Setenv("GIT_AUTHOR_EMAIL", "test@example.com")
			e.Setenv("GIT_COMMITTER_NAME", "Test User")
			e.Setenv("GIT_COMMITTER_EMAIL", "test@example.com")
			return nil
		},
	})
}

// sandboxCondition answers [landlock] (the kernel can confine writes) and
// [landlock-net] (it can also deny TCP, for --sandbox strict), so sandbox
// scripts skip with a message where the kernel lacks Landlock.
func sandboxCondition(cond string) (bool, error) {
	switch cond {
	case "landlock":
		return sandbox.ABI() >= 1, nil
	case "landlock-net":
		return sandbox.ABI() >= sandbox.NetABI, nil
	}
	return false, fmt.Errorf("unknown condition %q", cond)
}

// cmdListen starts a TCP listener on 127.0.0.1 for the rest of the script,
// accepting and closing connections, and sets $PORT to its port.
func cmdListen(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 0 {
		ts.Fatalf("usage: listen")
	}
	var lc net.ListenConfig
	lc.SetMultipathTCP(false)
	ln, err := lc.Listen(context.Background(), "tcp4", "127.0.0.1:0")
	ts.Check(err)
	ts.Defer(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	ts.Setenv("PORT", strconv.Itoa(ln.Addr().(*net.TCPAddr).Port))
}
