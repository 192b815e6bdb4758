package lang

import (
	"fmt"

	"github.com/clada-dev/clada/source"
)

// lazyParams are the params whose text an op writes into a file, by op:
// a placeholder line there would be written as it is (README, "Lazy
// placeholders"). file_merge is not here: placeholders are its point.
var lazyParams = map[OpID]string{
	OpFileWrite:            ParamContent,
	OpFileAppend:           ParamContent,
	OpFileInsert:           ParamContent,
	OpFileReplaceLines:     ParamNewContent,
	OpFileReplaceText:      ParamNewText,
	OpFileReplaceAllText:   ParamNewText,
	OpFileReplaceTextRange: ParamNewText,
}

// lazyPlaceholders reports each placeholder line (IsPlaceholder) of the
// text a's op would write, LAZY_PLACEHOLDER at that line. A placeholder
// line the op's search text holds too is the file's own line, kept, and
// no placeholder.
func lazyPlaceholders(a *Action, spec *OpSpec) source.Diagnostics {
	key, ok := lazyParams[spec.ID]
	if !ok {
		return nil
	}
	p := a.Param(key)
	if p == nil {
		return nil
	}
	phs := Placeholders(p.Value)
	if len(phs) == 0 {
		return nil
	}
	searched := map[string]bool{}
	for _, k := range []string{ParamOldText, ParamOldTextBeginning, ParamOldTextEnd} {
		if v, ok := a.Value(k); ok {
			for _, ph := range Placeholders(v) {
				searched[ph.Text] = true
			}
		}
	}
	hint := "put the lines it stands for in both " + ParamOldText + " and " + key + ", or make the edit smaller so it leaves nothing out"
	if key == ParamContent && spec.ID != OpFileInsert && spec.ID != OpFileAppend {
		hint = "send the whole file, or write it with file_merge, where a placeholder stands for the file's unchanged lines between lines copied exactly from it"
	} else if key == ParamContent || key == ParamNewContent {
		hint = "write out the lines the placeholder stands for"
	}
	var ds source.Diagnostics
	for _, ph := range phs {
		if searched[ph.Text] {
			continue
		}
		r := p.ContentRange
		if r.End-r.Start == len(p.Value) { // the value is its source bytes: point at the line
			r = source.Range{Start: r.Start + ph.Start, End: r.Start + ph.End}
		}
		ds = append(ds, source.Diagnostic{Severity: source.Error, Code: CodeLazyPlaceholder, Range: r,
			Message: fmt.Sprintf("line %d of %s is a placeholder for code left out (%q): %s writes it as it is, in place of that code", ph.Line, key, ph.Text, a.Op),
			Hint:    hint})
	}
	return ds
}
