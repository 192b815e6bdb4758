package engine

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/engine/fsys"
	"github.com/clada-dev/clada/engine/textedit"
	"github.com/clada-dev/clada/lang"
)

// merge is file_merge: a whole file as an answer shows it (a fenced block
// under its path, an agent's write with placeholders), written only where
// the file decides what the block means (README, "Lazy placeholders"):
//
//   - a missing file is created when its folder exists (a path guessed
//     from prose never makes folders) and the block has no placeholder;
//   - an empty file is written like a missing one;
//   - with create_only, a file that has content is refused;
//   - a file with content and a block without placeholders is replaced,
//     unless the block reads as an excerpt of it (textedit.Excerpt);
//   - placeholders are merged by textedit.AnchoredMerge or refused.
func (x *opRun) merge() Result {
	abs, p, bad := x.path(lang.ParamPath, true)
	if bad != nil {
		return *bad
	}
	content, bad := x.textParam(lang.ParamContent)
	if bad != nil {
		return *bad
	}
	content, tabbed := makeRecipeTabs(p, content)
	var tabData map[string]any // the lines whose spaces became make's tab, said in the result
	if len(tabbed) > 0 {
		tabData = map[string]any{"recipeTabs": textedit.LineNumbers(tabbed)}
	}
	phs := lang.Placeholders(content)
	exists, err := x.exists(abs)
	if err != nil {
		return x.fail("open", p, err)
	}
	if !exists {
		if len(phs) > 0 {
			return x.lazyRefusal(phs[0].Line, fmt.Sprintf("'%s' does not exist, so the placeholder at line %d of the block (%q) stands for nothing", p, phs[0].Line, phs[0].Text),
				"send the whole file without placeholders")
		}
		if r := x.folderExists(abs, p); r != nil {
			return *r
		}
		return x.writeWhole(abs, p, nil, content, tabData)
	}
	data, bad := x.readCapped(abs, p)
	if bad != nil {
		return *bad
	}
	t, derr := textedit.Decode(data)
	if derr != nil {
		return Result{Error: fmt.Sprintf("%s: '%s' %v", x.op, p, derr), Hint: "clada edits UTF-8 text only; fix the file's encoding first"}
	}
	if t.Body == "" {
		if len(phs) > 0 {
			return x.lazyRefusal(phs[0].Line, fmt.Sprintf("'%s' is empty, so the placeholder at line %d of the block (%q) stands for nothing", p, phs[0].Line, phs[0].Text),
				"send the whole file without placeholders")
		}
		return x.writeWhole(abs, p, data, content, tabData)
	}
	if x.params[lang.ParamCreateOnly] == "true" {
		if string(data) == textedit.FileEOL(data, content) {
			return wholeAlready(p)
		}
		return Result{Error: fmt.Sprintf("%s: '%s' already has content; this block only creates a file or fills an empty one", x.op, p), Type: fault.FileExists,
			Hint: "to change the file, send SEARCH/REPLACE blocks whose SEARCH holds its current lines"}
	}
	if len(phs) == 0 {
		if ex := textedit.Excerpt(t.Body, content); ex != nil && ex.Unrelated {
			return x.lazyRefusal(0, fmt.Sprintf("the block shares no line with '%s' and is less than half its length: written whole it would delete %s of the file (%s) for text that reads as code to add to it, or another file's", p, ex.Dropped, ex.Kept),
				"to add this code, send a SEARCH/REPLACE edit or the whole file with a placeholder such as `// ... existing code ...` where its lines stay; to replace the file with this text, delete it first (or use file_write)")
		} else if ex != nil {
			return x.lazyRefusal(0, fmt.Sprintf("the block shares only %s with '%s' and would drop %s: it reads as an excerpt of the file, not the whole file", ex.Kept, p, ex.Dropped),
				"send the whole file, put a placeholder such as `// ... existing code ...` where unchanged lines are left out (between lines copied exactly from the file), or send a SEARCH/REPLACE edit")
		}
		return x.writeWhole(abs, p, data, content, tabData)
	}
	lines := make([]int, len(phs))
	for i, ph := range phs {
		lines[i] = ph.Line
	}
	eol := "\n"
	if t.CRLF {
		eol = "\r\n"
	}
	merged, anchors, merr := textedit.AnchoredMerge(t.Body, strings.ReplaceAll(content, "\r\n", "\n"), lines, eol)
	if merr != nil {
		return x.lazyRefusal(merr.Line, merr.Reason, merr.Fix)
	}
	if merged == t.Body {
		return Result{Success: true, AlreadyApplied: true, Data: map[string]any{"path": p, "bytesWritten": 0, "match": "anchored", "anchors": anchorData(anchors)}}
	}
	t.Body = merged
	if err := x.ws.WriteFile(abs, t.Bytes()); err != nil {
		return x.fail("open", p, err)
	}
	res := map[string]any{"path": p, "match": "anchored", "anchors": anchorData(anchors)}
	if tabData != nil {
		res["recipeTabs"] = tabData["recipeTabs"]
	}
	return ok(res)
}

// anchorData is the anchors as a result reports them: for each
// placeholder, its line in the block, the file lines it kept and the file
// lines around it (0: the block's start or end).
func anchorData(as []textedit.MergeAnchor) []map[string]any {
	out := make([]map[string]any, len(as))
	for i, a := range as {
		kept := "none"
		switch {
		case a.To == a.From:
			kept = fmt.Sprint(a.From)
		case a.To > a.From:
			kept = fmt.Sprintf("%d-%d", a.From, a.To)
		}
		out[i] = map[string]any{"placeholder": a.Placeholder, "kept": kept, "above": a.Above, "below": a.Below}
	}
	return out
}

// lazyRefusal is file_merge's refusal of a block the file does not decide;
// line is the block's line it is about (0: the block as a whole).
func (x *opRun) lazyRefusal(line int, why, fix string) Result {
	msg := fmt.Sprintf("%s: %s: %s", x.op, lang.CodeLazyPlaceholder, why)
	if line > 0 && !strings.Contains(why, "line") {
		msg += fmt.Sprintf(" (line %d of the block)", line)
	}
	return Result{Error: msg, Type: fault.LazyPlaceholder, Hint: fix, Param: lang.ParamContent}
}

// writeWhole writes content as the whole file (old: its current bytes, nil
// when it is new), in the file's line ends; a file already holding it is
// already applied.
func (x *opRun) writeWhole(abs, p string, old []byte, content string, data map[string]any) Result {
	out := textedit.FileEOL(old, content)
	if old != nil && string(old) == out {
		return wholeAlready(p)
	}
	if err := x.ws.WriteFile(abs, []byte(out)); err != nil {
		return x.fail("open", p, err)
	}
	if data == nil {
		data = map[string]any{}
	}
	data["path"], data["bytesWritten"] = p, len(content)
	return ok(data)
}

// exists reports whether a regular file is at abs (a file this apply
// already wrote is in the write cache; asking the tree would write it out).
func (x *opRun) exists(abs string) (bool, error) {
	if _, ok := fsys.Cached(x.ws, abs); ok {
		return true, nil
	}
	fi, err := x.ws.Lstat(abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return false, nil
	case err != nil:
		return false, err
	case fi.IsDir():
		return false, &fs.PathError{Op: "open", Path: abs, Err: syscall.EISDIR}
	}
	return true, nil
}

// folderExists refuses a new file whose folder is missing: a whole-file
// block's path is read from prose, and a folder it would create is more
// often a misread path than a wish.
func (x *opRun) folderExists(abs, p string) *Result {
	dir := filepath.Dir(abs)
	if dir == filepath.Clean(x.cfg.Root) {
		return nil
	}
	fi, err := x.ws.Lstat(dir)
	if err == nil && fi.IsDir() {
		return nil
	}
	folder := filepath.ToSlash(filepath.Dir(p)) + "/"
	return &Result{Error: fmt.Sprintf("%s: the folder '%s' of '%s' does not exist; a whole-file block creates a file only in a folder that exists", x.op, folder, p),
		Type: fault.FileNotFound, Param: lang.ParamPath, CheckPath: true,
		Hint: fmt.Sprintf("check the path (it is relative to the project root); if the folder is meant to be new, create it (mkdir -p %s) and apply the answer again, or write the file with file_write, which makes its folders", strings.TrimSuffix(folder, "/"))}
}

// wholeAlready is a whole-file write whose file already holds exactly
// what it writes: an answer applied again.
func wholeAlready(p string) Result {
	return Result{Success: true, AlreadyApplied: true, Data: map[string]any{"path": p, "bytesWritten": 0}}
}
