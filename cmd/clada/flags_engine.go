package main

import (
	"errors"
	"flag"
	"time"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/session"
)

// engineFlags are the flags apply, mcp and watch share to build an
// engine.Config, declared and checked once so their names, defaults and
// errors cannot drift between commands. The flags of commands (--allow,
// --sandbox, --pass-env, --timeout, --approve) are session's, which the
// language server takes too (session.CommandFlags). Only the help texts
// that say something different per command come in as engineHelp.
type engineFlags struct {
	root, configFile *string
	maxOut           sizeFlag
	noGit            *bool
	commands         *session.CommandFlags

	// apply and mcp only (engineHelp.full): paths, lock, git and fsync.
	allowEscape, noFsync *bool
	gitAuthor, lockFile  *string
	lockTimeout          *time.Duration

	help engineHelp
}

// engineHelp is what differs between the commands: the help of --approve,
// --sandbox and --no-git, and whether the full set (apply, mcp) is declared.
type engineHelp struct {
	approve, sandbox, noGit string
	full                    bool
	// rejectEmptyAllow refuses --allow "" (apply, watch); mcp takes it as
	// the current directory, as it always has.
	rejectEmptyAllow bool
}

// addEngineFlags declares the shared flags on fs.
func addEngineFlags(fs *flag.FlagSet, h engineHelp) *engineFlags {
	f := &engineFlags{help: h, maxOut: sizeFlag(10 << 20)}
	f.root = fs.String("root", ".", "project root every path resolves against")
	f.configFile = fs.String("config", "", "project config (default: .clada.yaml in the root or a parent)")
	f.commands = session.AddCommandFlags(fs, session.CommandHelp{Approve: h.approve, Sandbox: h.sandbox, RejectEmptyAllow: h.rejectEmptyAllow})
	f.noGit = fs.Bool("no-git", false, h.noGit)
	fs.Var(&f.maxOut, "max-output", "output kept per command stream (e.g. 10MB)")
	if !h.full {
		return f
	}
	f.allowEscape = fs.Bool("allow-escape", false, "permit paths outside the root")
	f.gitAuthor = fs.String("git-author", "clada", "author name of clada's commits")
	f.lockFile = fs.String("lock-file", "", "lock file (default .clada/lock under the root)")
	f.lockTimeout = session.DurationVar(fs, "lock-timeout", 10*time.Second, "how long to wait for another apply's lock")
	f.noFsync = fs.Bool("no-fsync", false, "skip fsync (faster; loses power-loss durability)")
	return f
}

// check refuses flag values no run can use: the command flags' (an
// --approve that is not never, ask or always, an unknown --sandbox, a
// non-positive --timeout, an empty --allow where refused) and a negative
// --lock-timeout.
func (f *engineFlags) check() error {
	if err := f.commands.Check(); err != nil {
		return err
	}
	if f.help.full && *f.lockTimeout < 0 {
		return errors.New("--lock-timeout must not be negative")
	}
	return nil
}

// config builds the engine.Config of root absRoot from the flags.
func (f *engineFlags) config(absRoot string) (*engine.Config, error) {
	cfg := engine.DefaultConfig(absRoot)
	if err := f.commands.Apply(cfg); err != nil {
		return nil, err
	}
	if f.help.full {
		cfg.AllowEscape, cfg.NoFsync = *f.allowEscape, *f.noFsync
		cfg.GitAuthor = *f.gitAuthor
		cfg.LockFile, cfg.LockTimeout = *f.lockFile, *f.lockTimeout
	}
	cfg.MaxOutput, cfg.NoGit = int(f.maxOut), *f.noGit
	return cfg, nil
}
