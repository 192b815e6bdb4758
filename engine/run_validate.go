package engine

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/clada-dev/clada/lang"
)

// validate checks an action against the catalog before it runs and returns
// its spec and, when invalid, the error in the seeds' words. It stands in for
// lang.Validate until that lands; the runner then calls lang's.
func validate(a *lang.Action) (*lang.OpSpec, string) {
	spec := lang.Lookup(a.Op)
	if spec == nil {
		if a.Op == "" {
			return nil, "Missing 'action' field: the block must say which action to run"
		}
		return nil, "Unknown action: " + a.Op
	}
	for _, ps := range spec.Params {
		v, ok := a.Value(ps.Name)
		if !ok {
			if ps.Required {
				return spec, fmt.Sprintf("Missing required parameter '%s' for action '%s'", ps.Name, a.Op)
			}
			continue
		}
		switch ps.Type {
		case lang.TInteger:
			if _, err := strconv.Atoi(strings.TrimSpace(v)); err != nil {
				return spec, fmt.Sprintf("Invalid type for parameter '%s' in action '%s': expected integer, got string", ps.Name, a.Op)
			}
		case lang.TBoolean:
			if v != "true" && v != "false" {
				return spec, fmt.Sprintf("Invalid type for parameter '%s' in action '%s': expected boolean, got string", ps.Name, a.Op)
			}
		case lang.TEnum:
			if !slices.Contains(ps.Enum, v) {
				return spec, fmt.Sprintf("Invalid value for parameter '%s' in action '%s': expected one of [%s], got '%s'",
					ps.Name, a.Op, strings.Join(ps.Enum, ","), v)
			}
		}
	}
	return spec, ""
}
