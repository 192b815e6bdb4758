package report

import (
	"sort"
	"strings"
)

// Rule is one diagnostic code as the CI formats describe it: SARIF's
// rules, reviewdog's code, and docs/check-codes.md. Help's first sentence
// is the short description.
type Rule struct {
	Code string
	Help string
}

// rules is every code `clada check` can print, with what it means and how
// it is fixed in general (each diagnostic's own hint says it for its
// place). check_rules_test.go reads the grammars', lang's and session's
// source for the codes they emit and fails on one missing here, and
// writes docs/check-codes.md from this table.
var rules = []Rule{
	// Any syntax: validation against the op catalog (lang/validate.go).
	{"UNKNOWN_ACTION", "The action names an op that is not in clada's catalog. Use one of the ops `clada actions` lists; the hint names the closest one."},
	{"MISSING_ACTION", "A SHAM block has no `action` key, so clada cannot tell what to do. Add a line such as action = \"file_write\"."},
	{"MISSING_PARAM", "A parameter the op requires is absent. Add it; `clada actions` lists each op's parameters."},
	{"INVALID_TYPE", "A value that must be a whole number, a boolean or a line range does not parse as one. Write it in that form, e.g. timeout = \"30\" or lines = \"4-9\"."},
	{"INVALID_VALUE", "A value is not one the op or the syntax accepts: an empty path, an enum value outside its list, or (SHAM) a quoted value with an escape JSON does not have. Use an accepted value; for text with backslashes use a heredoc."},
	{"UNKNOWN_PARAM", "The op does not define this parameter; it is ignored. Remove it or correct its name (the hint names the closest one)."},
	{"DUPLICATE_ID", "Two SHAM blocks of one answer share an id, and results are reported by id. Give every block its own id and end marker."},

	// The project and the tree (session).
	{"NOT_ALLOWED", "The project's .clada.yaml refuses this action or path (allowed-actions, allow, deny), so apply would refuse it. Ask for another action or path, or change the project's config."},
	{"CONFIG_ERROR", "The project's .clada.yaml (or the trust store) does not load, and until it does clada apply and the editor refuse to apply. Fix the file at the place the message names."},
	{"OUTSIDE_ROOT", "The path leads out of the project root and every --allow directory (`../x`, an absolute path elsewhere), so apply refuses it before it looks at any file. Use a path inside the root, or let the user widen the reach with --allow DIR or --allow-escape."},
	{"WORKSPACE", "Run against the tree (`clada check --against DIR`), this action would fail: a search that matches nowhere in the file as the earlier blocks leave it, a missing file, a refused path. Fix the action, or the tree it is meant for; the message and hint say what the run saw."},

	// Blocks in lists and quotes (lang/parse_indent.go).
	{"MARKER_AFTER_BULLET", "A block marker follows a list bullet on the same line, so the block is not read. Put the marker on a line of its own, indented under the item's text."},
	{"SHALLOW_LINES", "A block sits indented (in a list item, a quote, an indented fence), and a value's later lines are indented less than its first line once that indentation is stripped: they were written from the margin, not from the block, so the value reads one level too shallow after its first line. Indent every line of the block as its first line is indented, or start the block at column 1."},
	{"TOO_MANY_INDENTS", "The answer indents its blocks in more than 16 different ways, and this block is not read. Indent the blocks of one answer alike, or start them at column 1."},

	// SHAM (grammar/sham; the codes are nesl-js's).
	{"MALFORMED_HEADER", "A line starting #!SHAM is not a valid block header. Write it as #!SHAM [@three-char-SHA-256: k7m] with a block id of 2 to 8 letters or digits."},
	{"INVALID_BLOCK_ID", "The block id is not 2 to 8 ASCII letters or digits. Use such an id and end the block with #!END_SHAM_ and that id."},
	{"UNCLOSED_BLOCK", "A block has no end marker before the input ends (SHAM: #!END_SHAM_id; replacer: <<<END>>>). Add the end marker after its last line."},
	{"UNCLOSED_HEREDOC", "A heredoc value is never closed. Add a line holding only its delimiter (EOT_SHAM_id) after its last line."},
	{"MISMATCHED_END", "The block's end marker names another block id. Change it to #!END_SHAM_ and the header's id."},
	{"MALFORMED_ASSIGNMENT", "A SHAM block could not be read as key = value lines. Check that every line of the block is an assignment, with heredocs closed."},
	{"EMPTY_KEY", "An assignment has no key before its =. Put the key name first, e.g. path = \"src/a.txt\"."},
	{"INVALID_ASSIGNMENT_OPERATOR", "A SHAM assignment uses an operator other than =. Write key = value."},
	{"UNCLOSED_QUOTE", "A quoted value has no closing quote before the end of its line. Close it, or use a heredoc for text that spans lines."},
	{"TRAILING_CONTENT", "Text follows a SHAM value on its line; SHAM has no comments. Remove it."},
	{"INVALID_KEY", "A SHAM key holds a character other than letters, digits and _, or is too long. Rename it as the hint suggests."},
	{"DUPLICATE_KEY", "A block sets the same key twice. Keep one of the lines."},
	{"INVALID_HEREDOC_DELIMITER", "A heredoc's delimiter does not fit its block. Write <<'EOT_SHAM_id' with the block's id, and close it with a line EOT_SHAM_id."},
	{"STRAY_MARKER", "A block marker stands where no block is open (an end marker without its start, or a CSL marker outside its op), so it is not read. Check the marker that should open its block."},

	// CSL (grammar/csl, lang/lower_csl.go).
	{"MALFORMED_MARKER", "A CSL marker line is not well formed (a space inside the delimiters, an unexpected character). Write it as <---OP attr=\"value\"--->."},
	{"TRAILING_TEXT", "Text follows a CSL marker on its line. A marker stands alone on its line; move the text to the next line."},
	{"UNCLOSED_MARKER", "A CSL marker has no closing --->. End the marker line with it."},
	{"MALFORMED_ATTRIBUTE", "An attribute of a CSL marker has no value or an unquoted one. Write name=\"value\"."},
	{"MALFORMED_BLOCK", "A block cannot be read as its syntax's block (CSL op, aider SEARCH/REPLACE, replacer <<<FILE>>>). Rewrite it in the form the hint gives."},
	{"TEXT_IN_TASKS", "Text between the ops of a CSL TASKS block is ignored. Put it outside the TASKS block, or inside an op's body."},
	{"NESTED_TASKS", "A CSL TASKS block contains another TASKS block. End the outer one first."},
	{"UNCLOSED_TASKS", "A CSL TASKS block has no <---END---> before the input ends. Add it after the END of its last op."},
	{"UNCLOSED_OP", "A CSL op has no <---END--->. End the op with <---END---> on a line of its own."},
	{"MARKER_MID_LINE", "A CSL marker is indented more than its op's marker, or does not start its line, so it is read as content. Indent it exactly as the op's marker if it should end or split the op."},
	{"UNKNOWN_OP", "A CSL marker names no op CSL has. Use one of WRITE, SEARCH, RUN, or a catalog op name in capitals (the hint names the closest)."},
	{"INVALID_ATTRIBUTE", "An attribute's value is not one it accepts (append=\"maybe\", count=\"x\", an unknown CML version attribute). Use an accepted value."},
	{"MISSING_ATTRIBUTE", "A CSL op or CML element lacks an attribute it needs, such as WRITE without file or <write> without path. Add it."},
	{"DUPLICATE_PARAM", "One parameter is given twice in a CSL marker or CML element (possibly under two names, such as from and old_path). Keep one."},
	{"MISPLACED_SECTION", "A CSL TO or REPLACE section stands outside a SEARCH op, twice, or out of order. A SEARCH op reads SEARCH, optional TO, REPLACE, END."},
	{"MISSING_SECTION", "A section the block needs is missing: REPLACE in a CSL SEARCH op, or <<<SEARCH>>>/<<<OVERWRITE>>> after a replacer file path. Add it as the hint shows."},
	{"UNEXPECTED_BODY", "A CSL op that takes no body has text between its marker and END; the text is not used. Remove it."},
	{"UNKNOWN_ATTRIBUTE", "A CSL TASKS marker has an attribute it does not define; it is ignored. Only version is allowed."},

	// CML (grammar/cml, lang/lower_cml.go).
	{"UNCLOSED_ELEMENT", "A CML element is never closed before the input ends. Add its closing tag."},
	{"MISMATCHED_CLOSE", "A closing tag does not close the element that is open. Close the inner element first."},
	{"UNCLOSED_TAG", "A tag is never finished or closed: a CML tag that never reaches its > or />, or an agent's call (</replace_in_file>, </apply_diff>, </edits>, </old_text>) never closed, so where it ends is unknown. Finish or close it."},
	{"BAD_ATTRIBUTE", "A CML attribute is not written name=\"value\" (a missing =, an unterminated value, an unquoted one that runs into markup), so where its tag ends is unknown and nothing runs. Write it so."},
	{"UNQUOTED_ATTRIBUTE", "A CML attribute value has no quotes (path=a.txt); its block is skipped and the others run. Put the value in double quotes."},
	{"DUPLICATE_ATTRIBUTE", "The same attribute appears twice in one CML tag. Keep one."},
	{"UNCLOSED_CDATA", "A CDATA section is never closed. End it with ]]>; write a literal ]]> inside it as ]]&gt; or split the section."},
	{"UNCLOSED_COMMENT", "An XML comment is never closed. End it with -->."},
	{"MALFORMED_ELEMENT", "A CML element is not well-formed XML, or nests too deep. Check its tags, quotes and nesting."},
	{"UNCLOSED_CHILD", "An element is left open when its parent closes. Add the child's closing tag after its content."},
	{"CDATA_END_IN_CONTENT", "A ]]> inside the content ended the CDATA section early, which breaks the XML after it. Split the section around the ]]> (]]]]><![CDATA[>)."},
	{"UNKNOWN_VERSION", "A <tasks> element names a CML version clada does not know, and nothing in the document runs. Use version=\"1.0\" or leave version out."},
	{"UNKNOWN_ELEMENT", "An element CML does not define is skipped. Use one of CML's elements (write, edit, move, remove, run, or a catalog op name)."},
	{"MISPLACED_ELEMENT", "A known CML element stands in the wrong place (<tasks> inside <tasks>, a second <search>). Move or merge it as the hint says."},
	{"MISSING_ELEMENT", "A CML element lacks a part it needs, such as <edit> without <search> or <replace>. Add it."},
	{"UNEXPECTED_CONTENT", "Text stands where CML takes only elements (directly inside <tasks>); it is ignored. Put it inside an element such as <write> or <run>."},
	{"EMPTY_SEARCH", "The text to find is empty. Give the exact text to replace; to write a whole file, use a write (CML <write>, replacer <<<OVERWRITE>>>)."},

	// aider SEARCH/REPLACE (grammar/aider).
	{"MISSING_FILENAME", "An aider SEARCH/REPLACE block names no file. Put the file's path alone on the line before the opening fence or the SEARCH line."},
	{"MISSING_DIVIDER", "A SEARCH block has no ======= line before its end. End the text to find with =======, then the replacement, then >>>>>>> REPLACE."},
	{"MISSING_REPLACE", "A block's replacement has no end (aider: >>>>>>> REPLACE; replacer: <<<REPLACE>>> after the text to find). Add it."},
	{"EXTRA_DIVIDER", "A second ======= stands in one SEARCH/REPLACE block. End the replacement with >>>>>>> REPLACE and start the next edit with its own <<<<<<< SEARCH."},

	// Unified diffs (grammar/udiff, lang/lower_udiff.go).
	{"HUNK_COUNT", "A hunk's lines disagree with the counts in its @@ header, and the lines cannot say where the hunk ends or where it goes (a ---/+++ pair inside it, only added lines). Count the lines again: the old side is context and '-' lines, the new side context and '+' lines."},
	{"HUNK_RECOUNTED", "A hunk's lines disagree with the counts in its @@ header, and the lines alone delimit it: the counts were corrected and the hunk placed by its lines, which must match the file exactly once. Count the lines again: the old side is context and '-' lines, the new side context and '+' lines."},
	{"BAD_HUNK_LINE", "A line inside a hunk starts with neither ' ', '-' nor '+', so the hunk ends early. Start context lines with a space."},
	{"NO_HUNKS", "A file's diff has no hunk (@@ … @@) to apply. Give each change as a hunk."},
	{"EMPTY_HUNK", "A hunk has no lines. Give its context (' '), removed ('-') and added ('+') lines."},
	{"BINARY_PATCH", "A binary patch cannot be applied: clada edits text files. Leave binary files out of the diff."},
	{"COPY_NOT_SUPPORTED", "A copy in a git diff is not applied. Write the copy as a new file (--- /dev/null) with its whole content."},
	{"MODE_IGNORED", "A mode change in a diff, or a new file's executable mode, is not applied: only the content changes. Change the mode with a command (chmod +x) if it matters."},
	{"PATHS_DIFFER", "A git diff's --- and +++ lines name two different files, and the diff has no rename from/rename to lines: git writes a rename with those lines, and git apply refuses such a diff too. clada would otherwise have to guess which file is meant. Write the same path on both lines to change a file, or add the rename lines to move it."},
	{"SYMLINK_PATCH", "A symbolic link's diff (mode 120000) cannot be applied: clada writes and removes regular files only, and the diff's content is the link's target, not a file's text. Leave the link out of the diff, or make it with a command (ln -s)."},
	{"NEW_FILE_CONTEXT", "A new file's hunk has context or removed lines. Write a new file as one hunk @@ -0,0 +1,N @@ of '+' lines."},
	{"NO_CONTEXT", "A hunk that only adds lines has neither line numbers nor context to say where they go. Give the header's line numbers or the unchanged lines around them."},

	// OpenAI apply_patch, V4A (grammar/v4a).
	{"V4A_TOO_BIG", "A V4A patch (or an answer's set of apply_patch_call items) holds more hunks and file sections than clada reads in one patch (20,000), and is refused whole before it is read. Split the change into several smaller patches."},
	{"V4A_BAD_CALL", "An apply_patch_call JSON array cannot be read. Write a JSON array of apply_patch_call items."},
	{"V4A_EMPTY_PATCH", "No apply_patch_call item holds an operation. Give each item an operation with type, path and diff."},
	{"V4A_MISSING_END", "A V4A patch lacks its *** Begin Patch or *** End Patch line. Start and end the patch with them."},
	{"V4A_UNKNOWN_HEADER", "A patch line is not one V4A defines. A file section starts with *** Add File:, *** Update File: or *** Delete File: and a path."},
	{"V4A_MISSING_PATH", "A V4A file header names no file. Write the path after the colon."},
	{"V4A_BAD_HUNK_LINE", "A line in a V4A update is not a hunk line (' ', '-' or '+') or stands outside a hunk. Fix the line's prefix or move it into its hunk."},
	{"V4A_EMPTY_UPDATE", "A V4A hunk or update has no lines. Give its context, removed and added lines."},
	{"V4A_UNPREFIXED_CONTEXT", "V4A hunk lines start with neither ' ', '-' nor '+'. clada reads them as context lines (the file must hold them); start each context line with a space."},
	{"V4A_NO_CHANGE", "A V4A hunk has only context lines, so it changes nothing and is not applied. Mark the lines to remove with '-' and the lines to add with '+'."},

	// JSON tool calls (grammar/jsoncall, lang/lower_jsoncall.go).
	{"INVALID_JSON", "The JSON cannot be read at this place. Fix it there; inside strings, quotes and backslashes are escaped (\\\" and \\\\) and newlines are \\n."},
	{"NOT_A_CALL", "A JSON value is not an edit call: a call is an object with command (or old_string, or content) and its keys. Write it as such an object."},
	{"UNKNOWN_COMMAND", "A text-editor call names a command clada does not know. Use create, str_replace, insert or view."},
	{"MISSING_KEY", "An edit call lacks a key its command needs, such as path or old_str. Add it."},
	{"WRONG_TYPE", "A key of an edit call has a value of the wrong JSON type (a number for a string, a string for a boolean). Write the type the hint names."},
	{"UNSUPPORTED_COMMAND", "An edit call asks for something clada has no action for (undo_edit; a view_range clada cannot express). Use the alternative the hint names."},
	{"UNKNOWN_KEY", "A key is not part of an edit call; it is ignored. Remove it or correct its name."},
	{"NO_CHANGE", "An edit's text to find and its replacement are the same, so it would change nothing (the agents' own tools refuse it too). Give the changed text, or leave the edit out."},

	// Seed 003's replacer blocks (grammar/replacer), and the agents' calls.
	{"MISSING_PATH", "An edit names no file: a replacer <<<FILE>>> line without a path after it, a Cline, Roo or Zed call without <path> or a path line before its blocks. Give the path."},

	// Roo Code's insert_content and search_and_replace (grammar/roo, lang/lower_roo.go).
	{"INVALID_LINE", "An insert_content's line is no whole number written in digits. Give the line to insert before (1 is the top of the file), or 0 to add at the end."},
	{"UNSUPPORTED_PARAM", "A search_and_replace asks for what clada does not do exactly (a regular expression, a case-blind search, a line range, or a replacement holding $$, $&, $` or $', which Roo's replace reads as patterns), so the call is not applied. Send an apply_diff call with the exact lines instead."},
	{"UNREAD_KEY", "A Roo Code call holds what its form does not read: a key Roo does not define in an <operations> item, or a parameter of the one-operation form beside <operations>. clada does not pass over it, so the call is not applied. Use only what the hint names."},

	// Lazy placeholders (lang/placeholder.go, lang/lazy.go).
	{"LAZY_PLACEHOLDER", "A text that would be written as it is holds a placeholder for code left out (// ... existing code ...). Send the lines it stands for, or the whole file as a whole-file block or file_merge, where a placeholder between lines copied exactly from the file keeps the file's lines."},

	// What clada recognises but does not read (lang/unread.go).
	{"UNREAD_FORMAT", "The answer holds an edit in a form clada recognises but does not read (a code block with a placeholder and no file, a diff without file headers, an XML function call, an older SEARCH/REPLACE spelling), or a call of another tool than an edit clada reads (a JSON tool call of a shell or a file reader; Cline's or Roo Code's execute_command, read_file, list_files, …), so nothing of it is applied, run or read. Send it in a format clada reads, or do it outside clada; the hint says which."},

	// Whole-file code blocks (grammar/wholefile).
	{"UNCLOSED_FENCE", "A code block that names its file is never closed, so where the file ends is unknown; nothing is written. End it with a fence line like its opening one."},
	{"NESTED_FENCE", "A code block that names its file holds a fence of its own (a README's example) whose closing line, by Markdown's rule, also ends the file's block, so the file would be cut short; nothing is written. Put the file in a longer fence (````) than the ones it holds."},
	{"AMBIGUOUS_PATH", "A code block names two different files (the line before it, its info string, its first-line comment). Name the file once."},

	// Cline, Roo Code and Zed calls (grammar/cline, grammar/roo, grammar/zed).
	{"NO_BLOCKS", "A call's <diff> holds no SEARCH/REPLACE block. Write the blocks the format's prompt shows (clada prompt --syntax cline, roo)."},
	{"OUTSIDE_TEXT", "Text stands between a call's blocks or edits; it is ignored. Keep only the blocks in the call."},
	{"UNESCAPED_MARKER", "A line in a Roo Code block starts like a marker (<<<<<<<, >>>>>>>) and is none. A file's line that starts so is written with a backslash before it."},
	{"LINE_MARKER_IN_REPLACE", "A :start_line: or :end_line: line stands in a REPLACE section, where Roo Code takes only text. Move it after <<<<<<< SEARCH, or escape it (\\:start_line:) when it is the file's text."},
	{"MISSING_NEW_TEXT", "A Zed <old_text> is not followed by its <new_text>. Follow each </old_text> with <new_text>, the replacement and </new_text>."},
	{"NO_EDITS", "A Zed <edits> element holds no <old_text>. Give <old_text>/<new_text> pairs."},
	{"MALFORMED_EDIT", "A Zed edit's tags are not in the order <old_text>, </old_text>, <new_text>, </new_text>. Write them in that order."},
}

// ruleByCode indexes rules.
var ruleByCode = func() map[string]*Rule {
	m := make(map[string]*Rule, len(rules))
	for i := range rules {
		m[rules[i].Code] = &rules[i]
	}
	return m
}()

// Rules returns the table, sorted by code.
func Rules() []Rule {
	out := append([]Rule(nil), rules...)
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
}

// ruleFor is code's rule; a code the table lacks (which the tests forbid)
// still gets one, saying so, so a CI format never drops a diagnostic.
func ruleFor(code string) Rule {
	if r, ok := ruleByCode[code]; ok {
		return *r
	}
	return Rule{Code: code, Help: "A diagnostic clada has no description for. The message says what is wrong."}
}

// Short is the help's first sentence.
func (r Rule) Short() string {
	if i := strings.Index(r.Help, ". "); i >= 0 {
		return r.Help[:i+1]
	}
	return r.Help
}

// Name is the code in the PascalCase SARIF uses for rule names:
// UNKNOWN_ACTION → UnknownAction.
func (r Rule) Name() string {
	var b strings.Builder
	for _, w := range strings.Split(r.Code, "_") {
		if w == "" {
			continue
		}
		b.WriteString(w[:1])
		b.WriteString(strings.ToLower(w[1:]))
	}
	return b.String()
}

// Anchor is the code's heading anchor in docs/check-codes.md.
func (r Rule) Anchor() string { return strings.ToLower(r.Code) }

// HelpURI is where the code is described on the web.
func (r Rule) HelpURI() string { return codesDocURL + "#" + r.Anchor() }

// codesDocURL is docs/check-codes.md in clada's repository.
const codesDocURL = "https://github.com/clada-dev/clada/blob/main/docs/check-codes.md"

// InfoURI is clada's home, for the tool descriptions of SARIF and rdjson.
const InfoURI = "https://github.com/clada-dev/clada"

// CodesMarkdown is docs/check-codes.md: every code with its help text, the
// page the CI formats link each code to.
func CodesMarkdown() string {
	var b strings.Builder
	b.WriteString("# The codes of `clada check`\n\n")
	b.WriteString("Every diagnostic `clada check` prints (and the language server shows) carries one of these codes.\n")
	b.WriteString("The SARIF, GitHub and reviewdog formats link each code here. This page is generated from\n")
	b.WriteString("`report/check_rules.go` (`go test ./report -run TestCheckCodesDoc -update`); a test fails when a\n")
	b.WriteString("code clada can emit is missing from it.\n")
	for _, r := range Rules() {
		b.WriteString("\n## " + r.Code + "\n\n" + r.Help + "\n")
	}
	return b.String()
}
