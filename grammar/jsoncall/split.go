package jsoncall

import (
	"bytes"
)

// callKeys are the keys only an edit call has: a JSON text holding none of
// them is somebody's data, not a call.
var callKeys = []string{"command", "old_string", "old_str", "file_text", "new_string", "file_path"}

// hasKey reports whether b holds the key k, quoted, or quoted inside a
// JSON string (OpenAI's arguments: \"path\").
func hasKey(b []byte, k string) bool {
	return bytes.Contains(b, []byte(`"`+k+`"`)) || bytes.Contains(b, []byte(`\"`+k+`\"`))
}

func looksLikeCall(b []byte) bool {
	if !hasKey(b, "path") && !hasKey(b, "file_path") {
		return false
	}
	for _, k := range callKeys {
		if hasKey(b, k) {
			return true
		}
	}
	return false
}

// Spans finds the JSON calls of src: the content of each ```json fence
// (```jsonc, ```javascript json …: the info string's first word starting
// with "json") that looks like a call, or the whole text when it is one
// JSON object or array that does.
func Spans(src []byte) [][2]int {
	if t := bytes.TrimSpace(src); len(t) > 0 && (t[0] == '{' || t[0] == '[') && (t[len(t)-1] == '}' || t[len(t)-1] == ']') && looksLikeCall(t) {
		start := bytes.Index(src, t[:1])
		return [][2]int{{start, start + len(t)}}
	}
	if !bytes.Contains(src, []byte("```json")) && !bytes.Contains(src, []byte("``` json")) {
		return nil // no JSON fence: one fast search instead of a pass over the lines
	}
	var out [][2]int
	for p := 0; p < len(src); {
		le := bytes.IndexByte(src[p:], '\n')
		if le < 0 {
			break
		}
		line := bytes.TrimSpace(src[p : p+le])
		next := p + le + 1
		if info, ok := bytes.CutPrefix(line, []byte("```")); ok && bytes.HasPrefix(bytes.TrimSpace(info), []byte("json")) {
			end := closingFence(src, next)
			if end >= 0 && looksLikeCall(src[next:end]) {
				if body := bytes.TrimRight(src[next:end], " \t\r\n"); len(body) > 0 {
					s := next + len(src[next:end]) - len(bytes.TrimLeft(src[next:end], " \t\r\n"))
					out = append(out, [2]int{s, next + len(body)})
				}
			}
			if end >= 0 {
				next = end
			}
		}
		p = next
	}
	return out
}

// closingFence returns the start of the ``` line closing a fence whose
// content starts at p, or -1.
func closingFence(src []byte, p int) int {
	for p < len(src) {
		le := bytes.IndexByte(src[p:], '\n')
		end := len(src)
		if le >= 0 {
			end = p + le
		}
		if bytes.Equal(bytes.TrimSpace(src[p:end]), []byte("```")) {
			return p
		}
		if le < 0 {
			break
		}
		p = end + 1
	}
	return -1
}
