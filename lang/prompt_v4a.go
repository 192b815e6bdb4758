package lang

// V4APromptExample is the patch the V4A prompt shows.
const V4APromptExample = "*** Begin Patch\n" +
	"*** Add File: src/hello.txt\n" +
	"+Hello world!\n" +
	"*** Update File: src/app.py\n" +
	"*** Move to: src/main.py\n" +
	"@@ def greet():\n" +
	"     name = \"you\"\n" +
	"-    print(\"hi\")\n" +
	"+    print(\"hello,\", name)\n" +
	"*** Delete File: src/old.txt\n" +
	"*** End Patch\n"

// v4aPrompt teaches OpenAI's apply_patch format as clada reads it. V4A can
// only add, update, move and delete files, so this prompt is fixed text
// rather than generated per op like the catalog syntaxes'; a test applies
// its example.
const v4aPrompt = "# Writing changes for clada (apply_patch / V4A format)\n\n" +
	"You can change files in the user's project by writing one patch in your answer. " +
	"clada finds it, checks it, applies it in the project directory and reports the result back to you. " +
	"Prose around the patch is fine and ignored.\n\n" +
	"## Format\n\n" +
	"```\n" + V4APromptExample + "```\n\n" +
	"Rules:\n" +
	"- The patch starts with a line `*** Begin Patch` and ends with a line `*** End Patch`.\n" +
	"- `*** Add File: PATH` creates (or replaces) a file; every line of it starts with `+`. The file ends with a newline.\n" +
	"- `*** Delete File: PATH` deletes a file.\n" +
	"- `*** Update File: PATH` edits a file, optionally followed by `*** Move to: NEW_PATH` to rename it after the edits. " +
	"Then come hunks: a hunk starts with `@@`, optionally followed by a line that locates it (a function or class signature: `@@ def greet():`); " +
	"several `@@ …` lines narrow the place step by step. Every hunk line starts with a space (unchanged context), `-` (removed) or `+` (added).\n" +
	"- Give about 3 lines of context above and below each change, enough that the hunk matches one place only: " +
	"a hunk that matches two places is refused, never guessed. `*** End of File` after a hunk's last line ties it to the file's end.\n" +
	"- Lines match exactly first; if none do, differences in trailing whitespace, then surrounding whitespace, then typographic quotes and dashes are forgiven, and the report says so.\n" +
	"- Paths are relative to the project root. Paths outside it, and anything under `.git/`, are refused.\n" +
	"- The patch applies all or nothing: if any hunk or file fails, nothing is changed, and the report names what failed.\n" +
	"- This format cannot read files or run commands.\n\n" +
	"## Results\n\n" +
	"After applying, clada reports each change (each hunk, added, deleted or moved file) as a task, in order: success, or the error and a hint " +
	"(for a hunk that does not match, the closest lines of the file). Fix the patch and send it again; a patch that failed changed nothing.\n"
