package lang

import (
	"bytes"
	"encoding/json"
	"io"
	"strconv"
)

// printJSON writes the actions as one JSON array of text editor calls
// (create, str_replace, insert, view) and generic replace_all calls. Ops
// the tools have no command for are refused.
func printJSON(w io.Writer, d *Document) error {
	var calls []string
	for a := range d.Actions() {
		path, _ := a.Value(ParamPath)
		call := [][2]any{}
		add := func(k string, v any) { call = append(call, [2]any{k, v}) }
		switch canonOp(a) {
		case OpFileWrite:
			if k := onlyParams(a, ParamPath, ParamContent); k != "" {
				return refuse(d, a, JSONCall, "the create command has no "+k)
			}
			c, _ := a.Value(ParamContent)
			add("command", "create")
			add("path", path)
			add("file_text", c)
		case OpFileReplaceText:
			if k := onlyParams(a, ParamPath, ParamOldText, ParamNewText); k != "" {
				return refuse(d, a, JSONCall, "str_replace has no "+k)
			}
			o, _ := a.Value(ParamOldText)
			n, _ := a.Value(ParamNewText)
			add("command", "str_replace")
			add("path", path)
			add("old_str", o)
			add("new_str", n)
		case OpFileReplaceAllText:
			if k := onlyParams(a, ParamPath, ParamOldText, ParamNewText); k != "" {
				return refuse(d, a, JSONCall, "a replace_all call has no "+k)
			}
			o, _ := a.Value(ParamOldText)
			n, _ := a.Value(ParamNewText)
			add("path", path)
			add("old_string", o)
			add("new_string", n)
			add("replace_all", true)
		case OpFileInsert:
			l, _ := a.Value(ParamLine)
			n, err := strconv.Atoi(l)
			if err != nil {
				return refuse(d, a, JSONCall, "its line is not a number")
			}
			c, _ := a.Value(ParamContent)
			add("command", "insert")
			add("path", path)
			add("insert_line", n)
			add("new_str", c)
		case OpFileReadNumbered:
			if k := onlyParams(a, ParamPath, ParamLines); k != "" {
				return refuse(d, a, JSONCall, "view has no "+k)
			}
			add("command", "view")
			add("path", path)
			if l, ok := a.Value(ParamLines); ok {
				s, e, err := ParseLineSpec(l)
				if err != nil {
					return refuse(d, a, JSONCall, "its lines are not a line range")
				}
				add("view_range", []int{s, e})
			}
		default:
			return refuse(d, a, JSONCall, "the text editor tool has no command for it")
		}
		var b bytes.Buffer
		b.WriteString("{")
		for i, kv := range call {
			if i > 0 {
				b.WriteString(", ")
			}
			k, _ := json.Marshal(kv[0])
			v, _ := json.Marshal(kv[1])
			b.Write(k)
			b.WriteString(": ")
			b.Write(v)
		}
		b.WriteString("}")
		calls = append(calls, b.String())
	}
	var out bytes.Buffer
	out.WriteString("[\n")
	for i, c := range calls {
		out.WriteString("  " + c)
		if i < len(calls)-1 {
			out.WriteString(",")
		}
		out.WriteString("\n")
	}
	out.WriteString("]\n")
	_, err := w.Write(out.Bytes())
	return err
}
