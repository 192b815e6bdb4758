package lang

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/clada-dev/clada/source"
)

// Validation codes (beside the syntax codes of each front-end).
const (
	CodeUnknownAction = "UNKNOWN_ACTION" // op not in the catalog; Hint names the closest op
	CodeMissingAction = "MISSING_ACTION" // a SHAM block without an `action` key
	CodeMissingParam  = "MISSING_PARAM"  // a required param is absent
	CodeInvalidType   = "INVALID_TYPE"   // an integer, boolean or line range that does not parse
	CodeInvalidValue  = "INVALID_VALUE"  // an enum value outside its list, an empty path
	CodeUnknownParam  = "UNKNOWN_PARAM"  // warning: the op does not define this param
	CodeDuplicateID   = "DUPLICATE_ID"   // warning: two SHAM blocks of one answer share an id
)

// Check returns every problem of d: its syntax diagnostics plus catalog
// validation of each action that parsed cleanly, sorted by position.
func Check(d *Document) source.Diagnostics {
	out := d.Diagnostics()
	if d.parser != nil && len(d.entries) == len(d.Groups) {
		out = d.parser.check(d, out) // cache.go
	} else {
		for _, g := range d.Groups {
			out = validateGroup(g, out)
		}
	}
	out = append(out, duplicateIDs(d)...)
	out.Sort()
	return out
}

// validateGroup appends Validate's findings for g's actions that parsed
// cleanly to out. A group that runs all or nothing and has an error of
// its own (edits that name no file, a call without <path>) gives its
// actions no MISSING_PARAM too: the group's error already says what is
// missing, where it should be written, in the format's own words, and
// "add path: …" would only repeat it in another's (GroupSaysWhatIsMissing).
func validateGroup(g *Group, out source.Diagnostics) source.Diagnostics {
	said := GroupSaysWhatIsMissing(g)
	for _, a := range g.Actions {
		if a.HasErrors() {
			continue
		}
		for _, d := range Validate(a) {
			if !said || d.Code != CodeMissingParam {
				out = append(out, d)
			}
		}
	}
	return out
}

// GroupSaysWhatIsMissing reports whether g is a group that runs all or
// nothing (not Standalone) with an error diagnostic of its own: none of
// its actions runs, and what its actions lack is that error's business.
func GroupSaysWhatIsMissing(g *Group) bool {
	return g.Kind != Standalone && g.Diags.HasErrors()
}

// duplicateIDs reports each SHAM block whose id an earlier block of the
// document already has: reports key results by block id, so the second
// block's result would be mistaken for the first's. A warning: both blocks
// still run, each reported under its own sequence number.
func duplicateIDs(d *Document) source.Diagnostics {
	var ds source.Diagnostics
	first := make(map[string]*Action, len(d.Groups))
	for a := range d.Actions() {
		if a.ID == "" { // only SHAM blocks have ids
			continue
		}
		prev, seen := first[a.ID]
		if !seen {
			first[a.ID] = a
			continue
		}
		line := 0
		if d.File != nil {
			line = d.File.Line(prev.IDRange.Start)
		}
		ds = append(ds, source.Diagnostic{Severity: source.Warning, Code: CodeDuplicateID, Range: a.IDRange,
			Message: fmt.Sprintf("Block id '%s' is already used by the block on line %d; results are reported by id", a.ID, line),
			Hint:    "give every block of the answer its own id (2-8 letters or digits), and end it with #!END_SHAM_ and that id"})
	}
	return ds
}

// MaxDiagsPerKind is how many diagnostics of one code a block lists; the
// rest of that code are folded into one closing "and N more" diagnostic
// (source.Diagnostics.Capped). Every diagnostic costs its reader, the
// editor and the report something, so a block of 60,000 unknown attributes
// must not cost 60,000 of them. The README's "clada check" section states
// the cap.
const MaxDiagsPerKind = 10

// Validate checks one action against the catalog: the op exists, required
// params are present, values parse as their types, enum values are allowed.
// Unknown params are allowed with a warning (extra params pass through, as
// in nesl-js; DESIGN.md, "The catalog"). Empty old_text is left to the
// engine, which reports it in nesl-js's exact words. At most MaxDiagsPerKind
// of a code are listed.
func Validate(a *Action) source.Diagnostics {
	defer a.validateTexts()() // a deferred hunk, whole (hunk_texts.go)
	return validate(a).Capped(MaxDiagsPerKind)
}

func validate(a *Action) source.Diagnostics {
	var ds source.Diagnostics
	head := headRange(a)
	if a.Op == "" {
		d := source.Diagnostic{Severity: source.Error, Code: CodeMissingAction, Range: head,
			Message: fmt.Sprintf("%s has no action: clada cannot tell what to do", blockName(a)),
			Hint:    `add a line such as action = "file_write" (run 'clada actions' for the list)`}
		// "acton = ..." is the usual way a block loses its action: point at
		// that key and say so, rather than only asking for a line it has.
		for _, p := range a.Params {
			if p.Key != "action" && nearest(p.Key, []string{"action"}) != "" {
				d.Range = p.KeyRange
				d.Hint = fmt.Sprintf("did you mean action? write action = %q", p.Value)
				break
			}
		}
		ds = append(ds, d)
		return ds
	}
	spec := Lookup(a.Op)
	if spec == nil {
		d := source.Diagnostic{Severity: source.Error, Code: CodeUnknownAction, Range: a.OpRange,
			Message: fmt.Sprintf("Unknown action '%s'", a.Op)}
		if c := closest(a.Op, opNames()); c != "" {
			d.Hint = fmt.Sprintf("did you mean %s?", c)
		} else {
			d.Hint = "run 'clada actions' to list the available actions"
		}
		return append(ds, d)
	}
	for _, ps := range spec.Params {
		if ps.Required && a.Param(ps.Name) == nil {
			ds = append(ds, source.Diagnostic{Severity: source.Error, Code: CodeMissingParam, Range: head,
				Message: fmt.Sprintf("Missing required parameter '%s' for action '%s'", ps.Name, a.Op),
				Hint:    fmt.Sprintf("add %s: %s", ps.Name, ps.Doc)})
		}
	}
	unknown, takes := 0, "" // unknown params so far; the hint of those past the cap
	for _, p := range a.Params {
		ps := spec.Param(p.Key)
		if ps == nil {
			unknown++
			if unknown > MaxDiagsPerKind {
				// Folded by Validate into one "and N more": only its range
				// and the closing hint count, not a suggestion each.
				if takes == "" {
					takes = fmt.Sprintf("%s takes: %s", a.Op, strings.Join(paramNames(spec), ", "))
				}
				ds = append(ds, source.Diagnostic{Severity: source.Warning, Code: CodeUnknownParam, Range: p.KeyRange, Hint: takes})
				continue
			}
			d := source.Diagnostic{Severity: source.Warning, Code: CodeUnknownParam, Range: p.KeyRange,
				Message: fmt.Sprintf("Unknown parameter '%s' for action '%s'; it is ignored", p.Key, a.Op)}
			if c := closest(p.Key, paramNames(spec)); c != "" {
				d.Hint = fmt.Sprintf("did you mean %s?", c)
			} else {
				d.Hint = fmt.Sprintf("%s takes: %s", a.Op, strings.Join(paramNames(spec), ", "))
			}
			ds = append(ds, d)
			continue
		}
		if d, ok := checkValue(a.Op, ps, p); !ok {
			ds = append(ds, d)
		}
	}
	return append(ds, lazyPlaceholders(a, spec)...) // lazy.go
}

// checkValue parses p's value as ps's type.
func checkValue(op string, ps *ParamSpec, p *Param) (source.Diagnostic, bool) {
	bad := func(code, msg, hint string) (source.Diagnostic, bool) {
		return source.Diagnostic{Severity: source.Error, Code: code, Range: p.ValueRange, Message: msg, Hint: hint}, false
	}
	v := p.Value
	switch ps.Type {
	case TInteger:
		if _, err := strconv.Atoi(strings.TrimSpace(v)); err != nil {
			return bad(CodeInvalidType,
				fmt.Sprintf("Invalid type for parameter '%s' in action '%s': expected integer, got '%s'", ps.Name, op, short(v)),
				fmt.Sprintf(`write a whole number, e.g. %s = "3"`, ps.Name))
		}
	case TBoolean:
		if v != "true" && v != "false" {
			return bad(CodeInvalidType,
				fmt.Sprintf("Invalid type for parameter '%s' in action '%s': expected boolean, got '%s'", ps.Name, op, short(v)),
				`write "true" or "false"`)
		}
	case TLineRange:
		if _, _, err := ParseLineSpec(v); err != nil && (v != "" || ps.Required) {
			// nesl-js's own wording, so check and the engine agree.
			return bad(CodeInvalidType, fmt.Sprintf("%s: %v", op, err),
				fmt.Sprintf(`write %s = "4" or %s = "23-43" (1-based, start <= end)`, ps.Name, ps.Name))
		}
	case TEnum:
		if !contains(ps.Enum, v) {
			hint := "use one of: " + strings.Join(ps.Enum, ", ")
			if c := closest(v, ps.Enum); c != "" {
				hint = fmt.Sprintf("did you mean %s? (%s)", c, hint)
			}
			return bad(CodeInvalidValue,
				fmt.Sprintf("Invalid value for parameter '%s' in action '%s': expected one of [%s], got '%s'", ps.Name, op, strings.Join(ps.Enum, ","), short(v)),
				hint)
		}
	case TPath:
		if strings.TrimSpace(v) == "" {
			return bad(CodeInvalidValue, fmt.Sprintf("Parameter '%s' in action '%s' is an empty path", ps.Name, op),
				"give a path relative to the project root")
		}
		if strings.IndexByte(v, 0) >= 0 {
			return bad(CodeInvalidValue, fmt.Sprintf("Parameter '%s' in action '%s' contains a NUL byte", ps.Name, op),
				"remove the NUL character from the path")
		}
	case TPaths:
		if strings.TrimSpace(v) == "" {
			return bad(CodeInvalidValue, op+": No paths provided", // nesl-js's wording, as the engine says it
				fmt.Sprintf("list one path per line in %s", ps.Name))
		}
	}
	return source.Diagnostic{}, true
}

// LineSpecError is a line spec that does not parse, in nesl-js's wording
// ("Invalid line specification 'abc'"); the engine and the validator both
// put the op's name before it, so check and apply say the same.
type LineSpecError string

func (e LineSpecError) Error() string { return string(e) }

// ParseLineSpec reads "4" or "23-43" (1-based, inclusive; blanks around the
// spec are ignored) as nesl-js's extractNumberedLines does.
func ParseLineSpec(spec string) (start, end int, err error) {
	bad := LineSpecError(fmt.Sprintf("Invalid line specification '%s'", spec))
	first, last, isRange := strings.Cut(strings.TrimSpace(spec), "-")
	if !isRange {
		n, err := strconv.Atoi(first)
		if err != nil || n < 1 {
			return 0, 0, bad
		}
		return n, n, nil
	}
	if strings.Contains(last, "-") {
		return 0, 0, bad
	}
	s, err1 := strconv.Atoi(first)
	e, err2 := strconv.Atoi(last)
	if err1 != nil || err2 != nil || s < 1 || e < 1 {
		return 0, 0, bad
	}
	if s > e {
		return 0, 0, LineSpecError(fmt.Sprintf("Invalid line range '%s' (start must be <= end)", spec))
	}
	return s, e, nil
}

// headRange is where problems about the action as a whole point: the op
// name if written, else the block's first line.
func headRange(a *Action) source.Range {
	if a.OpRange.End > a.OpRange.Start {
		return a.OpRange
	}
	if a.IDRange.End > a.IDRange.Start {
		return a.IDRange
	}
	return source.Range{Start: a.Range.Start, End: a.Range.Start}
}

func blockName(a *Action) string {
	if a.ID != "" {
		return fmt.Sprintf("Block '%s'", a.ID)
	}
	return "This " + a.Syntax.String() + " block"
}

func short(v string) string {
	if len(v) > 40 {
		return v[:37] + "..."
	}
	return v
}

func contains(list []string, v string) bool {
	for _, s := range list {
		if s == v {
			return true
		}
	}
	return false
}

// opNames lists catalog names and aliases, sorted, for suggestions.
func opNames() []string {
	names := make([]string, 0, len(catalog)+len(aliases))
	for _, o := range catalog {
		names = append(names, o.Name)
	}
	for a := range aliases {
		names = append(names, a)
	}
	sort.Strings(names)
	return names
}

func paramNames(o *OpSpec) []string {
	names := make([]string, len(o.Params))
	for i, p := range o.Params {
		names[i] = p.Name
	}
	return names
}
