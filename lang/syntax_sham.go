package lang

import "github.com/clada-dev/clada/grammar/sham"

// shamSyntax is SHAM, clada's own key = value blocks (grammar/sham,
// lower_sham.go, print_sham.go, prompt_sham.go): every block is a standalone group of one
// action, so a syntax error skips only its block.
var shamSyntax = SyntaxDef{
	ID:    SHAM,
	Name:  "sham",
	Title: "SHAM",
	Fence: "sh sham",

	split:     sham.Split, // headers that cannot be read are document diagnostics
	splitFrom: sham.SplitFrom,
	lower:     lowerSHAM,
	lowerRun:  lowerSHAMRun,
	markers:   []blockMarker{shamMarker},
	mayEnd:    sham.MayEndHeredoc,

	print: printSHAM,
	prompt: catalogPrompt(SHAM, promptText{intro: shamPromptIntro, results: promptResults("k7m", "x9p", "r2q"),
		spell: func(_ *OpSpec, ps ParamSpec) string { return "`" + ps.Name + "`" }}),
	loses: ungroupedLosses,

	Fatal:        FatalNever,
	ReportFormat: "json",
}
