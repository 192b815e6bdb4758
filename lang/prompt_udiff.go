package lang

// udiffPrompt teaches unified diffs (syntax_udiff.go).
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
