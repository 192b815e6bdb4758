package lang

import (
	"fmt"
	"strconv"

	"github.com/clada-dev/clada/grammar/jsoncall"
	"github.com/clada-dev/clada/source"
)

// JSON tool call front-end (grammar/jsoncall). A call is an object, an
// array of them is one group of independent actions (each runs on its own,
// as an agent runs tool calls), and {"name", "input"|"arguments"} wrappers
// are opened. The shapes:
//
//   - Anthropic's text editor: command create (path, file_text) is
//     file_write; str_replace (path, old_str, new_str) is file_replace_text;
//     insert (path, insert_line, new_str or insert_text) is file_insert after
//     that line (0 = top); view (path, view_range [a, b]) is
//     file_read_numbered. Unlike its reference implementation, clada never
//     expands the file's tabs: the file's bytes stay as they were.
//   - the generic {path|file_path, old_string, new_string, replace_all}: file_replace_text,
//     or file_replace_all_text with replace_all true; {path|file_path,
//     content} is file_write.
const (
	jsonInvalid     = jsoncall.InvalidJSON
	jsonNotACall    = "NOT_A_CALL"
	jsonBadCommand  = "UNKNOWN_COMMAND"
	jsonMissingKey  = "MISSING_KEY"
	jsonWrongType   = "WRONG_TYPE"
	jsonUnknownKey  = "UNKNOWN_KEY"
	jsonUnsupported = "UNSUPPORTED_COMMAND"
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
		g.Actions = append(g.Actions, lowerCall(c))
	}
	return g
}

func valueRange(v *jsoncall.Value) source.Range {
	return source.Range{Start: v.Pos.Offset, End: v.EndPos.Offset}
}

// callKeys are the keys a call may have; others are warned about.
var callKeys = map[string]bool{"command": true, "path": true, "file_path": true, "file_text": true, "old_str": true,
	"new_str": true, "insert_line": true, "insert_text": true, "view_range": true, "old_string": true,
	"new_string": true, "replace_all": true, "content": true, "name": true, "input": true, "arguments": true,
	"type": true, "id": true}

// lowerCall turns one call object into an action.
func lowerCall(v *jsoncall.Value) *Action {
	r := valueRange(v)
	a := foreignAction(JSONCall, 0, r, source.Range{Start: r.Start, End: r.Start + 1})
	fail := func(code, msg, hint string, at source.Range) *Action {
		a.Diags = append(a.Diags, errorAt(code, msg, hint, at))
		a.Closed = false
		return a
	}
	o := v.Object
	if o == nil {
		return fail(jsonNotACall, "a tool call is a JSON object", `write {"command": "str_replace", "path": …, "old_str": …, "new_str": …}`, r)
	}
	var inString *jsoncall.Value // the arguments string the call's members were parsed out of
	for _, wrap := range []string{"input", "arguments"} {
		m := o.Get(wrap)
		if m == nil {
			continue
		}
		if m.Value.Object != nil {
			o = m.Value.Object
			break
		}
		if m.Value.Str != nil { // OpenAI's function calls carry their arguments as a JSON string
			inner, _ := jsoncall.Text(*m.Value.Str)
			v, _ := jsoncall.Parse([]byte(inner))
			if v == nil || v.Object == nil {
				return fail(jsonInvalid, "the arguments string does not hold a JSON object", "write arguments as a JSON object, or as a string holding one", valueRange(m.Value))
			}
			at := m.Value
			jsoncall.Walk(v, func(x *jsoncall.Value) { x.Pos, x.EndPos = at.Pos, at.EndPos }) // inside a string: point at the string
			o, inString = v.Object, at
			break
		}
	}
	str := func(keys ...string) (string, *jsoncall.Value, bool) {
		for _, k := range keys {
			if m := o.Get(k); m != nil {
				if m.Value.Str == nil {
					fail(jsonWrongType, fmt.Sprintf("%s must be a JSON string", k), "quote the value", valueRange(m.Value))
					return "", nil, false
				}
				s, _ := jsoncall.Text(*m.Value.Str)
				return s, m.Value, true
			}
		}
		return "", nil, false
	}
	put := func(key, val string, at *jsoncall.Value) {
		vr := valueRange(at)
		a.set(key, val, Quoted, vr, source.Range{Start: vr.Start + 1, End: vr.End - 1})
	}
	need := func(param string, keys ...string) bool {
		s, at, ok := str(keys...)
		if !ok {
			if !a.Diags.HasErrors() {
				fail(jsonMissingKey, fmt.Sprintf("this %s call has no %q", a.Op, keys[0]), fmt.Sprintf("add \"%s\": \"…\"", keys[0]), r)
			}
			return false
		}
		put(param, s, at)
		return true
	}
	for _, m := range o.Members {
		if k, _ := jsoncall.Text(m.Key); !callKeys[k] {
			kr := source.Range{Start: m.Pos.Offset, End: m.Pos.Offset + len(m.Key)}
			if inString != nil {
				// The key's bytes are the decoded string's, not the input's:
				// point at the whole arguments string (found by FuzzParseJSONCall).
				kr = valueRange(inString)
			}
			a.Diags = append(a.Diags, source.Diagnostic{Severity: source.Warning, Code: jsonUnknownKey, Range: kr,
				Message: fmt.Sprintf("key %s is not part of an edit call and is ignored", m.Key)})
		}
	}
	cmd, cmdV, hasCmd := str("command")
	if hasCmd {
		a.OpRange = valueRange(cmdV)
	}
	switch {
	case a.Diags.HasErrors():
		return a
	case !hasCmd:
		_, _, hasOld := str("old_string")
		switch {
		case hasOld:
			a.Op = OpFileReplaceText.String()
			if m := o.Get("replace_all"); m != nil {
				if m.Value.Lit == nil || *m.Value.Lit == "null" {
					return fail(jsonWrongType, "replace_all must be true or false", "write \"replace_all\": true", valueRange(m.Value))
				}
				if *m.Value.Lit == "true" {
					a.Op = OpFileReplaceAllText.String()
				}
			}
			_ = need(ParamPath, "path", "file_path") && need(ParamOldText, "old_string") && need(ParamNewText, "new_string")
		case o.Get("content") != nil:
			a.Op = OpFileWrite.String()
			_ = need(ParamPath, "path", "file_path") && need(ParamContent, "content")
		default:
			return fail(jsonNotACall, "this JSON object is no edit call: it has neither \"command\" nor \"old_string\" nor \"content\"",
				`write {"command": "str_replace", "path": …, "old_str": …, "new_str": …}`, r)
		}
	case cmd == "create":
		a.Op = OpFileWrite.String()
		_ = need(ParamPath, "path") && need(ParamContent, "file_text")
	case cmd == "str_replace":
		a.Op = OpFileReplaceText.String()
		if need(ParamPath, "path") && need(ParamOldText, "old_str") {
			if s, at, ok := str("new_str"); ok {
				put(ParamNewText, s, at)
			} else if !a.Diags.HasErrors() {
				a.set(ParamNewText, "", Quoted, r, r) // the text editor's new_str defaults to ""
			}
		}
	case cmd == "insert":
		a.Op = OpFileInsert.String()
		if need(ParamPath, "path") {
			m := o.Get("insert_line")
			if m == nil || m.Value.Num == nil {
				at := r
				if m != nil {
					at = valueRange(m.Value)
				}
				return fail(jsonWrongType, "insert needs insert_line, a whole number (0 inserts at the top)", `write "insert_line": 3`, at)
			}
			n, err := strconv.Atoi(*m.Value.Num)
			if err != nil || n < 0 {
				return fail(jsonWrongType, "insert_line must be a whole number, 0 or more", `write "insert_line": 3`, valueRange(m.Value))
			}
			vr := valueRange(m.Value)
			a.set(ParamLine, *m.Value.Num, Attribute, vr, vr)
			need(ParamContent, "new_str", "insert_text")
		}
	case cmd == "view":
		a.Op = OpFileReadNumbered.String()
		if !need(ParamPath, "path") {
			return a
		}
		m := o.Get("view_range")
		if m == nil {
			return a
		}
		bad := func() *Action {
			return fail(jsonWrongType, "view_range must be [first, last] line numbers (last -1: to the end)", `write "view_range": [1, 20]`, valueRange(m.Value))
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
			return fail(jsonUnsupported, "view_range to the end (-1) from a line other than 1 has no file_read_numbered form", "give the last line number, or view the whole file", vr)
		default:
			a.set(ParamLines, fmt.Sprintf("%d-%d", from, to), Text, vr, vr)
		}
	case cmd == "undo_edit":
		return fail(jsonUnsupported, "undo_edit is not a clada action", "run `clada undo` to take back the last apply", a.OpRange)
	default:
		return fail(jsonBadCommand, fmt.Sprintf("unknown text editor command %q", cmd), "use create, str_replace, insert or view", a.OpRange)
	}
	return a
}
