package jsoncall

import (
	"bytes"
	"encoding/json"
	"slices"
)

// callKeys are the keys only an edit call has, in the spellings of the
// agents clada reads: a JSON text holding none of them is somebody's data,
// not a call.
var callKeys = []string{"command", "old_string", "old_str", "file_text", "new_string", "oldString", "newString",
	"content", "contents", "code_edit", "code", "changes", "edits", "replacements"}

// pathKeys are the keys a call names its file with.
var pathKeys = []string{"path", "file_path", "filePath", "filepath", "target_file"}

// keys says which kinds of key a JSON text holds (keysIn).
type keys struct {
	name bool // "name": a tool call's, or anybody's data
	path bool // a path key (pathKeys)
	call bool // an edit call's key (callKeys)
	wrap bool // a tool call's arguments: "arguments", "input", "args"
}

// keysIn says which kinds of key b holds, each quoted ("path") or quoted
// inside a JSON string (OpenAI's arguments: \"path\"). It is one pass
// over b's quotes: a search per key over a 5.6 MB SHAM answer, whose
// quotes are everywhere, cost its parse an eighth.
func keysIn(b []byte) keys {
	var ks keys
	for i := 0; i < len(b); {
		j := bytes.IndexByte(b[i:], '"')
		if j < 0 {
			break
		}
		open := i + j // the key's opening quote
		i = open + 1
		end := bytes.IndexByte(b[i:min(len(b), i+maxKey+2)], '"')
		if end < 0 {
			continue
		}
		key := b[i : i+end]
		if escaped := len(key) > 0 && key[len(key)-1] == '\\'; escaped {
			// \"key\": both quotes escaped, or it is no key
			if open == 0 || b[open-1] != '\\' {
				continue
			}
			key = key[:len(key)-1]
		}
		switch k := string(key); {
		case k == "name":
			ks.name = true
		case k == "arguments" || k == "input" || k == "args":
			ks.wrap = true
		case slices.Contains(pathKeys, k):
			ks.path = true
		case slices.Contains(callKeys, k):
			ks.call = true
		}
	}
	return ks
}

// maxKey is the length of the longest key keysIn looks for.
const maxKey = len("replacements")

// looksLikeCall is the quick test of whether b may hold a call anywhere:
// an edit call's keys, or a tool call's name beside a patch or arguments.
func looksLikeCall(b []byte) bool {
	ks := keysIn(b)
	return ks.name && (ks.wrap || carriesPatch(b)) || ks.path && ks.call
}

// isCallText reports whether b, one candidate (a fence's body, a line of
// its own, the whole input), is a call: it has an edit call's keys, or it
// is a named tool call carrying a patch, or it is shaped as tool calls
// are, whatever the tool (toolShaped), which package lang reads or
// refuses by name, so that no call is passed over as if it were data.
func isCallText(b []byte) bool {
	ks := keysIn(b)
	return ks.name && carriesPatch(b) || ks.path && ks.call || ks.name && ks.wrap && toolShaped(b)
}

// toolShaped reports whether b is one tool call or an array of them: an
// object with a string "name" and its arguments as an object (or a JSON
// string holding one, as OpenAI's function calls carry them) under
// "arguments", "input" or "args", the object itself or inside
// {"type": "function", "function": …} or Gemini's {"functionCall": …}.
// Data that merely has a name and args (a VS Code launch configuration's
// "args" is an array) is none.
func toolShaped(b []byte) bool {
	v, _ := Parse(b)
	if v == nil {
		return false
	}
	calls := []*Value{v}
	if v.Array != nil {
		calls = v.Array.Items
	}
	for _, c := range calls {
		if !toolCall(c) {
			return false
		}
	}
	return len(calls) > 0
}

func toolCall(v *Value) bool {
	if v.Object == nil {
		return false
	}
	o := v.Object
	for _, k := range []string{"function", "functionCall"} {
		if m := o.Get(k); m != nil && m.Value.Object != nil {
			o = m.Value.Object
			break
		}
	}
	if m := o.Get("name"); m == nil || m.Value.Str == nil {
		return false
	}
	for _, k := range []string{"arguments", "input", "args"} {
		m := o.Get(k)
		switch {
		case m == nil:
		case m.Value.Object != nil:
			return true
		case m.Value.Str != nil:
			inner, ok := Text(*m.Value.Str)
			iv, _ := Parse([]byte(inner))
			return ok && iv != nil && iv.Object != nil
		}
	}
	return false
}

// carriesPatch reports whether b, a named tool call, may carry a patch
// in a string (`*** Begin Patch`, a diff's `+++ ` line, a SEARCH marker, each
// after an escaped line end): package lang refuses it naming the tool, so
// that the patch is never passed over.
func carriesPatch(b []byte) bool {
	for _, m := range []string{"*** Begin Patch", `\n+++ `, `<<<<<<< SEARCH`} {
		if bytes.Contains(b, []byte(m)) {
			return true
		}
	}
	return false
}

// Spans finds the JSON calls of src: the content of each fence (of three
// or more backticks or tildes) whose info string's first word starts with
// "json" (```json, ````jsonc, ```javascript json …) or that has no info
// string, and that looks like a call; a line of prose outside every fence
// that is one JSON object that does (a model writing its tool call as
// text); or the whole text when it is one JSON object or array that does.
func Spans(src []byte) [][2]int {
	// the whole text, a byte-order mark (an answer saved on Windows) before it
	if t := bytes.TrimSpace(bytes.TrimPrefix(src, []byte("\ufeff"))); len(t) > 0 && (t[0] == '{' || t[0] == '[') && (t[len(t)-1] == '}' || t[len(t)-1] == ']') && isCallText(t) {
		start := bytes.Index(src, t[:1])
		return [][2]int{{start, start + len(t)}}
	}
	if !looksLikeCall(src) {
		return nil // no call anywhere: one fast search instead of a pass over the lines
	}
	var out [][2]int
	p := 0
	if bytes.HasPrefix(src, []byte("\ufeff")) {
		p = len("\ufeff") // a byte-order mark is no part of the first line
	}
	for p < len(src) {
		le := bytes.IndexByte(src[p:], '\n')
		if le < 0 {
			le = len(src) - p
		}
		line := bytes.TrimSpace(src[p : p+le])
		next := min(p+le+1, len(src))
		if fence, info, ok := opening(line); ok {
			end := closingFence(src, next, fence)
			if end >= 0 && (len(info) == 0 || bytes.HasPrefix(info, []byte("json"))) && isCallText(src[next:end]) {
				if body := bytes.TrimRight(src[next:end], " \t\r\n"); len(body) > 0 && (len(info) > 0 || isCall(bytes.TrimSpace(body))) {
					s := next + len(src[next:end]) - len(bytes.TrimLeft(src[next:end], " \t\r\n"))
					out = append(out, [2]int{s, next + len(body)})
				}
			}
			if end >= 0 {
				next = end // a line opening the next JSON fence ended this one
				if e := bytes.IndexByte(src[end:], '\n'); e < 0 {
					next = len(src)
				} else if _, info, _ := opening(bytes.TrimSpace(src[end : end+e])); len(info) == 0 {
					next = end + e + 1 // past the closing line: no call stands in another fence
				}
			}
		} else if len(line) > 1 && line[0] == '{' && line[len(line)-1] == '}' && isCallText(line) && alone(src, p, next) && json.Valid(line) {
			s := p + bytes.Index(src[p:p+le], line[:1])
			out = append(out, [2]int{s, s + len(line)})
		}
		p = next
	}
	return out
}

// alone reports whether the line from p to next stands alone, not one
// line of a larger JSON text written over several lines: the line before
// does not end, and the line after does not start, with JSON's
// punctuation (an array's items are one call each, but an array among
// prose is no call: its brackets would be prose).
func alone(src []byte, p, next int) bool {
	if p > 0 {
		before := bytes.TrimSpace(src[bytes.LastIndexByte(src[:p-1], '\n')+1 : p-1])
		if len(before) > 0 && bytes.IndexByte([]byte("[{,"), before[len(before)-1]) >= 0 {
			return false
		}
	}
	if next < len(src) {
		e := bytes.IndexByte(src[next:], '\n')
		if e < 0 {
			e = len(src) - next
		}
		after := bytes.TrimSpace(src[next : next+e])
		if len(after) > 0 && bytes.IndexByte([]byte("]},"), after[0]) >= 0 {
			return false
		}
	}
	return true
}

// isCall reports whether a bare fence's body is a JSON call: one object or
// array, valid JSON (a fence with no info string holds any code).
func isCall(b []byte) bool {
	return len(b) > 1 && (b[0] == '{' && b[len(b)-1] == '}' || b[0] == '[' && b[len(b)-1] == ']') && json.Valid(b)
}

// opening reads a fence's opening line (trimmed): its run of three or more
// backticks or tildes, and its info string.
func opening(line []byte) ([]byte, []byte, bool) {
	if len(line) < 3 || line[0] != '`' && line[0] != '~' {
		return nil, nil, false
	}
	n := 0
	for n < len(line) && line[n] == line[0] {
		n++
	}
	if n < 3 {
		return nil, nil, false
	}
	return line[:n], bytes.TrimSpace(line[n:]), true
}

// closingFence returns the start of the line closing a fence opened by
// fence (a run of the same character, at least as long) whose content
// starts at p, or -1. A line opening the next JSON fence (```json: it
// can close nothing) ends it too: the model left this one unclosed, and
// read on, the next call's fence and call would be taken into this one.
func closingFence(src []byte, p int, fence []byte) int {
	for p < len(src) {
		le := bytes.IndexByte(src[p:], '\n')
		end := len(src)
		if le >= 0 {
			end = p + le
		}
		if t := bytes.TrimSpace(src[p:end]); len(t) >= len(fence) && len(bytes.Trim(t, string(fence[:1]))) == 0 {
			return p
		}
		if run, info, ok := opening(bytes.TrimSpace(src[p:end])); ok && len(run) >= len(fence) && run[0] == fence[0] && bytes.HasPrefix(info, []byte("json")) {
			return p
		}
		if le < 0 {
			break
		}
		p = end + 1
	}
	return -1
}
