//go:build unix

package engine

import "syscall"

// mkfifo makes a FIFO at path.
func mkfifo(path string) error { return syscall.Mkfifo(path, 0o644) }

// mknodNull makes a character device like /dev/null at path (root only).
func mknodNull(path string) error { return syscall.Mknod(path, syscall.S_IFCHR|0o666, 1<<8|3) }
