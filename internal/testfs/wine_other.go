//go:build !windows

package testfs

// Wine is false: only a Windows binary runs under Wine.
func Wine() bool { return false }
