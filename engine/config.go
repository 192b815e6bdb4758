// Package engine carries out a parsed lang.Document in a Workspace and
// reports what happened. It never parses text.
package engine

import (
	"time"

	"github.com/clada-dev/clada/lang"
)

// Config is everything that shapes one run. The zero value is not usable;
// start from DefaultConfig.
type Config struct {
	Root        string   // absolute project root; every path resolves against it
	Allow       []string // extra absolute directories paths may reach (--allow)
	AllowEscape bool     // permit paths outside root and Allow (--allow-escape)
	Deny        []string // glob patterns (slash paths relative to root) never written
	NoFsync     bool     // skip fsync (keeps rename atomicity, loses power-loss durability)

	Timeout    time.Duration // per command (--timeout)
	MaxOutput  int           // bytes of output kept per command (--max-output)
	OutputMode string        // "stream", "buffer" or "silent" (--output-mode)
	// Stream receives "[task-N:exec] line" output when OutputMode is "stream".
	Stream func(line string)

	NoGit     bool   // --no-git
	GitAuthor string // --git-author

	LockFile    string        // --lock-file; default .clada/lock under the root
	LockTimeout time.Duration // --lock-timeout

	Approve string // CSL RUN first-use approval: "never", "ask" or "always"
	// Confirm asks the user a yes/no question on the terminal (--approve ask);
	// nil when clada is not interactive, so unapproved commands fail.
	Confirm func(question string) bool

	// Refuse is the project config's verdict on an action before it runs
	// (allowed-actions, allow/deny globs): a non-empty reason fails it as a
	// validation error. nil allows everything.
	Refuse func(a *lang.Action) string
}

// DefaultDeny is the deny list used when none is configured.
var DefaultDeny = []string{".git/**", "**/.ssh/**"}

// DefaultConfig returns the documented defaults for a root.
func DefaultConfig(root string) *Config {
	return &Config{
		Root:        root,
		Deny:        append([]string(nil), DefaultDeny...),
		Timeout:     30 * time.Second,
		MaxOutput:   10 << 20,
		OutputMode:  "stream",
		GitAuthor:   "clada",
		LockTimeout: 10 * time.Second,
		Approve:     "never",
	}
}
