package lang

// zedPrompt teaches Zed's <edits> (syntax_zed.go).
const zedPrompt = "# Writing edits for clada (Zed's <edits>)\n\n" +
	"Change a file with an `<edits>` element under a line giving its path. Prose around it is ignored.\n\n" +
	"```text\n" +
	"src/hello.py\n" +
	"<edits>\n" +
	"<old_text line=3>\n" +
	"def greet():\n" +
	"    print(\"hello\")\n" +
	"</old_text>\n" +
	"<new_text>\n" +
	"def greet(name):\n" +
	"    print(\"hello\", name)\n" +
	"</new_text>\n" +
	"</edits>\n" +
	"```\n\n" +
	"Rules:\n" +
	"- Each old text must appear in the file exactly once, character for character, after the edits before it are applied; `line=` only chooses among several exact matches.\n" +
	"- One `<edits>` element applies all or nothing: if an old text is not found, nothing changes and the closest lines are reported.\n" +
	"- The line break right after an opening tag and right before a closing tag are not part of the text.\n" +
	"- Paths are relative to the project root; paths outside it are refused.\n\n" + foreignResults
