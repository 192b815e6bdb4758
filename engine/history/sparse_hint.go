package history

import (
	"fmt"
	"path"
	"strings"

	"github.com/clada-dev/clada/lang"
)

// sparseHint explains an action that failed because its file is not on
// disk when the file is one a sparse checkout leaves out (missingHints
// finds it so): git keeps it in the index with the skip-worktree bit
// (README "The git model"), so it exists for the user, and "no such
// file" alone would send the model looking for another name. rel is the
// file's path from the work tree top.
//
// The hint names the file as the answer does, from the project root, and
// its commands are right when run there, which may be a folder below the
// work tree's top (--root): `git show HEAD:./x` reads x from the current
// folder; `git sparse-checkout add` takes folders from the current one in
// cone mode but runs only at the top in non-cone mode ("please run from
// the toplevel directory"), so from a folder below it is given the top
// with -C and the folder from the top, which both modes take; `git rm
// --sparse` takes its paths from the current folder.
func (t *applyTracker) sparseHint(spec *lang.OpSpec, rel string) string {
	shown := t.fromRoot(rel)
	show := "HEAD:" + rel
	add := "git sparse-checkout add "
	if t.prefix != "" {
		show = "HEAD:./" + shown
		add = "git -C " + strings.TrimSuffix(strings.Repeat("../", strings.Count(t.prefix, "/")+1), "/") + " sparse-checkout add "
	}
	dir := path.Dir(rel)
	if dir == "." {
		dir = "/" + rel // a non-cone pattern of the file alone: cone mode never leaves out a file at the top
	}
	if spec != nil && spec.ID == lang.OpFileDelete {
		return fmt.Sprintf("%s is in git but outside this sparse checkout, so it is not on disk: remove it from git with `git rm --sparse -- %s`, or check it out first with `%s%s` and apply again",
			shown, shown, add, dir)
	}
	return fmt.Sprintf("%s is in git but outside this sparse checkout, so it is not on disk: read it with `git show %s`, or check it out first with `%s%s` and apply again; a file_write of it also works (clada commits it, as `git add --sparse` would)",
		shown, show, add, dir)
}
