package main

import (
	"slices"
	"strings"

	"github.com/clada-dev/clada/lang"
)

// defaultFormats says which report each syntax gets without --format, for
// apply's help, from the syntaxes' descriptors (lang.SyntaxDef.ReportFormat):
// "json for SHAM, csl for CSL, cml for CML, summary for V4A, AIDER, …".
func defaultFormats() string {
	var formats []string
	by := map[string][]string{}
	for _, s := range lang.Syntaxes() {
		f := s.Def().ReportFormat
		if !slices.Contains(formats, f) {
			formats = append(formats, f)
		}
		by[f] = append(by[f], strings.ToUpper(s.String()))
	}
	parts := make([]string, len(formats))
	for i, f := range formats {
		parts[i] = f + " for " + strings.Join(by[f], ", ")
	}
	return strings.Join(parts, "; ")
}
