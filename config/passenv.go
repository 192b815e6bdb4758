package config

import (
	"fmt"

	"github.com/clada-dev/clada/engine"
)

// envName reports whether s is a portable environment variable name.
func envName(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// ApplyPassEnv adds c's pass-env to ec.PassEnv when the user trusts the
// file: unlike every other key it widens what commands get (secrets from
// the environment), so a cloned repository cannot set it for itself. It
// returns why the list was not honoured, or "".
func (t *Trust) ApplyPassEnv(c *Config, ec *engine.Config) string {
	if c == nil || len(c.PassEnv) == 0 {
		return ""
	}
	if t == nil || t.State(c) != Trusted {
		return fmt.Sprintf("pass-env of %s not honoured: the file is not trusted (or changed since); read it, then run: clada trust --root %s", c.Path, c.Dir)
	}
	ec.PassEnv = append(ec.PassEnv, c.PassEnv...)
	return ""
}
