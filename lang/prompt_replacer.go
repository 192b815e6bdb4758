package lang

// replacerPrompt teaches replacer blocks (syntax_replacer.go).
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
