package engine

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/clada-dev/clada/engine/textedit"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/sandbox"
)

// truncatedMarker ends captured output that hit cfg.MaxOutput.
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
	Timeout time.Duration // 0 means cfg.Timeout
	Label   string
}

// execOp carries out the exec op of a block of syntax s: it turns lang+code
// into an argv, asks the gate (approve.go), and runs it in the resolved cwd.
// The timeout param (seconds) overrides cfg.Timeout.
func execOp(ctx context.Context, cfg *Config, s lang.Syntax, params map[string]string, label string) Result {
	langName, code := params["lang"], params["code"]
	var argv []string
	if langName == "argv" { // CSL's RUN without lang: one command, no shell
		var err error
		if argv, err = splitArgv(code); err != nil {
			return Result{Error: "exec: " + err.Error(), Type: "exec_failed",
				Hint: "RUN without lang runs exactly one command, without a shell: write one RUN per command"}
		}
	} else {
		prefix, ok := interpreters[langName]
		if !ok {
			return Result{Error: fmt.Sprintf("exec: unsupported lang %q", langName), Type: "exec_failed",
				Hint: "use one of bash, sh, python, javascript"}
		}
		argv = append(append([]string(nil), prefix...), code)
	}
	if res, ok := approve(cfg, s, commandKey(langName, code, argv)); !ok {
		return res
	}
	dir, timeout, fail := execPlace(cfg, params)
	if fail != nil {
		return *fail
	}
	return guardApprovals(cfg, func() Result {
		return RunCommand(ctx, cfg, Command{Argv: argv, Dir: dir, Timeout: timeout, Label: label})
	})
}

// execPlace reads the cwd and timeout params every kind of command takes;
// fail says why they cannot be used.
func execPlace(cfg *Config, params map[string]string) (dir string, timeout time.Duration, fail *Result) {
	dir, err := execDir(cfg, params["cwd"])
	if err != nil {
		res := Result{Error: "exec: cwd: " + err.Error(), Type: "path_escape"}
		var refused *RefusedError
		if errors.As(err, &refused) {
			res.Type, res.Hint = refused.Type, refused.Fix
		}
		return "", 0, &res
	}
	if s := params["timeout"]; s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n <= 0 {
			return "", 0, &Result{Error: fmt.Sprintf("exec: timeout %q is not a positive number of seconds", s), Type: "exec_failed"}
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

// RunCommand starts c in a fresh process group with stdin from /dev/null and
// GIT_* removed from the environment, confined by cfg.Sandbox (exec_sandbox.go),
// waits for it within its timeout (then kills the whole group), and reports
// stdout, stderr and exit_code in Data. A non-zero exit is exec_failed (or
// sandbox_denied when the sandbox refused a write); running out of time is
// exec_timeout.
func RunCommand(ctx context.Context, cfg *Config, c Command) Result {
	timeout := c.Timeout
	if timeout <= 0 {
		timeout = cfg.Timeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()

	if err := lookCommand(c.Argv[0]); err != nil {
		return Result{Error: fmt.Sprintf("exec: start %s: %v", c.Argv[0], err), Type: "exec_failed",
			Hint: fmt.Sprintf("is %s installed and on PATH?", c.Argv[0])}
	}
	if err := checkPinned(cfg.Root, cfg.rootID); err != nil {
		return Result{Error: "exec: " + err.Error(), Type: "permission_denied", Hint: "nothing ran; apply again once the root is what it was"}
	}
	dirFile, err := openCommandDir(cfg, c.Dir) // exec_dir.go
	if err != nil {
		res := Result{Error: "exec: cwd: " + err.Error(), Type: "exec_failed"}
		var refused *RefusedError
		if errors.As(err, &refused) {
			res.Type, res.Hint = refused.Type, refused.Fix
		}
		return res
	}
	defer dirFile.Close()
	argv, env := c.Argv, append(commandEnv(cfg, os.Environ()), "PWD="+c.Dir)
	box, fail := confine(cfg, sandbox.ABI())
	if fail != nil {
		return *fail
	}
	if box != nil {
		defer box.cleanup()
		argv, env = box.wrap(argv, env)
	}

	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	// The directory opened above, whatever its path names by now.
	cmd.Dir = openDirPath(dirFile, c.Dir)
	cmd.Env = env
	newProcessGroup(cmd, box == nil)
	cmd.Cancel = func() error { return killGroup(cmd) }
	cmd.WaitDelay = waitDelay

	stdout := newCapture(cfg, c.Label)
	stderr := newCapture(cfg, c.Label)
	cmd.Stdout, cmd.Stderr = stdout, stderr

	err = cmd.Start()
	if err != nil && usesNamespaces(cmd.SysProcAttr) && namespaceRefused(err) {
		// No namespaces here: start it plainly (procattr_linux.go).
		cmd = exec.CommandContext(ctx, argv[0], argv[1:]...)
		cmd.Dir, cmd.Env, cmd.SysProcAttr = openDirPath(dirFile, c.Dir), env, plainProcAttr()
		cmd.Cancel = func() error { return killGroup(cmd) }
		cmd.WaitDelay = waitDelay
		cmd.Stdout, cmd.Stderr = stdout, stderr
		err = cmd.Start()
	}
	if err != nil {
		return Result{Error: fmt.Sprintf("exec: start %s: %v", c.Argv[0], err), Type: "exec_failed",
			Hint: fmt.Sprintf("is %s installed and on PATH?", c.Argv[0])}
	}
	err = cmd.Wait()
	// Whatever the command left running in its group dies with it, so nothing
	// keeps writing into the tree after clada has reported.
	_ = killGroup(cmd)
	stdout.flush()
	stderr.flush()

	code := -1
	if cmd.ProcessState != nil {
		code = cmd.ProcessState.ExitCode()
	}
	data := map[string]any{"stdout": stdout.String(), "stderr": stderr.String(), "exit_code": code}
	switch {
	case ctx.Err() == context.DeadlineExceeded:
		return Result{Error: fmt.Sprintf("exec: command timed out after %s", timeout), Type: "exec_timeout", Data: data,
			Hint: "raise --timeout or the timeout param, or make the command finish sooner"}
	case ctx.Err() != nil:
		return Result{Error: "exec: cancelled (clada was interrupted); the command's process group was killed", Type: "exec_failed", Data: data}
	case err != nil && !errors.Is(err, exec.ErrWaitDelay) && code == 0:
		return Result{Error: fmt.Sprintf("exec: %v", err), Type: "exec_failed", Data: data}
	case code != 0 && box != nil:
		return box.failed(c, code, data)
	case code != 0:
		return Result{Error: fmt.Sprintf("exec: command exited with code %d", code), Type: "exec_failed", Data: data}
	}
	if box != nil {
		box.deniedButSucceeded(c, data)
	}
	return Result{Success: true, Data: data}
}

// lookCommand checks that a bare command name is on PATH, so a missing
// program is reported the same with and without the sandbox helper in
// between. A name with a slash is left for the start to resolve in the cwd.
func lookCommand(name string) error {
	if strings.Contains(name, "/") {
		return nil
	}
	_, err := exec.LookPath(name)
	return err
}

// cleanEnv drops GIT_* variables so a command run from a git hook (or from
// clada's own git handling) cannot act on the wrong repository.
func cleanEnv(env []string) []string {
	out := env[:0:0]
	for _, kv := range env {
		if !strings.HasPrefix(kv, "GIT_") {
			out = append(out, kv)
		}
	}
	return out
}

// capture keeps up to cfg.MaxOutput bytes of one stream, counts the rest, and
// in stream mode forwards each complete line to cfg.Stream with a prefix.
type capture struct {
	mu        sync.Mutex
	max       int
	buf       bytes.Buffer
	truncated bool
	stream    func(string)
	prefix    string
	line      []byte
}

func newCapture(cfg *Config, label string) *capture {
	c := &capture{max: cfg.MaxOutput}
	if cfg.OutputMode == "stream" && cfg.Stream != nil {
		c.stream = cfg.Stream
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
