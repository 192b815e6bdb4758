package wholefile

import (
	"path/filepath"
	"strings"
)

// A fence's first-line comment naming a bare file (`# mathx.py`, no
// folder) states the fence's path when the file is of the fence's
// language (```python): models head a file's block so, and the project's
// root is where the file is. Named in a fence of another language, the
// file is a note in an example (```bash under `# requirements.txt`, then
// the pip command that reads it), and the fence stays unread.

// langExts are the file name endings (lower case) of each fence language,
// by the names models write in info strings.
var langExts = map[string][]string{
	"python": {".py", ".pyi"}, "py": {".py", ".pyi"},
	"go": {".go"}, "golang": {".go"},
	"javascript": {".js", ".mjs", ".cjs"}, "js": {".js", ".mjs", ".cjs"}, "jsx": {".jsx", ".js"},
	"typescript": {".ts", ".mts", ".cts"}, "ts": {".ts", ".mts", ".cts"}, "tsx": {".tsx"},
	"rust": {".rs"}, "rs": {".rs"},
	"java": {".java"}, "kotlin": {".kt", ".kts"}, "kt": {".kt", ".kts"}, "scala": {".scala"},
	"c": {".c", ".h"}, "cpp": {".cpp", ".cc", ".cxx", ".hpp", ".hh", ".h"}, "c++": {".cpp", ".cc", ".cxx", ".hpp", ".hh", ".h"},
	"csharp": {".cs"}, "cs": {".cs"}, "c#": {".cs"},
	"ruby": {".rb"}, "rb": {".rb"}, "php": {".php"}, "swift": {".swift"}, "lua": {".lua"},
	"perl": {".pl", ".pm"}, "r": {".r"}, "dart": {".dart"}, "elixir": {".ex", ".exs"},
	"bash": {".sh", ".bash"}, "sh": {".sh"}, "shell": {".sh"}, "zsh": {".zsh", ".sh"},
	"powershell": {".ps1"}, "ps1": {".ps1"},
	"sql": {".sql"}, "yaml": {".yaml", ".yml"}, "yml": {".yaml", ".yml"}, "toml": {".toml"},
	"json": {".json"}, "jsonc": {".jsonc", ".json"}, "ini": {".ini", ".cfg"},
	"html": {".html", ".htm"}, "css": {".css"}, "scss": {".scss"}, "sass": {".sass"}, "less": {".less"},
	"xml": {".xml"}, "vue": {".vue"}, "svelte": {".svelte"},
	"markdown": {".md", ".markdown"}, "md": {".md", ".markdown"},
	"makefile": {".mk"}, "make": {".mk"},
}

// langNames are the extensionless file names of a language.
var langNames = map[string][]string{
	"makefile": {"Makefile", "makefile", "GNUmakefile"}, "make": {"Makefile", "makefile", "GNUmakefile"},
	"dockerfile": {"Dockerfile"}, "docker": {"Dockerfile"},
}

// ofLang reports whether name, a file name without a folder, is a file of
// the language lang (an info string's first word, any case).
func ofLang(name, lang string) bool {
	lang = strings.ToLower(lang)
	for _, n := range langNames[lang] {
		if name == n {
			return true
		}
	}
	ext := strings.ToLower(filepath.Ext(name))
	if ext == "" || ext == name {
		return false
	}
	for _, e := range langExts[lang] {
		if ext == e {
			return true
		}
	}
	return false
}
