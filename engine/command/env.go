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
// user's keys.
func commandEnv(s Settings, env []string) []string {
	out := CleanEnv(env)
	return slices.DeleteFunc(out, func(kv string) bool {
		name, _, _ := strings.Cut(kv, "=")
		return SecretEnv(name) && !slices.Contains(s.PassEnv, name)
	})
}
