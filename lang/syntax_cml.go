package lang

// cmlSyntax is CML, clada's XML-shaped blocks (grammar/cml, lower_cml.go,
// print_cml.go, prompt_cml.go): a <tasks> element is one group, any other op element
// outside it a standalone group. An element may start anywhere on a line,
// and a lone "\r" ends a line as in XML. Only an error that leaves a
// block's extent unknown, or an unknown version, stops the document.
var cmlSyntax = SyntaxDef{
	ID:    CML,
	Name:  "cml",
	Title: "CML",
	Fence: "xml",

	split:     splitCML,
	lower:     lowerCML,
	midLine:   true,
	loneCR:    true,
	tasksWord: "<tasks>",

	print: printCML,
	prompt: catalogPrompt(CML, promptText{intro: cmlPromptIntro, results: promptResults("task-1", "task-2", "task-3"), spell: cmlSpelling,
		omitted: map[string]string{"exec.lang": "left out, bash"}}),
	loses: cmlLosses,

	Fatal:        FatalUndelimited,
	FatalReport:  "malformed_xml: the CML has syntax errors",
	undelimited:  cmlStopsAll,
	ReportFormat: "cml",
}
