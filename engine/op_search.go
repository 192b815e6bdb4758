package engine

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/internal/glob"
	"github.com/clada-dev/clada/lang"
)

// Limits keep a search from flooding the report (and the LLM's context).
const (
	maxGrepMatches = 1000
	maxGlobMatches = 10000
	maxGrepLine    = 2000 // bytes of a matching line kept (minified files are one line)
)

// clipLine is a matching line as a result keeps it: a copy (so the file's
// content is not kept alive by it) of at most maxGrepLine bytes, cut on a
// character boundary with a note of what was cut. A thousand matches in
// one-line 64 MiB files would otherwise hold 64 GiB.
func clipLine(line string) string {
	if len(line) <= maxGrepLine {
		return strings.Clone(line)
	}
	cut := maxGrepLine
	for cut > 0 && !utf8.RuneStart(line[cut]) {
		cut--
	}
	return strings.Clone(line[:cut]) + fmt.Sprintf(" …[%d more bytes]", len(line)-cut)
}

// GrepMatch is one matching line.
type GrepMatch struct {
	File       string `json:"file"` // relative to the root, slash separated
	LineNumber int    `json:"line_number"`
	Line       string `json:"line"`
}

// walkFiles calls visit for every regular file under dir (or dir itself when
// it is a file), skipping .git, symlinks and what .gitignore files exclude.
// A symlink or special file (FIFO, socket, device) that .gitignore does not
// exclude is passed to skipped, when given, with the refusal a read of it
// would get, so grep can say what it did not search.
// rel paths passed to visit are slash paths relative to dir; read returns the
// file's content (capped, see read_cap.go). The walk stops with an error when
// it passes Config.OpBudget or a path passes MaxPathDepth/MaxPathLen, and
// when the context is cancelled.
//
// On the OS workspace the walk holds a handle on each folder it is in and
// opens children relative to it, so every entry costs the same at any depth
// (fsys.Dir).
func (x *opRun) walkFiles(dir string, visit func(abs, rel string, size int64, read func() ([]byte, error)) bool, skipped func(abs, rel string, err error)) error {
	fi, err := x.ws.Lstat(dir)
	if err != nil {
		return err
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		return fsys.SymlinkRefused(dir)
	}
	if !fi.IsDir() {
		visit(dir, filepath.Base(dir), fi.Size(), func() ([]byte, error) { return x.ws.ReadFile(dir) })
		return nil
	}
	top, err := fsys.OpenDir(x.ws, dir, fi)
	if err != nil {
		return err
	}
	defer top.Close()
	budget := x.newWalkBudget()
	ig := &ignorer{}
	ig.loadData(top.Gitignore(x.ws), "")
	var walk func(d fsys.Dir, rel string) (bool, error)
	walk = func(d fsys.Dir, rel string) (bool, error) {
		if err := x.ctx.Err(); err != nil {
			return false, err
		}
		if err := budget.spent(); err != nil {
			return false, err
		}
		if err := checkPathShape(x.op, d.Abs()); err != nil {
			return false, err
		}
		infos, err := d.List(x.ws)
		if err != nil {
			return false, err
		}
		for _, e := range infos {
			name := e.Name()
			childRel := name
			if rel != "" {
				childRel = rel + "/" + name
			}
			switch m := e.Mode(); {
			case m.IsDir():
				if strings.EqualFold(name, ".git") || ig.ignored(childRel, true) || x.unlisted(d.Abs(), name) {
					continue
				}
				sub, err := d.Child(x.ws, name, e)
				if err != nil {
					return false, err
				}
				ig.loadData(sub.Gitignore(x.ws), childRel)
				more, err := walk(sub, childRel)
				sub.Close()
				if !more || err != nil {
					return more, err
				}
			case m.IsRegular():
				if ig.ignored(childRel, false) || x.unlisted(d.Abs(), name) {
					continue
				}
				budget.files++
				if budget.files%256 == 0 {
					if err := budget.spent(); err != nil {
						return false, err
					}
				}
				if !visit(filepath.Join(d.Abs(), name), childRel, e.Size(), func() ([]byte, error) { return d.Read(x.ws, name, e, x.maxRead()) }) {
					return false, nil
				}
			default: // a symlink or a special file: reads refuse both
				if skipped == nil || ig.ignored(childRel, false) {
					continue
				}
				abs := filepath.Join(d.Abs(), name)
				if m&fs.ModeSymlink != 0 {
					skipped(abs, childRel, fsys.SymlinkRefused(abs))
				} else {
					skipped(abs, childRel, fsys.NotRegular(abs, m))
				}
			}
		}
		return true, nil
	}
	_, err = walk(top, "")
	return err
}

// unlisted reports whether the file or folder name in folder dir is one of
// the config's Unlisted paths, which a walk leaves out.
func (x *opRun) unlisted(dir, name string) bool {
	for _, u := range x.cfg.Unlisted {
		if filepath.Base(u) == name && filepath.Dir(u) == dir {
			return true
		}
	}
	return false
}

// shown is how a result path appears: relative to the root when inside it.
func (x *opRun) shown(abs string) string {
	if rel, ok := x.cfg.Rel(abs); ok {
		return rel
	}
	return filepath.ToSlash(abs)
}

// grep searches files for an RE2 pattern, line by line. include filters by
// file name glob (or by path, when it has a slash). Binary and non-UTF-8
// files are skipped.
func (x *opRun) grep() Result {
	pat := x.params[lang.ParamPattern]
	re, err := regexp.Compile(pat)
	if err != nil {
		return Result{Param: lang.ParamPattern, Error: fmt.Sprintf("grep: invalid pattern '%s': %v", pat, err),
			Hint: "the pattern is a Go RE2 regular expression; escape special characters such as ( [ . with \\"}
	}
	abs, p, bad := x.path(lang.ParamPath, false)
	if bad != nil {
		return *bad
	}
	include := x.params[lang.ParamInclude]
	if err := glob.Valid(include); include != "" && err != nil {
		return Result{Param: lang.ParamInclude, Error: fmt.Sprintf("grep: invalid include glob '%s'", include), Hint: `write include = "*.go"`}
	}
	if size, big := x.overCap(abs); big { // one file, named: say so rather than find nothing
		return *x.tooBig(p, size)
	}
	matches := []GrepMatch{}
	truncated := false
	var skipped notSearched
	err = x.walkFiles(abs, func(file, rel string, size int64, read func() ([]byte, error)) bool {
		if include != "" && !includeMatch(include, rel) {
			return true
		}
		if size > x.maxRead() {
			skipped.add(x.shown(file), x.overCapWhy())
			return true
		}
		data, err := read()
		if err != nil {
			skipped.add(x.shown(file), x.unreadWhy(err))
			return true
		}
		if bytes.IndexByte(data[:min(len(data), 8000)], 0) >= 0 || !utf8.Valid(data) {
			return true
		}
		for i, line := range strings.Split(string(data), "\n") {
			line = strings.TrimSuffix(line, "\r")
			if !re.MatchString(line) {
				continue
			}
			if len(matches) == maxGrepMatches {
				truncated = true
				return false
			}
			matches = append(matches, GrepMatch{File: x.shown(file), LineNumber: i + 1, Line: clipLine(line)})
		}
		return true
	}, func(file, rel string, err error) {
		if include == "" || includeMatch(include, rel) {
			skipped.add(x.shown(file), x.unreadWhy(err))
		}
	})
	if err != nil {
		return x.walkFailed(p, err)
	}
	data := map[string]any{"pattern": pat, "path": p, "matches": matches}
	if truncated {
		data["truncated"] = true
	}
	if len(skipped.paths) > 0 {
		data["not_searched"] = skipped.paths
		data["not_searched_why"] = strings.Join(skipped.whys, "; or ")
	}
	return ok(data)
}

// notSearched is what grep could not read: the files, in walk order, and
// each distinct reason once (a phrase that follows "being", as the
// report's warning reads: "2 file(s) were not searched, being …").
type notSearched struct {
	paths, whys []string
}

func (n *notSearched) add(path, why string) {
	n.paths = append(n.paths, path)
	if !slices.Contains(n.whys, why) {
		n.whys = append(n.whys, why)
	}
}

// overCapWhy is why grep skips a file over the read cap.
func (x *opRun) overCapWhy() string {
	return fmt.Sprintf("over the %s read limit (--max-read)", fsys.HumanBytes(x.maxRead()))
}

// unreadWhy is why grep skipped a file whose read failed: the same rules
// as a read's, so grep never shows what file_read would refuse, and never
// drops a file without saying so.
func (x *opRun) unreadWhy(err error) string {
	var refused *fsys.RefusedError
	switch {
	case errors.Is(err, fsys.ErrHardLinked):
		return "hard-linked (reads refuse a file whose other name may lie outside the root; copy it, or pass --allow-escape)"
	case errors.Is(err, fsys.ErrNotRegular):
		return "not regular files (FIFOs, sockets, devices)"
	case errors.As(err, &refused) && refused.Type == fault.SymlinkNotAllowed:
		return "symbolic links (reads never follow one; search the file it points to)"
	case errors.As(err, &refused):
		return "refused as reads refuse it (" + refused.Fix + ")"
	case errors.Is(err, fsys.ErrGrewPastCap):
		return x.overCapWhy()
	case errors.Is(err, fs.ErrPermission):
		return "unreadable (permission denied)"
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err // the path is in not_searched already
	}
	return fmt.Sprintf("unreadable (%v)", err)
}

// includeMatch applies grep's include glob to a file's name, or to its path
// below the search folder when the glob has a slash.
func includeMatch(include, rel string) bool {
	if strings.Contains(include, "/") {
		return glob.Match(include, rel)
	}
	return glob.Match(include, path.Base(rel))
}

// glob lists files under base_path whose path relative to it matches the
// pattern ("**" spans folders), sorted, relative to the root.
func (x *opRun) glob() Result {
	pat := strings.TrimLeft(strings.TrimPrefix(x.params[lang.ParamPattern], "./"), "/")
	if pat == "" {
		return Result{Param: lang.ParamPattern, Error: "glob: pattern cannot be empty", Hint: `write pattern = "**/*.go"`}
	}
	if err := glob.Valid(pat); err != nil {
		return Result{Param: lang.ParamPattern, Error: fmt.Sprintf("glob: invalid pattern '%s'", pat), Hint: "check the brackets and escapes in the pattern"}
	}
	if bad := x.globEscape(pat); bad != nil {
		return *bad
	}
	abs, p, bad := x.path(lang.ParamBasePath, false)
	if bad != nil {
		return *bad
	}
	found := []string{}
	truncated := false
	err := x.walkFiles(abs, func(file, rel string, _ int64, _ func() ([]byte, error)) bool {
		if !glob.Match(pat, rel) {
			return true
		}
		if len(found) == maxGlobMatches {
			truncated = true
			return false
		}
		found = append(found, x.shown(file))
		return true
	}, nil) // glob lists regular files and reads none: it skipped nothing it would read
	if err != nil {
		return x.walkFailed(p, err)
	}
	data := map[string]any{"pattern": pat, "base_path": p, "matches": found}
	if truncated {
		data["truncated"] = true
	}
	return ok(data)
}

// walkFailed turns a walk's error into the op's Result: a spent budget or a
// path over the caps reads as it is; other errors as the OS's.
func (x *opRun) walkFailed(p string, err error) Result {
	var be *budgetError
	var pe *pathShapeError
	switch {
	case errors.As(err, &be):
		return Result{Error: be.Error(), Hint: "give a smaller path or an include glob, or raise --op-budget"}
	case errors.As(err, &pe):
		return Result{Error: pe.Error(), Hint: "search a folder nearer the root"}
	}
	return x.fail("scandir", p, err)
}
