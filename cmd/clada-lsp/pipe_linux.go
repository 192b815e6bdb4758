package main

import (
	"os"

	"golang.org/x/sys/unix"
)

// widenStdin asks for a 1 MiB pipe buffer when stdin is a pipe, as editors
// start language servers. With the default 64 KiB, a 5.6 MB didOpen crossed
// in some ninety writes, each waiting for clada-lsp to drain the one before
// it, a context switch each way (README, "Tests"). Best effort: where the kernel
// refuses (above /proc/sys/fs/pipe-max-size), the pipe stays as it is.
func widenStdin() {
	if fi, err := os.Stdin.Stat(); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		return
	}
	_, _ = unix.FcntlInt(os.Stdin.Fd(), unix.F_SETPIPE_SZ, 1<<20)
}
