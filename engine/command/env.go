package command

import (
	"slices"
	"strings"
)

// SecretEnv reports whether an environment variable's name looks like it
// holds a secret (AWS_SECRET_ACCESS_KEY, GITHUB_TOKEN, OPENAI_API_KEY,
// PGPASSWORD, …): it contains KEY, SECRET, TOKEN, PASSWORD, PASSWD or
// CREDENTIAL, in any letter case.
func SecretEnv(name string) bool {
	up := strings.ToUpper(name)
	for _, w := range [...]string{"KEY", "SECRET", "TOKEN", "PASSWORD", "PASSWD", "CREDENTIAL"} {
		if strings.Contains(up, w) {
			return true
		}
	}
	return false
}

// commandEnv is the environment a command gets: clada's own without GIT_*
// (CleanEnv) and without variables that look like secrets, unless
// s.PassEnv names them. A command's output goes back to the LLM, and the
// LLM wrote the command: `env` or `echo $OPENAI_API_KEY` would hand it the
// user's keys. withheld names the variables left out for looking like
// secrets.
func commandEnv(s Settings, env []string) (out, withheld []string) {
	out = slices.DeleteFunc(CleanEnv(env), func(kv string) bool {
		name, _, _ := strings.Cut(kv, "=")
		if SecretEnv(name) && !slices.Contains(s.PassEnv, name) {
			withheld = append(withheld, name)
			return true
		}
		return false
	})
	return out, withheld
}
