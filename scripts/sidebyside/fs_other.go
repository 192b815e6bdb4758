//go:build unix && !linux

package main

// describeFS names the folder the trees are in (the filesystem's details
// are read on Linux only).
func describeFS(dir string) string { return "trees in " + dir }
