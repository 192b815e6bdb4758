package config

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/clada-dev/clada/internal/glob"
	"github.com/clada-dev/clada/lang"
)

// pathParams are the params that name a path, checked against allow/deny.
var pathParams = []string{lang.ParamPath, lang.ParamOldPath, lang.ParamNewPath, lang.ParamBasePath, lang.ParamCwd}

// Refuse is the config's verdict on one action before it runs: "" when it
// may run, else the reason (an action allowed-actions leaves out, or a path
// outside allow or inside deny). root is the project root the action's
// relative paths resolve against. The engine calls it as Config.Refuse;
// the language server shows it as a diagnostic.
func (c *Config) Refuse(root string, a *lang.Action) string {
	if c.AllowedActions != nil {
		name := a.Op
		if spec := lang.Lookup(a.Op); spec != nil {
			name = spec.Name
		}
		if !slices.Contains(c.AllowedActions, name) {
			return fmt.Sprintf("action %s is not allowed by %s (allowed-actions: %s)", name, c.Path, strings.Join(c.AllowedActions, ", "))
		}
	}
	if c.Allow == nil && len(c.Deny) == 0 {
		return ""
	}
	for _, k := range pathParams {
		if v, ok := a.Value(k); ok {
			if why := c.refusePath(root, k, v); why != "" {
				return why
			}
		}
	}
	if v, ok := a.Value(lang.ParamPaths); ok {
		for _, line := range strings.Split(v, "\n") {
			if line = strings.TrimSpace(line); line != "" {
				if why := c.refusePath(root, lang.ParamPaths, line); why != "" {
					return why
				}
			}
		}
	}
	return ""
}

// refusePath checks one written path against allow and deny, relative to
// the config's directory.
func (c *Config) refusePath(root, key, p string) string {
	abs := p
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(root, p)
	}
	rel, err := filepath.Rel(c.Dir, filepath.Clean(abs))
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		if c.Allow != nil {
			return fmt.Sprintf("%s '%s' is outside the directory of %s, and its allow list admits only paths inside", key, p, c.Path)
		}
		return "" // the engine's own root checks decide
	}
	rel = filepath.ToSlash(rel)
	for _, g := range c.Deny {
		if glob.MatchUnder(g, rel) {
			return fmt.Sprintf("%s '%s' matches the deny pattern %q of %s", key, p, g, c.Path)
		}
	}
	if c.Allow == nil || rel == "." {
		return ""
	}
	for _, g := range c.Allow {
		if glob.MatchUnder(g, rel) {
			return ""
		}
	}
	return fmt.Sprintf("%s '%s' matches no allow pattern of %s (allow: %s)", key, p, c.Path, strings.Join(c.Allow, ", "))
}

// Ops is the catalog limited to allowed-actions: what `clada prompt` teaches
// and the MCP server offers as tools. A nil c allows every op.
func (c *Config) Ops() []lang.OpSpec {
	var ops []lang.OpSpec
	for _, op := range lang.Ops() {
		if c == nil || c.AllowedActions == nil || slices.Contains(c.AllowedActions, op.Name) {
			ops = append(ops, op)
		}
	}
	return ops
}
