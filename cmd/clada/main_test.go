package main

import (
	"flag"
	"os"
	"syscall"
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
			// behaves the same whether or not go test runs on a terminal.
			_, _ = syscall.Setsid()
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
		Setup: func(e *testscript.Env) error {
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
