package engine

import (
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
)

// validate checks an action with lang.Validate before it runs and returns
// its spec and, when invalid, the first error's message and hint. An unknown
// op keeps nesl-js's execute wording ("Unknown action: X"), which differs
// from the validator's ("Unknown action 'X'").
func validate(a *lang.Action) (spec *lang.OpSpec, msg, hint string) {
	spec = lang.Lookup(a.Op)
	for _, d := range lang.Validate(a) {
		if d.Severity != source.Error {
			continue
		}
		if d.Code == lang.CodeUnknownAction {
			return nil, "Unknown action: " + a.Op, d.Hint
		}
		return spec, d.Message, d.Hint
	}
	return spec, "", ""
}
