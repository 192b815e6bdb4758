package session

import (
	"errors"
	"flag"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/approval"
	"github.com/clada-dev/clada/sandbox"
)

// CommandFlags are the flags that decide how commands run and what they may
// touch: --allow, --sandbox, --pass-env, --timeout and --approve. Every
// front door that runs commands takes them (clada apply, watch, mcp, the
// language server's command line) and `clada sandbox --explain` shows
// their effect, so they are declared and checked here, once: the same
// names, defaults, value syntax and errors everywhere (README, "Commands").
type CommandFlags struct {
	allow, passEnv   multiFlag
	sandbox, approve *string
	timeout          *time.Duration
	help             CommandHelp
}

// CommandHelp is what differs between front doors: the help of --approve
// (how each asks) and --sandbox, and whether --allow "" is refused.
type CommandHelp struct {
	Approve, Sandbox string
	// RejectEmptyAllow refuses --allow "" (apply, watch, the language
	// server); mcp takes it as the current directory, as it always has.
	RejectEmptyAllow bool
}

// SandboxHelp is --sandbox's help where a front door has nothing to add.
const SandboxHelp = "confine commands (Linux Landlock): write (write only under the root, --allow dirs, clada's cache for their toolchains and a temp dir), strict (also no network) or off"

// AddCommandFlags declares the command flags on fs.
func AddCommandFlags(fs *flag.FlagSet, h CommandHelp) *CommandFlags {
	if h.Sandbox == "" {
		h.Sandbox = SandboxHelp
	}
	f := &CommandFlags{help: h}
	fs.Var(&f.allow, "allow", "another directory paths may reach and commands may write (repeatable)")
	fs.Var(&f.passEnv, "pass-env", "pass this secret-looking environment variable (*KEY*, *SECRET*, *TOKEN*, *PASSWORD*) to commands (repeatable)")
	f.sandbox = fs.String("sandbox", string(sandbox.Write), h.Sandbox)
	f.approve = fs.String("approve", "", h.Approve)
	f.timeout = DurationVar(fs, "timeout", engine.DefaultTimeout, "per-command timeout; the whole process group is killed")
	return f
}

// Check refuses values no run can use, naming the flag.
func (f *CommandFlags) Check() error {
	if _, err := approval.Parse(*f.approve); err != nil {
		return err
	}
	if _, err := sandbox.ParseMode(*f.sandbox); err != nil {
		return fmt.Errorf("--sandbox: %v", err)
	}
	if *f.timeout <= 0 {
		return errors.New("--timeout must be positive")
	}
	if f.help.RejectEmptyAllow {
		for _, a := range f.allow {
			if strings.TrimSpace(a) == "" {
				return errors.New("--allow needs a directory; an empty one would mean the current directory")
			}
		}
	}
	return nil
}

// Apply puts the flags into cfg (made by engine.DefaultConfig): --allow
// made absolute, --pass-env added to what cfg passes already.
func (f *CommandFlags) Apply(cfg *engine.Config) error {
	if err := f.Check(); err != nil {
		return err
	}
	for _, a := range f.allow {
		abs, err := filepath.Abs(a)
		if err != nil {
			return fmt.Errorf("--allow %s: %v", a, err)
		}
		cfg.Allow = append(cfg.Allow, abs)
	}
	cfg.PassEnv = append(cfg.PassEnv, f.passEnv...)
	cfg.Timeout = *f.timeout
	cfg.Approve, _ = approval.Parse(*f.approve)
	cfg.Sandbox, _ = sandbox.ParseMode(*f.sandbox)
	return nil
}

// multiFlag collects a repeatable string flag (--allow DIR --allow DIR2).
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

// durationFlag is a time.Duration flag that also takes a bare number as
// seconds (`--timeout 5`), the way people and scripts write timeouts, and
// says what it wants when it cannot read the value.
type durationFlag struct{ d *time.Duration }

// DurationVar defines a duration flag on fs, as fs.Duration does, that also
// takes a bare number of seconds.
func DurationVar(fs *flag.FlagSet, name string, value time.Duration, usage string) *time.Duration {
	d := new(time.Duration)
	*d = value
	fs.Var(durationFlag{d}, name, usage+" (a `duration` such as 90s or 2m; a bare number is seconds)")
	return d
}

func (f durationFlag) String() string {
	if f.d == nil {
		return ""
	}
	return f.d.String()
}

func (f durationFlag) Set(s string) error {
	v := strings.TrimSpace(s)
	if secs, err := strconv.ParseFloat(v, 64); err == nil {
		*f.d = time.Duration(secs * float64(time.Second))
		return nil
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return fmt.Errorf("%q is not a duration: write seconds (5) or a Go duration (90s, 2m, 1h30m)", s)
	}
	*f.d = d
	return nil
}
