package lsp

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
	"go.lsp.dev/protocol"
)

// maxPathItems caps the file list offered for a path value: a huge tree
// would make every keystroke ship megabytes to the editor.
const maxPathItems = 500

// assignment matches a SHAM line being typed up to the cursor: key, "=", and
// an optional opening quote with the partial value after it.
var assignment = regexp.MustCompile(`^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*("?)[^"]*$`)

// valueCompletion offers what fits after `key =` on the cursor's line in
// block a: file paths under the root for a path param, and a heredoc
// snippet whose delimiter carries the block's id. It reads the line text, not
// the parse, because a half-typed value does not parse yet. ok is false when
// the cursor is not in a value.
func (s *Server) valueCompletion(d *document, a *lang.Action, off int) ([]protocol.CompletionItem, bool) {
	line := d.file.Line(off)
	prefix := string(d.file.Src[d.file.LineStart(line):off])
	sm := assignment.FindStringSubmatch(prefix)
	if sm == nil || sm[1] == "action" {
		return nil, false
	}
	key, quoted := sm[1], sm[2] == `"`
	var out []protocol.CompletionItem
	if spec := lang.Lookup(a.Op); spec != nil {
		if ps := spec.Param(key); ps != nil && (ps.Type == lang.TPath || ps.Type == lang.TPaths) {
			for _, p := range s.workspaceFiles() {
				it := item(p, protocol.CompletionItemKindFile, "", "")
				if !quoted {
					it.InsertText = protocol.NewOptional(`"` + p + `"`)
				}
				out = append(out, it)
			}
		}
	}
	if !quoted && a.ID != "" { // a block with an id: SHAM's heredocs
		delim := "EOT_SHAM_" + a.ID
		it := item("<<'"+delim+"'", protocol.CompletionItemKindSnippet, "heredoc for several lines", "")
		it.InsertText = protocol.NewOptional(fmt.Sprintf("<<'%s'\n$0\n%s", delim, delim))
		it.InsertTextFormat = protocol.InsertTextFormatSnippet
		out = append(out, it)
	}
	return out, true
}

// blockSnippets are offered outside any block: a new SHAM block with a fresh
// unused id, its action, and its end marker, so the block closes with the
// right id from the start.
func blockSnippets(doc *lang.Document) []protocol.CompletionItem {
	id := freshID(doc)
	it := item("#!SHAM block "+id, protocol.CompletionItemKindSnippet, "new SHAM block with unused id "+id, "")
	it.InsertText = protocol.NewOptional(fmt.Sprintf("#!SHAM [@three-char-SHA-256: %s]\naction = \"${1:file_write}\"\n$0\n#!END_SHAM_%s", id, id))
	it.InsertTextFormat = protocol.InsertTextFormatSnippet
	return []protocol.CompletionItem{it}
}

// closeSnippet offers the end marker of an unclosed block a that has an id
// (a SHAM block, lang.Action.ID).
func closeSnippet(a *lang.Action) []protocol.CompletionItem {
	if a.Closed || a.ID == "" {
		return nil
	}
	return []protocol.CompletionItem{item("#!END_SHAM_"+a.ID, protocol.CompletionItemKindSnippet, "close block "+a.ID, "")}
}

// workspaceFiles lists files under the root as slash paths, sorted, skipping
// .git and what is unreadable, capped at maxPathItems.
func (s *Server) workspaceFiles() []string {
	if s.root == "" {
		return nil
	}
	var out []string
	filepath.WalkDir(s.root, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return nil // unreadable entry: offer the rest
		}
		if e.IsDir() {
			if e.Name() == ".git" || e.Name() == ".clada" {
				return filepath.SkipDir
			}
			return nil
		}
		if len(out) >= maxPathItems {
			return filepath.SkipAll
		}
		if rel, err := filepath.Rel(s.root, p); err == nil {
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	sort.Strings(out)
	return out
}

// atLineStart reports whether only blanks precede off on its line, where a
// marker or a key may begin.
func atLineStart(f *source.File, off int) bool {
	return strings.TrimSpace(string(f.Src[f.LineStart(f.Line(off)):off])) == ""
}

// unclosedAt returns the unclosed block off falls after: it runs to the end
// of the input, but its range stops at its last line, so actionAt misses a
// cursor on the trailing line.
func unclosedAt(doc *lang.Document, off int) *lang.Action {
	for a := range doc.Actions() {
		if !a.Closed && a.Range.Start <= off {
			return a
		}
	}
	return nil
}
