package engine

import "github.com/clada-dev/clada/lang"

// opTable is the engine's half of each op of the catalog (lang/catalog.go
// is the other): how it runs, which paths it touches, and which param its
// failures point at. Do and Footprint read it by lang.OpID. Adding an op
// is its catalog entry and its line here; TestOpTable fails on a catalog op
// without one.
//
// touches is the op's footprint (Footprint): the path params whose paths it
// reads or writes; nil means the root. The language server re-runs, after
// an edit, only the ops whose results the edit can change (simulate.go),
// and footprints say which those are.
//
// Two paths are related when one is the other or lies below it.
// Ops whose footprints are not related, directly or through a chain of ops
// that are, never change each other's results on an Overlay, so each op's
// result is what running only the ops related to it, in order, would give.
// That holds because of what the ops do (op_*.go, fsys/overlay.go):
//
//   - An op changes entries only at or below its own paths (WriteFile,
//     Remove, RemoveAll and Rename of a whole tree, MkdirAll of the path),
//     plus one more thing: it creates the missing parent directories of a
//     path it writes or moves to. That is why a path and its parents are
//     related: writing "a" as a file makes a later write of "a/b" fail.
//   - An op reads only at or below its own paths, and the parents of its
//     paths (Lstat on the way down, the parent checks of Remove and Rename).
//
// So the one way an op reaches outside the paths related to its own is by
// creating a directory D that was missing, above its own path, where an
// unrelated op's path lies below D too (writing "a/b/c" creates "a"; "a/x"
// is not related to "a/b/c"). That never changes the other op's result: D
// was missing, so everything below it was missing too, and still is (apart
// from what lies at or below the first op's own paths), and every op meets a
// missing path below D alike whether D exists or not: a read, edit, delete,
// remove or move of it fails with the same ENOENT message; a write, a move
// to it and dir_create create the parents that are missing and succeed.
// Only D's own listing and timestamps show the difference (ls, grep, glob),
// and those ops get the root as their footprint, which is related to every
// path; so do files_read and any op whose line lists no paths. An op added
// or changed must keep this argument true or be left to that default.
var opTable = [...]opDef{
	lang.OpFileWrite:            {run: func(x *opRun) Result { return x.write(false) }, touches: onPath, blame: lang.ParamPath, creates: true},
	lang.OpFileAppend:           {run: func(x *opRun) Result { return x.write(true) }, touches: onPath, blame: lang.ParamPath, creates: true},
	lang.OpFileReplaceText:      {run: (*opRun).replaceOnce, touches: onPath, blame: lang.ParamPath},
	lang.OpFileReplaceAllText:   {run: (*opRun).replaceAll, touches: onPath, blame: lang.ParamPath},
	lang.OpFileReplaceTextRange: {run: (*opRun).replaceRange, touches: onPath, blame: lang.ParamPath},
	lang.OpFileReplaceLines:     {run: (*opRun).replaceLines, touches: onPath, blame: lang.ParamPath},
	lang.OpFileInsert:           {run: (*opRun).insertLines, touches: onPath, blame: lang.ParamPath},
	lang.OpFileDelete:           {run: (*opRun).fileDelete, touches: onPath, blame: lang.ParamPath, takes: lang.ParamPath},
	lang.OpRemove:               {run: (*opRun).remove, touches: onPath, blame: lang.ParamPath, takes: lang.ParamPath},
	lang.OpFileMove:             {run: (*opRun).move, touches: []string{lang.ParamOldPath, lang.ParamNewPath}, blame: lang.ParamOldPath, takes: lang.ParamOldPath},
	lang.OpFileRead:             {run: (*opRun).read, touches: onPath, blame: lang.ParamPath},
	lang.OpFileReadNumbered:     {run: (*opRun).readNumbered, touches: onPath, blame: lang.ParamPath},
	lang.OpFilesRead:            {run: (*opRun).readMany, blame: lang.ParamPaths},
	lang.OpDirCreate:            {run: (*opRun).dirCreate, touches: onPath, blame: lang.ParamPath},
	lang.OpDirDelete:            {run: (*opRun).dirDelete, touches: onPath, blame: lang.ParamPath, takes: lang.ParamPath},
	lang.OpLs:                   {run: (*opRun).ls, blame: lang.ParamPath},
	lang.OpGrep:                 {run: (*opRun).grep, blame: lang.ParamPath},
	lang.OpGlob:                 {run: (*opRun).glob, blame: lang.ParamBasePath},
	// exec is run by the runner (runAction, exec.go), not by Do: it needs
	// the block's syntax for the command gate and the task's label.
	lang.OpExec: {byRunner: true},
	// file_merge reads its path's folder (a new file needs one) and writes
	// only its path, never a parent: within the argument above.
	lang.OpFileMerge: {run: (*opRun).merge, touches: onPath, blame: lang.ParamPath, creates: true},
}

// opDef is one op's line of opTable.
type opDef struct {
	run      func(x *opRun) Result // carries the op out (Do); nil for exec
	byRunner bool                  // exec: Run carries it out itself
	touches  []string              // path params of its footprint; nil: the root
	// blame is the param a failure points at when the op set none
	// (Result.Param): the path the op works on.
	blame string
	// creates says the op makes the file its path names when it is
	// missing (a write, an append, a whole-file block).
	creates bool
	// takes is the param whose path the op takes away: a delete's path, a
	// move's old_path; "" for the ops that leave their paths in place.
	takes string
}

// CreatesFile reports whether the op named op makes the file its path
// names when it is missing: a failure of it about that path may be a
// misspelt folder, where an edit's is a file that is not there.
func CreatesFile(op string) bool {
	spec := lang.Lookup(op)
	if spec == nil {
		return false
	}
	d := opFor(spec.ID)
	return d != nil && d.creates
}

// TakesAway is the param whose path the op named op takes away: path for
// a delete (file_delete, remove, dir_delete), old_path for file_move; ""
// for every other op. A report or a hint about a path that is gone asks it
// which op did that, and how.
func TakesAway(op string) string {
	spec := lang.Lookup(op)
	if spec == nil {
		return ""
	}
	if d := opFor(spec.ID); d != nil {
		return d.takes
	}
	return ""
}

// onPath is the footprint of the ops that name one path.
var onPath = []string{lang.ParamPath}

// opFor is op's line of opTable, or nil for an id with none.
func opFor(op lang.OpID) *opDef {
	if int(op) >= len(opTable) || opTable[op].run == nil && !opTable[op].byRunner {
		return nil
	}
	return &opTable[op]
}
