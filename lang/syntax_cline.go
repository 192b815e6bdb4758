package lang

// clineSyntax is Cline's replace_in_file and write_to_file
// (grammar/cline, lower_cline.go, print_cline.go, prompt_cline.go): a
// replace_in_file call is one group that applies all or nothing.
var clineSyntax = SyntaxDef{
	ID:      Cline,
	Name:    "cline",
	Title:   "Cline replace_in_file",
	Foreign: true,
	// a bare block starts at its path line, above the fence holding it
	Fence:     "text",
	OwnsFence: true,

	split: splitCline,
	lower: lowerCline,
	// not gated: cline.Spans looks for its texts first. A bare block's
	// SEARCH line has three dashes or more: Cline's seven and the shortest
	// three open the view of an indented one.
	markers: []blockMarker{{text: "<replace_in_file>"}, {text: "<write_to_file>"},
		{text: "------- SEARCH", above: 3}, {text: "--- SEARCH", above: 3}},
	tasksWord: "replace_in_file",

	print:  printCline,
	prompt: fixedPrompt(clinePrompt),
	loses:  callLosses,

	Fatal:        FatalNever,
	AllOrNothing: "replace_in_file call",
	ReportFormat: "summary",
}
