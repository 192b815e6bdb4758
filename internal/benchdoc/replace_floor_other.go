//go:build !linux

package benchdoc

import (
	"errors"
	"fmt"
	"runtime"
)

// ReplaceFloor is Linux's only (replace_floor_linux.go): it exchanges
// names as clada's batch does there.
func ReplaceFloor(root string, want map[string]string, durable bool) error {
	return fmt.Errorf("the replace floor on %s: %w", runtime.GOOS, errors.ErrUnsupported)
}
