package lang

import "fmt"

// The op catalog: one table that is the single source for validation, hover,
// completion, printing, `clada actions` and `clada prompt`. Canonical names are
// SHAM's; CSL and CML spellings sit beside them.

// ParamType is the type a string value must parse as.
type ParamType uint8

const (
	TString    ParamType = iota + 1
	TInteger             // decimal integer, e.g. "3"
	TBoolean             // "true" or "false"
	TEnum                // one of ParamSpec.Enum
	TPath                // a path relative to the root (or absolute inside it)
	TPaths               // paths, one per line; empty lines ignored
	TLineRange           // "4" or "23-43", 1-based inclusive
)

func (t ParamType) String() string {
	switch t {
	case TString:
		return "string"
	case TInteger:
		return "integer"
	case TBoolean:
		return "boolean"
	case TEnum:
		return "enum"
	case TPath:
		return "path"
	case TPaths:
		return "paths"
	case TLineRange:
		return "line range"
	}
	return "unknown"
}

// MarshalText makes types read as words in JSON.
func (t ParamType) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// OpKind says what an op may touch; read ops never change the tree.
type OpKind uint8

const (
	Read OpKind = iota + 1
	Write
	Exec
)

func (k OpKind) String() string {
	switch k {
	case Read:
		return "read"
	case Write:
		return "write"
	case Exec:
		return "exec"
	}
	return "unknown"
}

// MarshalText makes kinds read as words in JSON.
func (k OpKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// ParamSpec describes one parameter of an op.
type ParamSpec struct {
	Name     string    `json:"name"`
	Type     ParamType `json:"type"`
	Required bool      `json:"required"`
	Default  string    `json:"default,omitempty"`
	Enum     []string  `json:"enum,omitempty"`
	Doc      string    `json:"doc"`
	// CSL and CML are this param's spelling in those syntaxes: an attribute
	// name, or one of the special places "body", "search", "replace", "to"
	// (CSL sections) / "text", "search", "replace", "search-start",
	// "search-end" (CML children). Empty means the catalog name as an attribute.
	CSL string `json:"csl,omitempty"`
	CML string `json:"cml,omitempty"`
}

// OpID names a catalog op in code: one constant per op, in catalog order.
// An action keeps its op as written (Action.Op: a catalog name, an alias or
// an unknown word); Lookup resolves the first two to a spec and its ID. The
// zero OpID is no op.
type OpID uint8

const (
	OpFileWrite OpID = iota + 1
	OpFileAppend
	OpFileReplaceText
	OpFileReplaceAllText
	OpFileReplaceTextRange
	OpFileReplaceLines
	OpFileInsert
	OpFileDelete
	OpRemove
	OpFileMove
	OpFileRead
	OpFileReadNumbered
	OpFilesRead
	OpDirCreate
	OpDirDelete
	OpLs
	OpGrep
	OpGlob
	OpExec
	OpFileMerge
)

// Spec is id's entry in the catalog, or nil for an id that names no op.
func (id OpID) Spec() *OpSpec {
	if id == 0 || int(id) > len(catalog) {
		return nil
	}
	return &catalog[id-1]
}

// String is the op's catalog name ("file_write").
func (id OpID) String() string {
	if s := id.Spec(); s != nil {
		return s.Name
	}
	return fmt.Sprintf("OpID(%d)", uint8(id))
}

// Param names, as the catalog spells them (SHAM's keys). Code that names a
// param uses these; each syntax's own spelling is in ParamSpec.CSL and .CML.
const (
	ParamPath             = "path"
	ParamContent          = "content"
	ParamOverwrite        = "overwrite"
	ParamOldText          = "old_text"
	ParamNewText          = "new_text"
	ParamNearLine         = "near_line"
	ParamAnchor           = "anchor"
	ParamAtEnd            = "at_end"
	ParamTolerance        = "tolerance"
	ParamCount            = "count"
	ParamOldTextBeginning = "old_text_beginning"
	ParamOldTextEnd       = "old_text_end"
	ParamLines            = "lines"
	ParamNewContent       = "new_content"
	ParamLine             = "line"
	ParamOldPath          = "old_path"
	ParamNewPath          = "new_path"
	ParamPaths            = "paths"
	ParamDelimiter        = "delimiter"
	ParamPattern          = "pattern"
	ParamInclude          = "include"
	ParamBasePath         = "base_path"
	ParamCode             = "code"
	ParamLang             = "lang"
	ParamCwd              = "cwd"
	ParamTimeout          = "timeout"
	ParamCreateOnly       = "create_only"
	ParamLineEnds         = "line_ends"
	ParamOldContent       = "old_content"
)

// OpSpec describes one op.
type OpSpec struct {
	// ID is the op's constant; the catalog holds the specs in ID order.
	ID      OpID        `json:"-"`
	Name    string      `json:"name"`
	Kind    OpKind      `json:"kind"`
	Doc     string      `json:"doc"`
	Params  []ParamSpec `json:"params"`
	Primary string      `json:"primary"` // the param shown in one-line summaries
	// Example is a valid param set, in order, used by docs and `clada prompt`.
	Example [][2]string `json:"example"`
	// CSL and CML are the op's native word in those syntaxes (WRITE, write, …);
	// where a syntax has none it is the catalog name (FILE_READ, file_read).
	CSL string `json:"csl"`
	CML string `json:"cml"`
}

// Param returns the spec of param name, or nil.
func (o *OpSpec) Param(name string) *ParamSpec {
	for i := range o.Params {
		if o.Params[i].Name == name {
			return &o.Params[i]
		}
	}
	return nil
}

// aliases maps the accepted alternative op names to catalog names
// (DESIGN.md, "The catalog"): nesl-js's, and the verb-first names of the
// lineage's later versions, so a prompt written for one of them still
// works.
var aliases = map[string]OpID{
	"file_create": OpFileWrite,
	"file_edit":   OpFileReplaceAllText,

	"write_file":                 OpFileWrite,
	"create_file":                OpFileWrite,
	"append_to_file":             OpFileAppend,
	"replace_text_in_file":       OpFileReplaceText,
	"str_replace":                OpFileReplaceText,
	"replace_all_text_in_file":   OpFileReplaceAllText,
	"replace_text_range_in_file": OpFileReplaceTextRange,
	"replace_lines_in_file":      OpFileReplaceLines,
	"delete_file":                OpFileDelete,
	"move_file":                  OpFileMove,
	"read_file":                  OpFileRead,
	"read_file_numbered":         OpFileReadNumbered,
	"read_files":                 OpFilesRead,
	"create_dir":                 OpDirCreate,
	"delete_dir":                 OpDirDelete,
}

// Lookup resolves an op name or alias to its spec (and so its ID); nil when
// unknown.
func Lookup(name string) *OpSpec {
	if id, ok := aliases[name]; ok {
		return id.Spec()
	}
	for i := range catalog {
		if catalog[i].Name == name {
			return &catalog[i]
		}
	}
	return nil
}

// Ops returns the catalog in its documented order. Callers must not modify it.
func Ops() []OpSpec { return catalog }

// Aliases returns alias → catalog name pairs.
func Aliases() map[string]string {
	out := make(map[string]string, len(aliases))
	for k, id := range aliases {
		out[k] = id.String()
	}
	return out
}

func pathParam(doc string) ParamSpec {
	return ParamSpec{Name: ParamPath, Type: TPath, Required: true, Doc: doc, CSL: "file", CML: "path"}
}

var catalog = []OpSpec{
	{
		ID: OpFileWrite, Name: "file_write", Kind: Write, Primary: ParamPath, CSL: "WRITE", CML: "write",
		Doc: "Create or overwrite a file with the given content, creating parent directories.",
		Params: []ParamSpec{
			pathParam("File to write."),
			{Name: ParamContent, Type: TString, Required: true, Doc: "The whole new content of the file.", CSL: "body", CML: "text"},
			{Name: ParamOverwrite, Type: TBoolean, Default: "true", Doc: "false: fail when the file already exists (a unified diff's new file) instead of replacing it."},
		},
		Example: [][2]string{{ParamPath, "src/hello.txt"}, {ParamContent, "Hello, world!\n"}},
	},
	{
		ID: OpFileAppend, Name: "file_append", Kind: Write, Primary: ParamPath, CSL: "WRITE", CML: "write",
		Doc: "Append content to a file, creating it (and its parent directories) if missing.",
		Params: []ParamSpec{
			pathParam("File to append to."),
			{Name: ParamContent, Type: TString, Required: true, Doc: "Text to add at the end of the file.", CSL: "body", CML: "text"},
		},
		Example: [][2]string{{ParamPath, "notes.md"}, {ParamContent, "- one more line\n"}},
	},
	{
		ID: OpFileReplaceText, Name: "file_replace_text", Kind: Write, Primary: ParamPath, CSL: "SEARCH", CML: "edit",
		Doc: "Replace text that must occur exactly once in the file.",
		Params: []ParamSpec{
			pathParam("File to edit."),
			{Name: ParamOldText, Type: TString, Required: true, Doc: "Exact text to find; must match exactly once (whitespace counts).", CSL: "search", CML: "search"},
			{Name: ParamNewText, Type: TString, Required: true, Doc: "Replacement text.", CSL: "replace", CML: "replace"},
			{Name: ParamNearLine, Type: TInteger, Doc: "Line where old_text is expected (a unified diff hunk's): old_text must then start a line; of several matches the one starting at this line is taken; the result reports the offset when the match is elsewhere."},
			{Name: ParamAnchor, Type: TString, Doc: "Lines (one per line) that must each be found, in order, before old_text; the match is searched after the last (V4A's @@ lines).", CSL: "anchor", CML: "anchor"},
			{Name: ParamAtEnd, Type: TBoolean, Doc: "old_text must end the file (V4A's *** End of File).", CSL: "at_end", CML: "at_end"},
			{Name: ParamTolerance, Type: TString, Enum: []string{"exact", "whitespace"}, Doc: "\"exact\" (default) or \"whitespace\": also try ignoring trailing, then surrounding whitespace, then unicode punctuation; the match must still be unique (V4A).", CSL: "tolerance", CML: "tolerance"},
			{Name: ParamLineEnds, Type: TString, Enum: []string{"file", "as-written"}, Doc: "\"file\" (default): new_text written with \\n gets a CRLF file's line ends; \"as-written\": new_text's bytes are written as they are (a unified diff whose lines carry their CRs, such as a CRLF-to-LF change)."},
		},
		Example: [][2]string{{ParamPath, "src/app.js"}, {ParamOldText, "const port = 3000;"}, {ParamNewText, "const port = 8080;"}},
	},
	{
		ID: OpFileReplaceAllText, Name: "file_replace_all_text", Kind: Write, Primary: ParamPath, CSL: "SEARCH", CML: "edit",
		Doc: "Replace every occurrence of a text; if count is given it must equal the number of matches.",
		Params: []ParamSpec{
			pathParam("File to edit."),
			{Name: ParamOldText, Type: TString, Required: true, Doc: "Exact text to find.", CSL: "search", CML: "search"},
			{Name: ParamNewText, Type: TString, Required: true, Doc: "Replacement text.", CSL: "replace", CML: "replace"},
			{Name: ParamCount, Type: TInteger, Doc: "Expected number of matches; the edit fails if it differs.", CSL: "count", CML: "count"},
		},
		Example: [][2]string{{ParamPath, "src/app.js"}, {ParamOldText, "var "}, {ParamNewText, "let "}, {ParamCount, "3"}},
	},
	{
		ID: OpFileReplaceTextRange, Name: "file_replace_text_range", Kind: Write, Primary: ParamPath, CSL: "SEARCH", CML: "edit",
		Doc: "Replace the text from a start marker through an end marker (both included); the range must be unique.",
		Params: []ParamSpec{
			pathParam("File to edit."),
			{Name: ParamOldTextBeginning, Type: TString, Required: true, Doc: "Exact text where the range starts.", CSL: "search", CML: "search-start"},
			{Name: ParamOldTextEnd, Type: TString, Required: true, Doc: "Exact text where the range ends (first occurrence after the start).", CSL: "to", CML: "search-end"},
			{Name: ParamNewText, Type: TString, Required: true, Doc: "Replacement for the whole range.", CSL: "replace", CML: "replace"},
		},
		Example: [][2]string{{ParamPath, "main.py"}, {ParamOldTextBeginning, "def process_data("}, {ParamOldTextEnd, "    return result\n"}, {ParamNewText, "def process_data(data):\n    return data\n"}},
	},
	{
		ID: OpFileReplaceLines, Name: "file_replace_lines", Kind: Write, Primary: ParamPath, CSL: "FILE_REPLACE_LINES", CML: "file_replace_lines",
		Doc: "Replace a 1-based inclusive line range with new content.",
		Params: []ParamSpec{
			pathParam("File to edit."),
			{Name: ParamLines, Type: TLineRange, Required: true, Doc: `Line or range to replace: "4" or "23-43".`},
			{Name: ParamNewContent, Type: TString, Required: true, Doc: "Text that replaces those lines (empty: one empty line stays).", CSL: "body", CML: "text"},
		},
		Example: [][2]string{{ParamPath, "README.md"}, {ParamLines, "3-4"}, {ParamNewContent, "New third line\n"}},
	},
	{
		ID: OpFileInsert, Name: "file_insert", Kind: Write, Primary: ParamPath, CSL: "FILE_INSERT", CML: "file_insert",
		Doc: "Insert whole lines after a line of the file (0: at the top).",
		Params: []ParamSpec{
			pathParam("File to edit."),
			{Name: ParamLine, Type: TInteger, Required: true, Doc: "Line to insert after, 0 to the number of lines in the file."},
			{Name: ParamContent, Type: TString, Required: true, Doc: "Lines to insert; a final line ending is added when missing.", CSL: "body", CML: "text"},
			{Name: ParamLineEnds, Type: TString, Enum: []string{"file", "as-written"}, Doc: "\"file\" (default): content written with \\n gets a CRLF file's line ends, and a final line ending when missing; \"as-written\": content's bytes go in as they are (a unified diff that states them: CRs, or no newline at the end of the file)."},
		},
		Example: [][2]string{{ParamPath, "README.md"}, {ParamLine, "1"}, {ParamContent, "A line after the first.\n"}},
	},
	{
		ID: OpFileDelete, Name: "file_delete", Kind: Write, Primary: ParamPath, CSL: "FILE_DELETE", CML: "file_delete",
		Doc: "Delete a regular file.",
		Params: []ParamSpec{
			pathParam("File to delete."),
			{Name: ParamOldContent, Type: TString, Doc: "The file's whole content as the answer saw it (a unified diff's deleted file states it): the file is deleted only while it holds exactly that, so changes made since are never lost."},
		},
		Example: [][2]string{{ParamPath, "old/unused.txt"}},
	},
	{
		ID: OpRemove, Name: "remove", Kind: Write, Primary: ParamPath, CSL: "REMOVE", CML: "remove",
		Doc: "Remove a file or a directory with everything in it.",
		Params: []ParamSpec{
			pathParam("File or directory to remove."),
		},
		Example: [][2]string{{ParamPath, "build/"}},
	},
	{
		ID: OpFileMove, Name: "file_move", Kind: Write, Primary: ParamOldPath, CSL: "MOVE", CML: "move",
		Doc: "Move or rename a file or directory, creating parents; an existing destination file is overwritten.",
		Params: []ParamSpec{
			{Name: ParamOldPath, Type: TPath, Required: true, Doc: "What to move.", CSL: "from", CML: "from"},
			{Name: ParamNewPath, Type: TPath, Required: true, Doc: "Where to move it; a trailing / moves into that directory.", CSL: "to", CML: "to"},
			{Name: ParamOverwrite, Type: TBoolean, Default: "true", Doc: "false: fail when a file is already at new_path (a unified diff's rename) instead of replacing it."},
		},
		Example: [][2]string{{ParamOldPath, "src/old.js"}, {ParamNewPath, "src/new.js"}},
	},
	{
		ID: OpFileRead, Name: "file_read", Kind: Read, Primary: ParamPath, CSL: "FILE_READ", CML: "file_read",
		Doc: "Read a file's content.",
		Params: []ParamSpec{
			pathParam("File to read."),
		},
		Example: [][2]string{{ParamPath, "src/app.js"}},
	},
	{
		ID: OpFileReadNumbered, Name: "file_read_numbered", Kind: Read, Primary: ParamPath, CSL: "FILE_READ_NUMBERED", CML: "file_read_numbered",
		Doc: "Read a file, or a line range of it, with right-aligned line numbers.",
		Params: []ParamSpec{
			pathParam("File to read."),
			{Name: ParamLines, Type: TLineRange, Doc: `Line or range: "4" or "23-43"; all lines if omitted.`},
			{Name: ParamDelimiter, Type: TString, Default: ": ", Doc: "Text between the line number and the line."},
		},
		Example: [][2]string{{ParamPath, "src/app.js"}, {ParamLines, "10-20"}},
	},
	{
		ID: OpFilesRead, Name: "files_read", Kind: Read, Primary: ParamPaths, CSL: "FILES_READ", CML: "files_read",
		Doc: "Read several files, each under a `=== path ===` header.",
		Params: []ParamSpec{
			{Name: ParamPaths, Type: TPaths, Required: true, Doc: "One path per line; empty lines are ignored.", CSL: "body", CML: "text"},
		},
		Example: [][2]string{{ParamPaths, "src/a.js\nsrc/b.js"}},
	},
	{
		ID: OpDirCreate, Name: "dir_create", Kind: Write, Primary: ParamPath, CSL: "DIR_CREATE", CML: "dir_create",
		Doc: "Create a directory and any missing parents.",
		Params: []ParamSpec{
			pathParam("Directory to create."),
		},
		Example: [][2]string{{ParamPath, "src/components"}},
	},
	{
		ID: OpDirDelete, Name: "dir_delete", Kind: Write, Primary: ParamPath, CSL: "DIR_DELETE", CML: "dir_delete",
		Doc: "Delete an empty directory.",
		Params: []ParamSpec{
			pathParam("Directory to delete; it must be empty."),
		},
		Example: [][2]string{{ParamPath, "src/unused"}},
	},
	{
		ID: OpLs, Name: "ls", Kind: Read, Primary: ParamPath, CSL: "LS", CML: "ls",
		Doc: "List a directory: name, type, size and modification time of each entry.",
		Params: []ParamSpec{
			pathParam("Directory to list."),
		},
		Example: [][2]string{{ParamPath, "src"}},
	},
	{
		ID: OpGrep, Name: "grep", Kind: Read, Primary: ParamPattern, CSL: "GREP", CML: "grep",
		Doc: "Search files for a regular expression, honouring .gitignore.",
		Params: []ParamSpec{
			{Name: ParamPattern, Type: TString, Required: true, Doc: "Regular expression (Go RE2 syntax)."},
			{Name: ParamPath, Type: TPath, Required: true, Doc: "File or directory to search.", CSL: "file", CML: "path"},
			{Name: ParamInclude, Type: TString, Doc: `Only files whose name matches this glob, e.g. "*.go".`},
		},
		Example: [][2]string{{ParamPattern, "TODO"}, {ParamPath, "src"}, {ParamInclude, "*.js"}},
	},
	{
		ID: OpGlob, Name: "glob", Kind: Read, Primary: ParamPattern, CSL: "GLOB", CML: "glob",
		Doc: "Find files matching a glob pattern (** matches any depth), honouring .gitignore.",
		Params: []ParamSpec{
			{Name: ParamPattern, Type: TString, Required: true, Doc: `Glob pattern, e.g. "**/*.go".`},
			{Name: ParamBasePath, Type: TPath, Required: true, Doc: "Directory the pattern is relative to.", CSL: "dir", CML: "dir"},
		},
		Example: [][2]string{{ParamPattern, "**/*.test.js"}, {ParamBasePath, "."}},
	},
	{
		ID: OpExec, Name: "exec", Kind: Exec, Primary: ParamCode, CSL: "RUN", CML: "run",
		Doc: "Run code in a fresh process group with a timeout; stdout, stderr and the exit code are reported.",
		Params: []ParamSpec{
			{Name: ParamCode, Type: TString, Required: true, Doc: "The script or command line to run.", CSL: "body", CML: "text"},
			{Name: ParamLang, Type: TEnum, Required: true, Enum: []string{"bash", "sh", "python", "javascript", "argv"}, Doc: "Interpreter: bash, sh, python (python3) or javascript (node); argv runs code as one command line split with shell-like quoting, without a shell (CSL's RUN without lang). Every command, whatever its lang, passes the user's approval gate: CSL's need first-use approval by the user."},
			{Name: ParamCwd, Type: TPath, Doc: "Working directory, relative to the root.", CSL: "dir", CML: "dir"},
			{Name: ParamTimeout, Type: TInteger, Doc: "Seconds before the whole process group is killed (default: --timeout)."},
		},
		Example: [][2]string{{ParamLang, "bash"}, {ParamCode, "go test ./..."}},
	},
	{
		ID: OpFileMerge, Name: "file_merge", Kind: Write, Primary: ParamPath, CSL: "FILE_MERGE", CML: "file_merge",
		Doc: "Write a whole file as an answer shows it, where placeholder lines (`// ... existing code ...`) stand for unchanged lines of the current file. " +
			"It applies only when the file decides every placeholder: the lines around each one are copied exactly from the file and occur there once, in order. " +
			"A new file is written only into a folder that exists; a file that has content is never cut down to an excerpt of itself.",
		Params: []ParamSpec{
			pathParam("File to write."),
			{Name: ParamContent, Type: TString, Required: true, Doc: "The whole file, with placeholder lines where unchanged lines are left out.", CSL: "body", CML: "text"},
			{Name: ParamCreateOnly, Type: TBoolean, Default: "false", Doc: "true: write only a file that is missing or empty, and fail on one that has content (Cline's empty SEARCH, Zed's create mode)."},
		},
		Example: [][2]string{{ParamPath, "src/hello.txt"}, {ParamContent, "Hello, world!\n# ... existing lines ...\n"}},
	},
}
