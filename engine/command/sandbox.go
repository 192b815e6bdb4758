package command

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/sandbox"
)

// box is how one command is started through the sandbox helper: the
// helper binary, the writable set, the private temp directory made for it
// and the variables set for it (none under sandbox.Off, where the helper
// confines nothing and only contains the process, procattr_linux.go).
type box struct {
	exe  string
	spec sandbox.Spec
	tmp  string
	plan Plan
}

// sandboxMode is m, Write when unset: confinement is the default.
func sandboxMode(m sandbox.Mode) sandbox.Mode {
	if m == "" {
		return sandbox.Write
	}
	return m
}

// confine prepares how a command is started on a kernel of Landlock ABI
// abi (sandbox.ABI), clada's environment being environ: through the
// sandbox helper (package sandbox), which confines it with Landlock under
// --sandbox write and strict to what MakePlan grants and, on Linux, gives it
// a PID namespace with a /proc of its own in every mode
// (procattr_linux.go). It returns no box when the command is started
// directly: it runs unconfined (--sandbox off, or write on a kernel without
// Landlock, for which the report warns once, UnconfinedWarning) and either
// this is not Linux or clada cannot find its own binary. Strict on a kernel
// that cannot deny the network refuses the command instead. An unconfined
// command keeps the user's own caches, as in the user's shell.
func confine(s Settings, abi int, environ []string) (*box, *Outcome) {
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
	s.Sandbox = mode
	plan := MakePlan(s, environ, tmp, exe)
	w := make([]string, 0, len(plan.Writable))
	for _, g := range plan.Writable {
		if g.Make {
			// A cache root that cannot be made is not writable: the command
			// runs, and a tool that needs it says so (named as a denial).
			_ = os.MkdirAll(g.Path, 0o700)
		}
		w = append(w, g.Path)
	}
	return &box{exe: exe, tmp: tmp, plan: plan, spec: sandbox.Spec{Mode: mode, Writable: w}}, nil
}

// wrap returns the helper's argv and the command's environment, with the
// plan's variables (TMPDIR, the toolchains' caches) set.
func (b *box) wrap(argv, env []string) ([]string, []string) {
	return sandbox.Wrap(b.exe, b.spec, argv), b.plan.apply(env)
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
	streams := outputStreams(data)
	if b.spec.Mode == sandbox.Strict {
		if line := findNetDenial(streams); line != "" {
			return Outcome{Error: fmt.Sprintf("exec: the network is blocked by --sandbox strict (%s): commands may not open TCP connections or listen", line),
				Type: fault.SandboxDenied, Data: data,
				Hint: fmt.Sprintf("the command exited with code %d; only the user can allow the network, with --sandbox write (or --sandbox off)", code)}
		}
	}
	d, pathless, ok := findDenial(streams, c.Dir, b.home(), b.spec.Writable)
	if ok {
		return Outcome{Error: fmt.Sprintf("exec: the sandbox denied writing %s: %s", d.what(), writableWords),
			Type: fault.SandboxDenied, Data: data,
			Hint: fmt.Sprintf("the write was refused and the command exited with code %d; %s", code, b.widen(d.abs))}
	}
	res := Outcome{Error: fmt.Sprintf("exec: command exited with code %d", code), Type: fault.ExecFailed, Data: data}
	switch {
	case pathless != "":
		res.Hint = fmt.Sprintf("it reported a refused write without naming the path (%s); if that was a write outside the root, the sandbox refused it: %s; `clada sandbox --explain` lists where commands may write", pathless, writableWords)
	case b.spec.Mode == sandbox.Strict:
		res.Hint = "under --sandbox strict commands have no network; if it needed one, only the user can allow it (--sandbox write)"
	}
	return res
}

// writableWords says where a confined command may write.
const writableWords = "commands may write only under the root, the --allow directories, clada's cache for their toolchains and their own $TMPDIR"

// what is the denied path as the command wrote it, resolved in brackets
// when that differs.
func (d denial) what() string {
	if d.abs != d.path {
		return d.path + " (" + d.abs + ")"
	}
	return d.path
}

// home is the user's home, for a "~/" in a command's output.
func (b *box) home() string { return lookupIn(os.Environ())("HOME") }

// widen says how the user can let commands write abs: the flag for this
// run, their config.yaml for every run (share-caches when abs is one of
// their toolchains' caches, which a command reached by setting its own
// cache variable), or no sandbox.
func (b *box) widen(abs string) string {
	for _, name := range ShareableToolchains() {
		for _, dir := range OwnCaches(name, os.Environ()) {
			if sandbox.Under(abs, filepath.Clean(dir)) && name != "xdg" {
				return fmt.Sprintf("that is your own %s cache, which commands may not write (clada gives them their own); only the user can share it, with sandbox.share-caches: [%s] in their config.yaml, or --allow %s for one run", name, name, dir)
			}
		}
	}
	return fmt.Sprintf("only the user can widen the sandbox, with --allow %s for one run, sandbox.writable in their own config.yaml for every run, or --sandbox off", filepath.Dir(abs))
}

// deniedButSucceeded notes what the sandbox refused a command that still
// exited 0 ("touch ../x; echo done", "go vet ./... | tail"): the command
// "succeeded", but not at what it tried, and the report must not let a ✅
// hide that (engine turns each into a warning): data[DeniedKey] is the
// path refused, data[NetDeniedKey] the line of a connection --sandbox
// strict refused.
func (b *box) deniedButSucceeded(c Command, data map[string]any) {
	if b.spec.Mode == sandbox.Off {
		return
	}
	streams := outputStreams(data)
	if d, _, ok := findDenial(streams, c.Dir, b.home(), b.spec.Writable); ok {
		data[DeniedKey] = d.what()
	}
	if b.spec.Mode == sandbox.Strict {
		if line := findNetDenial(streams); line != "" {
			data[NetDeniedKey] = line
		}
	}
}

// DeniedKey and NetDeniedKey are the keys, in a command's result data, of
// what the sandbox refused a command that exited 0 (deniedButSucceeded).
const (
	DeniedKey    = "sandbox_denied"
	NetDeniedKey = "sandbox_network"
)

// outputStreams is a command's stderr and stdout, in the order a denial is
// looked for.
func outputStreams(data map[string]any) []string {
	stderr, _ := data["stderr"].(string)
	stdout, _ := data["stdout"].(string)
	return []string{stderr, stdout}
}

// UnconfinedWarning is the report's warning when commands ran under mode
// on a kernel of Landlock ABI abi that could not confine them, or "" when
// they were confined (or the user chose --sandbox off).
func UnconfinedWarning(mode sandbox.Mode, abi int) string {
	if sandboxMode(mode) != sandbox.Write || abi >= 1 {
		return ""
	}
	return "commands ran unconfined: this system has no Linux Landlock (needs Linux 5.13+ with Landlock enabled), so --sandbox write could not limit where they write"
}
