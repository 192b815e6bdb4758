package engine

import (
	"fmt"
	"strings"

	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/engine/fsys"
)

// checkPlatformPath refuses, in the part of abs below the tree holding it,
// a name Windows would read as something else (path_names.go).
func (cfg *Config) checkPlatformPath(p, abs string) error {
	rel, ok := cfg.treeRel(abs)
	if !ok {
		return nil
	}
	for _, part := range strings.Split(rel, "/") {
		if why := windowsNameProblem(part); why != "" {
			reason := fmt.Sprintf("path '%s': '%s' %s", p, part, why)
			if part == p {
				reason = fmt.Sprintf("path '%s' %s", p, why)
			}
			return &fsys.RefusedError{Type: fault.InvalidPath, Path: p,
				Reason: reason,
				Fix:    "use the plain long name of the file or folder"}
		}
	}
	return nil
}
