package sham

import "github.com/clada-dev/clada/source"

// Error codes are nesl-js's, so tools written against nesl-js keep working.
const (
	MalformedHeader           = "MALFORMED_HEADER"
	InvalidBlockID            = "INVALID_BLOCK_ID"
	UnclosedBlock             = "UNCLOSED_BLOCK"
	UnclosedHeredoc           = "UNCLOSED_HEREDOC"
	MismatchedEnd             = "MISMATCHED_END"
	MalformedAssignment       = "MALFORMED_ASSIGNMENT"
	EmptyKey                  = "EMPTY_KEY"
	InvalidAssignmentOperator = "INVALID_ASSIGNMENT_OPERATOR"
	InvalidValue              = "INVALID_VALUE"
	UnclosedQuote             = "UNCLOSED_QUOTE"
	TrailingContent           = "TRAILING_CONTENT"
	InvalidKey                = "INVALID_KEY"
	DuplicateKey              = "DUPLICATE_KEY"
	InvalidHeredocDelimiter   = "INVALID_HEREDOC_DELIMITER"
	// StrayMarker is clada's own: an end marker outside any block, which
	// nesl-js passes over as prose.
	StrayMarker = "STRAY_MARKER"
)

// syntaxError is the diagnostic of one syntax problem at [start, end), byte
// offsets into the text given to Split or ParseBlock: every SHAM problem is
// an error (a block with one is not run).
func syntaxError(code string, start, end int, msg, hint string) source.Diagnostic {
	return source.Diagnostic{Severity: source.Error, Code: code, Message: msg, Hint: hint,
		Range: source.Range{Start: start, End: end}}
}
