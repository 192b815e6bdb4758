package sham

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

// Error is one syntax problem. Start and End are byte offsets into the text
// that was given to Split or ParseBlock. Message says what is wrong in plain
// words; Hint says how to fix it. The lang package turns these into
// Diagnostics.
type Error struct {
	Code    string
	Message string
	Hint    string
	Start   int
	End     int
}
