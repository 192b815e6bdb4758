package lang

// jsonPrompt teaches JSON edit tool calls (syntax_json.go).
const jsonPrompt = "# Writing edits for clada (JSON tool calls)\n\n" +
	"Change files by writing text editor calls as JSON, one object or an array of them, in a ```json fence.\n\n" +
	"```json\n" +
	"[\n" +
	"  {\"command\": \"create\", \"path\": \"docs/notes.md\", \"file_text\": \"# Notes\\n\"},\n" +
	"  {\"command\": \"str_replace\", \"path\": \"docs/notes.md\", \"old_str\": \"# Notes\", \"new_str\": \"# Project notes\"},\n" +
	"  {\"command\": \"insert\", \"path\": \"docs/notes.md\", \"insert_line\": 1, \"new_str\": \"First entry.\"},\n" +
	"  {\"command\": \"view\", \"path\": \"docs/notes.md\", \"view_range\": [1, 2]}\n" +
	"]\n" +
	"```\n\n" +
	"Rules:\n" +
	"- Commands: `create` (path, file_text), `str_replace` (path, old_str, new_str), `insert` (path, insert_line: the line to insert after, 0 for the top; new_str), " +
	"`view` (path, optional view_range [first, last]). `{\"path\", \"old_string\", \"new_string\", \"replace_all\"}` also works.\n" +
	"- old_str must appear in the file exactly once, character for character; the file's tabs are never expanded, so write them as `\\t`.\n" +
	"- JSON strings escape `\"`, `\\\\` and newlines (`\\n`).\n" +
	"- Each call runs on its own, in order. Paths are relative to the project root; paths outside it are refused.\n\n" + foreignResults
