package main

import (
	"strings"

	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/report"
)

// defaultFormats says which report each syntax gets without --format, for
// apply's help: the syntaxes whose report is not the default's, then the
// default, "csl for CSL, cml for CML, json for the others".
func defaultFormats() string {
	other := report.DefaultFormat(nil)
	var parts []string
	for _, s := range lang.Syntaxes() {
		if f := s.Def().ReportFormat; f != other {
			parts = append(parts, f+" for "+strings.ToUpper(s.String()))
		}
	}
	return strings.Join(append(parts, other+" for the others"), ", ")
}
