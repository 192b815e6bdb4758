package lang

// wholeFileSyntax is a chat answer's fenced code block under its path
// (grammar/wholefile, lower_wholefile.go, print_wholefile.go,
// prompt_wholefile.go): each block is a standalone file_merge. Its block
// starts on the path line above the fence, so that fence is its own.
var wholeFileSyntax = SyntaxDef{
	ID:        WholeFile,
	Name:      "wholefile",
	Aliases:   []string{"fence", "codeblock"},
	Title:     "whole-file code block",
	Foreign:   true,
	OwnsFence: true,

	split:      splitWholeFile,
	lower:      lowerWholeFile,
	markers:    []blockMarker{{text: "```", above: 2}, {text: "~~~", above: 2}},
	gatedByAny: true,

	print:  printWholeFile,
	prompt: fixedPrompt(wholeFilePrompt),
	loses:  ungroupedLosses,

	Fatal:        FatalNever,
	ReportFormat: "json",
}
