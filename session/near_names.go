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
		if r.Success || r.Type != fault.FileNotFound || !r.CheckPath {
			continue // the run knows why the file is missing (engine.Result.CheckPath)
		}
		p, _ := r.Value(cmp.Or(r.Param, lang.ParamPath)) // the param the failure points at
		if near := nearName(cfg, p, engine.CreatesFile(r.Action)); near != "" {
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
	n, err := nearEntry(filepath.Dir(abs), filepath.Base(abs), false)
	if errors.Is(err, fs.ErrNotExist) {
		return nearFolder(cfg, p, create)
	}
	if n == "" {
		return ""
	}
	return path.Join(path.Dir(filepath.ToSlash(strings.ReplaceAll(p, `\`, "/"))), n)
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
		n, _ := nearEntry(dir, part, true)
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

// nearEntry is the name in dir (a folder's, with dirs) nearest name: the
// same in another letter case, else one or two letters away
// (lang.Nearest); "" when none is, when name itself is there, or when dir
// cannot be listed (err) or holds too many entries to compare.
func nearEntry(dir, name string, dirs bool) (string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) > 10_000 {
		return "", err
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		switch {
		case dirs && !e.IsDir():
			continue
		case e.Name() == name:
			return "", nil // it is there now: the failure was about something else
		case strings.EqualFold(e.Name(), name):
			return e.Name(), nil
		}
		names = append(names, e.Name())
	}
	return lang.Nearest(name, names), nil
}
