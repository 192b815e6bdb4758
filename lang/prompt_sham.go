package lang

// shamPromptIntro opens SHAM's instructions (syntax_sham.go): the block
// format and its rules; catalogPrompt adds the ops.
const shamPromptIntro = "# Writing actions for clada (SHAM syntax)\n\n" +
	"You can change files and run commands in the user's project by writing SHAM blocks in your answer. " +
	"clada finds every block, checks it, carries it out in the project directory and reports the results back to you. " +
	"Prose around the blocks is fine and ignored.\n\n" +
	"## Block format\n\n" +
	"```sh sham\n" +
	"#!SHAM [@three-char-SHA-256: k7m]\n" +
	"action = \"file_write\"\n" +
	"path = \"src/hello.txt\"\n" +
	"content = <<'EOT_SHAM_k7m'\n" +
	"Hello world!\n" +
	"\n" +
	"EOT_SHAM_k7m\n" +
	"#!END_SHAM_k7m\n" +
	"```\n\n" +
	"Rules:\n" +
	"- Start a block with `#!SHAM [@three-char-SHA-256: ID]` at the start of a line (column 1, no indentation) and end it with `#!END_SHAM_ID`, also in column 1. " +
	"ID is 2 to 8 ASCII letters or digits (three random ones, like `k7m`, is the convention) and must be different for every block in your answer: results are reported by ID.\n" +
	"- One `key = value` per line. Keys are written as shown below; the first key is always `action`.\n" +
	"- Every value is a string, numbers and booleans too: write `count = \"3\"`, never `count = 3`.\n" +
	"- A value is a double-quoted string (escape `\\\"` and `\\\\`; `\\n` and `\\t` are newline and tab) " +
	"or a heredoc: `<<'EOT_SHAM_ID'` then the lines, then a line that is exactly `EOT_SHAM_ID` in column 1. " +
	"Use heredocs for anything with several lines.\n" +
	"- The line break just before the closing `EOT_SHAM_ID` is not part of the value. To end a file with a newline " +
	"(most files should), leave one empty line before `EOT_SHAM_ID`, as the example does: its file ends `Hello world!` and a newline.\n" +
	"- No comments inside a block. Nothing after a value on its line.\n" +
	"- Paths are relative to the project root. Paths outside it, and anything under `.git/`, are refused.\n" +
	"- Every block runs on its own, in order. A block with a mistake is skipped and reported; the others still run.\n" +
	"- Text edits match exactly, whitespace included: `old_text` must appear in the file exactly once " +
	"(copy it from the file, and include enough surrounding lines to make it unique). " +
	"Use straight quotes (`\"` `'`) exactly as the file has them, and the file's own indentation (tabs stay tabs).\n" +
	"- An edit whose `old_text` is gone and whose `new_text` is already there is reported as already applied, not as a failure.\n\n"
