package engine

import (
	"context"
	"fmt"
)

// Do carries out one non-exec op.
func Do(_ context.Context, _ Workspace, _ *Config, op string, _ map[string]string) Result {
	return Result{Error: fmt.Sprintf("%s: the file ops are not built yet", op)}
}
