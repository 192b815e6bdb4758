package engine

import (
	"path/filepath"

	"github.com/clada-dev/clada/lang"
)

// Footprint returns the paths op with params reads or writes, resolved as
// Do resolves them (absolute and clean): its opTable line's path params,
// or the root for the ops that list none. The language server uses it to
// re-run, after an edit, only the ops whose results the edit can change;
// opTable's comment argues why that is sound.
//
// A path param that does not resolve (empty, outside the root) makes the op
// fail before it looks at the workspace, so it adds nothing.
func Footprint(cfg *Config, op lang.OpID, params map[string]string) []string {
	def := opFor(op)
	if def == nil || def.touches == nil {
		return []string{filepath.Clean(cfg.Root)}
	}
	var paths []string
	for _, k := range def.touches {
		if abs, err := cfg.Resolve(params[k]); err == nil {
			paths = append(paths, abs)
		}
	}
	return paths
}
