package lang

// aiderSyntax is aider's SEARCH/REPLACE blocks (grammar/aider,
// lower_aider.go, print_aider.go, prompt_aider.go). A block names its file
// on the line above its opening fence, so the fence closing after it is
// the block's too.
var aiderSyntax = SyntaxDef{
	ID:        Aider,
	Name:      "aider",
	Title:     "aider SEARCH/REPLACE",
	Fence:     "text",
	Foreign:   true,
	OwnsFence: true,

	split:   splitAider,
	lower:   lowerAider,
	markers: []blockMarker{aiderMarker},
	gate:    aiderMarker.text, // aider.Spans looks for "<<<<< SEARCH" first

	print:  printAider,
	prompt: fixedPrompt(aiderPrompt),
	loses:  ungroupedLosses,

	Fatal:        FatalNever,
	ReportFormat: "summary",
}
