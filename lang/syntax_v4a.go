package lang

// v4aSyntax is OpenAI's apply_patch format (grammar/v4a, lower_v4a.go,
// print_v4a.go, prompt_v4a.go): an envelope is one Patch group whose
// sections lower into the existing ops (Add → file_write, Delete →
// file_delete, each Update hunk → file_replace_text with the hunk's @@
// lines as anchor, Move to → file_move after the hunks), and the engine
// applies the group all or nothing.
var v4aSyntax = SyntaxDef{
	ID:      V4A,
	Name:    "v4a",
	Title:   "V4A (apply_patch)",
	Fence:   "",
	Foreign: true,

	split: splitV4A,
	lower: lowerV4A,
	// an envelope, and a ```json fence of apply_patch_call items
	markers: []blockMarker{{text: "*** Begin Patch"}, {text: "```json"}},

	print:   printV4A,
	prompt:  fixedPrompt(v4aPrompt),
	patches: true,
	loses:   wholeLosses,

	Fatal:        FatalNever,
	AllOrNothing: "patch",
	ReportFormat: "summary",
}
