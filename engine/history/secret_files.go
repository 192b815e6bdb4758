package history

import (
	"fmt"
	"path"
	"strings"
)

// secretFile reports whether the slash path p names a file that by its
// name holds secrets: an environment file (.env, .env.local,
// .env.production; not a template such as .env.example), a private key or
// certificate bundle (*.pem, *.key, *.p12, *.pfx, id_rsa and its kin), or
// a credentials file of a tool (.netrc, .pgpass). A model asked to "add
// the API key" writes one as readily as code, and an untracked one would
// otherwise go into clada's commit, or a save commit of the user's, and
// from there to every clone that is pushed: clada leaves such a file
// uncommitted unless git already tracks it (README "The git model").
func secretFile(p string) bool {
	name := strings.ToLower(path.Base(p))
	switch name {
	case ".env", ".netrc", "_netrc", ".pgpass",
		"id_rsa", "id_dsa", "id_ecdsa", "id_ed25519", "id_ecdsa_sk", "id_ed25519_sk":
		return true
	}
	if rest, ok := strings.CutPrefix(name, ".env."); ok {
		return !envTemplate(rest) && !codeOrProse[path.Ext("."+rest)]
	}
	switch path.Ext(name) {
	case ".pem", ".key", ".p12", ".pfx":
		return true
	}
	return false
}

// codeOrProse are extensions that make .env.<x> a program or a document
// about the environment (.env.ts, .env.md), not an environment file.
var codeOrProse = map[string]bool{".md": true, ".rst": true, ".ts": true, ".js": true, ".mjs": true, ".cjs": true, ".py": true, ".go": true, ".rb": true}

// envTemplate reports whether .env.<suffix> is by convention a file that
// shows which variables exist, without their values, and is committed
// (.env.example, .env.sample.local, .env.template, .env.dist).
func envTemplate(suffix string) bool {
	for _, t := range []string{"example", "sample", "template", "tmpl", "tpl", "dist", "defaults", "schema"} {
		if suffix == t || strings.HasPrefix(suffix, t+".") {
			return true
		}
	}
	return false
}

// secretWarning says which secret-looking files the apply left out of its
// commit, who made them ("the answer changed", "commands created"), whether
// undo takes them back, and what to do about them.
func secretWarning(who string, paths []string, undoLeaves bool) string {
	names, more := paths, ""
	if len(names) > 5 {
		names, more = names[:5], fmt.Sprintf(" and %d more", len(paths)-5)
	}
	what, them, belong := "files whose names mark them as holding secrets", "them", "they belong"
	if len(paths) == 1 {
		what, them, belong = "file whose name marks it as holding secrets", "it", "it belongs"
	}
	undo := ""
	if undoLeaves {
		undo = ", and undo leaves " + them
	}
	return fmt.Sprintf("%s %d untracked %s (%s%s): left uncommitted%s, so that no push carries %s (list %s in .gitignore, or git add %s yourself if %s in the repository)",
		who, len(paths), what, strings.Join(names, ", "), more, undo, them, them, them, belong)
}

// leaveSecrets adds to ign (the files git ignores, which clada neither
// saves nor commits, and undo still restores) each of the apply's files
// that holds secrets by its name and that git does not track, and warns
// of them.
func (t *applyTracker) leaveSecrets(files []string, index indexList, ign map[string]bool) map[string]bool {
	var left []string
	for _, p := range files {
		if !ign[p] && !index.tracked[p] && secretFile(p) {
			if ign == nil {
				ign = map[string]bool{}
			}
			ign[p] = true
			left = append(left, p)
		}
	}
	if len(left) > 0 {
		t.warnings = append(t.warnings, secretWarning("the answer changed", left, false))
	}
	return ign
}
