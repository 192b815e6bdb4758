package engine

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"
)

// Bounds on the paths an answer can make clada walk. A tree an answer builds
// itself (one file_write per level) cost grep and glob time cubic in its
// depth through the root-bound layer, which checks every parent of every
// path; capping depth and length keeps every walk bounded, and the error
// names the path.
const (
	MaxPathDepth = 256  // folders below the filesystem root
	MaxPathLen   = 4096 // bytes of an absolute path (Linux PATH_MAX)
)

// DefaultOpBudget is how long one grep or glob may walk (Config.OpBudget).
const DefaultOpBudget = 30 * time.Second

// checkPathShape refuses an absolute path deeper or longer than the caps.
func checkPathShape(op, abs string) error {
	if len(abs) > MaxPathLen {
		return &pathShapeError{fmt.Sprintf("%s: path '%s' is %d bytes long, over the %d-byte limit", op, clipPath(abs), len(abs), MaxPathLen)}
	}
	if d := strings.Count(abs, string(filepath.Separator)); d > MaxPathDepth {
		return &pathShapeError{fmt.Sprintf("%s: path '%s' is %d folders deep, over the %d-folder limit", op, clipPath(abs), d, MaxPathDepth)}
	}
	return nil
}

// pathShapeError is a path over MaxPathDepth or MaxPathLen.
type pathShapeError struct{ msg string }

func (e *pathShapeError) Error() string { return e.msg }

// budgetError is a walk stopped by Config.OpBudget.
type budgetError struct {
	op     string
	budget time.Duration
	files  int
}

func (e *budgetError) Error() string {
	return fmt.Sprintf("%s: stopped after %s scanning %d files; narrow path or include", e.op, e.budget, e.files)
}

// walkBudget tracks one walk's deadline and file count.
type walkBudget struct {
	op       string
	budget   time.Duration
	deadline time.Time
	files    int
}

func (x *opRun) newWalkBudget() *walkBudget {
	b := x.cfg.OpBudget
	if b <= 0 {
		b = DefaultOpBudget
	}
	return &walkBudget{op: x.op, budget: b, deadline: time.Now().Add(b)}
}

// spent reports the budget error once the deadline has passed.
func (w *walkBudget) spent() error {
	if time.Now().After(w.deadline) {
		return &budgetError{op: w.op, budget: w.budget, files: w.files}
	}
	return nil
}

// clipPath shortens a path for a message: its first and last 60 bytes.
func clipPath(p string) string {
	if len(p) <= 160 {
		return p
	}
	return p[:60] + "…" + p[len(p)-60:]
}
