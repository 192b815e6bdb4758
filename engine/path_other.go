//go:build !windows

package engine

// checkPlatformPath has nothing to refuse: every name but "" and one with
// a NUL byte (Resolve) is a name here.
func (cfg *Config) checkPlatformPath(string, string) error { return nil }
