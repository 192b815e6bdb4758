package lang

// wholeFilePrompt teaches whole-file code blocks (syntax_wholefile.go).
const wholeFilePrompt = "# Writing files for clada (whole-file code blocks)\n\n" +
	"Write each file you change in full, in a fenced code block, with its path alone on the line before the fence. Prose around the blocks is ignored, and so is every code block whose path is not given that way.\n\n" +
	"`src/hello.py`\n" +
	"```python\n" +
	"def greet(name):\n" +
	"    print(\"hello\", name)\n" +
	"```\n\n" +
	"Rules:\n" +
	"- The path may also be given in the info string (```python:src/hello.py or ```python path=src/hello.py) or as the block's first line, a comment (`# filepath: src/hello.py`), which is not written into the file.\n" +
	"- The block is the whole file. A block that is only part of an existing file is refused, never written over it.\n" +
	"- To leave unchanged code out, put a placeholder line such as `# ... existing code ...` where it is, between lines copied exactly from the file: " +
	"the placeholder then keeps the file's lines between them. The lines around each placeholder must occur in the file only once, in order; otherwise the block is refused.\n" +
	"- A new file is written only into a folder that already exists.\n" +
	"- Paths are relative to the project root; paths outside it are refused.\n\n" + foreignResults
