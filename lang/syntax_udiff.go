package lang

// udiffSyntax is the unified diff as git diff and diff -u write it
// (grammar/udiff, lower_udiff.go, print_udiff.go, prompt_udiff.go): a
// diff is one Tasks group that applies all or nothing.
var udiffSyntax = SyntaxDef{
	ID:      UDiff,
	Name:    "udiff",
	Aliases: []string{"diff"},
	Title:   "unified diff",
	Fence:   "diff",
	Foreign: true,

	split:     splitUDiff,
	lower:     lowerUDiff,
	markers:   []blockMarker{udiffOldHeader, {text: "diff --git "}},
	tasksWord: "diff",

	print:   printUDiff,
	prompt:  fixedPrompt(udiffPrompt),
	patches: true, // the whole document is one diff, applied all or nothing
	rawCR:   true, // a line's CR is content under an LF @@ line (README, "Unified diffs")
	loses:   wholeLosses,

	Fatal:        FatalNever,
	AllOrNothing: "diff",
	ReportFormat: "summary",
}
