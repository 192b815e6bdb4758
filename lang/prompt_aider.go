package lang

// aiderPrompt teaches aider's SEARCH/REPLACE blocks (syntax_aider.go).
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
