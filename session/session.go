// Package session is what every front door of clada holds: `clada apply`,
// `clada check`, `clada watch`, `clada mcp` and the language server each
// open one Session and ask it to Apply, Check or Simulate a document, so
// they agree on what the project allows and what runs around an apply.
//
// Open puts together, once: the root, the project's .clada.yaml (read as
// clada reads its state files, config.Load), the user's trust store, the
// engine settings (defaults ← .clada.yaml ← flags, where the file may only
// tighten), the pass-env of a trusted file, the hook policy, and the
// warnings a front door shows. Apply is an apply with the config's hooks
// around the engine (apply.go, hooks.go); Check is the linter plus the
// project's refusals (check.go); Simulate is what a run would fail on,
// computed by the engine's own group runner (simulate.go). View, Read and
// Try (view.go) give a front door the tree to read as an apply sees it,
// behind an overlay, so none opens the tree itself. Undo, Squash and Log
// (history.go) walk the history of applies with the deny list an apply
// has, protect.go's additions included.
//
// A front door that wants less says so with a named Option (NoHooks,
// NoPassEnv, KeepBrokenConfig), visible where it opens the session.
// DecodeAnswer (answer_text.go) is how every front door that reads an
// answer's bytes turns them into text, before a session sees them.
//
// session imports config, engine (and its fsys, history and textedit),
// report, sandbox, lang and source; config imports no engine and runs
// nothing. Only the front doors import session: lsp, mcp, watch and
// cmd/clada. Start reading at Open below, then apply.go and simulate.go.
package session

import (
	"io"
	"path/filepath"
	"slices"

	"github.com/clada-dev/clada/config"
	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/approval"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/sandbox"
)

// Input is what a front door knows before the session opens: the root and
// what its command line set.
type Input struct {
	// Root is the project root, absolute and with symlinks resolved.
	Root string
	// ConfigFile is --config; "" finds .clada.yaml in Root or a parent.
	ConfigFile string
	// Engine holds the engine settings the flags gave (nil: the defaults
	// for Root). Open works on a copy whose Root is Root.
	Engine *engine.Config
	// Explicit reports whether the command line set flag name; the file
	// fills only what no flag set. nil: no flag was set.
	Explicit func(flag string) bool
	// Format is --format as given ("" when not): the file's format fills it.
	Format string
	// MaxReport is --max-report's value (its default when not given).
	MaxReport int
	// Log receives what Apply says about hooks: their output and outcome,
	// and why they did not run. nil discards it.
	Log io.Writer
}

// Option narrows what a session does. Each is named where the session is
// opened, so a front door that does less than `clada apply` says so.
type Option uint8

const (
	// NoHooks: the config's hooks never run, and nothing says they did not.
	NoHooks Option = 1 << iota
	// NoPassEnv: the config's pass-env is never honoured, and nothing says
	// so. With NoHooks as well the trust store is not read at all.
	NoPassEnv
	// KeepBrokenConfig: a .clada.yaml (or trust store) that does not load
	// is kept as ConfigErr instead of failing Open. The session then has
	// the engine defaults: Check reports the error as CONFIG_ERROR and
	// Apply refuses, as `clada apply` refuses to start.
	KeepBrokenConfig
	// PrefetchHooksPath: a front door that applies one answer and exits
	// (clada apply) starts looking up the repository's core.hooksPath at
	// Open, beside reading the config (only for an answer that writes:
	// HooksPathPrefetch); the first apply takes it (prefetch.go).
	PrefetchHooksPath
)

// Session is one project as a front door sees it. Its fields are read-only
// once Open returns; With derives a session for one call.
type Session struct {
	Root   string
	Config *config.Config // the project's .clada.yaml; an empty Config when there is none
	Trust  *config.Trust  // the user's trust store; nil when not read (NoHooks with NoPassEnv)
	// User is the user's own config.yaml: the toolchain caches they share
	// with commands and the directories every command may write, which no
	// project's file can grant. An empty User when there is none.
	User *config.User
	// Engine is the engine config of every run: defaults ← .clada.yaml ←
	// flags, the trusted pass-env appended.
	Engine *engine.Config
	// Format is the report format: --format, else the file's, else "" (each
	// syntax's own). MaxReport bounds each action's output in reports for
	// an LLM: --max-report when given, else the file's, else its default.
	Format    string
	MaxReport int

	// PassEnvIgnored says why the file's pass-env was not honoured (an
	// untrusted or changed file) and how to trust it; "" when it was or
	// there is none. Every front door that runs commands shows it once.
	PassEnvIgnored string
	// HooksIgnored says why the file's hooks will not run; "" when they
	// will or there are none. Apply reports it again on each real apply.
	HooksIgnored string
	// ConfigErr is why the project's config did not load (KeepBrokenConfig).
	ConfigErr error

	opts Option
	log  io.Writer
	// hooks is the lookup PrefetchHooksPath started; nil without it.
	hooks *hooksPrefetch
	// hooksSeen is the hooks lookup kept for the session's later applies,
	// shared by its copies (With).
	hooksSeen *hooksCache
}

// Open reads the project's config and the trust store for in.Root and
// works out the engine settings every run of the session uses.
func Open(in Input, opts ...Option) (*Session, error) {
	var o Option
	for _, x := range opts {
		o |= x
	}
	ec := engine.DefaultConfig(in.Root)
	if in.Engine != nil {
		c := *in.Engine
		c.Root = in.Root
		ec = &c
	}
	s := &Session{Root: in.Root, Engine: ec, Format: in.Format, MaxReport: in.MaxReport, opts: o, log: in.Log, hooksSeen: &hooksCache{}}
	if o&PrefetchHooksPath != 0 {
		s.hooks = prefetchHooks(in.Root)
	}
	if s.log == nil {
		s.log = io.Discard
	}
	c, t, u, err := load(in.Root, in.ConfigFile, o&NoHooks != 0 && o&NoPassEnv != 0)
	if err != nil {
		if o&KeepBrokenConfig == 0 {
			return nil, err
		}
		s.Config, s.User, s.ConfigErr = &config.Config{}, &config.User{}, err
		return s, nil
	}
	s.Config, s.Trust, s.User = c, t, u
	// The user's own widening, which a project's file cannot undo either:
	// it is the user's, as the command line is.
	ec.ShareCaches = append(ec.ShareCaches, u.ShareCaches...)
	ec.Writable = append(ec.Writable, u.Writable...)
	explicit := in.Explicit
	if explicit == nil {
		explicit = func(string) bool { return false }
	}
	applyConfig(c, ec, explicit)
	if o&NoPassEnv == 0 {
		if s.PassEnvIgnored = t.PassEnvBlocked(c); s.PassEnvIgnored == "" {
			ec.PassEnv = append(ec.PassEnv, c.PassEnv...)
		}
	}
	if o&NoHooks == 0 {
		s.HooksIgnored = t.HooksBlocked(c)
	}
	if s.Format == "" {
		s.Format = c.Format
	}
	if c.MaxReport > 0 && !explicit("max-report") {
		s.MaxReport = c.MaxReport
	}
	return s, nil
}

// load reads the project's config and, unless noTrust (a front door that
// runs no command: check, undo), the user's config.yaml and the trust
// store.
func load(root, file string, noTrust bool) (*config.Config, *config.Trust, *config.User, error) {
	c, err := LoadConfig(root, file)
	if err != nil || noTrust {
		return c, nil, &config.User{}, err
	}
	u, err := LoadUserConfig()
	if err != nil {
		return nil, nil, nil, err
	}
	t, err := config.LoadTrust()
	return c, t, u, err
}

// With returns a copy of s for one call whose engine config (its own output
// stream and approval questions) or hook log differ; nil keeps s's.
func (s *Session) With(cfg *engine.Config, log io.Writer) *Session {
	c := *s
	if cfg != nil {
		c.Engine = cfg
	}
	if log != nil {
		c.log = log
	}
	return &c
}

// applyConfig puts the file's settings into ec for every setting whose
// flag the command line did not set (explicit reports whether flag NAME
// was given), so defaults ← .clada.yaml ← flags. Lists only ever add
// restrictions: deny patterns join the engine's, and Refuse enforces
// allowed-actions, allow and deny on every action whatever the flags say.
//
// This is the one place that knows both config.Config's and
// engine.Config's fields.
func applyConfig(c *config.Config, ec *engine.Config, explicit func(flag string) bool) {
	if c.Timeout > 0 && !explicit("timeout") {
		ec.Timeout = c.Timeout
	}
	if c.MaxOutput > 0 && !explicit("max-output") {
		ec.MaxOutput = c.MaxOutput
	}
	if c.Approve != approval.Default && !explicit("approve") {
		ec.Approve = c.Approve
	}
	if c.Sandbox != "" && !explicit("sandbox") {
		// config.Parse accepted only "write" and "strict": a project file
		// may confine commands more, never less.
		if m, err := sandbox.ParseMode(c.Sandbox); err == nil {
			ec.Sandbox = m
		}
	}
	// c.MaxReport is no engine setting: it bounds what the report renderers
	// print (Session.MaxReport).
	if c.Dir == ec.Root {
		// Same base as the engine's patterns: the engine also checks them at
		// write time (through moves and every op), not only as written.
		ec.Deny = append(ec.Deny, c.Deny...)
	}
	// The loop's files hold the answer being applied and its results (and
	// .clada/ the last full report): a search an answer runs must not find
	// them (README, "clada watch"). Without a .clada.yaml the input is the
	// default one in the root.
	ec.Unlisted = append(slices.Clip(ec.Unlisted), c.WatchInput(ec.Root), filepath.Join(ec.Root, ".clada"))
	if out := c.WatchOutput(); out != "" {
		ec.Unlisted = append(ec.Unlisted, out)
	}
	if c.AllowedActions != nil || c.Allow != nil || len(c.Deny) > 0 {
		root := ec.Root
		ec.Refuse = func(a *lang.Action) string { return c.Refuse(root, a) }
	}
}
