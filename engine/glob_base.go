package engine

import (
	"fmt"
	"strings"

	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/lang"
)

// globEscape refuses a glob pattern with a ".." segment. The pattern matches
// paths relative to base_path, which never hold "..", so such a pattern
// would quietly match nothing while its author meant a directory outside
// the base: say so, as every other path out of the root is said.
func (x *opRun) globEscape(pat string) *Result {
	for _, seg := range strings.Split(strings.ReplaceAll(pat, `\`, "/"), "/") {
		if seg == ".." {
			return &Result{Param: lang.ParamPattern, Type: fault.PathEscape,
				Error: fmt.Sprintf("glob: pattern '%s' climbs out of base_path with '..'; a pattern only matches below base_path", pat),
				Hint:  "set base_path to the directory to search (inside the project root) and keep the pattern below it, e.g. base_path = \"x\", pattern = \"*\""}
		}
	}
	return nil
}
