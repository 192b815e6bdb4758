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

// keysIn says which kinds of key b holds, each quoted ("path") or quoted
// inside a JSON string (OpenAI's arguments: \"path\"): "name", a path key
// (pathKeys), an edit call's key (callKeys). It is one pass over b's
// quotes: a search per key over a 5.6 MB SHAM answer, whose quotes are
// everywhere, cost its parse an eighth.
func keysIn(b []byte) (name, path, call bool) {
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
			name = true
		case slices.Contains(pathKeys, k):
			path = true
		case slices.Contains(callKeys, k):
			call = true
		}
	}
	return name, path, call
}

// maxKey is the length of the longest key keysIn looks for.
const maxKey = len("replacements")

func looksLikeCall(b []byte) bool {
	name, path, call := keysIn(b)
	return name && carriesPatch(b) || path && call
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
	if t := bytes.TrimSpace(bytes.TrimPrefix(src, []byte("\ufeff"))); len(t) > 0 && (t[0] == '{' || t[0] == '[') && (t[len(t)-1] == '}' || t[len(t)-1] == ']') && looksLikeCall(t) {
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
			if end >= 0 && (len(info) == 0 || bytes.HasPrefix(info, []byte("json"))) && looksLikeCall(src[next:end]) {
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
		} else if len(line) > 1 && line[0] == '{' && line[len(line)-1] == '}' && looksLikeCall(line) && alone(src, p, next) && json.Valid(line) {
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
