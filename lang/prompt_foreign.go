package lang

// Instructions for the foreign edit formats. They teach the format as its
// own tool documents it, plus clada's rules where it is stricter (unique
// matches, no retargeting, no tab rewriting); every fenced example in them
// is checked clean and applied by the tests (prompt_foreign_test.go).

const foreignResults = "## Results\n\n" +
	"clada reports each edit as a success or a failure with the reason; a failed search quotes the file's closest lines, numbered. " +
	"Fix what failed and send only that again.\n"

const aiderPrompt = "# Writing edits for clada (SEARCH/REPLACE blocks)\n\n" +
	"Change files by writing SEARCH/REPLACE blocks in your answer. Prose around them is ignored.\n\n" +
	"```text\n" +
	"src/hello.py\n" +
	"<<<<<<< SEARCH\n" +
	"def greet():\n" +
	"    print(\"hello\")\n" +
	"=======\n" +
	"def greet(name):\n" +
	"    print(\"hello\", name)\n" +
	">>>>>>> REPLACE\n" +
	"```\n\n" +
	"Rules:\n" +
	"- The file's path goes alone on the line before `<<<<<<< SEARCH` (or before the opening fence). A block without a path edits the file of the block before it.\n" +
	"- The SEARCH text must appear in the file exactly once, character for character (indentation, tabs, quotes). " +
	"If it appears more than once, nothing changes and the lines of every match are reported: include more surrounding lines.\n" +
	"- The path is used as written: no other file is ever guessed.\n" +
	"- An empty SEARCH section adds the REPLACE text to the end of the file, creating it if it does not exist:\n\n" +
	"```text\n" +
	"docs/notes.md\n" +
	"<<<<<<< SEARCH\n" +
	"=======\n" +
	"# Notes\n" +
	">>>>>>> REPLACE\n" +
	"```\n\n" +
	"- Paths are relative to the project root; paths outside it are refused.\n\n" + foreignResults

const udiffPrompt = "# Writing edits for clada (unified diffs)\n\n" +
	"Change files by writing a unified diff, as `git diff` prints it, in a ```diff fence.\n\n" +
	"```diff\n" +
	"--- a/src/hello.py\n" +
	"+++ b/src/hello.py\n" +
	"@@ -1,2 +1,2 @@\n" +
	" def greet():\n" +
	"-    print(\"hello\")\n" +
	"+    print(\"hello, world\")\n" +
	"--- /dev/null\n" +
	"+++ b/docs/notes.md\n" +
	"@@ -0,0 +1,1 @@\n" +
	"+# Notes\n" +
	"```\n\n" +
	"Rules:\n" +
	"- Each hunk is found by its text: the context (' ') and removed ('-') lines must appear in the file exactly once, as whole lines. " +
	"The line numbers only choose between several places and may be approximate; the counts in `@@ -a,b +c,d @@` must match the hunk's lines.\n" +
	"- Give two or three unchanged lines of context around each change so the place is unique.\n" +
	"- `--- /dev/null` creates a file, `+++ /dev/null` deletes one, `rename from`/`rename to` moves one (never onto an existing file).\n" +
	"- The whole diff is one unit: if any hunk fails, no file changes.\n" +
	"- Paths are relative to the project root; paths outside it are refused.\n\n" + foreignResults

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

const replacerPrompt = "# Writing edits for clada (replacer blocks)\n\n" +
	"Change files with blocks like these; each edit names its file.\n\n" +
	"```text\n" +
	"<<<EXPLANATION>>>\n" +
	"Greet by name.\n" +
	"<<<FILE>>>\n" +
	"src/hello.py\n" +
	"<<<SEARCH>>>\n" +
	"def greet():\n" +
	"    print(\"hello\")\n" +
	"<<<REPLACE>>>\n" +
	"def greet(name):\n" +
	"    print(\"hello\", name)\n" +
	"<<<END>>>\n" +
	"\n" +
	"<<<FILE>>>\n" +
	"docs/notes.md\n" +
	"<<<OVERWRITE>>>\n" +
	"# Notes\n" +
	"<<<END>>>\n" +
	"```\n\n" +
	"Rules:\n" +
	"- Markers are whole lines. `<<<OVERWRITE>>>` writes the whole file (creating its directories), ending it with a newline.\n" +
	"- The SEARCH text must appear in the file exactly once, character for character; keep it as small as still unique.\n" +
	"- To delete text, give a REPLACE holding one line with a space.\n" +
	"- Paths are relative to the project root; paths outside it are refused.\n\n" + foreignResults
