package main

import (
	"errors"
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/approval"
	"github.com/clada-dev/clada/sandbox"
)

// engineFlags are the flags apply, mcp and watch share to build an
// engine.Config, declared and checked once so their names, defaults and
// errors cannot drift between commands. Only the help texts that say
// something different per command come in as engineHelp.
type engineFlags struct {
	root, configFile, approve, sandbox *string
	timeout                            *time.Duration
	maxOut                             sizeFlag
	noGit                              *bool

	// apply and mcp only (engineHelp.full): paths, lock, git and fsync.
	allow                multiFlag
	allowEscape, noFsync *bool
	gitAuthor, lockFile  *string
	lockTimeout          *time.Duration

	help engineHelp
}

// engineHelp is what differs between the commands: the help of --approve,
// --sandbox and --no-git, and whether the full set (apply, mcp) is declared.
// watch's --timeout is a plain Go duration (no bare seconds), as before.
type engineHelp struct {
	approve, sandbox, noGit string
	full                    bool
	// rejectEmptyAllow refuses --allow "" (apply); mcp takes it as the
	// current directory, as it always has.
	rejectEmptyAllow bool
}

// sandboxHelpShort is --sandbox's help for mcp and watch.
const sandboxHelpShort = "confine commands (Linux Landlock, macOS sandbox-exec; none on Windows): write, strict (also no network) or off"

// addEngineFlags declares the shared flags on fs.
func addEngineFlags(fs *flag.FlagSet, h engineHelp) *engineFlags {
	f := &engineFlags{help: h, maxOut: sizeFlag(10 << 20)}
	f.root = fs.String("root", ".", "project root every path resolves against")
	f.configFile = fs.String("config", "", "project config (default: .clada.yaml in the root or a parent)")
	f.approve = fs.String("approve", "", h.approve)
	f.sandbox = fs.String("sandbox", "write", h.sandbox)
	f.noGit = fs.Bool("no-git", false, h.noGit)
	fs.Var(&f.maxOut, "max-output", "output kept per command stream (e.g. 10MB)")
	if !h.full {
		f.timeout = fs.Duration("timeout", 30*time.Second, "per-command timeout")
		return f
	}
	f.timeout = durationVar(fs, "timeout", 30*time.Second, "per-command timeout")
	fs.Var(&f.allow, "allow", "extra directory paths may reach (repeatable)")
	f.allowEscape = fs.Bool("allow-escape", false, "permit paths outside the root")
	f.gitAuthor = fs.String("git-author", "clada", "author name of clada's commits")
	f.lockFile = fs.String("lock-file", "", "lock file (default .clada/lock under the root)")
	f.lockTimeout = durationVar(fs, "lock-timeout", 10*time.Second, "how long to wait for another apply's lock")
	f.noFsync = fs.Bool("no-fsync", false, "skip fsync (faster; loses power-loss durability)")
	return f
}

// approveErr refuses an --approve that is not never, ask or always.
func (f *engineFlags) approveErr() error {
	_, err := approval.Parse(*f.approve)
	return err
}

// timeoutsErr refuses a non-positive --timeout or a negative --lock-timeout
// (the full set; watch checks --timeout with its own intervals).
func (f *engineFlags) timeoutsErr() error {
	if *f.timeout <= 0 || *f.lockTimeout < 0 {
		return errors.New("--timeout must be positive and --lock-timeout not negative")
	}
	return nil
}

// config builds the engine.Config of root absRoot from the flags.
func (f *engineFlags) config(absRoot string) (*engine.Config, error) {
	cfg := engine.DefaultConfig(absRoot)
	if f.help.full {
		for _, a := range f.allow {
			if f.help.rejectEmptyAllow && strings.TrimSpace(a) == "" {
				return nil, errors.New("--allow needs a directory; an empty one would mean the current directory")
			}
			abs, err := filepath.Abs(a)
			if err != nil {
				return nil, fmt.Errorf("--allow %s: %v", a, err)
			}
			cfg.Allow = append(cfg.Allow, abs)
		}
		cfg.AllowEscape, cfg.NoFsync = *f.allowEscape, *f.noFsync
		cfg.GitAuthor = *f.gitAuthor
		cfg.LockFile, cfg.LockTimeout = *f.lockFile, *f.lockTimeout
	}
	cfg.Timeout, cfg.MaxOutput, cfg.NoGit = *f.timeout, int(f.maxOut), *f.noGit
	var err error
	if cfg.Approve, err = approval.Parse(*f.approve); err != nil {
		return nil, err
	}
	if cfg.Sandbox, err = sandbox.ParseMode(*f.sandbox); err != nil {
		return nil, fmt.Errorf("--sandbox: %v", err)
	}
	return cfg, nil
}
