package command

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"

	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/sandbox"
)

// box is how one command is started through the sandbox helper: the
// helper binary, the writable set, and the private temp directory made for
// it (none under sandbox.Off, where the helper confines nothing and only
// contains the process, procattr_linux.go).
type box struct {
	exe  string
	spec sandbox.Spec
	tmp  string
}

// sandboxMode is m, Write when unset: confinement is the default.
func sandboxMode(m sandbox.Mode) sandbox.Mode {
	if m == "" {
		return sandbox.Write
	}
	return m
}

// confine prepares how a command is started on a kernel of Landlock ABI
// abi (sandbox.ABI): through the sandbox helper (package sandbox), which
// confines it with Landlock under --sandbox write and strict and, on Linux,
// gives it a PID namespace with a /proc of its own in every mode
// (procattr_linux.go). It returns no box when the command is started
// directly: it runs unconfined (--sandbox off, or write on a kernel without
// Landlock, for which the report warns once, UnconfinedWarning) and either
// this is not Linux or clada cannot find its own binary. Strict on a kernel
// that cannot deny the network refuses the command instead.
func confine(s Settings, abi int) (*box, *Outcome) {
	mode := sandboxMode(s.Sandbox)
	if mode != sandbox.Off {
		if err := sandbox.CheckABI(mode, abi); err != nil {
			if mode != sandbox.Write || !errors.Is(err, sandbox.ErrUnavailable) {
				return nil, &Outcome{Error: "exec: " + err.Error(), Type: fault.SandboxUnavailable,
					Hint: "nothing ran; the user can choose --sandbox write (writes confined, network open) or --sandbox off"}
			}
			mode = sandbox.Off
		}
	}
	if mode == sandbox.Off && runtime.GOOS != "linux" {
		return nil, nil
	}
	exe, err := os.Executable()
	if err != nil {
		if mode == sandbox.Off {
			return nil, nil
		}
		return nil, &Outcome{Error: "exec: sandbox: find clada's own binary to start the helper: " + err.Error(), Type: fault.ExecFailed,
			Hint: "nothing ran; --sandbox off runs commands without the helper"}
	}
	if mode == sandbox.Off {
		return &box{exe: exe, spec: sandbox.Spec{Mode: sandbox.Off}}, nil
	}
	tmp, err := os.MkdirTemp("", "clada-cmd-")
	if err != nil {
		return nil, &Outcome{Error: "exec: sandbox: make the command's temp directory: " + err.Error(), Type: fault.ExecFailed}
	}
	w := []string{s.Root}
	for _, d := range s.Allow {
		// A missing --allow directory grants nothing: its parent is not
		// writable, so the command could not make it.
		if st, err := os.Stat(d); err == nil && st.IsDir() {
			w = append(w, d)
		}
	}
	w = append(w, tmp)
	return &box{exe: exe, tmp: tmp, spec: sandbox.Spec{Mode: mode, Writable: w}}, nil
}

// wrap returns the helper's argv and the command's environment, whose
// TMPDIR is the box's private temp directory when it has one.
func (b *box) wrap(argv, env []string) ([]string, []string) {
	if b.tmp == "" {
		return sandbox.Wrap(b.exe, b.spec, argv), env
	}
	out := make([]string, 0, len(env)+1)
	for _, kv := range env {
		if !strings.HasPrefix(kv, "TMPDIR=") {
			out = append(out, kv)
		}
	}
	return sandbox.Wrap(b.exe, b.spec, argv), append(out, "TMPDIR="+b.tmp)
}

// cleanup removes the private temp directory and what the command left in it.
func (b *box) cleanup() {
	if b.tmp != "" {
		_ = os.RemoveAll(b.tmp)
	}
}

// failed turns a confined command's non-zero exit into its result: the
// helper's own failure (it could not confine itself or start the command),
// a write the sandbox denied (named with the flag that would allow it), or
// an ordinary failed command.
func (b *box) failed(c Command, code int, data map[string]any) Outcome {
	stderr, _ := data["stderr"].(string)
	if code == sandbox.HelperExitCode && strings.HasPrefix(stderr, sandbox.HelperPrefix) {
		msg := strings.TrimSpace(strings.TrimPrefix(stderr, sandbox.HelperPrefix))
		if strings.HasPrefix(msg, "exec ") {
			return Outcome{Error: fmt.Sprintf("exec: start %s: %s", c.Argv[0], msg), Type: fault.ExecFailed, Data: data,
				Hint: fmt.Sprintf("is %s installed and on PATH?", c.Argv[0])}
		}
		if b.spec.Mode == sandbox.Off {
			return Outcome{Error: "exec: clada's helper could not start the command: " + msg, Type: fault.ExecFailed, Data: data}
		}
		return Outcome{Error: "exec: the sandbox could not be set up, so the command did not run: " + msg, Type: fault.ExecFailed, Data: data,
			Hint: "only the user can run commands unconfined, with --sandbox off"}
	}
	if b.spec.Mode == sandbox.Off {
		return Outcome{Error: fmt.Sprintf("exec: command exited with code %d", code), Type: fault.ExecFailed, Data: data}
	}
	if b.spec.Mode == sandbox.Strict {
		if line, ok := deniedNet(stderr); ok {
			return Outcome{Error: fmt.Sprintf("exec: the sandbox denied a network connection (%s): under --sandbox strict commands may not open TCP connections or listen", line),
				Type: fault.SandboxDenied, Data: data,
				Hint: fmt.Sprintf("the command exited with code %d; only the user can allow the network, with --sandbox write or --sandbox off", code)}
		}
	}
	if path, abs, ok := deniedPath(stderr, c.Dir, b.spec.Writable); ok {
		what := path
		if abs != path {
			what += " (" + abs + ")"
		}
		return Outcome{Error: fmt.Sprintf("exec: the sandbox denied writing %s: commands may write only under the root, the --allow directories and their own $TMPDIR", what),
			Type: fault.SandboxDenied, Data: data,
			Hint: fmt.Sprintf("the write was refused and the command exited with code %d; only the user can widen the sandbox, with --allow %s or --sandbox off", code, filepath.Dir(abs))}
	}
	res := Outcome{Error: fmt.Sprintf("exec: command exited with code %d", code), Type: fault.ExecFailed, Data: data}
	switch {
	case deniedLine.MatchString(stderr):
		res.Hint = "if that was a write outside the root, the sandbox refused it: commands may write only under the root, the --allow directories and $TMPDIR"
	case b.spec.Mode == sandbox.Strict:
		res.Hint = "under --sandbox strict commands have no network; if it needed one, only the user can allow it (--sandbox write)"
	}
	return res
}

// deniedButSucceeded notes, in data["sandbox_denied"], a write the sandbox
// refused although the command still exited 0 ("touch ../x; echo done"):
// the command "succeeded", but not at what it tried, and the report must not
// let a ✅ hide that (engine turns it into a warning).
func (b *box) deniedButSucceeded(c Command, data map[string]any) {
	if b.spec.Mode == sandbox.Off {
		return
	}
	stderr, _ := data["stderr"].(string)
	if path, abs, ok := deniedPath(stderr, c.Dir, b.spec.Writable); ok {
		what := path
		if abs != path {
			what += " (" + abs + ")"
		}
		data["sandbox_denied"] = what
	}
}

// netWords are what a line reporting a refused network call mentions.
var netWords = regexp.MustCompile(`(?i)connect|bind|socket|network|/dev/(tcp|udp)/|urlopen|EACCES.*(tcp|http)`)

// deniedNet finds, in a strict command's stderr, the line of a network
// call the sandbox refused (EACCES from connect or bind).
func deniedNet(stderr string) (string, bool) {
	for _, line := range strings.Split(stderr, "\n") {
		if deniedLine.MatchString(line) && netWords.MatchString(line) {
			return strings.TrimSpace(line), true
		}
	}
	return "", false
}

// deniedLine matches the ways programs report EACCES and EPERM.
var deniedLine = regexp.MustCompile(`(?i)permission denied|operation not permitted|\bEACCES\b|\bEPERM\b`)

// quoted finds the quoted strings of a line: 'x', "x", ‘x’ and `x'.
var quoted = regexp.MustCompile("'([^']+)'|\"([^\"]+)\"|‘([^’]+)’|`([^']+)'")

// deniedPath finds, in a failed command's stderr, the path it was refused:
// on a line reporting EACCES or EPERM, the first quoted string or
// colon-separated field that, resolved against the command's cwd, lies
// outside every writable directory. Words such as a program's name resolve
// inside the root and are passed over. path is as the command wrote it, abs
// resolved.
func deniedPath(stderr, dir string, writable []string) (path, abs string, ok bool) {
	for _, line := range strings.Split(stderr, "\n") {
		if !deniedLine.MatchString(line) {
			continue
		}
		var cands []string
		for _, m := range quoted.FindAllStringSubmatch(line, -1) {
			for _, g := range m[1:] {
				if g != "" {
					cands = append(cands, g)
				}
			}
		}
		for _, f := range strings.Split(line, ":") {
			cands = append(cands, strings.TrimSpace(f))
		}
		for _, p := range cands {
			if p == "" || deniedLine.MatchString(p) || strings.HasPrefix(p, "/dev/tcp/") || strings.HasPrefix(p, "/dev/udp/") {
				continue
			}
			a := p
			if !filepath.IsAbs(a) {
				a = filepath.Join(dir, a)
			}
			a = filepath.Clean(a)
			if !underAny(a, writable) {
				return p, a, true
			}
		}
	}
	return "", "", false
}

// underAny reports whether path is inside one of dirs.
func underAny(path string, dirs []string) bool {
	for _, d := range dirs {
		if sandbox.Under(path, filepath.Clean(d)) {
			return true
		}
	}
	return false
}

// UnconfinedWarning is the report's warning when commands ran under mode
// on a kernel of Landlock ABI abi that could not confine them, or "" when
// they were confined (or the user chose --sandbox off).
func UnconfinedWarning(mode sandbox.Mode, abi int) string {
	if sandboxMode(mode) != sandbox.Write || abi >= 1 {
		return ""
	}
	return "commands ran unconfined: " + unconfinedWhy + ", so --sandbox write could not limit where they write" // procattr_*.go
}
