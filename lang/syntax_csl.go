package lang

// cslSyntax is CSL, clada's marker blocks (grammar/csl, lower_csl.go,
// print_csl.go, prompt_csl.go): a TASKS block is one group, any other op
// outside it a standalone group. Every syntax error is fatal, its tasks are numbered by
// block, and its commands wait for the user's approval.
var cslSyntax = SyntaxDef{
	ID:    CSL,
	Name:  "csl",
	Title: "CSL",
	Fence: "",

	split:     splitCSL,
	lower:     lowerCSL,
	markers:   []blockMarker{cslMarker},
	gate:      cslOpen, // csl.Split acts only on lines that start with its opening
	tasksWord: "TASKS",

	print: printCSL,
	prompt: catalogPrompt(CSL, promptText{intro: cslPromptIntro, results: promptResults("task-1", "task-2", "task-3"), spell: cslSpelling,
		omitted: map[string]string{"exec.lang": "left out, the text is one command line run without a shell, once the user has approved it"}}),

	Fatal:           FatalAlways,
	FatalReport:     "the CSL has syntax errors",
	NestedLabels:    true,
	ApproveCommands: true,
	ReportFormat:    "csl",
}
