package command

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/clada-dev/clada/engine/approval"
	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/engine/textedit"
	"github.com/clada-dev/clada/sandbox"
)

// Settings is what the gate and the launcher take from an apply's
// configuration (engine builds it from its Config, per command).
type Settings struct {
	Root string // absolute project root, symlinks resolved: what approvals are kept for, the sandbox's writable tree
	// UserDir is the user's clada directory (state.UserDir), outside every
	// repository: the approvals store lives there (approvals.go). "" when
	// there is none: nothing is approved, and approving cannot be recorded.
	UserDir     string
	Allow       []string // --allow directories: a cwd may lie in them, the sandbox lets commands write them
	AllowEscape bool     // a cwd may lie anywhere
	// Timeout is a command's time unless Command.Timeout says otherwise.
	Timeout time.Duration
	// MaxOutput is how many bytes of each stream (stdout, stderr) are kept.
	MaxOutput int
	// Stream, when set, receives each complete output line as
	// "[label:exec] line" while the command runs.
	Stream func(line string)
	// Approve is the gate's policy for a command not yet approved:
	// approval.Never, Ask, Always, or Default to run it without asking.
	Approve approval.Policy
	// Confirm asks the user a yes/no question on the terminal (Ask); err
	// means there is no terminal to ask on, and a nil Confirm means the same.
	Confirm func(question string) (yes bool, err error)
	// Sandbox confines every command: sandbox.Off, Write (also when "") or Strict.
	Sandbox sandbox.Mode
	// PassEnv names secret-looking variables passed to commands all the same.
	PassEnv []string
	// RootID is the root's identity pinned for this apply (IDOf); nil
	// outside an apply. A command does not start in a root swapped since.
	RootID *DirID
}

// Outcome is what the gate or one command came to, in the shape of the
// exec op's result: Error is the report's sentence, Hint says what would
// work, Type is the report's error type (exec_failed, exec_timeout,
// sandbox_denied, …), and Data holds stdout, stderr and exit_code once the
// command ran.
type Outcome struct {
	Success bool
	Error   string
	Hint    string
	Type    fault.Kind
	Data    map[string]any
}

// truncatedMarker ends captured output that hit Settings.MaxOutput.
const truncatedMarker = "[output truncated]"

// waitDelay bounds how long clada waits for a command's pipes to close after
// the command itself exited or was killed: a background grandchild holding
// stdout open must not hang the apply.
const waitDelay = 2 * time.Second

// interpreters maps the exec op's lang values to an argv prefix; the code is
// passed as the last argument, so stdin stays /dev/null.
var interpreters = map[string][]string{
	"bash":       {"bash", "-c"},
	"sh":         {"sh", "-c"},
	"python":     {"python3", "-c"},
	"javascript": {"node", "-e"},
}

// Command is one process to start: an argv run without a shell, in Dir.
// label prefixes streamed lines ("task-3" → "[task-3:exec] …").
type Command struct {
	Argv    []string
	Dir     string        // absolute working directory
	Timeout time.Duration // 0 means Settings.Timeout
	Label   string
}

// Argv is the argv of the exec op's lang and code: a CSL RUN without lang
// (lang "argv") split as one command line without a shell, a script as its
// interpreter with the code as the last argument. fail says why there is
// none.
func Argv(langName, code string) (argv []string, fail *Outcome) {
	if langName == "argv" { // CSL's RUN without lang: one command, no shell
		var err error
		if argv, err = splitArgv(code); err != nil {
			return nil, &Outcome{Error: "exec: " + err.Error(), Type: fault.ExecFailed,
				Hint: "RUN without lang runs exactly one command, without a shell: write one RUN per command"}
		}
		return argv, nil
	}
	prefix, ok := interpreters[langName]
	if !ok {
		return nil, &Outcome{Error: fmt.Sprintf("exec: unsupported lang %q", langName), Type: fault.ExecFailed,
			Hint: "use one of bash, sh, python, javascript"}
	}
	if sh := substitute(langName); sh != nil { // interp_windows.go: no bash here
		return sh.argv(code), nil
	}
	return append(append([]string(nil), prefix...), code), nil
}

// ShellKey is the key, in a script's result data, of the shell it ran in
// when that is not the one its lang names (Substitute); engine warns once.
const ShellKey = "shell"

// Interpreter is the program a script in langName runs in ("python3" for
// python), or "" for an unknown lang.
func Interpreter(langName string) string {
	if prefix, ok := interpreters[langName]; ok {
		return prefix[0]
	}
	return ""
}

// Run starts c in a fresh process group with stdin from /dev/null, stdout
// and stderr to clada's pipes and no other descriptor, GIT_* and
// secret-looking variables removed from the environment (env.go), confined
// by s.Sandbox (sandbox.go) and on Linux in PID and mount namespaces of its
// own (procattr_linux.go), waits for it within its timeout (then kills the
// whole group), and reports stdout, stderr and exit_code in Data. A
// non-zero exit is exec_failed (or sandbox_denied when the sandbox refused a
// write); running out of time is exec_timeout. Data[SharedProcKey] is a
// warning when the command could read clada's own /proc entry.
func Run(ctx context.Context, s Settings, c Command) Outcome {
	timeout := c.Timeout
	if timeout <= 0 {
		timeout = s.Timeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()

	if err := lookCommand(c.Argv[0]); err != nil {
		return Outcome{Error: fmt.Sprintf("exec: start %s: %v", c.Argv[0], err), Type: fault.ExecFailed,
			Hint: fmt.Sprintf("is %s installed and on PATH?", c.Argv[0])}
	}
	if err := CheckPinned(s.Root, s.RootID); err != nil {
		return Outcome{Error: "exec: " + err.Error(), Type: fault.PermissionDenied, Hint: "nothing ran; apply again once the root is what it was"}
	}
	dirFile, err := openCommandDir(s, c.Dir) // dir.go
	if err != nil {
		res := Outcome{Error: "exec: cwd: " + err.Error(), Type: fault.ExecFailed}
		var refused *refusal
		if errors.As(err, &refused) {
			res.Type, res.Hint = refused.Type, refused.Fix
		}
		return res
	}
	defer dirFile.Close()
	// Whatever clada inherited open (an editor's or agent host's
	// descriptor on a file anywhere) must not reach the command.
	if err := sandbox.CloseInherited(); err != nil {
		return Outcome{Error: "exec: close the descriptors clada inherited: " + err.Error(), Type: fault.ExecFailed,
			Hint: "nothing ran; a command would have inherited them"}
	}
	env, withheld := commandEnv(s, os.Environ())
	argv, env := c.Argv, append(env, "PWD="+c.Dir)
	box, fail := confine(s, sandbox.ABI())
	if fail != nil {
		return *fail
	}
	starts := directStarts()
	if box != nil {
		defer box.cleanup()
		argv, env = box.wrap(argv, env)
		starts = helperStarts()
	}

	// The process group (Unix) or Job Object (Windows) the whole tree is
	// killed through.
	grp, err := newGroup()
	if err != nil {
		return Outcome{Error: "exec: " + err.Error(), Type: fault.ExecFailed, Hint: "nothing ran"}
	}
	defer grp.close()
	stdout := newCapture(s, c.Label)
	stderr := newCapture(s, c.Label)
	cmd, shared, err := launch(starts, grp, func() *exec.Cmd {
		cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
		// The directory opened above, whatever its path names by now.
		cmd.Dir = openDirPath(dirFile, c.Dir)
		cmd.Env = env
		cmd.Cancel = func() error { return grp.kill(cmd) }
		cmd.WaitDelay = waitDelay
		cmd.Stdout, cmd.Stderr = stdout, stderr
		return cmd
	}, len(withheld) > 0)
	if err != nil {
		return Outcome{Error: fmt.Sprintf("exec: start %s: %v", c.Argv[0], err), Type: fault.ExecFailed,
			Hint: fmt.Sprintf("is %s installed and on PATH?", c.Argv[0])}
	}
	err = cmd.Wait()
	// Whatever the command left running in its group dies with it, so nothing
	// keeps writing into the tree after clada has reported.
	_ = grp.kill(cmd)
	stdout.flush()
	stderr.flush()

	code := -1
	if cmd.ProcessState != nil {
		code = cmd.ProcessState.ExitCode()
	}
	data := map[string]any{"stdout": stdout.String(), "stderr": stderr.String(), "exit_code": code}
	if shared != nil && len(withheld) > 0 {
		data[SharedProcKey] = sharedProcWarning(*shared, withheld)
	}
	switch {
	case ctx.Err() == context.DeadlineExceeded:
		return Outcome{Error: fmt.Sprintf("exec: command timed out after %s", timeout), Type: fault.ExecTimeout, Data: data,
			Hint: "raise --timeout or the timeout param, or make the command finish sooner"}
	case ctx.Err() != nil:
		return Outcome{Error: "exec: cancelled (clada was interrupted); the command's process group was killed", Type: fault.ExecFailed, Data: data}
	case err != nil && !errors.Is(err, exec.ErrWaitDelay) && code == 0:
		return Outcome{Error: fmt.Sprintf("exec: %v", err), Type: fault.ExecFailed, Data: data}
	case code != 0 && box != nil:
		return box.failed(c, code, data)
	case code != 0:
		return Outcome{Error: fmt.Sprintf("exec: command exited with code %d", code), Type: fault.ExecFailed, Data: data}
	}
	if box != nil {
		box.deniedButSucceeded(c, data)
	}
	return Outcome{Success: true, Data: data}
}

// lookCommand checks that a bare command name is on PATH, so a missing
// program is reported the same with and without the sandbox helper in
// between. A name with a slash (or on Windows a backslash) is left for the
// start to resolve in the cwd.
func lookCommand(name string) error {
	if strings.ContainsAny(name, "/"+string(filepath.Separator)) {
		return nil
	}
	_, err := exec.LookPath(name)
	return err
}

// CleanEnv drops GIT_* variables so a command run from a git hook (or from
// clada's own git handling) cannot act on the wrong repository.
func CleanEnv(env []string) []string {
	out := env[:0:0]
	for _, kv := range env {
		if !strings.HasPrefix(kv, "GIT_") {
			out = append(out, kv)
		}
	}
	return out
}

// capture keeps up to Settings.MaxOutput bytes of one stream, counts the
// rest, and forwards each complete line to Settings.Stream with a prefix.
type capture struct {
	mu        sync.Mutex
	max       int
	buf       bytes.Buffer
	truncated bool
	stream    func(string)
	prefix    string
	line      []byte
}

func newCapture(s Settings, label string) *capture {
	c := &capture{max: s.MaxOutput}
	if s.Stream != nil {
		c.stream = s.Stream
		c.prefix = "[" + label + ":exec] "
	}
	return c
}

func (c *capture) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	room := c.max - c.buf.Len()
	if room >= len(p) {
		c.buf.Write(p)
	} else {
		if room > 0 {
			c.buf.Write(p[:room])
		}
		c.truncated = true
	}
	if c.stream != nil && !c.truncated {
		c.forward(p)
	}
	return len(p), nil
}

// forward sends the complete lines of p to the stream; a partial last line
// waits for the next write or flush.
func (c *capture) forward(p []byte) {
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			c.line = append(c.line, p...)
			return
		}
		c.line = append(c.line, p[:i]...)
		c.stream(c.prefix + textedit.Printable(strings.TrimSuffix(string(c.line), "\r")))
		c.line = c.line[:0]
		p = p[i+1:]
	}
}

// flush streams a pending partial line and the truncation marker.
func (c *capture) flush() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.stream == nil {
		return
	}
	if len(c.line) > 0 {
		c.stream(c.prefix + textedit.Printable(string(c.line)))
		c.line = nil
	}
	if c.truncated {
		c.stream(c.prefix + truncatedMarker)
	}
}

// String is the captured text, ending in the marker when it was cut.
func (c *capture) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.truncated {
		return c.buf.String()
	}
	s := c.buf.String()
	if s != "" && !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	return s + truncatedMarker
}
