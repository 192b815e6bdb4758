package lang

// clinePrompt teaches Cline's replace_in_file and write_to_file
// (syntax_cline.go).
const clinePrompt = "# Writing edits for clada (Cline's replace_in_file)\n\n" +
	"Change a file with one `<replace_in_file>` call holding SEARCH/REPLACE blocks; write a whole file with `<write_to_file>`. Prose around the calls is ignored.\n\n" +
	"```text\n" +
	"<replace_in_file>\n" +
	"<path>src/hello.py</path>\n" +
	"<diff>\n" +
	"------- SEARCH\n" +
	"def greet():\n" +
	"    print(\"hello\")\n" +
	"=======\n" +
	"def greet(name):\n" +
	"    print(\"hello\", name)\n" +
	"+++++++ REPLACE\n" +
	"</diff>\n" +
	"</replace_in_file>\n\n" +
	"<write_to_file>\n" +
	"<path>docs/notes.md</path>\n" +
	"<content>\n" +
	"# Notes\n" +
	"</content>\n" +
	"</write_to_file>\n" +
	"```\n\n" +
	"Rules:\n" +
	"- Each SEARCH holds whole lines that must appear in the file exactly once, character for character (indentation, tabs, quotes), " +
	"after the blocks before it in the call are applied. If a search appears more than once or not at all, nothing of the call changes " +
	"and the lines are reported: include more surrounding lines, or copy them exactly.\n" +
	"- A call applies all or nothing. An empty SEARCH creates the file (or fills an empty one); on a file with content it is refused.\n" +
	"- Never leave code out with a placeholder such as `// ... existing code ...`: it would be written as it is. Send the whole file, or blocks.\n" +
	"- Paths are relative to the project root; paths outside it are refused.\n\n" + foreignResults
