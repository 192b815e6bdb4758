package command

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

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
	// Caches is where confined commands keep their toolchains' caches
	// (toolchains.go).
	Caches Caches
	// Writable are more directories every confined command may write: the
	// user's own config.yaml (sandbox.writable), never a project's.
	Writable []string
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
	box, fail := confine(s, sandbox.ABI(), os.Environ())
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
	started := time.Now()
	cmd, shared, release, err := launch(starts, grp, func() *exec.Cmd {
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
	release() // the helper has exited: its lifeline is done
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
		return timedOut(s, timeout, time.Since(started), stdout.lastLine(), stderr.lastLine(), data)
	case ctx.Err() != nil:
		return Outcome{Error: "exec: cancelled (clada was interrupted); the command's process group was killed", Type: fault.ExecFailed, Data: data}
	case err != nil && !errors.Is(err, exec.ErrWaitDelay) && code == 0:
		return Outcome{Error: fmt.Sprintf("exec: %v", err), Type: fault.ExecFailed, Data: data}
	case code != 0:
		res := Outcome{Error: fmt.Sprintf("exec: command exited with code %d", code), Type: fault.ExecFailed, Data: data}
		if box != nil {
			res = box.failed(c, code, data)
		}
		if res.Hint == "" && res.Type == fault.ExecFailed { // failure_hint.go
			res.Hint = cmp.Or(withheldHint(withheld, data), missingHint(code, data), stdinHint(data))
		}
		return res
	}
	if box != nil {
		box.deniedButSucceeded(c, data)
	}
	return Outcome{Success: true, Data: data}
}

// timedOut is the result of a command killed at its timeout: how long it
// ran, what it printed last, and how to give it more time (its own timeout
// param, or the run's --timeout), since a build or a test suite that needs
// longer is the usual cause; under --sandbox strict, a command that waits
// on the network is the other.
func timedOut(s Settings, limit, ran time.Duration, lastOut, lastErr string, data map[string]any) Outcome {
	var said string
	switch {
	case lastOut != "" && lastErr != "":
		said = fmt.Sprintf("the last lines it printed: \"%s\" on stdout, \"%s\" on stderr", lastOut, lastErr)
	case lastOut != "":
		said = fmt.Sprintf("the last line it printed: \"%s\" (stdout)", lastOut)
	case lastErr != "":
		said = fmt.Sprintf("the last line it printed: \"%s\" (stderr)", lastErr)
	default:
		said = "it printed nothing"
	}
	more := max(2*limit, 10*time.Minute).Round(time.Second)
	hint := fmt.Sprintf("if it needs longer, give it more time: timeout=\"%d\" (seconds) on this command, or the user's --timeout %s for every command; otherwise make it finish sooner (a server or watcher never finishes: start it in the background and use it within the same command, as in `npm start & sleep 2; curl localhost:3000`, since everything a command started ends when it exits)",
		int(more.Seconds()), shortDuration(more))
	if sandboxMode(s.Sandbox) == sandbox.Strict {
		if line := findNetDenial(outputStreams(data)); line != "" {
			hint = fmt.Sprintf("the network is blocked by --sandbox strict (%s), and it may have waited on it; only the user can allow the network, with --sandbox write; ", line) + hint
		} else {
			hint = "under --sandbox strict a command that waits on the network waits until it times out (only the user can allow the network, with --sandbox write); " + hint
		}
	}
	return Outcome{Error: fmt.Sprintf("exec: command timed out after %s (it ran %s; its process group was killed); %s", shortDuration(limit), ran.Round(100*time.Millisecond), said),
		Type: fault.ExecTimeout, Data: data, Hint: hint}
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

// shortDuration writes d as people do: 5m, 1h30m, 90s, 200ms.
func shortDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// lastLine is the stream's last line with text, control characters shown
// as escapes (textedit.Printable) and at most 200 bytes; "" when it printed
// none. (The two streams are read apart, so which of them printed last is
// not known.)
func (c *capture) lastLine() string {
	c.mu.Lock()
	text := strings.TrimRight(c.buf.String(), " \t\r\n")
	c.mu.Unlock()
	line := strings.TrimSpace(text[strings.LastIndexByte(text, '\n')+1:])
	line = textedit.Printable(line)
	if len(line) > 200 {
		cut := 197
		for cut > 0 && !utf8.RuneStart(line[cut]) {
			cut--
		}
		line = line[:cut] + "..."
	}
	return line
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
