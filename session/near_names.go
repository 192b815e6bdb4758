package session

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/lang"
)

// nameNearMisses adds "did you mean 'x'?" to the hint of each result that
// failed because its file is not there, when the file's folder holds a
// name one or two letters away or the same name in another letter case (a
// model's math_util.py for math_utils.py, Readme.md for README.md). It
// reads the tree once the run is over: the engine's ops may not, since an
// op reads only at or below its own paths and their parents, which keeps
// the editor's incremental simulation exact (engine/op_table.go), and a
// sibling's name is neither. The answer's path is never retargeted.
func nameNearMisses(rep *engine.Report, cfg *engine.Config) {
	if rep == nil {
		return
	}
	for i := range rep.Results {
		r := &rep.Results[i]
		if r.Success || r.Type != fault.FileNotFound || !asksToCheckPath(r.Hint) {
			continue // a hint that no longer says to check the path knows why it is missing (sparse_hint.go)
		}
		p, _ := r.Value(cmp.Or(r.Param, lang.ParamPath)) // the param the failure points at
		if near := nearName(cfg, p, creates(r.Action)); near != "" {
			r.Hint = fmt.Sprintf("did you mean '%s'? %s", near, r.Hint)
		}
	}
}

// nearName is the path, as the answer would write it, of the entry of p's
// folder nearest p's own name; "" when none is near or p does not resolve.
func nearName(cfg *engine.Config, p string, create bool) string {
	if p == "" {
		return ""
	}
	abs, err := cfg.Resolve(p)
	if err != nil {
		return ""
	}
	entries, err := os.ReadDir(filepath.Dir(abs))
	if errors.Is(err, fs.ErrNotExist) {
		return nearFolder(cfg, p, create)
	}
	if err != nil || len(entries) > 10_000 {
		return ""
	}
	base := filepath.Base(abs)
	dir := path.Dir(filepath.ToSlash(strings.ReplaceAll(p, `\`, "/")))
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		if e.Name() == base {
			return "" // it is there now: the failure was about something else
		}
		if strings.EqualFold(e.Name(), base) {
			return path.Join(dir, e.Name())
		}
		names = append(names, e.Name())
	}
	if n := lang.Nearest(base, names); n != "" {
		return path.Join(dir, n)
	}
	return ""
}

// nearFolder is nearName for a p whose folder is missing: the first
// missing folder on its way is swapped for the nearest folder beside it,
// the same name in another letter case or one or two letters away (srcs/
// for src/, Tests/ for tests/); "" when none is near, or when the path so
// made is not there for an op that needs its file (an edit), or has no
// folder for one that would create it. p must be relative.
func nearFolder(cfg *engine.Config, p string, create bool) string {
	clean := path.Clean(filepath.ToSlash(strings.ReplaceAll(p, `\`, "/")))
	if path.IsAbs(clean) || clean == "." || strings.HasPrefix(clean, "../") {
		return ""
	}
	parts := strings.Split(clean, "/")
	dir := filepath.Clean(cfg.Root)
	for i, part := range parts[:len(parts)-1] {
		next := filepath.Join(dir, part)
		if fi, err := os.Lstat(next); err == nil && fi.IsDir() {
			dir = next
			continue
		}
		entries, err := os.ReadDir(dir)
		if err != nil || len(entries) > 10_000 {
			return ""
		}
		var names []string
		for _, e := range entries {
			if !e.IsDir() {
				continue
			}
			if strings.EqualFold(e.Name(), part) {
				names = []string{e.Name()}
				break
			}
			names = append(names, e.Name())
		}
		n := ""
		if len(names) == 1 && strings.EqualFold(names[0], part) {
			n = names[0]
		} else {
			n = lang.Nearest(part, names)
		}
		if n == "" {
			return ""
		}
		parts[i] = n
		near := strings.Join(parts, "/")
		at := filepath.Join(cfg.Root, filepath.FromSlash(near))
		if create {
			at = filepath.Dir(at)
		}
		if _, err := os.Lstat(at); err != nil {
			return "" // dirA/x.txt is no better a guess for dirB/x.txt when it is not there either
		}
		return near
	}
	return ""
}

// creates reports whether the op named action makes the file its path
// names (a whole-file block, a write), so that a path near it is worth
// naming when its folder is there, file or not.
func creates(action string) bool {
	switch action {
	case lang.OpFileMerge.String(), lang.OpFileWrite.String():
		return true
	}
	return false
}

// asksToCheckPath reports whether a failure's hint still asks to check
// the path (the ops' words for a missing file: "check the path", "check
// old_path"), so that a near name may help.
func asksToCheckPath(hint string) bool {
	return strings.Contains(hint, "check the path") || strings.Contains(hint, "check old_path") || strings.Contains(hint, "check new_path")
}
