package lang

import (
	"fmt"
	"io"
	"strings"
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
			if !v4aCarries(spec.Name, pr) {
				return fmt.Errorf("print v4a: %s param '%s' has no V4A form and would be lost", spec.Name, pr.Key)
			}
		}
		switch spec.Name {
		case "file_write":
			c := p["content"]
			if c != "" && !strings.HasSuffix(c, "\n") {
				return fmt.Errorf("print v4a: file_write '%s': V4A's Add File always ends the file with a newline, and this content has none", p["path"])
			}
			if strings.ContainsRune(p["path"], '\n') {
				return fmt.Errorf("print v4a: file_write: a path with a newline has no V4A form")
			}
			b.WriteString("*** Add File: " + p["path"] + "\n")
			for _, l := range v4aLines(c) {
				b.WriteString("+" + l + "\n")
			}
		case "file_delete":
			b.WriteString("*** Delete File: " + p["path"] + "\n")
		case "file_move":
			b.WriteString("*** Update File: " + p["old_path"] + "\n*** Move to: " + p["new_path"] + "\n")
		case "file_replace_text":
			path := p["path"]
			j := i
			for j < len(acts) && acts[j].Op == a.Op && acts[j].ParamMap()["path"] == path {
				j++
			}
			b.WriteString("*** Update File: " + path + "\n")
			moved := false
			if j < len(acts) {
				if s := Lookup(acts[j].Op); s != nil && s.Name == "file_move" && len(acts[j].Params) == 2 && acts[j].ParamMap()["old_path"] == path {
					b.WriteString("*** Move to: " + acts[j].ParamMap()["new_path"] + "\n")
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

// printHunk writes one hunk: the anchor as @@ lines, old lines as '-',
// new lines as '+'.
func printHunk(b *strings.Builder, p map[string]string) error {
	if p["tolerance"] != V4ATolerance {
		return fmt.Errorf("print v4a: file_replace_text '%s' matches exactly; V4A hunks match ignoring whitespace, so the meaning would change", p["path"])
	}
	for _, k := range []string{"old_text", "new_text"} {
		if v := p[k]; v != "" && !strings.HasSuffix(v, "\n") {
			return fmt.Errorf("print v4a: file_replace_text '%s': %s is not whole lines, and V4A hunks replace whole lines", p["path"], k)
		}
	}
	if p["anchor"] == "" {
		b.WriteString("@@\n")
	}
	for _, a := range v4aLines(p["anchor"] + "\n") {
		if a != "" {
			b.WriteString("@@ " + a + "\n")
		}
	}
	for _, l := range v4aLines(p["old_text"]) {
		b.WriteString("-" + l + "\n")
	}
	for _, l := range v4aLines(p["new_text"]) {
		b.WriteString("+" + l + "\n")
	}
	if p["at_end"] == "true" {
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
func v4aCarries(op string, p *Param) bool {
	switch op {
	case "file_write", "file_delete", "file_move", "file_replace_text":
	default:
		return true // the op itself has no V4A form, refused below
	}
	switch p.Key {
	case "path":
		return op != "file_move"
	case "content":
		return op == "file_write"
	case "old_path", "new_path":
		return op == "file_move"
	case "overwrite":
		return (op == "file_write" || op == "file_move") && p.Value == "true"
	case "old_text", "new_text", "anchor", "at_end", "tolerance":
		return op == "file_replace_text"
	}
	return false
}
