package watch

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// Excluded is what ExcludeFromGit did: the exclude file it looked at, the
// patterns it added and those already there. File is "" when root is in
// no git work tree (then nothing was done).
type Excluded struct {
	File         string
	Added, Found []string
}

// ExcludeFromGit keeps the loop's own files out of git status: it adds
// paths (absolute; a directory ends in a slash) to the repository's
// info/exclude, the per-clone ignore file, creating it when missing. The
// user's .gitignore is never touched: it is shared with everyone who
// clones, and the loop is one user's habit. Each pattern is anchored at the
// work tree's top; paths outside the work tree are skipped, and a pattern
// already in the file is not added again.
func ExcludeFromGit(ctx context.Context, root string, paths []string) (Excluded, error) {
	file, top, ok := gitPaths(ctx, root)
	if !ok {
		return Excluded{}, nil
	}
	old, err := os.ReadFile(file)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return Excluded{}, fmt.Errorf("read %s: %w", file, err)
	}
	have := map[string]bool{}
	for l := range strings.SplitSeq(string(old), "\n") {
		have[strings.TrimRight(l, "\r")] = true
	}
	ex := Excluded{File: file}
	var add bytes.Buffer
	for _, p := range paths {
		dir := strings.HasSuffix(p, "/")
		rel, err := filepath.Rel(top, filepath.Clean(p))
		if err != nil || !filepath.IsLocal(rel) {
			continue // not in this work tree: git never sees it
		}
		pat := "/" + gitPattern(filepath.ToSlash(rel))
		if dir {
			pat += "/"
		}
		if have[pat] {
			ex.Found = append(ex.Found, pat)
			continue
		}
		have[pat] = true
		ex.Added = append(ex.Added, pat)
		add.WriteString(pat + "\n")
	}
	if add.Len() == 0 {
		return ex, nil
	}
	var out bytes.Buffer
	if len(old) > 0 && !bytes.HasSuffix(old, []byte("\n")) {
		out.WriteString("\n")
	}
	out.WriteString("# clada's loop (clada init): the watch file and clada's own state\n")
	out.Write(add.Bytes())
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return Excluded{}, fmt.Errorf("exclude from git: %w", err)
	}
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return Excluded{}, fmt.Errorf("exclude from git: %w", err)
	}
	_, err = f.Write(out.Bytes())
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return Excluded{}, fmt.Errorf("exclude from git: write %s: %w", file, err)
	}
	return ex, nil
}

// gitPaths asks git for the exclude file of the repository holding root
// (shared by all its worktrees) and the top of root's work tree; ok is
// false when root is in none, or git is not installed.
func gitPaths(ctx context.Context, root string) (exclude, top string, ok bool) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "git", "-C", root, "rev-parse", "--path-format=absolute", "--git-path", "info/exclude", "--show-toplevel")
	cmd.Env = append(os.Environ(), "GIT_OPTIONAL_LOCKS=0")
	out, err := cmd.Output()
	if err != nil {
		return "", "", false
	}
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	if len(lines) != 2 || lines[1] == "" {
		return "", "", false // a bare repository: no work tree to keep clean
	}
	top = lines[1]
	if t, err := filepath.EvalSymlinks(top); err == nil {
		top = t
	}
	return lines[0], top, true
}

// gitPattern escapes a path for a gitignore line: the glob characters and
// a backslash with a backslash, and trailing spaces (which git strips).
func gitPattern(p string) string {
	var b strings.Builder
	for i, r := range p {
		switch {
		case strings.ContainsRune(`\*?[`, r):
			b.WriteRune('\\')
		case r == ' ' && strings.TrimRight(p[i:], " ") == "":
			b.WriteRune('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
