package main

import (
	"context"
	"encoding/binary"
	"flag"
	"fmt"
	"net"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"unicode/utf16"

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
				_, _ = syscall.Setsid()
			}
			os.Exit(runProcess())
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
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){"listen": cmdListen, "forgerecord": cmdForgeRecord,
			"encode": cmdEncode, "modproxy": cmdModProxy, "tree": cmdTree},
		Setup: func(e *testscript.Env) error {
			e.Setenv("CLADA_TEST_NO_TTY", "1")
			e.Setenv("HOME", e.WorkDir)
			e.Setenv("XDG_CONFIG_HOME", e.WorkDir+"/.config")
			e.Setenv("GIT_CONFIG_NOSYSTEM", "1")
			e.Setenv("GIT_AUTHOR_NAME", "Test User")
			e.Setenv("GIT_AUTHOR_EMAIL", "test@example.com")
			e.Setenv("GIT_COMMITTER_NAME", "Test User")
			e.Setenv("GIT_COMMITTER_EMAIL", "test@example.com")
			toolchainEnv(e) // toolchain_test.go
			return nil
		},
	})
}

// sandboxCondition answers [landlock] (the kernel can confine writes) and
// [landlock-net] (it can also deny TCP, for --sandbox strict), so sandbox
// scripts skip with a message where the kernel lacks Landlock.
func sandboxCondition(cond string) (bool, error) {
	if ok, known := toolchainCondition(cond); known {
		return ok, nil
	}
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

// cmdEncode writes SRC's text to DST in another Unicode encoding, after its
// byte-order mark, as Windows tools save answers: encode utf16le|utf16be|
// utf32le|utf32be SRC DST.
func cmdEncode(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: encode utf16le|utf16be|utf32le|utf32be SRC DST")
	}
	var order binary.AppendByteOrder = binary.LittleEndian
	if strings.HasSuffix(args[0], "be") {
		order = binary.BigEndian
	}
	text := []rune(ts.ReadFile(args[1]))
	var out []byte
	switch strings.TrimSuffix(strings.TrimSuffix(args[0], "le"), "be") {
	case "utf16":
		out = order.AppendUint16(out, 0xFEFF)
		for _, u := range utf16.Encode(text) {
			out = order.AppendUint16(out, u)
		}
	case "utf32":
		out = order.AppendUint32(out, 0xFEFF)
		for _, r := range text {
			out = order.AppendUint32(out, uint32(r))
		}
	default:
		ts.Fatalf("encode: unknown encoding %q", args[0])
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[2]), out, 0o644))
}
