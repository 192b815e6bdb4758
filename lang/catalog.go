package lang

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

// OpSpec describes one op.
type OpSpec struct {
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

// Aliases maps accepted alternative op names (seed 004) to catalog names.
var aliases = map[string]string{
	"file_create": "file_write",
	"file_edit":   "file_replace_all_text",
}

// Lookup resolves an op name or alias to its spec; nil when unknown.
func Lookup(name string) *OpSpec {
	if canon, ok := aliases[name]; ok {
		name = canon
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
	for k, v := range aliases {
		out[k] = v
	}
	return out
}

func pathParam(doc string) ParamSpec {
	return ParamSpec{Name: "path", Type: TPath, Required: true, Doc: doc, CSL: "file", CML: "path"}
}

var catalog = []OpSpec{
	{
		Name: "file_write", Kind: Write, Primary: "path", CSL: "WRITE", CML: "write",
		Doc: "Create or overwrite a file with the given content, creating parent directories.",
		Params: []ParamSpec{
			pathParam("File to write."),
			{Name: "content", Type: TString, Required: true, Doc: "The whole new content of the file.", CSL: "body", CML: "text"},
			{Name: "overwrite", Type: TBoolean, Default: "true", Doc: "false: fail when the file already exists (a unified diff's new file) instead of replacing it."},
		},
		Example: [][2]string{{"path", "src/hello.txt"}, {"content", "Hello, world!\n"}},
	},
	{
		Name: "file_append", Kind: Write, Primary: "path", CSL: "WRITE", CML: "write",
		Doc: "Append content to a file, creating it (and its parent directories) if missing.",
		Params: []ParamSpec{
			pathParam("File to append to."),
			{Name: "content", Type: TString, Required: true, Doc: "Text to add at the end of the file.", CSL: "body", CML: "text"},
		},
		Example: [][2]string{{"path", "notes.md"}, {"content", "- one more line\n"}},
	},
	{
		Name: "file_replace_text", Kind: Write, Primary: "path", CSL: "SEARCH", CML: "edit",
		Doc: "Replace text that must occur exactly once in the file.",
		Params: []ParamSpec{
			pathParam("File to edit."),
			{Name: "old_text", Type: TString, Required: true, Doc: "Exact text to find; must match exactly once (whitespace counts).", CSL: "search", CML: "search"},
			{Name: "new_text", Type: TString, Required: true, Doc: "Replacement text.", CSL: "replace", CML: "replace"},
			{Name: "near_line", Type: TInteger, Doc: "Line where old_text is expected (a unified diff hunk's): old_text must then start a line; of several matches the one starting at this line is taken; the result reports the offset when the match is elsewhere."},
			{Name: "anchor", Type: TString, Doc: "Lines (one per line) that must each be found, in order, before old_text; the match is searched after the last (V4A's @@ lines).", CSL: "anchor", CML: "anchor"},
			{Name: "at_end", Type: TBoolean, Doc: "old_text must end the file (V4A's *** End of File).", CSL: "at_end", CML: "at_end"},
			{Name: "tolerance", Type: TString, Enum: []string{"exact", "whitespace"}, Doc: "\"exact\" (default) or \"whitespace\": also try ignoring trailing, then surrounding whitespace, then unicode punctuation; the match must still be unique (V4A).", CSL: "tolerance", CML: "tolerance"},
		},
		Example: [][2]string{{"path", "src/app.js"}, {"old_text", "const port = 3000;"}, {"new_text", "const port = 8080;"}},
	},
	{
		Name: "file_replace_all_text", Kind: Write, Primary: "path", CSL: "SEARCH", CML: "edit",
		Doc: "Replace every occurrence of a text; if count is given it must equal the number of matches.",
		Params: []ParamSpec{
			pathParam("File to edit."),
			{Name: "old_text", Type: TString, Required: true, Doc: "Exact text to find.", CSL: "search", CML: "search"},
			{Name: "new_text", Type: TString, Required: true, Doc: "Replacement text.", CSL: "replace", CML: "replace"},
			{Name: "count", Type: TInteger, Doc: "Expected number of matches; the edit fails if it differs.", CSL: "count", CML: "count"},
		},
		Example: [][2]string{{"path", "src/app.js"}, {"old_text", "var "}, {"new_text", "let "}, {"count", "3"}},
	},
	{
		Name: "file_replace_text_range", Kind: Write, Primary: "path", CSL: "SEARCH", CML: "edit",
		Doc: "Replace the text from a start marker through an end marker (both included); the range must be unique.",
		Params: []ParamSpec{
			pathParam("File to edit."),
			{Name: "old_text_beginning", Type: TString, Required: true, Doc: "Exact text where the range starts.", CSL: "search", CML: "search-start"},
			{Name: "old_text_end", Type: TString, Required: true, Doc: "Exact text where the range ends (first occurrence after the start).", CSL: "to", CML: "search-end"},
			{Name: "new_text", Type: TString, Required: true, Doc: "Replacement for the whole range.", CSL: "replace", CML: "replace"},
		},
		Example: [][2]string{{"path", "main.py"}, {"old_text_beginning", "def process_data("}, {"old_text_end", "    return result\n"}, {"new_text", "def process_data(data):\n    return data\n"}},
	},
	{
		Name: "file_replace_lines", Kind: Write, Primary: "path", CSL: "FILE_REPLACE_LINES", CML: "file_replace_lines",
		Doc: "Replace a 1-based inclusive line range with new content.",
		Params: []ParamSpec{
			pathParam("File to edit."),
			{Name: "lines", Type: TLineRange, Required: true, Doc: `Line or range to replace: "4" or "23-43".`},
			{Name: "new_content", Type: TString, Required: true, Doc: "Text that replaces those lines.", CSL: "body", CML: "text"},
		},
		Example: [][2]string{{"path", "README.md"}, {"lines", "3-4"}, {"new_content", "New third line\n"}},
	},
	{
		Name: "file_insert", Kind: Write, Primary: "path", CSL: "FILE_INSERT", CML: "file_insert",
		Doc: "Insert whole lines after a line of the file (0: at the top).",
		Params: []ParamSpec{
			pathParam("File to edit."),
			{Name: "line", Type: TInteger, Required: true, Doc: "Line to insert after, 0 to the number of lines in the file."},
			{Name: "content", Type: TString, Required: true, Doc: "Lines to insert; a final line ending is added when missing.", CSL: "body", CML: "text"},
		},
		Example: [][2]string{{"path", "README.md"}, {"line", "1"}, {"content", "A line after the first.\n"}},
	},
	{
		Name: "file_delete", Kind: Write, Primary: "path", CSL: "FILE_DELETE", CML: "file_delete",
		Doc: "Delete a regular file.",
		Params: []ParamSpec{
			pathParam("File to delete."),
		},
		Example: [][2]string{{"path", "old/unused.txt"}},
	},
	{
		Name: "remove", Kind: Write, Primary: "path", CSL: "REMOVE", CML: "remove",
		Doc: "Remove a file or a directory with everything in it.",
		Params: []ParamSpec{
			pathParam("File or directory to remove."),
		},
		Example: [][2]string{{"path", "build/"}},
	},
	{
		Name: "file_move", Kind: Write, Primary: "old_path", CSL: "MOVE", CML: "move",
		Doc: "Move or rename a file or directory, creating parents; an existing destination file is overwritten.",
		Params: []ParamSpec{
			{Name: "old_path", Type: TPath, Required: true, Doc: "What to move.", CSL: "from", CML: "from"},
			{Name: "new_path", Type: TPath, Required: true, Doc: "Where to move it; a trailing / moves into that directory.", CSL: "to", CML: "to"},
			{Name: "overwrite", Type: TBoolean, Default: "true", Doc: "false: fail when a file is already at new_path (a unified diff's rename) instead of replacing it."},
		},
		Example: [][2]string{{"old_path", "src/old.js"}, {"new_path", "src/new.js"}},
	},
	{
		Name: "file_read", Kind: Read, Primary: "path", CSL: "FILE_READ", CML: "file_read",
		Doc: "Read a file's content.",
		Params: []ParamSpec{
			pathParam("File to read."),
		},
		Example: [][2]string{{"path", "src/app.js"}},
	},
	{
		Name: "file_read_numbered", Kind: Read, Primary: "path", CSL: "FILE_READ_NUMBERED", CML: "file_read_numbered",
		Doc: "Read a file, or a line range of it, with right-aligned line numbers.",
		Params: []ParamSpec{
			pathParam("File to read."),
			{Name: "lines", Type: TLineRange, Doc: `Line or range: "4" or "23-43"; all lines if omitted.`},
			{Name: "delimiter", Type: TString, Default: ": ", Doc: "Text between the line number and the line."},
		},
		Example: [][2]string{{"path", "src/app.js"}, {"lines", "10-20"}},
	},
	{
		Name: "files_read", Kind: Read, Primary: "paths", CSL: "FILES_READ", CML: "files_read",
		Doc: "Read several files, each under a `=== path ===` header.",
		Params: []ParamSpec{
			{Name: "paths", Type: TPaths, Required: true, Doc: "One path per line; empty lines are ignored.", CSL: "body", CML: "text"},
		},
		Example: [][2]string{{"paths", "src/a.js\nsrc/b.js"}},
	},
	{
		Name: "dir_create", Kind: Write, Primary: "path", CSL: "DIR_CREATE", CML: "dir_create",
		Doc: "Create a directory and any missing parents.",
		Params: []ParamSpec{
			pathParam("Directory to create."),
		},
		Example: [][2]string{{"path", "src/components"}},
	},
	{
		Name: "dir_delete", Kind: Write, Primary: "path", CSL: "DIR_DELETE", CML: "dir_delete",
		Doc: "Delete an empty directory.",
		Params: []ParamSpec{
			pathParam("Directory to delete; it must be empty."),
		},
		Example: [][2]string{{"path", "src/unused"}},
	},
	{
		Name: "ls", Kind: Read, Primary: "path", CSL: "LS", CML: "ls",
		Doc: "List a directory: name, type, size and modification time of each entry.",
		Params: []ParamSpec{
			pathParam("Directory to list."),
		},
		Example: [][2]string{{"path", "src"}},
	},
	{
		Name: "grep", Kind: Read, Primary: "pattern", CSL: "GREP", CML: "grep",
		Doc: "Search files for a regular expression, honouring .gitignore.",
		Params: []ParamSpec{
			{Name: "pattern", Type: TString, Required: true, Doc: "Regular expression (Go RE2 syntax)."},
			{Name: "path", Type: TPath, Required: true, Doc: "File or directory to search.", CSL: "file", CML: "path"},
			{Name: "include", Type: TString, Doc: `Only files whose name matches this glob, e.g. "*.go".`},
		},
		Example: [][2]string{{"pattern", "TODO"}, {"path", "src"}, {"include", "*.js"}},
	},
	{
		Name: "glob", Kind: Read, Primary: "pattern", CSL: "GLOB", CML: "glob",
		Doc: "Find files matching a glob pattern (** matches any depth), honouring .gitignore.",
		Params: []ParamSpec{
			{Name: "pattern", Type: TString, Required: true, Doc: `Glob pattern, e.g. "**/*.go".`},
			{Name: "base_path", Type: TPath, Required: true, Doc: "Directory the pattern is relative to.", CSL: "dir", CML: "dir"},
		},
		Example: [][2]string{{"pattern", "**/*.test.js"}, {"base_path", "."}},
	},
	{
		Name: "exec", Kind: Exec, Primary: "code", CSL: "RUN", CML: "run",
		Doc: "Run code in a fresh process group with a timeout; stdout, stderr and the exit code are reported.",
		Params: []ParamSpec{
			{Name: "code", Type: TString, Required: true, Doc: "The script or command line to run.", CSL: "body", CML: "text"},
			{Name: "lang", Type: TEnum, Required: true, Enum: []string{"bash", "sh", "python", "javascript", "argv"}, Doc: "Interpreter: bash, sh, python (python3) or javascript (node); argv runs code as one command line split with shell-like quoting, without a shell (CSL's RUN without lang). Every command, whatever its lang, passes the user's approval gate: CSL's need first-use approval by the user."},
			{Name: "cwd", Type: TPath, Doc: "Working directory, relative to the root.", CSL: "dir", CML: "dir"},
			{Name: "timeout", Type: TInteger, Doc: "Seconds before the whole process group is killed (default: --timeout)."},
		},
		Example: [][2]string{{"lang", "bash"}, {"code", "go test ./..."}},
	},
}
