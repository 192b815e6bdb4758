package lang

import "strings"

// closest returns the candidate nearest to name by edit distance (adjacent
// transpositions count as one edit) when one is close enough to be a
// plausible typo: at most a third of the name's length, and at most 3 edits.
// Failing that, a word LLMs use for an op (DELETE, mkdir, cat) names the ops
// it may mean among the candidates, "FILE_DELETE or REMOVE". "" when neither.
func closest(name string, candidates []string) string {
	if c := nearest(name, candidates); c != "" {
		return c
	}
	return synonymOf(name, candidates)
}

// Nearest is the candidate nearest to name by edit distance when one is
// close enough to be a plausible typo (closest's measure), else "": a
// file name an answer got wrong by a letter (math_util.py for
// math_utils.py) is named in the report's hint (session/near_names.go).
func Nearest(name string, candidates []string) string { return nearest(name, candidates) }

// nearest is closest by edit distance alone.
func nearest(name string, candidates []string) string {
	best, bestD := "", 0
	limit := len(name) / 3
	if limit < 1 {
		limit = 1
	}
	if limit > 3 {
		limit = 3
	}
	for _, c := range candidates {
		d := editDistance(name, c)
		if d <= limit && (best == "" || d < bestD) {
			best, bestD = c, d
		}
	}
	return best
}

// editDistance is the optimal-string-alignment distance between a and b, on
// bytes (op and param names are ASCII).
func editDistance(a, b string) int {
	// Three rolling rows: the transposition rule looks two rows back.
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// opSynonyms lists the catalog ops a word for an action may mean, for words
// no edit distance reaches: what shells, other tools and prose call them.
func opSynonyms(word string) []OpID {
	switch strings.ToLower(word) {
	case "delete", "del", "rm", "unlink", "erase", "file_remove":
		return []OpID{OpFileDelete, OpRemove}
	case "rmdir", "delete_dir", "dir_remove":
		return []OpID{OpDirDelete, OpRemove}
	case "mkdir", "create_dir", "make_dir":
		return []OpID{OpDirCreate}
	case "read", "cat", "view", "open", "show":
		return []OpID{OpFileRead}
	case "mv", "rename", "move_file":
		return []OpID{OpFileMove}
	case "edit", "replace", "patch", "modify", "update":
		return []OpID{OpFileReplaceText}
	case "create", "new", "touch", "save", "put":
		return []OpID{OpFileWrite}
	case "append", "add":
		return []OpID{OpFileAppend}
	case "exec", "execute", "shell", "bash", "sh", "cmd", "command", "run":
		return []OpID{OpExec}
	case "list", "dir", "list_dir":
		return []OpID{OpLs}
	case "find", "search_files":
		return []OpID{OpGlob, OpGrep}
	}
	return nil
}

// synonymOf spells the ops opSynonyms gives for name the way candidates
// spell them (catalog names, or a syntax's op words), joined by "or"; ""
// when none is among the candidates.
func synonymOf(name string, candidates []string) string {
	var out []string
	for _, op := range opSynonyms(name) {
		spec := op.Spec()
		spellings := []string{spec.Name, spec.CSL, spec.CML}
		for _, sp := range spellings {
			if sp != "" && sp != name && contains(candidates, sp) && !contains(out, sp) {
				out = append(out, sp)
				break
			}
		}
	}
	return strings.Join(out, " or ")
}
