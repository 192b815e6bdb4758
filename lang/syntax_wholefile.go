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

	split:     splitWholeFile,
	splitFrom: splitWholeFileFrom,
	lower:     lowerWholeFile,
	markers:   []blockMarker{{text: "```", above: 2}, {text: "~~~", above: 2}},
	// Not gated (SyntaxDef.gatedByAny): a gated split that runs, runs
	// after the marker search, and this one, the costliest on a long
	// answer of fenced blocks (5 ms of a 45 ms parse of the 5.6 MB
	// answer), then ran alone, a serial tail whatever the cores. Ungated
	// it runs beside the other splitters; without a fence it is two
	// searches (wholefile.HasFence).

	print:  printWholeFile,
	prompt: fixedPrompt(wholeFilePrompt),
	loses:  ungroupedLosses,

	Fatal:        FatalNever,
	ReportFormat: "summary",
}
