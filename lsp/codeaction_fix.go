package lsp

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
	"go.lsp.dev/protocol"
)

// structuralFix returns the quick fix for a syntax diagnostic of a block
// with an id (a SHAM block, lang.Action.ID) whose repair is mechanical: a
// mismatched end marker or heredoc delimiter gets the block's own id, a
// duplicate key line is removed. The parser decides what is wrong; this
// only rewrites the text it pointed at. nil when there is no such fix.
func structuralFix(d *document, m mapper, dg protocol.Diagnostic) *protocol.CodeAction {
	start := m.offset(dg.Range.Start)
	a := actionAt(d.doc, start)
	if a == nil || a.ID == "" {
		return nil
	}
	var title string
	var edits []protocol.TextEdit
	switch codeOf(dg) {
	case lang.CodeMismatchedEnd:
		title = "Change end marker to #!END_SHAM_" + a.ID
		edits = []protocol.TextEdit{{Range: dg.Range, NewText: "#!END_SHAM_" + a.ID}}
	case lang.CodeInvalidHeredocDelimiter:
		title, edits = heredocFix(d, m, a, start, m.offset(dg.Range.End))
	case lang.CodeDuplicateKey:
		title, edits = duplicateKeyFix(d, m, a, start)
	}
	if edits == nil {
		return nil
	}
	return editAction(title, protocol.CodeActionKindQuickFix, d.uri, edits, dg)
}

// heredocOpener reads the delimiter out of <<'X', <<"X" or <<X.
var heredocOpener = regexp.MustCompile(`^<<\s*['"]?([^'"\s]*)['"]?`)

// heredocFix rewrites the opener [start,end) to <<'EOT_SHAM_id' and the line
// that closed the heredoc with the wrong delimiter, if there is one, to match.
func heredocFix(d *document, m mapper, a *lang.Action, start, end int) (string, []protocol.TextEdit) {
	want := "EOT_SHAM_" + a.ID
	opener := string(d.file.Src[start:end])
	sm := heredocOpener.FindStringSubmatch(opener)
	if sm == nil {
		return "", nil
	}
	edits := []protocol.TextEdit{{Range: m.rng(source.Range{Start: start, End: end}), NewText: "<<'" + want + "'"}}
	if bad := sm[1]; bad != "" && bad != want {
		for line := d.file.Line(start) + 1; line <= d.file.LineCount(); line++ {
			ls, le := d.file.LineStart(line), d.file.LineEnd(line)
			if ls >= a.Range.End {
				break
			}
			if strings.TrimSpace(string(d.file.Src[ls:le])) == bad {
				edits = append(edits, protocol.TextEdit{Range: m.rng(source.Range{Start: ls, End: le}), NewText: want})
				break
			}
		}
	}
	return "Change heredoc delimiter to " + want, edits
}

// duplicateKeyFix removes the line (or heredoc lines) of the repeated key
// the diagnostic points at, keeping the first.
func duplicateKeyFix(d *document, m mapper, a *lang.Action, keyStart int) (string, []protocol.TextEdit) {
	first := d.file.Line(keyStart)
	last := first
	key := ""
	for _, p := range a.Params {
		if p.KeyRange.Start == keyStart {
			key = p.Key
			if p.ValueRange.End > keyStart {
				last = d.file.Line(p.ValueRange.End - 1)
			}
		}
	}
	if key == "" {
		// The AST keeps the last value, so the key at keyStart may be the
		// earlier one; its line alone is what the diagnostic covers.
		key = strings.TrimSpace(strings.SplitN(string(d.file.Src[keyStart:d.file.LineEnd(first)]), "=", 2)[0])
	}
	r := source.Range{Start: d.file.LineStart(first), End: d.file.LineStart(last + 1)}
	return fmt.Sprintf("Remove this %s line", key), []protocol.TextEdit{{Range: m.rng(r), NewText: ""}}
}

// renameDuplicateID offers, for a block whose id an earlier block
// already uses, a fresh unused id written into its header, heredoc
// delimiters and end marker, so the two blocks' results can be told apart.
// nil when a's id is its own.
func renameDuplicateID(d *document, m mapper, a *lang.Action) *protocol.CodeAction {
	if a.ID == "" {
		return nil
	}
	dup := false
	for b := range d.doc.Actions() {
		if b == a {
			break
		}
		if b.ID == a.ID {
			dup = true
			break
		}
	}
	if !dup {
		return nil
	}
	id := freshID(d.doc)
	edits := []protocol.TextEdit{{Range: m.rng(a.IDRange), NewText: id}}
	text := string(d.file.Src[a.Range.Start:a.Range.End])
	for _, old := range []string{"EOT_SHAM_" + a.ID, "#!END_SHAM_" + a.ID} {
		for i := strings.Index(text, old); i >= 0; {
			s := a.Range.Start + i
			if atDelimiter(d.file, s, len(old)) {
				edits = append(edits, protocol.TextEdit{Range: m.rng(source.Range{Start: s, End: s + len(old)}), NewText: strings.TrimSuffix(old, a.ID) + id})
			}
			next := strings.Index(text[i+len(old):], old)
			if next < 0 {
				break
			}
			i += len(old) + next
		}
	}
	return editAction(fmt.Sprintf("Rename duplicate block id %s to %s", a.ID, id), protocol.CodeActionKindQuickFix, d.uri, edits)
}

// atDelimiter reports whether the n bytes at s are a whole delimiter: the
// rest of its line (an end marker or heredoc close) or quoted after << (an
// opener), not text that merely mentions it inside a value.
func atDelimiter(f *source.File, s, n int) bool {
	line := f.Line(s)
	ls, le := f.LineStart(line), f.LineEnd(line)
	if strings.TrimSpace(string(f.Src[ls:le])) == string(f.Src[s:s+n]) {
		return true
	}
	before := strings.TrimRight(string(f.Src[ls:s]), "'\"")
	return strings.HasSuffix(strings.TrimSpace(before), "<<")
}

// freshID returns the first three-character id (a-z, 0-9) that no block of
// doc uses. It is deterministic so a repeated request offers the same id.
func freshID(doc *lang.Document) string {
	used := map[string]bool{}
	for a := range doc.Actions() {
		used[a.ID] = true
	}
	const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
	for i := 0; i < len(alphabet)*len(alphabet)*len(alphabet); i++ {
		id := string([]byte{alphabet[i/(36*36)%36], alphabet[i/36%36], alphabet[i%36]})
		if !used[id] {
			return id
		}
	}
	return "new"
}
