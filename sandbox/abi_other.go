//go:build !linux

package sandbox

import "errors"

// ABI is 0: Landlock exists only on Linux.
func ABI() int { return 0 }

func restrict(Spec) error { return errors.New("Landlock exists only on Linux") }
