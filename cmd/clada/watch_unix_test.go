//go:build unix

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestWatchKillsCommandOnStop: stopping the watcher mid-command kills the
// command's whole process group.
func TestWatchKillsCommandOnStop(t *testing.T) {
	root := t.TempDir()
	w := startWatch(t, root)
	// The command runs as process 1 of its own PID namespace with its own
	// /proc, so it cannot tell its host pid: the test finds the child in
	// the host's /proc by its argv[0].
	marker := fmt.Sprintf("clada-watch-child-%d-%d", os.Getpid(), time.Now().UnixNano())
	a := sham("kk1", "exec", "lang", "bash", "code", "(exec -a "+marker+" sleep 60) &\nsleep 60")
	if err := os.WriteFile(filepath.Join(root, "clada_input.md"), []byte(a), 0o644); err != nil {
		t.Fatal(err)
	}
	pid := 0
	waitFor(t, func() bool { pid = pidByArgv0(marker); return pid != 0 }, "the command to start", w)
	w.stop(t, os.Interrupt)
	deadline := time.Now().Add(5 * time.Second)
	for syscall.Kill(pid, 0) == nil {
		if time.Now().After(deadline) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("the command's child %d outlived the watcher", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// pidByArgv0 is the host pid of the process whose argv[0] is name, or 0.
func pidByArgv0(name string) int {
	dirs, _ := os.ReadDir("/proc")
	for _, d := range dirs {
		pid, err := strconv.Atoi(d.Name())
		if err != nil {
			continue
		}
		if cmdline, err := os.ReadFile("/proc/" + d.Name() + "/cmdline"); err == nil && strings.HasPrefix(string(cmdline), name+"\x00") {
			return pid
		}
	}
	return 0
}
