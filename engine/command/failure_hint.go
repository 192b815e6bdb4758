package command

import (
	"regexp"
	"strings"
)

// A command's standard input is /dev/null (README, "Safety": the
// process), so a command that asks a question reads end-of-file where the
// user's shell would have waited for an answer, and fails in words that
// do not say why: Python's "EOFError: EOF when reading a line", docker's
// "the input device is not a TTY". stdinWords are such failures' lines, in
// lower case; stdinHint says what happened and what the model can do.
var stdinWords = []string{
	"eoferror: eof when reading a line", // Python's input()
	"the input device is not a tty",     // docker run -it
	"stdin is not a tty",                // ssh, git credential prompts, many CLIs
	"inappropriate ioctl for device",    // gpg, stty and others asking the terminal
	"a terminal is required",            // sudo's password prompt
	"no tty present",                    // sudo, older wording
}

// stdinHint is the hint of a failed command whose output says it wanted to
// read its standard input or a terminal, or "" when it does not.
func stdinHint(data map[string]any) string {
	for _, s := range outputStreams(data) {
		low := strings.ToLower(s)
		for _, w := range stdinWords {
			if strings.Contains(low, w) {
				return "it tried to read an answer from its input, and commands run without one (their stdin is /dev/null and they have no terminal): give the answer on its command line (a --yes, -y or --non-interactive flag, an argument) or pipe it in (printf 'y\\n' | …)"
			}
		}
	}
	return ""
}

// notFound matches a shell's word for a program it did not find: bash's
// "bash: line 1: pnpm: command not found", dash's "sh: 1: jest: not found"
// (npm's scripts run in sh, so `npm test` before `npm install` says it),
// zsh's "zsh: command not found: pnpm".
var notFound = regexp.MustCompile(`(?m)(?:^|: )([^\s:/]+): (?:command )?not found\r?$|command not found: ([^\s:/]+)\r?$`)

// missingHint is the hint of a command that exited 127 because its shell
// found no program by a name, or "" when it did not say so.
func missingHint(code int, data map[string]any) string {
	if code != 127 {
		return ""
	}
	for _, s := range outputStreams(data) {
		if m := notFound.FindStringSubmatch(s); m != nil {
			name := m[1] + m[2]
			return "`" + name + "` is not installed where commands run (not on PATH): if the project lists it as a dependency, install those first (npm ci, pip install -r requirements.txt); otherwise use a tool that is installed, or ask the user to install " + name
		}
	}
	return ""
}

// withheldHint is the hint of a failed command whose output names a
// variable clada withheld from it for looking like a secret (commandEnv):
// `gh`, an SDK or `${OPENAI_API_KEY:?}` then fails for want of it, in
// words that do not say clada kept it back, nor that only the user can
// pass it. "" when the output names none.
func withheldHint(withheld []string, data map[string]any) string {
	var named []string
	for _, name := range withheld {
		for _, s := range outputStreams(data) {
			if mentions(s, name) {
				named = append(named, name)
				break
			}
		}
	}
	if len(named) == 0 {
		return ""
	}
	flags := make([]string, len(named))
	for i, n := range named {
		flags[i] = "--pass-env " + n
	}
	return "clada withheld " + strings.Join(named, ", ") + " from commands, since the name looks like a secret's (a command's output goes back to the model); only the user can pass it: " +
		strings.Join(flags, " ") + " for a run, or pass-env: [" + strings.Join(named, ", ") + "] in a .clada.yaml they trusted"
}

// mentions reports whether s holds name as a word of its own (not inside
// a longer identifier).
func mentions(s, name string) bool {
	word := func(b byte) bool {
		return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
	}
	for i := 0; ; {
		j := strings.Index(s[i:], name)
		if j < 0 {
			return false
		}
		at, end := i+j, i+j+len(name)
		if (at == 0 || !word(s[at-1])) && (end == len(s) || !word(s[end])) {
			return true
		}
		i = at + 1
	}
}
