package lang

// replacerSyntax is the replacer tool's <<<FILE>>> blocks
// (grammar/replacer, lower_replacer.go, print_replacer.go,
// prompt_replacer.go): each block is a standalone action.
var replacerSyntax = SyntaxDef{
	ID:      Replacer,
	Name:    "replacer",
	Title:   "replacer",
	Fence:   "text",
	Foreign: true,

	split:   splitReplacer,
	lower:   lowerReplacer,
	markers: []blockMarker{{text: "<<<FILE>>>"}, {text: "<<<EXPLANATION>>>"}},
	gate:    "<<<FILE>>>", // replacer.Scan looks for "<<<FILE>>>" first

	print:  printReplacer,
	prompt: fixedPrompt(replacerPrompt),
	loses:  ungroupedLosses,

	Fatal:        FatalNever,
	ReportFormat: "summary",
}
