package lang

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/clada-dev/clada/grammar/jsoncall"
	"github.com/clada-dev/clada/source"
)

// JSON tool call front-end (grammar/jsoncall). A call is an object, an
// array of them is one group of independent actions (each runs on its own,
// as an agent runs tool calls), and {"name", "input"|"arguments"|"args"}
// wrappers are opened (in Chat Completions' "function" or Gemini's
// "functionCall" object too). The shapes, told apart by their keys:
//
//   - Anthropic's text editor (OpenHands' str_replace_editor too): command
//     create (path, file_text) is file_write; str_replace (path, old_str,
//     new_str) is file_replace_text; insert (path, insert_line, new_str or
//     insert_text) is file_insert after that line (0 = top); view (path,
//     view_range [a, b]) is file_read_numbered. Unlike its reference
//     implementation, clada never expands the file's tabs.
//   - one replacement, in each agent's spelling of the keys: path,
//     file_path, filePath or filepath; old_string or oldString; new_string
//     or newString; replace_all or replaceAll (Claude Code's Edit, GitHub
//     Copilot's replace_string_in_file, opencode and Kilo's edit,
//     Continue's single_find_and_replace, Gemini CLI's replace, where
//     allow_multiple replaces every match and expected_replacements, the
//     number there must be). It is file_replace_text (exactly one match),
//     or file_replace_all_text.
//   - several replacements of one file (Claude Code's MultiEdit,
//     Continue's multi_edit: a path and edits), applied in order, all or
//     nothing; Zed's streaming_edit_file (path, mode, content or edits of
//     old_text and new_text): create is file_merge with create_only,
//     overwrite file_write, edit its edits, all or nothing; GitHub
//     Copilot's multi_replace_string_in_file (replacements, each with its
//     own file), each on its own, as Copilot applies them.
//   - a whole file: path and content (or Continue's contents) is
//     file_write; Cursor's edit_file (target_file, code_edit), Continue's
//     edit_existing_file (filepath, changes) and GitHub Copilot's
//     insert_edit_into_file (filePath, code), whose text leaves code out
//     behind placeholders, are file_merge, as is any write whose
//     content holds a placeholder (placeholder.go).
const (
	jsonInvalid     = jsoncall.InvalidJSON
	jsonNotACall    = "NOT_A_CALL"
	jsonBadCommand  = "UNKNOWN_COMMAND"
	jsonMissingKey  = "MISSING_KEY"
	jsonWrongType   = "WRONG_TYPE"
	jsonUnknownKey  = "UNKNOWN_KEY"
	jsonUnsupported = "UNSUPPORTED_COMMAND"
	codeNoChange    = "NO_CHANGE"
)

func splitJSONCall(src []byte) ([]source.Range, source.Diagnostics) {
	return spanRanges(jsoncall.Spans(src)), nil
}

func lowerJSONCall(text []byte, _ *scratch) *Group {
	g := &Group{Syntax: JSONCall, Kind: Standalone, Range: source.Range{Start: 0, End: len(text)}}
	v, ds := jsoncall.Parse(text)
	if v == nil {
		g.Diags = ds
		return g
	}
	var calls []*jsoncall.Value
	if v.Array != nil {
		calls = v.Array.Items
	} else {
		calls = []*jsoncall.Value{v}
	}
	for _, c := range calls {
		as, whole := lowerCall(c)
		if whole && len(calls) == 1 && len(as) > 1 {
			g.Kind = Tasks // one call of several edits: all or nothing
		}
		g.Actions = append(g.Actions, as...)
	}
	return g
}

func valueRange(v *jsoncall.Value) source.Range {
	return source.Range{Start: v.Pos.Offset, End: v.EndPos.Offset}
}

// callKeys are the keys a call may have; others are warned about.
var callKeys = map[string]bool{"command": true, "path": true, "file_path": true, "file_text": true, "old_str": true,
	"new_str": true, "insert_line": true, "insert_text": true, "view_range": true, "old_string": true,
	"new_string": true, "replace_all": true, "content": true, "name": true, "input": true, "arguments": true, "args": true,
	"type": true, "id": true,
	// the other agents' spellings and fields
	"filePath": true, "filepath": true, "target_file": true, "oldString": true, "newString": true, "replaceAll": true,
	"allow_multiple": true, "expected_replacements": true, "edits": true, "replacements": true, "mode": true,
	"contents": true, "code_edit": true, "code": true, "changes": true, "explanation": true, "display_description": true,
	"instructions": true, "description": true, "old_text": true, "new_text": true}

// Each agent's spelling of a call's keys, in the order they are looked for.
var (
	pathKeys    = []string{"path", "file_path", "filePath", "filepath", "target_file"}
	oldKeys     = []string{"old_string", "oldString", "old_text"}
	newKeys     = []string{"new_string", "newString", "new_text"}
	allKeys     = []string{"replace_all", "replaceAll", "allow_multiple"}
	contentKeys = []string{"content", "contents"}
	lazyKeys    = []string{"code_edit", "changes", "code"} // texts that leave code out behind placeholders
)

// callReader reads the members of one call object (or of one edit of a
// call's list) into actions; Diags on an action say what is wrong.
type callReader struct {
	o        *jsoncall.Object
	r        source.Range    // the whole object, where a missing key points
	inString *jsoncall.Value // the arguments string the members were parsed out of, if any
	tool     string          // the call's "name", if it has one
}

// lowerCall turns one call object into its actions; whole reports that
// they are one call's edits of one file, to apply all or nothing.
func lowerCall(v *jsoncall.Value) ([]*Action, bool) {
	r := valueRange(v)
	head := source.Range{Start: r.Start, End: r.Start + 1}
	failed := func(code, msg, hint string, at source.Range) []*Action {
		a := foreignAction(JSONCall, 0, r, head)
		a.Diags = append(a.Diags, errorAt(code, msg, hint, at))
		a.Closed = false
		return []*Action{a}
	}
	if v.Object == nil {
		return failed(jsonNotACall, "a tool call is a JSON object", `write {"command": "str_replace", "path": …, "old_str": …, "new_str": …}`, r), false
	}
	c := &callReader{o: v.Object, r: r}
	// Chat Completions' {"type": "function", "function": {"name", "arguments"}}
	// and Gemini's {"functionCall": {"name", "args"}} hold the call
	for _, k := range []string{"function", "functionCall"} {
		if m := c.o.Get(k); m != nil && m.Value.Object != nil {
			c.o = m.Value.Object
			break
		}
	}
	if m := c.o.Get("name"); m != nil && m.Value.Str != nil {
		c.tool, _ = jsoncall.Text(*m.Value.Str)
	}
	for _, wrap := range []string{"input", "arguments", "args"} {
		m := c.o.Get(wrap)
		if m == nil {
			continue
		}
		if m.Value.Object != nil {
			c.o = m.Value.Object
			break
		}
		if m.Value.Str != nil { // OpenAI's function calls carry their arguments as a JSON string
			inner, _ := jsoncall.Text(*m.Value.Str)
			iv, _ := jsoncall.Parse([]byte(inner))
			if iv == nil || iv.Object == nil {
				return failed(jsonInvalid, "the arguments string does not hold a JSON object", "write arguments as a JSON object, or as a string holding one", valueRange(m.Value)), false
			}
			at := m.Value
			jsoncall.Walk(iv, func(x *jsoncall.Value) { x.Pos, x.EndPos = at.Pos, at.EndPos }) // inside a string: point at the string
			c.o, c.inString = iv.Object, at
			break
		}
	}
	if a := c.patchArgument(head); a != nil {
		return []*Action{a}, false
	}
	if a := c.otherTool(head); a != nil {
		return []*Action{a}, false
	}
	warns := c.unknownKeys()
	as, whole := c.lower(head)
	as[0].Diags = append(warns, as[0].Diags...)
	return as, whole
}

// editKeys are the keys that make an object an edit call (lower).
var editKeys = append(append(append([]string{"command", "replacements", "mode", "edits"}, oldKeys...), lazyKeys...), contentKeys...)

var (
	diffHeaders  = regexp.MustCompile(`(?m)^--- .*\r?\n\+\+\+ `)
	searchMarker = regexp.MustCompile(`(?m)^<{5,9} SEARCH\b`)
)

// patchArgument refuses a call that is no edit call but carries a patch
// in an argument (another tool's apply_diff, edit_patch …), naming the
// tool and the argument: passed over, the patch would silently not apply
// (README, "When nothing is read"). nil when the call carries none.
func (c *callReader) patchArgument(head source.Range) *Action {
	if c.has(editKeys) {
		return nil
	}
	for _, m := range c.o.Members {
		if m.Value.Str == nil {
			continue
		}
		s, _ := jsoncall.Text(*m.Value.Str)
		var what, hint string
		switch {
		case strings.Contains(s, "*** Begin Patch") && (c.tool == "apply_patch" || c.tool == "applypatch"):
			// grammar/v4a reads apply_patch calls; one left here stands
			// where it reads none (inside another call's text)
			x := c.newAction(0, head)
			return x.failCall(CodeUnreadFormat, "this apply_patch call stands where clada does not read one; nothing of it is applied",
				"put the call alone in a ```json fence, on a line of its own or as the whole input, or give the patch itself (*** Begin Patch … *** End Patch)", valueRange(m.Value))
		case strings.Contains(s, "*** Begin Patch"):
			what, hint = "a V4A patch", "give the patch itself (*** Begin Patch … *** End Patch), or call the tool apply_patch"
		case diffHeaders.MatchString(s):
			what, hint = "a unified diff", "give the diff itself, in a ```diff fence"
		case searchMarker.MatchString(s):
			what, hint = "SEARCH/REPLACE blocks", "give the blocks themselves, under the file's path (clada prompt --syntax aider)"
		default:
			continue
		}
		at := valueRange(m.Value)
		if c.inString != nil {
			at = valueRange(c.inString)
		}
		k, _ := jsoncall.Text(m.Key)
		tool := "this call"
		if c.tool != "" {
			tool = fmt.Sprintf("the call of the tool %q", c.tool)
		}
		x := c.newAction(0, head)
		return x.failCall(CodeUnreadFormat, fmt.Sprintf("%s carries %s in %q, which clada reads only written out, not as a tool's argument; nothing of it is applied", tool, what, k), hint, at)
	}
	return nil
}

// otherTool refuses the call of a tool that is no edit clada reads (a
// shell's, a search's, a file reader's) as UNREAD_FORMAT, naming the tool:
// passed over in silence, a command the model wrote would seem to have
// run, and the answer's other calls to have been all it asked (README,
// "When nothing is read"), as an XML <invoke> of any tool is refused. A
// command is never run from a JSON call: commands come in the syntaxes
// that state them, under their approval rules (README, "Commands"). nil
// for an edit call, and for an object named by no "name" (plain data).
func (c *callReader) otherTool(head source.Range) *Action {
	if c.tool == "" {
		return nil
	}
	command := c.o.Get("cmd")
	if command == nil && !c.has(pathKeys) {
		command = c.o.Get("command") // a shell's; the text editor's names its file
	}
	if command == nil && editTools[strings.ToLower(c.tool)] {
		return nil // an edit call short of its keys: lower says which
	}
	x := c.newAction(0, head)
	if command != nil {
		return x.failCall(CodeUnreadFormat, fmt.Sprintf("the call of the tool %q runs a command, and clada runs no command given as a JSON tool call; it did not run", c.tool),
			"to have clada run it, send it as an exec block (clada prompt --syntax sham), or run it yourself", valueRange(command.Value))
	}
	if c.has(editKeys) {
		return nil
	}
	return x.failCall(CodeUnreadFormat, fmt.Sprintf("the call of the tool %q is no edit clada reads; nothing of it was done", c.tool),
		"clada carries out edit calls (create, str_replace, insert, write_file, edit, replace…: clada prompt --syntax json); do what this call asks another way, or leave it out", c.r)
}

// editTools are the agents' edit tools by name (lowercase; README, "JSON
// tool calls"): a call of one short of its keys is told what it lacks,
// not that clada does not read it.
var editTools = map[string]bool{
	"str_replace_based_edit_tool": true, "str_replace_editor": true, "text_editor": true,
	"create": true, "str_replace": true, "insert": true, "view": true,
	"write_file": true, "write": true, "replace": true, "edit": true, "multiedit": true,
	"replace_string_in_file": true, "multi_replace_string_in_file": true, "insert_edit_into_file": true,
	"single_find_and_replace": true, "multi_edit": true, "create_new_file": true,
	"streaming_edit_file": true, "edit_file": true, "apply_patch": true, "applypatch": true,
}

// has reports whether the call has one of keys.
func (c *callReader) has(keys []string) bool {
	for _, k := range keys {
		if c.o.Get(k) != nil {
			return true
		}
	}
	return false
}

// unknownKeys warns about each member that is no part of an edit call.
func (c *callReader) unknownKeys() source.Diagnostics {
	var ds source.Diagnostics
	for _, m := range c.o.Members {
		if k, _ := jsoncall.Text(m.Key); !callKeys[k] {
			kr := source.Range{Start: m.Pos.Offset, End: m.Pos.Offset + len(m.Key)}
			if c.inString != nil {
				// The key's bytes are the decoded string's, not the input's:
				// point at the whole arguments string (found by FuzzParseJSONCall).
				kr = valueRange(c.inString)
			}
			ds = append(ds, source.Diagnostic{Severity: source.Warning, Code: jsonUnknownKey, Range: kr,
				Message: fmt.Sprintf("key %s is not part of an edit call and is ignored", m.Key)})
		}
	}
	return ds
}

// lower dispatches on the call's keys (the shapes lowerJSONCall lists).
func (c *callReader) lower(head source.Range) ([]*Action, bool) {
	one := func(a *Action) ([]*Action, bool) { return []*Action{a}, false }
	has := func(keys ...string) bool {
		for _, k := range keys {
			if c.o.Get(k) != nil {
				return true
			}
		}
		return false
	}
	switch {
	case has("command"):
		return one(c.textEditor(head))
	case has("replacements"):
		return c.list("replacements", nil, head), false
	case has("mode"):
		return c.zed(head)
	case has("edits"):
		path := c.newAction(0, head)
		if !path.need(c, ParamPath, pathKeys...) {
			return one(path.a)
		}
		return c.list("edits", path.a.Param(ParamPath), head), true
	case has(oldKeys...):
		return one(c.replacement(head, nil))
	case has(lazyKeys...):
		x := c.newAction(OpFileMerge, head)
		_ = x.need(c, ParamPath, pathKeys...) && x.need(c, ParamContent, lazyKeys...)
		return one(x.a)
	case has(contentKeys...):
		return one(c.write(head, contentKeys...))
	}
	x := c.newAction(0, head)
	return one(x.failCall(jsonNotACall, "this JSON object is no edit call: it has neither \"command\" nor \"old_string\" nor \"content\"",
		`write {"command": "str_replace", "path": …, "old_str": …, "new_str": …}`, c.r))
}

// action is one action being built from a callReader's members.
type action struct {
	a *Action
}

func (c *callReader) newAction(op OpID, head source.Range) *action {
	return &action{a: foreignAction(JSONCall, op, c.r, head)}
}

func (x *action) failCall(code, msg, hint string, at source.Range) *Action {
	x.a.Diags = append(x.a.Diags, errorAt(code, msg, hint, at))
	x.a.Closed = false
	return x.a
}

// str is the first of keys that c has, as a string.
func (x *action) str(c *callReader, keys ...string) (string, *jsoncall.Value, bool) {
	for _, k := range keys {
		if m := c.o.Get(k); m != nil {
			if m.Value.Str == nil {
				x.failCall(jsonWrongType, fmt.Sprintf("%s must be a JSON string", k), "quote the value", valueRange(m.Value))
				return "", nil, false
			}
			s, _ := jsoncall.Text(*m.Value.Str)
			return s, m.Value, true
		}
	}
	return "", nil, false
}

func (x *action) put(key, val string, at *jsoncall.Value) {
	vr := valueRange(at)
	x.a.set(key, val, Quoted, vr, source.Range{Start: vr.Start + 1, End: vr.End - 1})
}

// need sets param from the first of keys, or fails naming keys[0].
func (x *action) need(c *callReader, param string, keys ...string) bool {
	s, at, ok := x.str(c, keys...)
	if !ok {
		if !x.a.Diags.HasErrors() {
			op := x.a.Op
			if op == "" {
				op = "edit"
			}
			x.failCall(jsonMissingKey, fmt.Sprintf("this %s call has no %q", op, keys[0]), fmt.Sprintf("add \"%s\": \"…\"", keys[0]), c.r)
		}
		return false
	}
	x.put(param, s, at)
	return true
}

// boolean reads the first of keys as true or false (absent: false).
func (x *action) boolean(c *callReader, keys ...string) (bool, bool) {
	for _, k := range keys {
		if m := c.o.Get(k); m != nil {
			if m.Value.Lit == nil || *m.Value.Lit == "null" {
				x.failCall(jsonWrongType, k+" must be true or false", fmt.Sprintf("write \"%s\": true", k), valueRange(m.Value))
				return false, false
			}
			return *m.Value.Lit == "true", true
		}
	}
	return false, true
}

// replacement is one replacement: old and new text of one file (path
// given by the call for an edit of a list, else read here). An empty old
// text creates the file (file_merge with create_only), as the agents'
// tools do.
func (c *callReader) replacement(head source.Range, path *Param) *Action {
	x := c.newAction(OpFileReplaceText, head)
	all, ok := x.boolean(c, allKeys...)
	if !ok {
		return x.a
	}
	count := ""
	if m := c.o.Get("expected_replacements"); m != nil {
		n, err := 0, error(nil)
		if m.Value.Num != nil {
			n, err = strconv.Atoi(*m.Value.Num)
		}
		if m.Value.Num == nil || err != nil || n < 1 {
			return x.failCall(jsonWrongType, "expected_replacements must be a whole number, 1 or more", `write "expected_replacements": 2`, valueRange(m.Value))
		}
		if n > 1 {
			all, count = true, strconv.Itoa(n)
		}
	}
	old, oldAt, hasOld := x.str(c, oldKeys...)
	if x.a.Diags.HasErrors() {
		return x.a
	}
	if all {
		x.a.Op = OpFileReplaceAllText.String()
	}
	if hasOld && old == "" {
		x.a.Op = OpFileMerge.String()
	}
	if path != nil {
		x.a.set(ParamPath, path.Value, path.Form, path.ValueRange, path.ContentRange)
	} else if !x.need(c, ParamPath, pathKeys...) {
		return x.a
	}
	if x.a.Op == OpFileMerge.String() {
		if x.need(c, ParamContent, newKeys...) {
			vr := valueRange(oldAt)
			x.a.set(ParamCreateOnly, "true", Attribute, vr, vr)
		}
		return x.a
	}
	if x.need(c, ParamOldText, oldKeys...) && x.need(c, ParamNewText, newKeys...) {
		noChange(x.a)
	}
	if count != "" {
		m := c.o.Get("expected_replacements")
		vr := valueRange(m.Value)
		x.a.set(ParamCount, count, Attribute, vr, vr)
	}
	return x.a
}

// write is a whole file from the first of keys: file_write, or file_merge
// when the text leaves code out behind a placeholder.
func (c *callReader) write(head source.Range, keys ...string) *Action {
	x := c.newAction(OpFileWrite, head)
	if s, _, ok := x.str(c, keys...); ok && len(Placeholders(s)) > 0 {
		x.a.Op = OpFileMerge.String()
	}
	_ = x.need(c, ParamPath, pathKeys...) && x.need(c, ParamContent, keys...)
	return x.a
}

// list lowers each object of the call's array key: with path nil, each
// names its own file (Copilot's replacements); else every one edits path.
func (c *callReader) list(key string, path *Param, head source.Range) []*Action {
	m := c.o.Get(key)
	x := c.newAction(0, head)
	if m.Value.Array == nil || len(m.Value.Array.Items) == 0 {
		return []*Action{x.failCall(jsonWrongType, key+" must be a list of edits", fmt.Sprintf(`write "%s": [{"old_string": …, "new_string": …}]`, key), valueRange(m.Value))}
	}
	var out []*Action
	for _, it := range m.Value.Array.Items {
		sub := &callReader{o: it.Object, r: valueRange(it), inString: c.inString}
		if it.Object == nil {
			y := sub.newAction(0, source.Range{Start: sub.r.Start, End: sub.r.Start + 1})
			out = append(out, y.failCall(jsonNotACall, "an edit of the list is a JSON object", `write {"old_string": …, "new_string": …}`, sub.r))
			continue
		}
		a := sub.replacement(source.Range{Start: sub.r.Start, End: sub.r.Start + 1}, path)
		a.Diags = append(sub.unknownKeys(), a.Diags...)
		out = append(out, a)
	}
	return out
}

// zed is Zed's streaming_edit_file: mode create, overwrite or edit.
func (c *callReader) zed(head source.Range) ([]*Action, bool) {
	x := c.newAction(0, head)
	mode, at, ok := x.str(c, "mode")
	if !ok {
		return []*Action{x.a}, false
	}
	switch mode {
	case "create":
		x.a.Op = OpFileMerge.String()
		if x.need(c, ParamPath, pathKeys...) && x.need(c, ParamContent, "content") {
			vr := valueRange(at)
			x.a.set(ParamCreateOnly, "true", Attribute, vr, vr)
		}
		return []*Action{x.a}, false
	case "overwrite":
		return []*Action{c.write(head, "content")}, false
	case "edit":
		if !x.need(c, ParamPath, pathKeys...) {
			return []*Action{x.a}, false
		}
		if c.o.Get("edits") == nil {
			return []*Action{x.failCall(jsonMissingKey, `this edit call has no "edits"`, `add "edits": [{"old_text": …, "new_text": …}]`, c.r)}, false
		}
		return c.list("edits", x.a.Param(ParamPath), head), true
	}
	return []*Action{x.failCall(jsonBadCommand, fmt.Sprintf("unknown mode %q", mode), "use create, overwrite or edit", valueRange(at))}, false
}

// textEditor is Anthropic's text editor tool: its command says the op.
func (c *callReader) textEditor(head source.Range) *Action {
	x := c.newAction(0, head)
	cmd, cmdV, ok := x.str(c, "command")
	if !ok {
		return x.a
	}
	x.a.OpRange = valueRange(cmdV)
	r := c.r
	switch cmd {
	case "create":
		x.a.Op = OpFileWrite.String()
		if s, _, ok := x.str(c, "file_text"); ok && len(Placeholders(s)) > 0 {
			x.a.Op = OpFileMerge.String()
		}
		_ = x.need(c, ParamPath, "path") && x.need(c, ParamContent, "file_text")
	case "str_replace":
		x.a.Op = OpFileReplaceText.String()
		if x.need(c, ParamPath, "path") && x.need(c, ParamOldText, "old_str") {
			if s, at, ok := x.str(c, "new_str"); ok {
				x.put(ParamNewText, s, at)
			} else if !x.a.Diags.HasErrors() {
				x.a.set(ParamNewText, "", Quoted, r, r) // the text editor's new_str defaults to ""
			}
			noChange(x.a)
		}
	case "insert":
		x.a.Op = OpFileInsert.String()
		if x.need(c, ParamPath, "path") {
			m := c.o.Get("insert_line")
			if m == nil || m.Value.Num == nil {
				at := r
				if m != nil {
					at = valueRange(m.Value)
				}
				return x.failCall(jsonWrongType, "insert needs insert_line, a whole number (0 inserts at the top)", `write "insert_line": 3`, at)
			}
			n, err := strconv.Atoi(*m.Value.Num)
			if err != nil || n < 0 {
				return x.failCall(jsonWrongType, "insert_line must be a whole number, 0 or more", `write "insert_line": 3`, valueRange(m.Value))
			}
			vr := valueRange(m.Value)
			x.a.set(ParamLine, *m.Value.Num, Attribute, vr, vr)
			x.need(c, ParamContent, "new_str", "insert_text")
		}
	case "view":
		x.a.Op = OpFileReadNumbered.String()
		if !x.need(c, ParamPath, "path") {
			return x.a
		}
		m := c.o.Get("view_range")
		if m == nil {
			return x.a
		}
		bad := func() *Action {
			return x.failCall(jsonWrongType, "view_range must be [first, last] line numbers (last -1: to the end)", `write "view_range": [1, 20]`, valueRange(m.Value))
		}
		if m.Value.Array == nil || len(m.Value.Array.Items) != 2 || m.Value.Array.Items[0].Num == nil || m.Value.Array.Items[1].Num == nil {
			return bad()
		}
		from, err1 := strconv.Atoi(*m.Value.Array.Items[0].Num)
		to, err2 := strconv.Atoi(*m.Value.Array.Items[1].Num)
		vr := valueRange(m.Value)
		switch {
		case err1 != nil || err2 != nil || from < 1 || to < -1 || to == 0:
			return bad()
		case to == -1 && from == 1: // the whole file
		case to == -1:
			return x.failCall(jsonUnsupported, "view_range to the end (-1) from a line other than 1 has no file_read_numbered form", "give the last line number, or view the whole file", vr)
		default:
			x.a.set(ParamLines, fmt.Sprintf("%d-%d", from, to), Text, vr, vr)
		}
	case "undo_edit":
		return x.failCall(jsonUnsupported, "undo_edit is not a clada action", "run `clada undo` to take back the last apply", x.a.OpRange)
	default:
		return x.failCall(jsonBadCommand, fmt.Sprintf("unknown text editor command %q", cmd), "use create, str_replace, insert or view", x.a.OpRange)
	}
	return x.a
}

// noChange refuses a replacement whose new text is its old text: the
// agents' tools refuse it (a model that sends one has lost track of the
// file), and applied it would report a change that did not happen.
func noChange(a *Action) {
	o, n := a.Param(ParamOldText), a.Param(ParamNewText)
	if o == nil || n == nil || o.Value != n.Value || a.Diags.HasErrors() {
		return
	}
	a.Diags = append(a.Diags, errorAt(codeNoChange, "the text to find and its replacement are the same: the edit would change nothing",
		"give the changed text as the replacement, or leave this edit out", n.ValueRange))
	a.Closed = false
}
