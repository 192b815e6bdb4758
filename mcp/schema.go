package mcp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/clada-dev/clada/lang"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The tools are generated from the catalog, so a new op is a new tool with
// no code here: its name and doc, and an input schema from its params.

// opTool is the MCP tool of one op.
func opTool(op lang.OpSpec) *sdk.Tool {
	t := &sdk.Tool{
		Name:        op.Name,
		Description: op.Doc,
		InputSchema: inputSchema(op),
		Annotations: &sdk.ToolAnnotations{Title: op.Name, ReadOnlyHint: op.Kind == lang.Read},
	}
	closed := false
	switch op.Kind {
	case lang.Read, lang.Write:
		t.Annotations.OpenWorldHint = &closed // the project tree only
	case lang.Exec:
		t.Description += " Output so far arrives as progress notifications when the call carries a progressToken; cancelling the call kills the command's process group."
	}
	return t
}

// inputSchema is the JSON Schema of op's params. Catalog values are strings
// that clada parses; the schema types integers and booleans as JSON
// integers and booleans, which agents fill in more reliably, and params
// converts them back.
func inputSchema(op lang.OpSpec) map[string]any {
	props := map[string]any{}
	var required []string
	for _, p := range op.Params {
		prop := map[string]any{"description": p.Doc}
		switch p.Type {
		case lang.TInteger:
			prop["type"] = "integer"
		case lang.TBoolean:
			prop["type"] = "boolean"
		case lang.TEnum:
			prop["type"] = "string"
			prop["enum"] = p.Enum
		default:
			prop["type"] = "string"
		}
		if p.Default != "" {
			prop["default"] = p.Default
		}
		props[p.Name] = prop
		if p.Required {
			required = append(required, p.Name)
		}
	}
	s := map[string]any{"type": "object", "properties": props}
	if required != nil {
		s["required"] = required
	}
	return s
}

// params turns a tool call's arguments into the action's params, in catalog
// order then any unknown keys sorted (the engine warns about those, as it
// does for a block). Strings stay as they are; integers and booleans become
// their decimal and true/false text; a list of strings (for paths) becomes
// one item per line. Anything else is an error naming the argument.
func params(op lang.OpSpec, raw json.RawMessage) ([]*lang.Param, error) {
	args := map[string]json.RawMessage{}
	if len(bytes.TrimSpace(raw)) > 0 && string(bytes.TrimSpace(raw)) != "null" {
		if err := json.Unmarshal(raw, &args); err != nil {
			return nil, fmt.Errorf("%s: the arguments must be a JSON object: %w", op.Name, err)
		}
	}
	keys := make([]string, 0, len(args))
	for _, p := range op.Params {
		if _, ok := args[p.Name]; ok {
			keys = append(keys, p.Name)
		}
	}
	var extra []string
	for k := range args {
		if op.Param(k) == nil {
			extra = append(extra, k)
		}
	}
	sort.Strings(extra)
	keys = append(keys, extra...)

	var out []*lang.Param
	for _, k := range keys {
		v, present, err := argText(args[k])
		if err != nil {
			return nil, fmt.Errorf("%s: argument %q: %w", op.Name, k, err)
		}
		if present {
			out = append(out, &lang.Param{Key: k, Value: v, Form: lang.Quoted})
		}
	}
	return out, nil
}

// argText is one argument as clada's string value; present is false for null.
func argText(raw json.RawMessage) (v string, present bool, err error) {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var x any
	if err := d.Decode(&x); err != nil {
		return "", false, err
	}
	switch x := x.(type) {
	case nil:
		return "", false, nil
	case string:
		return x, true, nil
	case json.Number:
		return x.String(), true, nil
	case bool:
		if x {
			return "true", true, nil
		}
		return "false", true, nil
	case []any:
		items := make([]string, len(x))
		for i, it := range x {
			s, ok := it.(string)
			if !ok {
				return "", false, fmt.Errorf("a list may hold strings only (item %d is %T)", i+1, it)
			}
			items[i] = s
		}
		return strings.Join(items, "\n"), true, nil
	}
	return "", false, fmt.Errorf("give a string, number or boolean, not a JSON object")
}

// boolArg reads an optional boolean argument of the answer tools.
func boolArg(args map[string]json.RawMessage, name string) (bool, error) {
	raw, ok := args[name]
	if !ok {
		return false, nil
	}
	v, present, err := argText(raw)
	switch {
	case err != nil:
		return false, fmt.Errorf("argument %q: %w", name, err)
	case !present:
		return false, nil
	case v == "true":
		return true, nil
	case v == "false":
		return false, nil
	}
	return false, fmt.Errorf("argument %q must be true or false, not %q", name, v)
}
