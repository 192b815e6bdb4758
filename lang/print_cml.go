package lang

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/clada-dev/clada/source"
)

// printCML writes d as CML: a Tasks group (CML <tasks> or CSL TASKS) becomes
// a <tasks> element, every other action a standalone element, separated by
// blank lines. Ops use their native word (write, edit, move, remove, run)
// unless that word would read back as a different op — file_replace_all_text
// without count is written <file_replace_all_text> — and ops without one use
// the catalog name. An op CML cannot name (unknown, or not an XML name) is an
// error rather than a silently dropped action.
func printCML(w io.Writer, d *Document) error {
	bw := bufio.NewWriter(w)
	n := 0
	for _, g := range d.Groups {
		if len(g.Actions) == 0 {
			continue
		}
		if n > 0 {
			bw.WriteString("\n")
		}
		n++
		indent := ""
		if g.Kind == Tasks {
			bw.WriteString("<tasks")
			if g.Syntax == CML && g.Version != "" {
				fmt.Fprintf(bw, ` version="%s"`, cmlEscapeAttr(g.Version))
			}
			bw.WriteString(">\n")
			indent = "  "
		}
		for _, a := range g.Actions {
			if err := printCMLAction(bw, d.File, a, indent); err != nil {
				return err
			}
		}
		if g.Kind == Tasks {
			bw.WriteString("</tasks>\n")
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("print cml: %w", err)
	}
	return nil
}

// printCMLAction writes one op element.
func printCMLAction(bw *bufio.Writer, f *source.File, a *Action, indent string) error {
	spec := Lookup(a.Op)
	if spec == nil {
		line := 0
		if f != nil {
			line = f.Line(a.Range.Start)
		}
		return fmt.Errorf("print cml: line %d: unknown op %q has no CML element; fix or remove it first", line, a.Op)
	}
	name := cmlElementName(a, spec)
	fmt.Fprintf(bw, "%s<%s", indent, name)
	var text *Param
	var kids []*Param
	for _, p := range orderedParams(a) {
		ps := spec.Param(p.Key)
		place := p.Key
		if ps != nil {
			place = cmlPlace(*ps)
		}
		switch {
		case place == "text":
			text = p
		case cmlIsChild(place) && ps != nil:
			if p.Value == "" && strings.HasPrefix(place, "search") {
				// CML reads <search></search> as an error (EMPTY_SEARCH): refuse
				// rather than print something that no longer parses.
				return fmt.Errorf("print cml: op %s: %s is empty, which CML cannot hold; give the text to search for first", a.Op, p.Key)
			}
			kids = append(kids, p)
		case spec.ID == OpExec && name == "run" && p.Key == ParamLang && p.Value == "bash":
			// bash is what <run> means without lang
		case !cmlIsName(place):
			return fmt.Errorf("print cml: op %s: param %q is not an XML attribute name", a.Op, p.Key)
		default:
			fmt.Fprintf(bw, ` %s="%s"`, place, cmlEscapeAttr(p.Value))
		}
	}
	if spec.ID == OpFileAppend && name == "write" {
		bw.WriteString(` append="true"`)
	}
	switch {
	case len(kids) > 0:
		bw.WriteString(">\n")
		for _, p := range kids {
			place := cmlPlace(*spec.Param(p.Key))
			fmt.Fprintf(bw, "%s  <%s>%s</%s>\n", indent, place, cmlContent(p.Value), place)
		}
		fmt.Fprintf(bw, "%s</%s>\n", indent, name)
	case text == nil || text.Value == "":
		bw.WriteString("/>\n")
	default:
		fmt.Fprintf(bw, ">%s</%s>\n", cmlContent(text.Value), name)
	}
	return nil
}

// cmlElementName picks the element for a's op (see printCML).
func cmlElementName(a *Action, spec *OpSpec) string {
	if spec.ID == OpFileReplaceAllText && a.Param(ParamCount) == nil {
		return spec.Name
	}
	return spec.CML
}

// cmlContent writes element text so it reads back exactly under CML's
// layout rule (cmlLayout) and line-end normalization: plain text for short
// single-line values with nothing to escape; CDATA for most text ("]]>"
// inside written "]]&gt;"), multi-line values starting on the line after
// "<![CDATA[" (that newline is layout); and entity-escaped text, with line
// breaks as character references, when the value holds "]]&gt;" (which
// CDATA would turn into "]]>"), a "\r" (which CDATA would turn into "\n"),
// or ends in a line of blanks (which the layout rule would drop).
func cmlContent(v string) string {
	switch {
	case strings.Contains(v, "]]&gt;") || strings.Contains(v, "\r") || endsIndentedLine(v):
		return cmlEscapeText(v)
	case strings.TrimSpace(v) == v && !strings.ContainsAny(v, "<&\n") && !strings.Contains(v, "]]>"):
		return v
	}
	open := "<![CDATA["
	if strings.Contains(v, "\n") {
		open += "\n"
	}
	return open + strings.ReplaceAll(v, "]]>", "]]&gt;") + "]]>"
}

// endsIndentedLine reports a value whose last line is only blanks: written
// in CDATA, its "]]>" would stand indented on a line of its own, which the
// layout rule reads as layout, not content.
func endsIndentedLine(v string) bool {
	t := strings.TrimRight(v, " \t")
	return len(t) < len(v) && strings.HasSuffix(t, "\n")
}

// cmlEscapeText escapes a value as element text; "\n" and "\r" become
// character references, so no layout rule or line-end normalization
// applies to them.
func cmlEscapeText(v string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", "\n", "&#10;", "\r", "&#13;").Replace(v)
}

// cmlEscapeAttr escapes an attribute value; "\r" and "\n" become
// character references, since a raw one would be read back as a line break
// by the line-end normalization.
func cmlEscapeAttr(v string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", `"`, "&quot;", "\r", "&#13;", "\n", "&#10;").Replace(v)
}

// cmlIsName reports whether s can be an attribute name.
func cmlIsName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
		if !letter && (i == 0 || !(c >= '0' && c <= '9' || c == '-' || c == '.' || c == ':')) {
			return false
		}
	}
	return true
}
