package lang

// rooSyntax is Roo Code's edit tools, apply_diff, insert_content and
// search_and_replace (grammar/roo, lower_roo.go, print_roo.go,
// prompt_roo.go): a call is one group that applies all or nothing.
var rooSyntax = SyntaxDef{
	ID:      Roo,
	Name:    "roo",
	Aliases: []string{"apply_diff"},
	Title:   "Roo Code apply_diff",
	Foreign: true,
	// a bare block starts at its path line, above the fence holding it
	Fence:     "text",
	OwnsFence: true,

	split: splitRoo,
	lower: lowerRoo,
	// not gated: a bare block may carry only the ------- header, which
	// is no marker (aider's marker opens the view of an indented one);
	// roo.Spans looks for its texts first
	markers:   []blockMarker{{text: "<apply_diff>"}, {text: "<insert_content>"}, {text: "<search_and_replace>"}},
	tasksWord: "apply_diff",

	print:  printRoo,
	prompt: fixedPrompt(rooPrompt),
	loses:  callLosses,

	Fatal:        FatalNever,
	AllOrNothing: "Roo Code call",
	ReportFormat: "summary",
}
