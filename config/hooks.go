package config

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/history"
	"github.com/clada-dev/clada/engine/textedit"
	"github.com/clada-dev/clada/lang"
)

// HookVars are the values a hook command may name as {summary}, {files}
// and {apply_id}. They come from an LLM's answer, so they are substituted
// shell-quoted (never put quotes around them) and also exported as
// CLADA_SUMMARY, CLADA_FILES and CLADA_APPLY_ID.
type HookVars struct {
	Summary string
	Files   []string
	ApplyID string
}

// HookResult is one hook run: its command as written, combined output and
// error ("" on success).
type HookResult struct {
	Phase   string // "before" or "after"
	Command string
	Output  string
	Err     string
}

func (h HookResult) String() string {
	if h.Err == "" {
		return fmt.Sprintf("hook %s `%s`: ok", h.Phase, h.Command)
	}
	return fmt.Sprintf("hook %s `%s` failed: %s", h.Phase, h.Command, h.Err)
}

// hookOutputMax bounds the output kept per hook.
const hookOutputMax = 64 << 10

// expand substitutes the variables into cmd, each shell-quoted.
func (v HookVars) expand(cmd string) string {
	files := make([]string, len(v.Files))
	for i, f := range v.Files {
		files[i] = shellQuote(f)
	}
	return strings.NewReplacer(
		"{summary}", shellQuote(v.Summary),
		"{files}", strings.Join(files, " "),
		"{apply_id}", shellQuote(v.ApplyID),
	).Replace(cmd)
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// runHook runs one hook with sh -c in dir, in its own process group, killed
// whole on timeout or when ctx ends.
func runHook(ctx context.Context, dir, phase, command string, v HookVars, timeout time.Duration) HookResult {
	res := HookResult{Phase: phase, Command: command}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", v.expand(command))
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "CLADA_SUMMARY="+v.Summary, "CLADA_FILES="+strings.Join(v.Files, "\n"), "CLADA_APPLY_ID="+v.ApplyID)
	cmd.Stdin = nil
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = time.Second
	err := cmd.Run()
	res.Output = out.String()
	if len(res.Output) > hookOutputMax {
		res.Output = res.Output[:hookOutputMax] + "\n[output truncated]\n"
	}
	switch {
	case ctx.Err() == context.DeadlineExceeded:
		res.Err = fmt.Sprintf("timed out after %s (killed)", timeout)
	case err != nil:
		res.Err = err.Error()
	}
	return res
}

// NewApplyID names one apply for hooks: UTC time plus 4 random bytes.
func NewApplyID() string {
	var b [4]byte
	rand.Read(b[:])
	return time.Now().UTC().Format("20060102T150405Z") + "-" + hex.EncodeToString(b[:])
}

// planned is what a before hook knows: the paths the actions name and a
// summary of what they will do.
func planned(doc *lang.Document) HookVars {
	var v HookVars
	var parts []string
	n := 0
	for a := range doc.Actions() {
		n++
		s := a.Op
		for _, k := range pathParams[:3] {
			if p, ok := a.Value(k); ok && p != "" {
				if !slices.Contains(v.Files, p) {
					v.Files = append(v.Files, p)
				}
				if k != "old_path" {
					s += " " + p
				}
			}
		}
		parts = append(parts, s)
	}
	v.Summary = fmt.Sprintf("%d actions", n)
	if len(parts) > 0 {
		v.Summary += ": " + strings.Join(parts, ", ")
	}
	return v
}

// done is what an after hook knows: the report's commit summary and the
// paths of the actions that succeeded and change files.
func done(rep *engine.Report) HookVars {
	v := HookVars{Summary: rep.CommitSummary()}
	for _, res := range rep.Results {
		spec := lang.Lookup(res.Action)
		if !res.Success || res.Skipped || spec == nil || spec.Kind == lang.Exec || isRead(spec.Name) {
			continue
		}
		for _, k := range pathParams[:3] {
			if p := res.Params[k]; p != "" && !slices.Contains(v.Files, p) {
				v.Files = append(v.Files, p)
			}
		}
	}
	return v
}

// isRead tells the ops that change nothing.
func isRead(op string) bool {
	switch op {
	case "file_read", "file_read_numbered", "files_read", "ls", "grep", "glob":
		return true
	}
	return false
}

// Apply is one apply the way every front end (apply, watch) runs it: the
// config's before hooks, the engine, the after hooks. Hooks run only for a
// real apply of a trusted file; a config with hooks that is not trusted
// says so on Log. Every hook's result goes to Log and into Hooks.
type Apply struct {
	Config *Config
	Trust  *Trust // nil: hooks never run
	Engine *engine.Config
	Mode   engine.Mode
	Log    io.Writer
}

// ApplyResult is what one apply produced.
type ApplyResult struct {
	Report  *engine.Report
	Changes []textedit.Change // what a dry run (or blocked atomic run) would change
	Hooks   []HookResult
	// Blocked is set when a before hook failed: nothing was applied.
	Blocked string
	// HooksSkipped says why the config's hooks did not run (an untrusted
	// or changed file) and how to trust it; "" when they ran or there are none.
	HooksSkipped string
}

// HookFailed reports whether any hook failed.
func (r *ApplyResult) HookFailed() bool {
	for _, h := range r.Hooks {
		if h.Err != "" {
			return true
		}
	}
	return false
}

// Run carries doc out. The error is the engine's (a root it cannot open).
func (a *Apply) Run(ctx context.Context, doc *lang.Document) (*ApplyResult, error) {
	out := &ApplyResult{}
	hooks := a.Mode == engine.Real && a.Config != nil && a.Trust != nil
	if hooks {
		if why := a.Trust.HooksBlocked(a.Config); why != "" {
			fmt.Fprintf(a.Log, "clada: %s\n", why)
			out.HooksSkipped, hooks = why, false
		}
	}
	id := NewApplyID()
	if hooks {
		v := planned(doc)
		v.ApplyID = id
		for _, c := range a.Config.Hooks.Before {
			h := runHook(ctx, a.Engine.Root, "before", c, v, a.Engine.Timeout)
			a.logHook(h)
			out.Hooks = append(out.Hooks, h)
			if h.Err != "" {
				out.Blocked = h.String() + "; nothing was applied"
				return out, nil
			}
		}
	}
	rep, changes, err := engine.Apply(ctx, doc, a.Engine, a.Mode, history.Tracker(ctx, a.Engine, doc)) // the git model
	if err != nil {
		return nil, err
	}
	out.Report, out.Changes = rep, changes
	if hooks {
		v := done(rep)
		v.ApplyID = id
		for _, c := range a.Config.Hooks.After {
			h := runHook(ctx, a.Engine.Root, "after", c, v, a.Engine.Timeout)
			a.logHook(h)
			out.Hooks = append(out.Hooks, h)
		}
	}
	return out, nil
}

// logHook writes a hook's output and outcome to Log, prefixed so it is
// never mistaken for the report.
func (a *Apply) logHook(h HookResult) {
	for _, line := range strings.SplitAfter(h.Output, "\n") {
		if line != "" {
			fmt.Fprintf(a.Log, "[hook:%s] %s", h.Phase, strings.TrimSuffix(line, "\n")+"\n")
		}
	}
	fmt.Fprintf(a.Log, "clada: %s\n", h)
}
