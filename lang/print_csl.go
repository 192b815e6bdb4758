package lang

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/clada-dev/clada/grammar/csl"
	"github.com/clada-dev/clada/source"
)

// printCSL writes d as CSL: a Tasks group (CSL TASKS or CML <tasks>) becomes
// a TASKS block, every other action a standalone op, separated by blank
// lines. Ops use their native word (WRITE, SEARCH, RUN, MOVE, REMOVE) or the
// upper-case catalog name; params their CSL spelling. Bodies follow the
// lowering rule (the newline before the next marker is a separator), so
// content "a\n" prints as "a", an empty line, then the marker.
//
// What CSL cannot hold is an error naming the line, never a lossy print: an
// unknown op, a value with a newline where CSL needs an attribute, a value
// with both quote kinds, a content line that would read as a marker.
func printCSL(w io.Writer, d *Document) error {
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
		if g.Kind == Tasks {
			bw.WriteString("<---TASKS")
			if g.Syntax == CSL && g.Version != "" {
				fmt.Fprintf(bw, ` version="%s"`, g.Version)
			}
			bw.WriteString("--->\n")
		}
		for _, a := range g.Actions {
			if err := printCSLAction(bw, d.File, a); err != nil {
				return err
			}
		}
		if g.Kind == Tasks {
			bw.WriteString("<---END--->\n")
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("print csl: %w", err)
	}
	return nil
}

// printCSLAction writes one op.
func printCSLAction(bw *bufio.Writer, f *source.File, a *Action) error {
	line := 0
	if f != nil {
		line = f.Line(a.Range.Start)
	}
	fail := func(format string, args ...any) error {
		return fmt.Errorf("print csl: line %d: %s", line, fmt.Sprintf(format, args...))
	}
	spec := Lookup(a.Op)
	if spec == nil {
		return fail("unknown op %q has no CSL form; fix or remove it first", a.Op)
	}
	for _, ps := range spec.Params {
		if ps.Required && a.Param(ps.Name) == nil {
			return fail("%s has no %s, and CSL cannot write it without one; fix it first", a.Op, ps.Name)
		}
	}
	var head strings.Builder
	head.WriteString("<---" + spec.CSL)
	switch spec.ID {
	case OpFileAppend:
		head.WriteString(` append="true"`)
	case OpFileReplaceAllText:
		if a.Param(ParamCount) == nil {
			head.WriteString(` count="all"`)
		}
	}
	sections := map[string]*Param{}
	for _, p := range orderedParams(a) {
		place := p.Key
		if ps := spec.Param(p.Key); ps != nil {
			place = cslPlace(spec, *ps)
		}
		if cslSection(spec, place) {
			sections[place] = p
			continue
		}
		if spec.ID == OpExec && p.Key == ParamLang && p.Value == "argv" {
			continue
		}
		q := `"`
		switch {
		case !cslName(place):
			return fail("param %q of %s is not a CSL attribute name (letters, digits and _)", place, a.Op)
		case strings.ContainsAny(p.Value, "\r\n"):
			return fail("%s of %s spans lines, which a CSL attribute cannot hold", p.Key, a.Op)
		case strings.Contains(p.Value, `"`) && strings.Contains(p.Value, "'"):
			return fail("%s of %s holds both quote kinds, which a CSL attribute cannot hold", p.Key, a.Op)
		case strings.Contains(p.Value, `"`):
			q = "'"
		}
		fmt.Fprintf(&head, " %s=%s%s%s", place, q, p.Value, q)
	}
	head.WriteString("--->\n")
	bw.WriteString(head.String())
	order := []string{"body"}
	if spec.CSL == "SEARCH" {
		order = []string{"search", "to", "replace"}
	}
	for i, place := range order {
		p, ok := sections[place]
		if !ok {
			continue
		}
		v := p.Value
		if i > 0 {
			bw.WriteString("<---" + strings.ToUpper(place) + "--->\n")
		}
		if err := cslCheckBody(v); err != nil {
			return fail("%s of %s: %v", p.Key, a.Op, err)
		}
		switch {
		case p.Key == ParamContent && cslWholeLines(spec) && v != "" && !strings.HasSuffix(v, "\n"):
			return fail("%s of %s does not end with a newline, and a CSL WRITE body is whole lines, each with its newline", p.Key, a.Op)
		case p.Key == ParamContent && cslWholeLines(spec):
			bw.WriteString(v)
		case v != "":
			bw.WriteString(v)
			bw.WriteString("\n")
		}
	}
	bw.WriteString("<---END--->\n")
	return nil
}

// cslCheckBody refuses content CSL cannot carry: a line that would read as
// a marker, or a CR ending a line.
func cslCheckBody(v string) error {
	if strings.Contains(v, "\r\n") || strings.HasSuffix(v, "\r") {
		// CSL reads every CR before a line break as part of the break.
		return fmt.Errorf("it has a carriage return at the end of a line, which CSL reads as part of the line break; CSL cannot hold it")
	}
	for i, ln := range strings.Split(v, "\n") {
		if csl.EndsBody([]byte(strings.TrimSuffix(ln, "\r")), cslOptions) {
			return fmt.Errorf("its line %d (%q) would read as a CSL marker; CSL cannot hold it", i+1, ln)
		}
	}
	return nil
}

// cslName reports whether s can be written as a CSL attribute name.
func cslName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return s != ""
}
