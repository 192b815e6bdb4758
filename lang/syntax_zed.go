package lang

// zedSyntax is Zed's <edits> (grammar/zed, lower_zed.go, print_zed.go,
// prompt_zed.go): one element is one group that applies all or nothing.
var zedSyntax = SyntaxDef{
	ID:      Zed,
	Name:    "zed",
	Title:   "Zed <edits>",
	Foreign: true,
	// a bare block starts at its path line, above the fence holding it
	Fence:     "text",
	OwnsFence: true,

	split: splitZed,
	lower: lowerZed,
	markers: []blockMarker{{text: "<edits", opens: func(b []byte) bool {
		return len(b) > len("<edits") && (b[len("<edits")] == '>' || b[len("<edits")] == ' ')
	}, above: 3}}, // its path line may stand above it, a fence between
	gate:      "<edits",
	tasksWord: "edits",

	print:  printZed,
	prompt: fixedPrompt(zedPrompt),
	loses:  callLosses,

	Fatal:        FatalNever,
	AllOrNothing: "<edits> element",
	ReportFormat: "summary",
}
