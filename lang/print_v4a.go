package lang

import (
	"fmt"
	"io"
	"strings"

	"github.com/clada-dev/clada/grammar/v4a"
)

// printV4A writes the document as one V4A patch. Only what V4A can say is
// printed: file_write (Add File), file_delete (Delete File), file_move
// (Update File + Move to) and file_replace_text with whole lines and the
// V4A tolerance (an Update hunk); anything else is refused, naming the op
// and what would be lost, rather than printed with another meaning.
// Consecutive hunks of one path share an Update section, and a move of that
// path right after them becomes its Move to, as the V4A front-end lowers it.
func printV4A(w io.Writer, d *Document) error {
	var b strings.Builder
	b.WriteString("*** Begin Patch\n")
	acts := make([]*Action, 0)
	for a := range d.Actions() {
		acts = append(acts, a)
	}
	if len(acts) == 0 {
		return fmt.Errorf("print v4a: no actions, and a V4A patch needs at least one file section")
	}
	for i := 0; i < len(acts); i++ {
		a := acts[i]
		spec := Lookup(a.Op)
		if spec == nil {
			return fmt.Errorf("print v4a: unknown op '%s' has no V4A form", a.Op)
		}
		p := a.ParamMap()
		for _, pr := range a.Params {
			if !v4aCarries(spec.ID, pr) {
				return fmt.Errorf("print v4a: %s param '%s' has no V4A form and would be lost", spec.Name, pr.Key)
			}
		}
		switch spec.ID {
		case OpFileWrite:
			c := p[ParamContent]
			if c != "" && !strings.HasSuffix(c, "\n") {
				return fmt.Errorf("print v4a: file_write '%s': V4A's Add File always ends the file with a newline, and this content has none", p[ParamPath])
			}
			if err := v4aPath(spec.Name, ParamPath, p[ParamPath]); err != nil {
				return err
			}
			b.WriteString("*** Add File: " + p[ParamPath] + "\n")
			for _, l := range v4aLines(c) {
				b.WriteString("+" + l + "\n")
			}
		case OpFileDelete:
			if err := v4aPath(spec.Name, ParamPath, p[ParamPath]); err != nil {
				return err
			}
			b.WriteString("*** Delete File: " + p[ParamPath] + "\n")
		case OpFileMove:
			if err := v4aPath(spec.Name, ParamOldPath, p[ParamOldPath]); err != nil {
				return err
			}
			if err := v4aPath(spec.Name, ParamNewPath, p[ParamNewPath]); err != nil {
				return err
			}
			b.WriteString("*** Update File: " + p[ParamOldPath] + "\n*** Move to: " + p[ParamNewPath] + "\n")
		case OpFileReplaceText:
			path := p[ParamPath]
			if err := v4aPath(spec.Name, ParamPath, path); err != nil {
				return err
			}
			j := i
			for j < len(acts) && acts[j].Op == a.Op && acts[j].ParamMap()[ParamPath] == path {
				j++
			}
			b.WriteString("*** Update File: " + path + "\n")
			moved := false
			if j < len(acts) {
				if s := Lookup(acts[j].Op); s != nil && s.ID == OpFileMove && len(acts[j].Params) == 2 && acts[j].ParamMap()[ParamOldPath] == path {
					if err := v4aPath(s.Name, ParamNewPath, acts[j].ParamMap()[ParamNewPath]); err != nil {
						return err
					}
					b.WriteString("*** Move to: " + acts[j].ParamMap()[ParamNewPath] + "\n")
					moved = true
				}
			}
			for ; i < j; i++ {
				if err := printHunk(&b, acts[i].ParamMap()); err != nil {
					return err
				}
			}
			if !moved {
				i--
			}
		default:
			return fmt.Errorf("print v4a: %s has no V4A form (V4A only adds, updates, moves and deletes files)", spec.Name)
		}
	}
	b.WriteString("*** End Patch\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// v4aPath refuses a path a V4A header cannot carry so that it reads back
// as the same name: a header is one line, and both V4A readers take the
// blanks around its path as padding (" a.txt" would come back as "a.txt"),
// and clada's takes off quotes around it (v4a.UnquotePath).
func v4aPath(op, key, p string) error {
	switch {
	case p == "":
		return fmt.Errorf("print v4a: %s: an empty %s has no V4A form", op, key)
	case strings.ContainsAny(p, "\r\n"):
		return fmt.Errorf("print v4a: %s: %s %q holds a line break, and a V4A header is one line", op, key, p)
	case strings.TrimSpace(p) != p:
		return fmt.Errorf("print v4a: %s: %s %q starts or ends with a blank, which V4A reads as padding, not as part of the name", op, key, p)
	case v4a.UnquotePath(p) != p:
		return fmt.Errorf("print v4a: %s: %s %q is quoted, and clada's V4A reader takes the quotes off", op, key, p)
	}
	return nil
}

// printHunk writes one hunk: the anchor as @@ lines, the lines old and
// new share at either end as context, the rest of old as '-' and of new as
// '+'.
func printHunk(b *strings.Builder, p map[string]string) error {
	if p[ParamTolerance] != V4ATolerance {
		return fmt.Errorf("print v4a: file_replace_text '%s' matches exactly; V4A hunks match ignoring whitespace, so the meaning would change", p[ParamPath])
	}
	for _, k := range []string{ParamOldText, ParamNewText} {
		if v := p[k]; v != "" && !strings.HasSuffix(v, "\n") {
			return fmt.Errorf("print v4a: file_replace_text '%s': %s is not whole lines, and V4A hunks replace whole lines", p[ParamPath], k)
		}
	}
	if p[ParamAnchor] == "" {
		b.WriteString("@@\n")
	}
	for _, a := range v4aLines(p[ParamAnchor] + "\n") {
		if a != "" {
			b.WriteString("@@ " + a + "\n")
		}
	}
	// The lines old and new share at the start and at the end are
	// context (' '), as Codex writes a hunk: V4A's reader puts a context
	// line into both sides, so the hunk reads back as the same texts.
	old, nw := v4aLines(p[ParamOldText]), v4aLines(p[ParamNewText])
	head := 0
	for head < len(old) && head < len(nw) && old[head] == nw[head] {
		head++
	}
	tail := 0
	for tail < len(old)-head && tail < len(nw)-head && old[len(old)-1-tail] == nw[len(nw)-1-tail] {
		tail++
	}
	for _, l := range old[:head] {
		b.WriteString(" " + l + "\n")
	}
	for _, l := range old[head : len(old)-tail] {
		b.WriteString("-" + l + "\n")
	}
	for _, l := range nw[head : len(nw)-tail] {
		b.WriteString("+" + l + "\n")
	}
	for _, l := range old[len(old)-tail:] {
		b.WriteString(" " + l + "\n")
	}
	if p[ParamAtEnd] == "true" {
		b.WriteString("*** End of File\n")
	}
	return nil
}

// v4aLines splits text ending in "\n" into its lines.
func v4aLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// v4aCarries reports whether op's V4A form keeps param p: a section says
// its path, content, hunk lines, @@ anchors and End of File, and nothing
// else. overwrite="true" is what Add File and Move to do anyway;
// overwrite="false" or a hunk's near_line would be dropped, so the action
// would run differently. An unknown param is never carried.
func v4aCarries(op OpID, p *Param) bool {
	switch op {
	case OpFileWrite, OpFileDelete, OpFileMove, OpFileReplaceText:
	default:
		return true // the op itself has no V4A form, refused below
	}
	switch p.Key {
	case ParamPath:
		return op != OpFileMove
	case ParamContent:
		return op == OpFileWrite
	case ParamOldPath, ParamNewPath:
		return op == OpFileMove
	case ParamOverwrite:
		return (op == OpFileWrite || op == OpFileMove) && p.Value == "true"
	case ParamOldText, ParamNewText, ParamAnchor, ParamAtEnd, ParamTolerance:
		return op == OpFileReplaceText
	}
	return false
}
