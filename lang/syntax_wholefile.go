package lang

// wholeFileSyntax is a chat answer's fenced code block under its path
// (grammar/wholefile, lower_wholefile.go, print_wholefile.go,
// prompt_wholefile.go): each block is a standalone file_merge, from its
// path line to its closing fence. A fence that holds another format's
// block is that block (yields).
var wholeFileSyntax = SyntaxDef{
	ID:      WholeFile,
	Name:    "wholefile",
	Aliases: []string{"fence", "codeblock"},
	Title:   "whole-file code block",
	Foreign: true,
	yields:  true,

	split:      splitWholeFile,
	lower:      lowerWholeFile,
	markers:    []blockMarker{{text: "```", above: 2}, {text: "~~~", above: 2}},
	gatedByAny: true,

	print:  printWholeFile,
	prompt: fixedPrompt(wholeFilePrompt),
	loses:  ungroupedLosses,

	Fatal:        FatalNever,
	ReportFormat: "summary",
}
