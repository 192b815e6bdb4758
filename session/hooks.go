package session

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/lang"
)

// hookVars are the values a hook command may name as {summary}, {files}
// and {apply_id}. They come from an LLM's answer, so they are substituted
// shell-quoted (never put quotes around them) and also exported as
// CLADA_SUMMARY, CLADA_FILES and CLADA_APPLY_ID.
type hookVars struct {
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

// hookPathParams are the params whose paths {files} lists.
var hookPathParams = []string{lang.ParamPath, lang.ParamOldPath, lang.ParamNewPath}

// hookOutputMax bounds the output kept per hook.
const hookOutputMax = 64 << 10

// expand substitutes the variables into cmd, each shell-quoted.
func (v hookVars) expand(cmd string) string {
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

// runHook runs one hook with sh -c in dir (on Windows the sh of Git for
// Windows), in its own process group, killed whole on timeout or when ctx
// ends.
func runHook(ctx context.Context, dir, phase, command string, v hookVars, timeout time.Duration) HookResult {
	res := HookResult{Phase: phase, Command: command}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", v.expand(command))
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "CLADA_SUMMARY="+v.Summary, "CLADA_FILES="+strings.Join(v.Files, "\n"), "CLADA_APPLY_ID="+v.ApplyID)
	cmd.Stdin = nil
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	treeKill(cmd) // hooks_unix.go, hooks_windows.go
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

// newApplyID names one apply for hooks: UTC time plus 4 random bytes.
func newApplyID() string {
	var b [4]byte
	rand.Read(b[:])
	return time.Now().UTC().Format("20060102T150405Z") + "-" + hex.EncodeToString(b[:])
}

// planned is what a before hook knows: the paths the actions name and a
// summary of what they will do.
func planned(doc *lang.Document) hookVars {
	var v hookVars
	var parts []string
	n := 0
	seen := map[string]bool{}
	for a := range doc.Actions() {
		n++
		s := a.Op
		for _, k := range hookPathParams {
			if p, ok := a.Value(k); ok && p != "" {
				if !seen[p] {
					seen[p] = true
					v.Files = append(v.Files, p)
				}
				if k != lang.ParamOldPath {
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
func done(rep *engine.Report) hookVars {
	v := hookVars{Summary: rep.CommitSummary()}
	seen := map[string]bool{}
	for _, res := range rep.Results {
		spec := lang.Lookup(res.Action)
		if !res.Success || res.Skipped || spec == nil || spec.Kind != lang.Write {
			continue
		}
		for _, k := range hookPathParams {
			if p, _ := res.Value(k); p != "" && !seen[p] {
				seen[p] = true
				v.Files = append(v.Files, p)
			}
		}
	}
	return v
}
