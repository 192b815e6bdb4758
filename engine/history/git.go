package history

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/clada-dev/clada/engine"
	"github.com/clada-dev/clada/engine/command"
)

// gitEmail is the fixed address of clada's own commits; --git-author sets the name.
const gitEmail = "clada@localhost"

// gitTimeout bounds every git call: a wedged git (a stale lock, a network
// credential helper) must not hang an apply.
const gitTimeout = 30 * time.Second

// zeroOID is git's "no object", for update-ref and index removals: as
// many zeros as the repository's object ids have hex digits (64 in a
// SHA-256 repository, which refuses the SHA-1 length).
func (r *repo) zeroOID() string {
	if r.objectFormat == "sha256" {
		return strings.Repeat("0", 64)
	}
	return strings.Repeat("0", 40)
}

// repo is the git work tree holding the project root. Paths given to and
// read from git are slash paths relative to top.
type repo struct {
	top    string         // work tree top level, absolute
	gitDir string         // absolute git dir (per work tree)
	author string         // --git-author
	pin    *command.DirID // the top's identity when found: a swapped top stops every git call
	// userDir holds the key that signs the history (sign.go); keyRead,
	// signKey and keyErr cache it once asked for.
	userDir string
	keyRead bool
	signKey []byte
	keyErr  error
	// filters caches filterOff's overrides; filtersRead false means read
	// them again before the next call (at the start, and after each
	// command: only a command can change the repository's config mid-apply).
	filters     filterPolicy
	filtersRead bool
	// filtersAtStart are the repository-only filter drivers of the first
	// listing, before any command ran: those may hold the repository's
	// content (git-crypt), so they are refused, not emptied (git_config.go).
	filtersAtStart map[string]bool
	// listed is the session's listing of the config (GitConfig), for the
	// first filterOff; nil once taken, or when the session read none.
	listed *string
	// objectFormat is the repository's hash ("sha1", "sha256"): blobHash
	// computes a file's blob id with it, with no git process.
	objectFormat string
	// openHead is HEAD as findRepo saw it, for headAtOpen; nil once
	// taken, or when git did not say (a branch without a commit).
	openHead *headState
	// calls names each git command this repo ran, in order: every one is a
	// process of 1.5–3 ms, most of a small apply's time, and a test holds
	// an apply to its count (git_calls_test.go).
	calls []string
}

// openRepo returns the repo containing cfg.Root, or nil when git is disabled,
// missing, or the root is not inside a work tree; refused says why git
// was not run when the work tree's .git is not one git's linkage confirms
// (git_link.go).
func openRepo(ctx context.Context, cfg *engine.Config) (r *repo, refused string) {
	if cfg.NoGit {
		return nil, ""
	}
	r, err := findRepo(ctx, cfg)
	var link *linkError
	if errors.As(err, &link) {
		return nil, link.msg
	}
	if err != nil {
		return nil, ""
	}
	return r, ""
}

// findRepo locates the work tree and git dir of cfg.Root whatever --no-git
// says (undo and log need it): errNoWorkTree outside one, a *linkError
// when the work tree's .git leads where git's own linkage does not confirm.
func findRepo(ctx context.Context, cfg *engine.Config) (*repo, error) {
	author := cfg.GitAuthor
	if author == "" {
		author = "clada"
	}
	r := &repo{top: cfg.Root, author: author, userDir: cfg.UserDir}
	// --show-cdup rather than --show-toplevel: the top is then spelled as the
	// root is, so paths under the root stay under the top even when the root
	// was reached through a symlink. HEAD's commit and branch come in the
	// same process (an apply records them next, start): on a branch without
	// a commit yet git stops at HEAD^{commit}, after the lines before it,
	// and head asks again. "--" keeps a file named HEAD from making the
	// revision ambiguous.
	out, err := r.git(ctx, gitCall{}, "rev-parse", "--is-inside-work-tree", "--show-cdup", "--absolute-git-dir",
		"--show-object-format", "HEAD^{commit}", "--symbolic-full-name", "HEAD", "--")
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if err != nil && len(lines) >= 4 && lines[0] == "true" {
		err, lines = nil, lines[:4] // the repository is found; HEAD is not a commit
	}
	if err != nil || (len(lines) != 4 && len(lines) != 7) || lines[0] != "true" {
		if _, serr := os.Lstat(filepath.Join(cfg.Root, ".git")); serr == nil {
			// The root has a .git git does not take it by (a gitdir file
			// whose repository keeps its work tree elsewhere, a broken or
			// foreign repository): say so rather than stay silent.
			why := "its git dir places the work tree elsewhere"
			if err != nil {
				why = err.Error()
			}
			return nil, &linkError{fmt.Sprintf("%s has a .git, but git does not take it for a work tree (%s); clada runs no git for this root (no commit, no record for undo)", cfg.Root, why)}
		}
		return nil, fmt.Errorf("%s: %w", cfg.Root, errNoWorkTree)
	}
	r.top, r.gitDir, r.objectFormat = filepath.Join(cfg.Root, lines[1]), lines[2], lines[3]
	if len(lines) == 7 {
		h := &headState{commit: lines[4], ref: lines[5]}
		if h.ref == "HEAD" {
			h.ref = "" // detached: --symbolic-full-name says "HEAD" where symbolic-ref fails
		}
		r.openHead = h
	}
	if err := checkGitLink(ctx, r.top, r.gitDir); err != nil {
		return nil, err
	}
	id, err := command.IDOf(r.top)
	if err != nil {
		return nil, fmt.Errorf("git work tree %s: %w", r.top, err)
	}
	r.pin = &id // every later call checks it (command/dir.go)
	return r, nil
}

// key is the key that signs the history (sign.go), made on first use
// when create is set; nil when there is none (keyErr says why).
func (r *repo) key(create bool) []byte {
	if r.keyRead && (r.signKey != nil || !create) {
		return r.signKey
	}
	r.keyRead = true
	r.signKey, r.keyErr = historyKey(r.userDir, create)
	return r.signKey
}

// appendSigned signs rec with the key (made on first use) and appends it
// to the history (appendRecord); without a key the record goes in
// unsigned and unsigned says why, for the report: undo will refuse it.
func (r *repo) appendSigned(rec *ApplyRecord) (size int64, unsigned string, err error) {
	key := r.key(true)
	if key == nil {
		unsigned = fmt.Sprintf("the history record of apply %s is not signed (%v), so clada undo will refuse it", rec.ID, r.keyErr)
	}
	size, err = appendRecord(r.gitDir, key, rec)
	return size, unsigned, err
}

// gitCall is what one git call needs besides its arguments.
type gitCall struct {
	stdin  []byte
	env    []string // extra environment (identity, GIT_INDEX_FILE)
	config []string // "key=value" settings for this call alone (-c)
}

// git runs one git command at the top of the work tree, within gitTimeout.
// Every GIT_* variable of clada's environment is dropped (a hook's GIT_DIR
// must not redirect clada); hooks, signing and fsmonitor are off so clada's
// git never runs project code or prompts. Commands that take pathspecs are
// given literal first.
func (r *repo) git(ctx context.Context, c gitCall, args ...string) (string, error) {
	if err := command.CheckPinned(r.top, r.pin); err != nil {
		return "", fmt.Errorf("git %s: %w", gitName(args), err)
	}
	ctx, cancel := context.WithTimeout(ctx, gitTimeout)
	defer cancel()
	full := []string{"-c", "core.hooksPath=/dev/null", "-c", "commit.gpgsign=false", "-c", "core.fsmonitor=false"}
	env := gitProcessEnv()
	if filterCommand(gitName(args)) {
		if !r.filtersRead {
			p, err := r.filterOff(ctx, r.filtersAtStart) // git_config.go
			if err != nil {
				return "", err // fail closed: without the overrides a driver would run
			}
			r.filters, r.filtersRead = p, true
			if r.filtersAtStart == nil {
				r.filtersAtStart = p.repoOnly
			}
		}
		env = append(env, r.filters.env...)
	}
	for _, kv := range c.config {
		full = append(full, "-c", kv)
	}
	full = append(append(full, "-C", r.top), args...)
	r.calls = append(r.calls, gitName(args))
	cmd := exec.CommandContext(ctx, "git", full...)
	cmd.Env = append(env, c.env...)
	if c.stdin != nil {
		cmd.Stdin = bytes.NewReader(c.stdin)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if ctx.Err() == context.DeadlineExceeded {
			msg = fmt.Sprintf("timed out after %s", gitTimeout)
		} else if msg == "" {
			msg = err.Error()
		}
		msg += r.filters.filterHint(msg)
		return stdout.String(), fmt.Errorf("git %s: %s", gitName(args), msg)
	}
	return stdout.String(), nil
}

// gitName is the git command args run, past the global options.
func gitName(args []string) string {
	if args[0] == literal && len(args) > 1 {
		return args[1]
	}
	return args[0]
}

// userConfigVars choose which files are the user's own git config (global,
// system); clada's git reads the same ones the user's git does, so the
// filter drivers the user installed are the ones filterOff keeps.
var userConfigVars = []string{"GIT_CONFIG_GLOBAL=", "GIT_CONFIG_SYSTEM=", "GIT_CONFIG_NOSYSTEM="}

// gitProcessEnv is the environment of every git clada runs: clada's
// without GIT_* (a hook's GIT_DIR must not redirect clada) but with the
// user's config choice, no prompt, and git-lfs never downloading
// (git_config.go).
func gitProcessEnv() []string {
	env := command.CleanEnv(os.Environ())
	for _, kv := range os.Environ() {
		for _, v := range userConfigVars {
			if strings.HasPrefix(kv, v) {
				env = append(env, kv)
			}
		}
	}
	return append(env, "GIT_TERMINAL_PROMPT=0", "GIT_LFS_SKIP_SMUDGE=1")
}

// literal goes before a command that takes pathspecs, so a file named
// "*.go" or ":x" means only itself (check-ignore refuses it, so it is not global).
const literal = "--literal-pathspecs"

// ident is a commit author or committer.
type ident struct{ name, email string }

// env sets both author and committer to id.
func (id ident) env() []string {
	return []string{"GIT_AUTHOR_NAME=" + id.name, "GIT_AUTHOR_EMAIL=" + id.email,
		"GIT_COMMITTER_NAME=" + id.name, "GIT_COMMITTER_EMAIL=" + id.email}
}

// userIdent is the user's own git identity (git config user.name/email, or
// the GIT_AUTHOR_* variables they set), for the save commit of their work.
// ok is false when git has none; the fallback is the --git-author identity.
func (r *repo) userIdent(ctx context.Context) (id ident, ok bool) {
	var keep []string
	for _, kv := range os.Environ() {
		for _, k := range []string{"GIT_AUTHOR_NAME=", "GIT_AUTHOR_EMAIL=", "EMAIL="} {
			if strings.HasPrefix(kv, k) {
				keep = append(keep, kv)
			}
		}
	}
	out, err := r.git(ctx, gitCall{env: keep}, "var", "GIT_AUTHOR_IDENT")
	lt, gt := strings.IndexByte(out, '<'), strings.IndexByte(out, '>')
	if err != nil || lt < 1 || gt < lt {
		return ident{r.author, gitEmail}, false
	}
	return ident{strings.TrimSpace(out[:lt]), out[lt+1 : gt]}, true
}

// headState is HEAD's commit and the branch it is on.
type headState struct{ commit, ref string }

// head returns HEAD's commit ("" when the branch has no commit yet) and the
// branch HEAD points to ("" when detached).
func (r *repo) head(ctx context.Context) (commit, ref string, err error) {
	out, err := r.git(ctx, gitCall{}, "rev-parse", "-q", "--verify", "HEAD^{commit}")
	commit = strings.TrimSpace(out)
	if err != nil {
		commit = ""
	}
	out, err = r.git(ctx, gitCall{}, "symbolic-ref", "-q", "HEAD")
	ref = strings.TrimSpace(out)
	if err != nil {
		ref = ""
		if commit == "" {
			return "", "", errors.New("git: HEAD is neither a branch nor a commit")
		}
	}
	return commit, ref, nil
}

// headAtOpen is head as findRepo saw it, with no process of its own, the
// first time it is called; an apply's start calls it right after open.
// Undo and squash read HEAD afresh under their lock (head).
func (r *repo) headAtOpen(ctx context.Context) (commit, ref string, err error) {
	if h := r.openHead; h != nil {
		r.openHead = nil
		return h.commit, h.ref, nil
	}
	return r.head(ctx)
}

// nulList joins paths for a -z --stdin call.
func nulList(paths []string) []byte {
	var b bytes.Buffer
	for _, p := range paths {
		b.WriteString(p)
		b.WriteByte(0)
	}
	return b.Bytes()
}

// hashFiles stores the listed files as blobs and returns their ids in order:
// raw is the bytes on disk (what undo writes back), clean is what git add
// would store (clean filters, e.g. CRLF or LFS, applied). write=false only
// computes the ids.
func (r *repo) hashFiles(ctx context.Context, paths []string, raw, write bool) ([]string, error) {
	if len(paths) == 0 {
		return nil, nil
	}
	var flags []string
	if write {
		flags = append(flags, "-w")
	}
	if raw {
		flags = append(flags, "--no-filters")
	}
	// --stdin-paths reads lines and unquotes one that starts with '"': "./"
	// keeps every name literal; a name with a newline gets a call of its own.
	var b strings.Builder
	var batch []int
	ids := make([]string, len(paths))
	for i, p := range paths {
		if strings.Contains(p, "\n") {
			out, err := r.git(ctx, gitCall{}, append(append([]string{"hash-object"}, flags...), "--", p)...)
			if err != nil {
				return nil, err
			}
			ids[i] = strings.TrimSpace(out)
			continue
		}
		batch = append(batch, i)
		b.WriteString("./" + p + "\n")
	}
	if len(batch) == 0 {
		return ids, nil
	}
	out, err := r.git(ctx, gitCall{stdin: []byte(b.String())}, append([]string{"hash-object", "--stdin-paths"}, flags...)...)
	if err != nil {
		return nil, err
	}
	got := strings.Fields(out)
	if len(got) != len(batch) {
		return nil, fmt.Errorf("git hash-object: %d ids for %d paths", len(got), len(batch))
	}
	for k, i := range batch {
		ids[i] = got[k]
	}
	return ids, nil
}

// hashBytes stores data (a symlink's target) as a blob.
func (r *repo) hashBytes(ctx context.Context, data []byte) (string, error) {
	out, err := r.git(ctx, gitCall{stdin: data}, "hash-object", "-w", "--stdin")
	return strings.TrimSpace(out), err
}

// treeEntries returns mode and blob of each path in commit (ls-tree), keyed
// by path; paths absent there are missing from the map.
func (r *repo) treeEntries(ctx context.Context, commit string, paths []string) (map[string]FileState, error) {
	m := map[string]FileState{}
	if commit == "" || len(paths) == 0 {
		return m, nil
	}
	for _, chunk := range chunks(paths) {
		out, err := r.git(ctx, gitCall{}, append([]string{literal, "ls-tree", "-z", "--full-tree", commit, "--"}, chunk...)...)
		if err != nil {
			return nil, err
		}
		for _, rec := range strings.Split(out, "\x00") {
			// "<mode> SP <type> SP <oid> TAB <path>"
			meta, path, ok := strings.Cut(rec, "\t")
			f := strings.Fields(meta)
			if !ok || len(f) != 3 || f[1] != "blob" {
				continue
			}
			m[path] = FileState{Mode: f[0], Blob: f[2]}
		}
	}
	return m, nil
}

// indexEntries returns the index entries ("mode oid stage", as ls-files -s
// prints them) of each path, from the index at indexFile ("" for the real one).
func (r *repo) indexEntries(ctx context.Context, indexFile string, paths []string) (map[string][]string, error) {
	l, err := r.indexListing(ctx, indexFile, paths, false)
	return l.entries, err
}

// indexList is what indexListing read.
type indexList struct {
	entries map[string][]string // as indexEntries
	// tracked is every path git counts as tracked, which no ignore rule
	// matches (check-ignore passes over them): each path with an entry, a
	// sparse checkout's skip-worktree ones too, and every folder above one
	// (a pathspec of a folder matches the entries below it, in ls-files
	// and check-ignore alike).
	tracked map[string]bool
	// kept is each untracked file no ignore rule matches: ls-files
	// --others --exclude-standard applies the very rules check-ignore
	// does, so check-ignore need not ask again.
	kept map[string]bool
	// skip is each path whose entry has the skip-worktree bit (a sparse
	// checkout's path outside its cone): update-index leaves such an
	// entry as it is, so the commit clears the bit first (skipWorktree).
	skip map[string]bool
}

// indexListing is indexEntries and more (indexList) in one ls-files;
// others lists the untracked files too (kept).
func (r *repo) indexListing(ctx context.Context, indexFile string, paths []string, others bool) (indexList, error) {
	l := indexList{entries: map[string][]string{}, tracked: map[string]bool{}, kept: map[string]bool{}, skip: map[string]bool{}}
	var env []string
	if indexFile != "" {
		env = []string{"GIT_INDEX_FILE=" + indexFile}
	}
	// -t tags each name ("? " untracked, "H ", "S " skip-worktree, "M "
	// an index entry), so that no name, whatever it holds, is taken for
	// an entry. In a sparse checkout git (2.36 on) drops the bit, as it
	// reads the index, of each such path present on disk, as clada's
	// write has just made it; sparse.expectFilesOutsideOfPatterns keeps
	// it, so "S " tells the bit the index holds.
	call := gitCall{env: env, config: []string{"sparse.expectFilesOutsideOfPatterns=true"}}
	args := []string{literal, "ls-files", "-s", "-t", "-z", "--full-name"}
	if others {
		args = append(args, "--others", "--exclude-standard")
	}
	for _, chunk := range chunks(paths) {
		out, err := r.git(ctx, call, append(append(args, "--"), chunk...)...)
		if err != nil {
			return indexList{}, err
		}
		for _, rec := range strings.Split(out, "\x00") {
			if len(rec) < 3 || rec[1] != ' ' {
				continue
			}
			if rec[0] == '?' {
				l.kept[rec[2:]] = true
				continue
			}
			meta, p, ok := strings.Cut(rec[2:], "\t")
			if !ok {
				continue
			}
			l.entries[p] = append(l.entries[p], meta)
			if rec[0] == 'S' {
				l.skip[p] = true
			}
			for d := p; d != "." && !l.tracked[d]; d = path.Dir(d) {
				l.tracked[d] = true
			}
		}
	}
	return l, nil
}

// entriesUnder keeps the entries of m at each of paths or below it: what
// indexEntries of those paths alone would return.
func entriesUnder(m map[string][]string, paths []string) map[string][]string {
	want := make(map[string]bool, len(paths))
	for _, p := range paths {
		want[p] = true
	}
	out := map[string][]string{}
	for p, e := range m {
		for d := p; d != "."; d = path.Dir(d) {
			if want[d] {
				out[p] = e
				break
			}
		}
	}
	return out
}

// setIndex makes the entries of paths in indexFile ("" for the real index)
// exactly entries: every stage of each path is dropped, then the given
// entries ("mode oid stage") are added.
func (r *repo) setIndex(ctx context.Context, indexFile string, paths []string, entries map[string][]string) error {
	if len(paths) == 0 {
		return nil
	}
	var b bytes.Buffer
	for _, p := range paths {
		fmt.Fprintf(&b, "0 %s\t%s\x00", r.zeroOID(), p)
		for _, e := range entries[p] {
			fmt.Fprintf(&b, "%s\t%s\x00", e, p)
		}
	}
	var env []string
	if indexFile != "" {
		env = []string{"GIT_INDEX_FILE=" + indexFile}
	}
	_, err := r.git(ctx, gitCall{stdin: b.Bytes(), env: env}, "update-index", "-z", "--index-info")
	return err
}

// stage adds the files at add (content, mode and stat data from disk, clean
// filters applied) and drops the paths rm from indexFile ("" for the real index).
func (r *repo) stage(ctx context.Context, indexFile string, add, rm []string) error {
	var env []string
	if indexFile != "" {
		env = []string{"GIT_INDEX_FILE=" + indexFile}
	}
	if len(add) > 0 {
		if _, err := r.git(ctx, gitCall{env: env, stdin: nulList(add)}, "update-index", "--add", "--replace", "-z", "--stdin"); err != nil {
			return err
		}
	}
	if len(rm) > 0 {
		if _, err := r.git(ctx, gitCall{env: env, stdin: nulList(rm)}, "update-index", "--force-remove", "-z", "--stdin"); err != nil {
			return err
		}
	}
	return nil
}

// skipWorktree sets (on) or clears the skip-worktree bit of paths in the
// real index: clearing it is what `git add --sparse` does to a path outside
// the sparse checkout it adds, and lets update-index stage the file, which
// it otherwise passes over in silence; undo sets it again.
func (r *repo) skipWorktree(ctx context.Context, paths []string, on bool) error {
	if len(paths) == 0 {
		return nil
	}
	flag := "--no-skip-worktree"
	if on {
		flag = "--skip-worktree"
	}
	_, err := r.git(ctx, gitCall{stdin: nulList(paths)}, "update-index", flag, "-z", "--stdin")
	return err
}

// chunks splits a long path list so no command line gets too long.
func chunks(paths []string) [][]string {
	const n = 1000
	var out [][]string
	for len(paths) > n {
		out = append(out, paths[:n])
		paths = paths[n:]
	}
	if len(paths) > 0 {
		out = append(out, paths)
	}
	return out
}

// status is `git status` of the tree under prefix: path → the two status
// letters ("??" untracked, " M", "D ", …). Ignored files are not listed.
func (r *repo) status(ctx context.Context, prefix string) (map[string]string, error) {
	if prefix == "" {
		prefix = "."
	}
	out, err := r.git(ctx, gitCall{env: []string{"GIT_OPTIONAL_LOCKS=0"}}, literal, "status", "--porcelain=v1", "-z",
		"--untracked-files=all", "--no-renames", "--ignore-submodules=all", "--", prefix)
	if err != nil {
		return nil, err
	}
	m := map[string]string{}
	for _, rec := range strings.Split(out, "\x00") {
		if len(rec) > 3 {
			m[rec[3:]] = rec[:2]
		}
	}
	return m, nil
}

// ignored returns which of paths git ignores (tracked files never are).
func (r *repo) ignored(ctx context.Context, paths []string) (map[string]bool, error) {
	m := map[string]bool{}
	if len(paths) == 0 {
		return m, nil
	}
	out, err := r.git(ctx, gitCall{stdin: nulList(paths)}, "check-ignore", "-z", "--stdin")
	if err != nil && out == "" && !strings.HasSuffix(err.Error(), "check-ignore: exit status 1") {
		return nil, err
	}
	for _, p := range strings.Split(out, "\x00") {
		if p != "" {
			m[p] = true
		}
	}
	return m, nil
}

// commitTree writes a commit of tree on parent ("" for a root commit) with
// msg, authored and committed by id, without touching HEAD or the index.
func (r *repo) commitTree(ctx context.Context, tree, parent, msg string, id ident) (string, error) {
	args := []string{"commit-tree", tree}
	if parent != "" {
		args = append(args, "-p", parent)
	}
	out, err := r.git(ctx, gitCall{stdin: []byte(msg), env: id.env()}, args...)
	return strings.TrimSpace(out), err
}

// moveHead moves the branch HEAD is on (or a detached HEAD) from old to new,
// refusing if it is no longer at old. new "" deletes the branch (back to a
// repository without commits); old "" means it must not exist yet.
func (r *repo) moveHead(ctx context.Context, ref, newC, oldC, why string) error {
	target := ref
	var args []string
	if target == "" {
		target = "HEAD"
		args = append(args, "--no-deref")
	}
	if oldC == "" {
		oldC = r.zeroOID()
	}
	if newC == "" {
		_, err := r.git(ctx, gitCall{}, append([]string{"update-ref", "-m", why, "-d"}, append(args, target, oldC)...)...)
		return err
	}
	_, err := r.git(ctx, gitCall{}, append([]string{"update-ref", "-m", why}, append(args, target, newC, oldC)...)...)
	return err
}
