//go:build !linux

package main

// widenStdin is Linux's pipe-buffer request; elsewhere the pipe stays as is.
func widenStdin() {}
