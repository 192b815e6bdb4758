package lang

// jsonSyntax is edit tool calls written as JSON (grammar/jsoncall,
// lower_jsoncall.go, print_json.go, prompt_json.go): a call is one
// action, an array of them one group of independent actions, and one call
// of several edits of a file (MultiEdit, multi_edit) one group that
// applies all or nothing.
var jsonSyntax = SyntaxDef{
	ID:      JSONCall,
	Name:    "json",
	Aliases: []string{"jsoncall"},
	Title:   "JSON tool calls",
	Fence:   "json",
	Foreign: true,

	split:     splitJSONCall,
	lower:     lowerJSONCall,
	tasksWord: "multi-edit",

	print:  printJSON,
	prompt: fixedPrompt(jsonPrompt),
	loses:  ungroupedLosses,

	Fatal:        FatalNever,
	AllOrNothing: "multi-edit call",
	ReportFormat: "summary",
}
