package lang

import "fmt"

// cmlPromptIntro opens CML's instructions (syntax_cml.go): the format and
// its rules; catalogPrompt adds the ops, spelt by cmlSpelling.
const cmlPromptIntro = "# Writing actions for clada (CML syntax)\n\n" +
	"You can change files and run commands in the user's project by writing CML elements (XML) in your answer. " +
	"clada finds every element, checks it, carries it out in the project directory and reports the results back to you. " +
	"Prose around the elements is fine and ignored.\n\n" +
	"## Format\n\n" +
	"```xml\n" +
	"<tasks version=\"1.0\">\n" +
	"  <write path=\"src/hello.txt\"><![CDATA[Hello world!\n" +
	"]]></write>\n" +
	"  <edit path=\"src/hello.txt\">\n" +
	"    <search><![CDATA[Hello world!]]></search>\n" +
	"    <replace><![CDATA[Hello, CML!]]></replace>\n" +
	"  </edit>\n" +
	"</tasks>\n" +
	"```\n\n" +
	"Rules:\n" +
	"- Each operation is one element; its text goes in its content (or in `<search>`/`<replace>` children), other values in attributes, in double quotes, numbers too: `count=\"3\"`.\n" +
	"- Put text in CDATA: `<![CDATA[` … `]]>`; everything inside is the text, exactly, `<` and `&` included. " +
	"If the text itself contains `]]>`, write it `]]&gt;` inside the CDATA.\n" +
	"- Whitespace: the one line break right after an opening tag (or right after `<![CDATA[`) is layout, so the text may start on the next line. " +
	"Inside CDATA everything else counts: a line break just before `]]>` is part of the text, which is how a file ends with a newline " +
	"(most files should), as in the `<write>` above. Start the text right after `<![CDATA[` and end it right before `]]>` when a search must match exactly.\n" +
	"- `<tasks version=\"1.0\">` … `</tasks>` groups operations: they run in order and stop at the first failure. " +
	"Leave `version` out or write `1.0`: any other version stops the whole answer. Elements outside a group each run on their own.\n" +
	"- Malformed XML (an unclosed element, a mismatched closing tag) stops everything: nothing runs until it is fixed.\n" +
	"- Paths are relative to the project root. Paths outside it, and anything under `.git/`, are refused.\n" +
	"- Text edits match exactly, whitespace included: `<search>` must appear in the file exactly once " +
	"(copy it from the file, and include enough surrounding lines to make it unique). " +
	"Use straight quotes (`\"` `'`) exactly as the file has them, and the file's own indentation (tabs stay tabs).\n" +
	"- An edit whose search text is gone and whose replacement is already there is reported as already applied, not as a failure.\n\n"

// cmlSpelling says where a param goes in a CML element: an attribute, the
// element's content, or a child element.
func cmlSpelling(_ *OpSpec, ps ParamSpec) string {
	place := cmlPlace(ps)
	switch {
	case place == "text":
		return "the element's content"
	case cmlIsChild(place):
		return fmt.Sprintf("child element `<%s>`", place)
	}
	return fmt.Sprintf("attribute `%s`", place)
}
