package engine

import (
	"fmt"
	"strings"
	"time"

	"github.com/clada-dev/clada/engine/approval"
	"github.com/clada-dev/clada/engine/command"
	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/internal/state"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/sandbox"
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
	OutputMode OutputMode    // what becomes of a command's output (--output-mode)
	// PassEnv names environment variables that look like secrets (command.SecretEnv)
	// and are passed to commands all the same (--pass-env, or pass-env of a
	// trusted .clada.yaml).
	PassEnv []string
	// Stream receives "[task-N:exec] line" output when OutputMode is OutputStream.
	Stream func(line string)
	// StreamByBlockID labels streamed lines with the action's block id
	// where it has one ("[x9q:exec] line"), for a report that names
	// actions that way (report.NamesByBlockID), so the lines and the
	// status line they belong to carry one name.
	StreamByBlockID bool

	NoGit     bool   // --no-git
	GitAuthor string // --git-author

	// RemovedBy says what clada's own history of applies shows of abs, a
	// path the run finds missing (README, "The git model": the records
	// clada signed that still stand): the id of the newest such apply that
	// changed abs, when it deleted abs (to == "") or moved it to the
	// absolute path to; "" when no such apply shows that. A delete or move
	// answered again is then already applied (removed_before.go): the
	// history proves the path was right and the step ran. The session sets
	// it from the history file (history.Attach); nil (--no-git, no
	// repository, a Go caller) knows of no apply. It may read the
	// history the first time it is asked, never after.
	RemovedBy func(abs, to string) string

	// UserDir is the user's clada directory (state.UserDir: the user's
	// config dir, outside every repository), where what the user decided
	// lives: the command approvals (command/approvals.go), the trust store
	// and the key that signs the history of applies (history/sign.go).
	// DefaultConfig fills it; "" when the user has no config dir: nothing
	// is approved and the history is not signed.
	UserDir string

	LockFile    string        // --lock-file; default .clada/lock under the root
	LockTimeout time.Duration // --lock-timeout

	// Approve is the gate for commands not yet in the allowlist (approve.go,
	// command/gate.go): approval.Never, Ask or Always, or Default
	// (--approve not given) for each syntax's own default: CSL asks
	// first-use approval, SHAM and CML run their commands.
	Approve approval.Policy
	// Confirm asks the user a yes/no question on the terminal (--approve ask).
	// err means there is no terminal to ask on; a nil Confirm means the same.
	Confirm func(question string) (yes bool, err error)

	// Sandbox confines every command (--sandbox): sandbox.Off, Write or Strict.
	Sandbox sandbox.Mode
	// CacheDir is clada's cache root for commands' toolchains
	// (state.CommandCacheDir; DefaultConfig fills it), "" for none; ShareCaches
	// the toolchains whose own caches the user shares with commands, and
	// Writable more directories every command may write: both from the
	// user's own config.yaml (session), never from a project.
	CacheDir    string
	ShareCaches []string
	Writable    []string

	// rootID is the root's identity, pinned by Run for one apply
	// (pinRoot, exec.go); nil outside an apply.
	rootID *command.DirID
	// obs is the observer of one real apply, set by Run on its own copy
	// (observer.go): it hears of each command. nil outside an apply.
	obs Observer
	// ends caches, for one run, the final-newline convention of each file
	// kind (final_newline.go); Run gives its own copy a fresh one. nil
	// outside a run: each new file then looks again.
	ends *endConvention
	// writable remembers, for one run, the writes CheckWrite allowed, by
	// path as written and absolute path (path.go): an answer of 5,000 edits
	// to one file had its path matched against every deny pattern 5,000
	// times, a quarter of the apply. Only allowances are kept; a refusal
	// is checked again. nil outside a run: each write is checked again.
	writable *runMemo[bool]
	// resolved remembers, for one run, the paths Resolve took: a diff of
	// 10,000 hunks resolved each hunk's path three times (its check, its
	// step, its trial), 5% of the apply. Resolve reads nothing on disk, so
	// its verdict on a path holds for the run. nil outside a run.
	resolved *runMemo[string]

	// Refuse is the project config's verdict on an action before it runs
	// (allowed-actions, allow/deny globs): a non-empty reason fails it as a
	// validation error. nil allows everything.
	Refuse func(a *lang.Action) string

	// Unlisted are absolute paths of files and folders grep and glob leave
	// out when they walk a directory: the loop's own (the watch input an
	// answer is pasted into, the results file, .clada/ with the last full
	// report), so a search never finds the pasted answer or earlier results
	// again. A search that names such a path still reads it.
	Unlisted []string

	// OpBudget is how long one grep or glob may walk before it stops with
	// an error naming what it scanned (--op-budget; budget.go).
	OpBudget time.Duration
	// MaxReadBytes is the largest file clada reads whole, for reads, edits
	// and grep (--max-read; read_cap.go). Larger files fail with their size
	// and how to read a range.
	MaxReadBytes int64
	// ordinaryOnly turns the fast paths off (the edit index, edit_index.go;
	// a trial's outcome written whole, group_all_or_nothing.go): tests
	// compare them with the ordinary path.
	ordinaryOnly bool
	// failRename, when not nil, fails the all-or-nothing batches' renames
	// it returns an error for (fsys.Batch.FailRename): tests of a commit
	// that fails half-way.
	failRename func(name string) error
	// plan is the run's edit plan (Run: its write-back's, or its dry
	// run's overlay's); a group whose texts were deferred joins it when
	// they are read for an ordinary run (group_all_or_nothing.go).
	plan editPlan
	// chains is the run's steps that edit one file more than once
	// (replay_chain.go): a replayed first step is judged by the last.
	chains *replayChains
	// locked says the run's caller holds the root's lock and pinned the
	// root (lockRoot): --atomic holds it across its simulation and apply.
	locked bool
}

// DefaultTimeout is a command's time unless --timeout, the config or the
// command's own timeout param says otherwise: long enough for a cold build
// and test run of a small project (go build, vet and test of one with a
// cold cache take about 45 s on a busy 2-core machine), short enough that
// a command that never ends (a server started in the foreground) costs
// minutes, not the session (README, "Commands": why not the 5 s of the
// original spec or an agent's 2 minutes).
const DefaultTimeout = 5 * time.Minute

// OutputMode is what becomes of a command's output as it runs
// (--output-mode). Every mode keeps the output in the result's data; the
// zero OutputMode is none of them and streams nothing.
type OutputMode uint8

const (
	// OutputStream sends each line to Config.Stream as the command prints it.
	OutputStream OutputMode = iota + 1
	// OutputBuffer holds it for the report, which prints it after the run.
	OutputBuffer
	// OutputSilent neither streams nor prints it.
	OutputSilent
)

// String is the mode's word, as --output-mode takes it.
func (m OutputMode) String() string {
	switch m {
	case OutputStream:
		return "stream"
	case OutputBuffer:
		return "buffer"
	case OutputSilent:
		return "silent"
	}
	return ""
}

// ParseOutputMode reads an --output-mode word. The error is the one the
// flag reports.
func ParseOutputMode(s string) (OutputMode, error) {
	for _, m := range []OutputMode{OutputStream, OutputBuffer, OutputSilent} {
		if s == m.String() {
			return m, nil
		}
	}
	return 0, fmt.Errorf("unknown --output-mode %q; use stream, buffer or silent", s)
}

// DefaultDeny is the deny list used when none is configured. .clada/ holds
// clada's own state (the lock; earlier versions kept command approvals
// there, and a repository may still carry that file: README, "Safety").
// .git, .clada and .ssh are refused in any case (see CheckWrite); they stay
// listed so the list says so. The rest is what other tools run or obey on
// their own, so an answer that wrote it could escalate past the gate the
// next time the tool starts: editor and agent settings (tasks, hooks,
// permission lists), the project MCP config (.mcp.json, whose servers
// Claude Code and others start), CI workflows, and git hooks kept in the
// work tree (.husky; the directory the repository's core.hooksPath names
// is added per apply, history.HooksDeny). A .clada.yaml deny adds to this
// list; a Go caller may set Config.Deny to anything.
var DefaultDeny = []string{".git/**", "**/.ssh/**", ".clada/**",
	"**/.vscode/**", "**/.claude/**", "**/.codex/**", "**/.cursor/**", "**/.idea/**",
	"**/.gemini/**", "**/.github/workflows/**", "**/.mcp.json", "**/.husky/**"}

// denyFix is the fix every deny refusal names: clada never writes those
// paths, whatever the answer says, and the user is the one to make them.
const denyFix = "clada never writes what its deny list names (the settings other tools run or obey, git hooks, and the project's .clada.yaml deny); create or edit it by hand if you want it"

// EscapeGlob makes a slash path a deny pattern that matches only itself
// (path.Match syntax: * ? [ and \ escaped).
func EscapeGlob(p string) string {
	var b strings.Builder
	for _, c := range p {
		if strings.ContainsRune(`*?[\`, c) {
			b.WriteByte('\\')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// DefaultConfig returns the documented defaults for a root.
func DefaultConfig(root string) *Config {
	userDir, _ := state.UserDir()          // none: nothing approved, history unsigned (UserDir)
	cacheDir, _ := state.CommandCacheDir() // none: commands keep the cache variables they have
	return &Config{
		Root:        root,
		UserDir:     userDir,
		CacheDir:    cacheDir,
		Deny:        append([]string(nil), DefaultDeny...),
		Timeout:     DefaultTimeout,
		MaxOutput:   10 << 20,
		OutputMode:  OutputStream,
		GitAuthor:   "clada",
		LockTimeout: 10 * time.Second,
		Sandbox:     sandbox.Write,

		// the cost limits (README, "`clada apply` flags": --op-budget, --max-read)
		OpBudget:     DefaultOpBudget,
		MaxReadBytes: DefaultMaxReadBytes,
	}
}

// NewOS opens cfg's real tree (the root, each --allow directory, and "/"
// under --allow-escape) for a run. Close it when the run ends.
func NewOS(cfg *Config) (*fsys.OS, error) {
	return fsys.NewOS(fsys.Options{Root: cfg.Root, Allow: cfg.Allow, AllowEscape: cfg.AllowEscape,
		NoFsync: cfg.NoFsync, MaxRead: cfg.maxReadBytes()})
}
