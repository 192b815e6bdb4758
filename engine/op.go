package engine

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/engine/textedit"
	"github.com/clada-dev/clada/lang"
)

// Do carries out one op on ws, by its catalog id (the caller resolves the
// name or alias with lang.Lookup), as its opTable line says. It never
// panics and never returns a Go error: every outcome, including bad params
// and refused paths, is a Result whose Error keeps nesl-js's wording where
// nesl-js has one (DESIGN.md) and whose Hint says what would work. exec is
// not here: the runner routes it.
func Do(ctx context.Context, ws fsys.Workspace, cfg *Config, op lang.OpID, params map[string]string) Result {
	def := opFor(op)
	if err := ctx.Err(); err != nil {
		res := Result{Error: fmt.Sprintf("%s: not started: %v", op, err),
			Hint: "the run was cancelled or ran out of time before this op; run it again"}
		if def != nil {
			res.Param = def.blame
		}
		return res
	}
	if def == nil || def.run == nil {
		res := Result{Error: "Unknown action: " + op.String(), Hint: "`clada actions` lists the ops this version knows"}
		if def != nil {
			res.Hint = "exec is run by the runner (engine.Run), not by Do"
		}
		return res
	}
	params, tabbed := newTextTabs(ws, cfg, op, params) // a Makefile's recipe lines (op_write_makefile.go)
	res := def.run(&opRun{ctx: ctx, ws: ws, cfg: cfg, op: op.String(), params: params, tabbed: tabbed})
	if !res.Success && res.Param == "" {
		res.Param = def.blame
	}
	return res
}

// opRun is one op in progress: what it needs, in one place.
type opRun struct {
	ctx    context.Context
	ws     fsys.Workspace
	cfg    *Config
	op     string // its catalog name, as messages start
	params map[string]string
	// tabbed is the lines of new_text given make's tab (newTextTabs).
	tabbed []int
}

// path resolves param name for reading, or for writing (then .git and the
// deny list apply too). On refusal the Result is ready to return.
func (x *opRun) path(name string, write bool) (string, string, *Result) {
	p := x.params[name]
	abs, err := x.cfg.Resolve(p)
	if err == nil {
		if err := checkPathShape(x.op, abs); err != nil { // budget.go
			return "", p, &Result{Error: err.Error(), Hint: "use a shorter path with fewer folders", Param: name}
		}
	}
	if err == nil {
		if bad := x.notDirBefore(p); bad != nil { // path.go
			bad.Param = name
			return "", p, bad
		}
	}
	if err == nil && write {
		err = x.cfg.CheckWrite(p, abs)
	}
	if err != nil {
		r := x.fail("open", p, err)
		r.Param = name
		return "", p, &r
	}
	return abs, p, nil
}

// fail turns err from doing verb on path p (as the user wrote it) into a
// Result, in nesl-js's "CODE: description, verb 'path'" wording for
// operating-system errors.
func (x *opRun) fail(verb, p string, err error) Result {
	return x.failMove(verb, p, "", err)
}

// failMove is fail for errors naming two paths (rename 'a' -> 'b').
func (x *opRun) failMove(verb, p, dest string, err error) Result {
	var refused *fsys.RefusedError
	if errors.As(err, &refused) {
		reason := refused.Reason
		if filepath.IsAbs(refused.Path) {
			// Workspaces name absolute paths; people wrote root-relative ones.
			reason = strings.ReplaceAll(reason, "'"+refused.Path+"'", "'"+x.shown(refused.Path)+"'")
		}
		r := Result{Error: x.op + ": " + reason, Hint: refused.Fix}
		switch refused.Type {
		case fault.PermissionDenied, fault.SymlinkNotAllowed, fault.PathEscape:
			r.Type = refused.Type // an invalid path reports no kind, as it always has
		}
		return r
	}
	target := fmt.Sprintf("%s '%s'", verb, p)
	if dest != "" {
		target = fmt.Sprintf("%s '%s' -> '%s'", verb, p, dest)
	}
	errno := sysErrno(err) // errno_*.go: Windows' codes as the POSIX ones
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return Result{Error: "ENOENT: no such file or directory, " + target, Type: fault.FileNotFound,
			Hint: "check the path: it is relative to the project root", CheckPath: true}
	case errno == syscall.EISDIR:
		return Result{Error: "EISDIR: illegal operation on a directory, " + target,
			Hint: "this path is a directory; name a file inside it"}
	case errno == syscall.ENOTDIR:
		return Result{Error: "ENOTDIR: not a directory, " + target,
			Hint: "a parent in this path is a file, not a directory"}
	case errno == syscall.ENOTEMPTY:
		return Result{Error: "ENOTEMPTY: directory not empty, " + target,
			Hint: "use remove to delete a directory with its contents"}
	case errors.Is(err, fs.ErrExist):
		return Result{Error: "EEXIST: file already exists, " + target, Hint: "pick another name or remove the existing entry first"}
	case errors.Is(err, fs.ErrPermission):
		return Result{Error: "EACCES: permission denied, " + target, Type: fault.PermissionDenied,
			Hint: "the operating system refused access; check the file's permissions"}
	case strings.Contains(err.Error(), "path escapes from parent"):
		return Result{Error: fmt.Sprintf("%s: '%s' leads outside the project root", x.op, p), Type: fault.PathEscape,
			Hint: "a symlink or .. in the path points outside the root; use a path inside it"}
	}
	return Result{Error: fmt.Sprintf("%s: %s: %v", x.op, target, err)}
}

// textParam returns a param that must be UTF-8 text; ok is false (with the
// Result filled) when it is not.
func (x *opRun) textParam(name string) (string, *Result) {
	v := x.params[name]
	if err := textedit.CheckUTF8([]byte(v)); err != nil {
		return "", &Result{Error: fmt.Sprintf("%s: %s %v", x.op, name, err),
			Hint: "clada writes UTF-8 text only; remove or re-encode the bad bytes", Param: name}
	}
	return v, nil
}

// ok builds a success Result.
func ok(data map[string]any) Result { return Result{Success: true, Data: data} }
