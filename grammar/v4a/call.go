package v4a

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/clada-dev/clada/grammar/internal/lines"
	"github.com/clada-dev/clada/grammar/jsoncall"
)

// The Responses API's apply_patch_call items: {"type": "apply_patch_call",
// "operation": {"type": "create_file"|"update_file"|"delete_file", "path":
// …, "diff": …}}. create_file's diff is the file's lines each prefixed with
// '+'; update_file's diff is V4A hunks without the envelope. An answer holds
// one item or a JSON array of items (other item types, such as messages, are
// passed over), as the whole input or in a ```json fence.

// BadCall is the error code of an item that cannot be read.
const BadCall = "V4A_BAD_CALL"

// SplitCalls finds JSON texts that hold apply_patch_call items or Codex's
// apply_patch calls (codex.go): the whole input, each fenced block's
// content, or a line of prose that is one JSON object. Only JSON that carries a patch is claimed, so other JSON in an
// answer stays prose.
func SplitCalls(src []byte) []Span {
	if !carries(src) {
		return nil
	}
	if t := bytes.TrimSpace(src); len(t) > 0 && (t[0] == '{' || t[0] == '[') {
		if carries(t) && json.Valid(t) {
			start := bytes.Index(src, t[:1])
			return []Span{{start, start + len(t)}}
		}
	}
	var out []Span
	ls := lines.Split(src)
	for i := 0; i < len(ls); i++ {
		t := trimmed(src, ls[i])
		if !strings.HasPrefix(t, "```") {
			// a call on a line of prose of its own (a model writing its
			// tool call as text), as grammar/jsoncall reads one
			if bt := []byte(t); len(bt) > 1 && bt[0] == '{' && bt[len(bt)-1] == '}' && carries(bt) && json.Valid(bt) {
				s := ls[i].Start + strings.Index(string(src[ls[i].Start:ls[i].End]), "{")
				out = append(out, Span{s, s + len(bt)})
			}
			continue
		}
		j := i + 1
		for j < len(ls) && !strings.HasPrefix(trimmed(src, ls[j]), "```") {
			j++
		}
		if j >= len(ls) {
			break
		}
		if j > i+1 {
			body := src[ls[i+1].Start:ls[j-1].End]
			bt := bytes.TrimSpace(body)
			if len(bt) > 0 && (bt[0] == '{' || bt[0] == '[') && carries(bt) {
				s := ls[i+1].Start + bytes.Index(body, bt[:1])
				out = append(out, Span{s, s + len(bt)})
			}
		}
		i = j
		if len(strings.TrimLeft(trimmed(src, ls[j]), "`")) > 0 {
			i = j - 1 // a fence left unclosed ends at the next one's opening line, which opens it
		}
	}
	return out
}

// carries says whether a text may hold apply_patch_call items, a call of
// Codex's apply_patch tool with its patch, or another tool's call carrying
// a patch (an error naming the tool, codex.go). A call that names a file
// (a write whose content is a patch) is grammar/jsoncall's.
func carries(b []byte) bool {
	switch {
	case bytes.Contains(b, []byte(`"apply_patch_call"`)):
		return true
	case !bytes.Contains(b, []byte(beginMarker)):
		return false
	case bytes.Contains(b, []byte("apply_patch")) || bytes.Contains(b, []byte("applypatch")):
		return true
	}
	if !bytes.Contains(b, []byte(`"name"`)) {
		return false
	}
	for _, k := range []string{"path", "file_path", "filePath", "filepath", "target_file"} {
		if bytes.Contains(b, []byte(`"`+k+`"`)) || bytes.Contains(b, []byte(`\"`+k+`\"`)) {
			return false
		}
	}
	return true
}

// IsCalls says whether a text Split or SplitCalls delimited is JSON.
func IsCalls(text []byte) bool {
	t := bytes.TrimSpace(text)
	return len(t) > 0 && (t[0] == '{' || t[0] == '[')
}

// ParseCalls reads the items of one JSON text (one item or an array of
// them) into a Patch whose sections each span their item, or, for a patch
// a call carries in a string, its own lines in the string. It never fails:
// problems are in Patch.Diags.
func ParseCalls(text []byte) *Patch {
	p := &Patch{Span: Span{0, len(text)}, Closed: true}
	root, ds := readJSON(text)
	if root.v == nil {
		what := "item"
		if t := bytes.TrimSpace(text); len(t) > 0 && t[0] == '[' {
			what = "array"
		}
		msg, hint := strings.TrimPrefix(ds[0].Message, "invalid JSON: "), "check the JSON: quotes, commas and escapes"
		if at := ds[0].Range.Start; len(bytes.TrimSpace(text[:at])) > 0 {
			if v, _ := jsoncall.Parse(text[:at]); v != nil {
				msg, hint = "something follows the end of its value (a second call?)", "give each call a ```json fence of its own, or put the calls in one JSON array: [call, call]"
			}
		}
		p.errf(Span{ds[0].Range.Start, ds[0].Range.End}, BadCall, "the JSON "+what+" cannot be read: "+msg, hint)
		return p
	}
	items := []node{root}
	if root.isArray() {
		items = root.items()
	}
	steps := 0
	for _, it := range items {
		sp := it.span()
		n := len(p.Files)
		if it.text("type") == "apply_patch_call" {
			p.call(it)
		} else {
			p.codex(it, sp)
		}
		for _, f := range p.Files[n:] {
			steps += max(1, len(f.Hunks))
		}
		if steps > MaxSteps { // the items together, as one patch's sections
			p.errf(sp, TooBig, fmt.Sprintf("the apply_patch_call items hold more than %d hunks and file operations; clada reads at most %d in one answer's set of items", MaxSteps, MaxSteps),
				fmt.Sprintf("split the work into sets of at most %d hunks; nothing of these items is applied", MaxSteps))
			p.Files = nil
			return p
		}
	}
	if len(p.Files) == 0 && len(p.Diags) == 0 {
		p.errf(p.Span, EmptyPatch, "no apply_patch_call item holds an operation, and no apply_patch call a patch", `give each item an "operation": {"type": "update_file", "path": …, "diff": …}`)
	}
	return p
}

// call reads one apply_patch_call item. A member written as null is read
// as absent.
func (p *Patch) call(it node) {
	sp := it.span()
	op := it.get("operation")
	pathN, diff := op.get("path"), op.get("diff")
	for _, m := range []struct {
		name   string
		v      node
		object bool
	}{{"operation", op, true}, {"operation's type", op.get("type"), false}, {"operation's path", pathN, false}, {"operation's diff", diff, false}} {
		if m.v.v != nil && !m.v.isNull() && (m.object && !m.v.isObject() || !m.object && !m.v.isString()) {
			want := "a string"
			if m.object {
				want = "an object"
			}
			p.errf(m.v.span(), BadCall, "the apply_patch_call's "+m.name+" is not "+want, `write "operation": {"type": "update_file", "path": "src/app.py", "diff": "…"}`)
			return
		}
	}
	if !pathN.isString() || strings.TrimSpace(pathN.str()) == "" {
		p.errf(sp, BadCall, "the apply_patch_call has no operation path", `write "operation": {"type": "update_file", "path": "src/app.py", "diff": "…"}`)
		return
	}
	// Blanks around a path are padding, as in a patch's header line (where
	// "*** Update File:  a" names a): an item and a patch that say the same
	// name the same file, and a patch printed from either reads back as it.
	raw, at := pathN.strAt()
	path := strings.TrimSpace(raw)
	if strings.ContainsAny(path, "\r\n") {
		p.errf(sp, BadCall, fmt.Sprintf("the operation path %q holds a line break", path), "give the path on one line")
		return
	}
	// editors point at the name itself, its escapes included
	lead := strings.Index(raw, path)
	f := &FileOp{Span: sp, Path: path, PathSpan: Span{at[lead], at[lead+len(path)]}, HeaderSpan: sp, ContentSp: sp}
	opType := op.text("type")
	needDiff := func() bool {
		if !diff.isString() {
			p.errf(sp, BadCall, "the "+opType+" operation for '"+f.Path+"' has no diff", `add "diff": the file's lines, each starting with '+' for create_file, V4A hunks for update_file`)
			return false
		}
		return true
	}
	switch opType {
	case "delete_file":
		f.Kind = Delete
	case "create_file":
		if !needDiff() {
			return
		}
		f.Kind = Add
		d := diff.str()
		var b strings.Builder
		for _, l := range strings.Split(strings.TrimSuffix(d, "\n"), "\n") {
			if d == "" {
				break
			}
			if !strings.HasPrefix(l, "+") {
				p.errf(sp, BadCall, "create_file line `"+l+"` for '"+f.Path+"' does not start with '+'", "start every line of a create_file diff with '+'")
				return
			}
			b.WriteString(l[1:] + "\n")
		}
		f.Content = b.String()
	case "update_file":
		if !needDiff() {
			return
		}
		f.Kind = Update
		inner := Parse([]byte(beginMarker + "\n" + updHeader + " " + f.Path + "\n" + strings.TrimSuffix(diff.str(), "\n") + "\n" + endMarker + "\n"))
		for _, d := range inner.Diags {
			p.errf(sp, d.Code, "in the update_file diff for '"+f.Path+"': "+d.Message, d.Hint)
			p.Diags[len(p.Diags)-1].Severity = d.Severity // a warning stays one
		}
		if inner.Diags.HasErrors() || len(inner.Files) != 1 {
			return
		}
		f.Hunks = inner.Files[0].Hunks
		for _, h := range f.Hunks {
			h.Span = sp
		}
	default:
		p.errf(sp, BadCall, "unknown operation type '"+opType+"'", "use create_file, update_file or delete_file")
		return
	}
	p.Files = append(p.Files, f)
}
