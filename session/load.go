package session

import (
	"github.com/clada-dev/clada/config"
	"github.com/clada-dev/clada/engine"
)

// LoadConfig reads the project config for root (file: --config, "" to find
// it), with the engine's ceilings for the keys that have one: the one place
// that knows both config's keys and engine's defaults.
func LoadConfig(root, file string) (*config.Config, error) {
	def := engine.DefaultConfig("")
	return config.Load(root, file, config.Limits{Timeout: def.Timeout, MaxOutput: def.MaxOutput})
}
