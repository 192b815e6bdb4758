// Package fault names the kinds of failure an op's result reports: the
// error type every report prints as a word (search_not_found,
// file_not_found, …; the JSON report's "type", the CML report's error
// type). The words are fixed: reports and the LLMs that read them depend
// on them.
//
// It is a leaf: engine/fsys and engine/command make failures of these
// kinds below engine, and engine, report, session, lsp and mcp read them.
// It imports nothing of clada's. Start at Kind.
package fault

// Kind is the kind of a failure. The zero Kind (None) is a failure of no
// particular kind, and a success; it prints as nothing.
type Kind uint8

const (
	None Kind = iota
	// SearchNotFound: the text to find is missing (an edit's search, a
	// range's ends, an anchor line), or found a number of times other
	// than the count an edit gave.
	SearchNotFound
	FileNotFound
	// FileExists: a create or move that may not replace a file found one.
	FileExists
	PermissionDenied
	SymlinkNotAllowed
	// PathEscape: a path (or a symlink, a .., a command's cwd) leads out of
	// the root and the --allow directories.
	PathEscape
	// InvalidPath: a path that is no path (empty, a NUL byte, a trailing
	// slash where a file is meant).
	InvalidPath
	ExecTimeout
	ExecFailed
	// SandboxDenied: the sandbox refused a write the command made.
	SandboxDenied
	// SandboxUnavailable: --sandbox strict on a system that cannot confine.
	SandboxUnavailable
	// MalformedXML: a CML answer that cannot be read as XML (the report's
	// fatal error, never an op's).
	MalformedXML
	// LazyPlaceholder: a whole-file block that leaves code out, with a
	// placeholder the file does not decide or as an excerpt of the file
	// (README, "Lazy placeholders").
	LazyPlaceholder
	// SearchAmbiguous: the text to find is there several times where it
	// must be once (an edit's search, a range, an anchor line). The CML
	// report prints it as search_not_found, the word CML's error types
	// give it (report/cml.go).
	SearchAmbiguous
)

// String is the kind's word as reports print it; "" for None.
func (k Kind) String() string {
	switch k {
	case None:
		return ""
	case SearchNotFound:
		return "search_not_found"
	case FileNotFound:
		return "file_not_found"
	case FileExists:
		return "file_exists"
	case PermissionDenied:
		return "permission_denied"
	case SymlinkNotAllowed:
		return "symlink_not_allowed"
	case PathEscape:
		return "path_escape"
	case InvalidPath:
		return "invalid_path"
	case ExecTimeout:
		return "exec_timeout"
	case ExecFailed:
		return "exec_failed"
	case SandboxDenied:
		return "sandbox_denied"
	case SandboxUnavailable:
		return "sandbox_unavailable"
	case MalformedXML:
		return "malformed_xml"
	case LazyPlaceholder:
		return "lazy_placeholder"
	case SearchAmbiguous:
		return "search_ambiguous"
	}
	return "unknown"
}

// MarshalText makes a kind read as its word in JSON.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }
