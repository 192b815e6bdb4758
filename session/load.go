package session

import (
	"os"

	"github.com/clada-dev/clada/config"
	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/command"
	"github.com/clada-dev/clada/report"
)

// LoadConfig reads the project config for root (file: --config, "" to find
// it), with what its values must stay within: the engine's ceilings and the
// report formats. The one place that knows config's keys and what engine
// and report accept for them.
func LoadConfig(root, file string) (*config.Config, error) {
	def := engine.DefaultConfig("")
	return config.Load(root, file, config.Limits{Timeout: def.Timeout, MaxOutput: def.MaxOutput, Formats: report.Formats()})
}

// LoadUserConfig reads the user's own config.yaml, with the toolchains its
// share-caches may name (the engine's) and the home its "~/" means.
func LoadUserConfig() (*config.User, error) {
	return config.LoadUser(command.ShareableToolchains(), os.Getenv("HOME"))
}
