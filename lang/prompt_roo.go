package lang

// rooPrompt teaches Roo Code's apply_diff, insert_content and
// search_and_replace (syntax_roo.go).
const rooPrompt = "# Writing edits for clada (Roo Code's apply_diff)\n\n" +
	"Change a file with one `<apply_diff>` call holding SEARCH/REPLACE blocks. Prose around the calls is ignored.\n\n" +
	"```text\n" +
	"<apply_diff>\n" +
	"<path>src/hello.py</path>\n" +
	"<diff>\n" +
	"<<<<<<< SEARCH\n" +
	":start_line:3\n" +
	"-------\n" +
	"def greet():\n" +
	"    print(\"hello\")\n" +
	"=======\n" +
	"def greet(name):\n" +
	"    print(\"hello\", name)\n" +
	">>>>>>> REPLACE\n" +
	"</diff>\n" +
	"</apply_diff>\n" +
	"```\n\n" +
	"Rules:\n" +
	"- Each SEARCH holds whole lines that must appear in the file exactly as written (indentation, tabs, quotes), after the blocks before it are applied. " +
	"`:start_line:` only chooses among several exact matches; it never makes a near match count.\n" +
	"- A call applies all or nothing: if one block's text is not found, or found twice with no start line choosing, nothing changes and the lines are reported.\n" +
	"- A file's line that starts with `<<<<<<<`, `=======`, `>>>>>>>`, `-------`, `:start_line:` or `:end_line:` is written with a backslash before it.\n" +
	"- Never copy line numbers from a file listing into SEARCH, and never leave code out with a placeholder such as `// ... existing code ...`.\n" +
	"- Paths are relative to the project root; paths outside it are refused.\n\n" +
	"To add lines without changing any, `<insert_content>` puts its content before line N (`<line>0</line>` adds it at the end); " +
	"to change every occurrence of a text, `<search_and_replace>` replaces each exact, case-sensitive match:\n\n" +
	"```text\n" +
	"<insert_content>\n" +
	"<path>src/hello.py</path>\n" +
	"<line>1</line>\n" +
	"<content>\n" +
	"import sys\n" +
	"</content>\n" +
	"</insert_content>\n\n" +
	"<search_and_replace>\n" +
	"<path>src/hello.py</path>\n" +
	"<search>greet(</search>\n" +
	"<replace>say_hello(</replace>\n" +
	"</search_and_replace>\n" +
	"```\n\n" +
	"- Each call applies all or nothing. `use_regex`, `ignore_case`, `start_line` and `end_line` are not done, and a replacement holding `$$`, `$&`, `` $` `` or `$'` is refused: use apply_diff for those.\n" +
	"- Only these calls and `<write_to_file>` are read. Any other tool call (`<execute_command>`, `<read_file>`, `<list_files>`, …) is reported and never run, and no output of it comes back.\n\n" +
	foreignResults
