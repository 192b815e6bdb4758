package engine

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/clada-dev/clada/engine/command"
	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/lang"
)

// The exec op: package command holds the gate and the launcher; this is
// where a run's Config and an action's params meet them.

// execOp carries out the exec op of a block of syntax s: it turns lang+code
// into an argv, asks the gate (command/gate.go), and runs it in the
// resolved cwd. The timeout param (seconds) overrides cfg.Timeout.
func execOp(ctx context.Context, cfg *Config, s lang.Syntax, params map[string]string, label string) Result {
	langName, code := params[lang.ParamLang], params[lang.ParamCode]
	argv, fail := command.Argv(langName, code)
	if fail != nil {
		return fromOutcome(*fail)
	}
	set := commandSettings(cfg)
	set.Approve = policyFor(cfg, s) // approve.go
	if res, ok := command.Approve(set, langName, code, argv); !ok {
		return fromOutcome(res)
	}
	dir, timeout, bad := execPlace(cfg, params)
	if bad != nil {
		return *bad
	}
	res := fromOutcome(command.GuardTrust(cfg.UserDir, func() command.Outcome {
		return command.Run(ctx, set, command.Command{Argv: argv, Dir: dir, Timeout: timeout, Label: label})
	}))
	if sh := command.Substitute(langName); sh != "" && res.Data != nil {
		res.Data[command.ShellKey] = sh // on Windows without bash: the shell it ran in instead
	}
	return res
}

// commandSettings is what the gate and the launcher take from cfg; the
// gate's policy (Approve) is the caller's to set, per syntax.
func commandSettings(cfg *Config) command.Settings {
	s := command.Settings{Root: cfg.Root, UserDir: cfg.UserDir, Allow: cfg.Allow, AllowEscape: cfg.AllowEscape,
		Timeout: cfg.Timeout, MaxOutput: cfg.MaxOutput, Confirm: cfg.Confirm,
		Sandbox: cfg.Sandbox, PassEnv: cfg.PassEnv, RootID: cfg.rootID,
		Caches: command.Caches{Dir: cfg.CacheDir, Share: cfg.ShareCaches}, Writable: cfg.Writable}
	if cfg.OutputMode == OutputStream {
		s.Stream = cfg.Stream
	}
	return s
}

// CommandSettings is what the launcher takes from c, for a front door that
// shows what commands would get (`clada sandbox --explain`) without
// running one.
func (c *Config) CommandSettings() command.Settings { return commandSettings(c) }

// fromOutcome is a command's outcome as the exec op's Result.
func fromOutcome(o command.Outcome) Result {
	return Result{Success: o.Success, Error: o.Error, Hint: o.Hint, Type: o.Type, Data: o.Data}
}

// execPlace reads the cwd and timeout params every kind of command takes;
// fail says why they cannot be used.
func execPlace(cfg *Config, params map[string]string) (dir string, timeout time.Duration, fail *Result) {
	dir, err := execDir(cfg, params[lang.ParamCwd])
	if err != nil {
		res := Result{Error: "exec: cwd: " + err.Error(), Type: fault.PathEscape}
		var refused *fsys.RefusedError
		if errors.As(err, &refused) {
			res.Type, res.Hint = refused.Type, refused.Fix
		}
		return "", 0, &res
	}
	if s := params[lang.ParamTimeout]; s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n <= 0 {
			return "", 0, &Result{Error: fmt.Sprintf("exec: timeout %q is not a positive number of seconds", s), Type: fault.ExecFailed}
		}
		timeout = time.Duration(n) * time.Second
	}
	return dir, timeout, nil
}

// execDir resolves the exec cwd param like any other path (Config.Resolve);
// an empty cwd is the root.
func execDir(cfg *Config, cwd string) (string, error) {
	if cwd == "" {
		return cfg.Root, nil
	}
	return cfg.Resolve(cwd)
}

// sandboxDeniedWarnings are the report's warnings for a command that
// exited 0 after the sandbox refused one of its writes or, under --sandbox
// strict, a connection (command.DeniedKey, NetDeniedKey); none when nothing
// was refused.
func sandboxDeniedWarnings(res *ActionResult) []string {
	if !res.Success {
		return nil
	}
	who := res.Task
	if res.BlockID != "" {
		who = res.BlockID
	}
	var out []string
	if what, _ := res.Data[command.DeniedKey].(string); what != "" {
		out = append(out, fmt.Sprintf("%s: the sandbox denied writing %s, though the command exited 0; commands may write only under the root, the --allow directories, clada's cache for their toolchains and their own $TMPDIR (only the user can widen that, with --allow DIR, sandbox.writable in their config.yaml, or --sandbox off)", who, what))
	}
	if line, _ := res.Data[command.NetDeniedKey].(string); line != "" {
		out = append(out, fmt.Sprintf("%s: the network is blocked by --sandbox strict (%s), though the command exited 0; only the user can allow the network, with --sandbox write (or --sandbox off)", who, line))
	}
	return out
}

// sharedProcWarning takes from a command's result the warning that it
// could read clada's own /proc entry (command.SharedProcKey), which belongs
// to the report once rather than to each result; "" when it had a /proc of
// its own.
func sharedProcWarning(res *ActionResult) string {
	w, _ := res.Data[command.SharedProcKey].(string)
	delete(res.Data, command.SharedProcKey)
	return w
}

// shellWarning is the report's warning for a script that ran in another
// shell than its lang names (command.Substitute: PowerShell on a Windows
// without bash); "" when it ran in its own.
func shellWarning(res *ActionResult, a *lang.Action) string {
	sh, _ := res.Data[command.ShellKey].(string)
	if sh == "" {
		return ""
	}
	l, _ := a.Value(lang.ParamLang)
	return fmt.Sprintf("%s is not installed here, so %s commands ran in %s, whose syntax differs (install Git for Windows for bash)", l, l, sh)
}

// pinRoot returns cfg with the root's identity recorded (a copy: the
// caller's Config is left as it was), so that every command of the apply
// checks it is still the same directory (command/dir.go).
func pinRoot(cfg *Config) (*Config, error) {
	id, err := command.IDOf(cfg.Root)
	if err != nil {
		return nil, fmt.Errorf("pin the project root: %w", err)
	}
	c := *cfg
	c.rootID = &id
	return &c, nil
}
