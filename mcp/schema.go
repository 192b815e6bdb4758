package mcp

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
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
		// No annotation title: it would repeat the name, in every model's
		// context that lists the tools.
		Annotations: &sdk.ToolAnnotations{ReadOnlyHint: op.Kind == lang.Read},
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
	// additionalProperties: the call's arguments are exactly the op's params;
	// params refuses any other (a block may carry unknown params with a
	// warning, but a tool's schema says what is allowed).
	s := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
	if required != nil {
		s["required"] = required
	}
	return s
}

// params turns a tool call's arguments into the action's params, in
// catalog order. An argument the op does not define is refused, as the
// input schema's additionalProperties says, with the closest param or the
// tools that do take it. Strings stay as they are; integers and booleans
// become their decimal and true/false text; a list of strings (for paths)
// becomes one item per line. Anything else is an error naming the argument.
func params(op lang.OpSpec, raw json.RawMessage) ([]*lang.Param, error) {
	args, err := argObject(raw)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op.Name, err)
	}
	if err := unknownArgs(op.Name, args, paramNames(op), func(k string) string { return unknownParamAdvice(op, k) }); err != nil {
		return nil, err
	}
	var out []*lang.Param
	for _, p := range op.Params {
		raw, ok := args[p.Name]
		if !ok {
			continue
		}
		v, present, err := argText(raw)
		if err != nil {
			return nil, fmt.Errorf("%s: argument %q: %w", op.Name, p.Name, err)
		}
		if present {
			out = append(out, &lang.Param{Key: p.Name, Value: v, Form: lang.Quoted})
		}
	}
	return out, nil
}

// argObject reads a call's arguments: a JSON object, or nothing.
func argObject(raw json.RawMessage) (map[string]json.RawMessage, error) {
	args := map[string]json.RawMessage{}
	if t := bytes.TrimSpace(raw); len(t) > 0 && string(t) != "null" {
		if err := json.Unmarshal(raw, &args); err != nil {
			return nil, fmt.Errorf("the arguments must be a JSON object: %w", err)
		}
	}
	return args, nil
}

// unknownArgs refuses the first argument (in sorted order) that is not in
// allowed, saying what tool takes and advice(key) when advice is not nil.
func unknownArgs(tool string, args map[string]json.RawMessage, allowed []string, advice func(key string) string) error {
	var extra []string
	for k := range args {
		if !slices.Contains(allowed, k) {
			extra = append(extra, k)
		}
	}
	if len(extra) == 0 {
		return nil
	}
	sort.Strings(extra)
	takes := "no arguments"
	if len(allowed) > 0 {
		takes = strings.Join(allowed, ", ")
	}
	msg := fmt.Sprintf("%s: unknown argument %q: nothing was done (the tool takes %s)", tool, extra[0], takes)
	if advice != nil {
		if a := advice(extra[0]); a != "" {
			msg += "; " + a
		}
	}
	return errors.New(msg)
}

// paramNames is op's param names in catalog order.
func paramNames(op lang.OpSpec) []string {
	out := make([]string, len(op.Params))
	for i, p := range op.Params {
		out[i] = p.Name
	}
	return out
}

// unknownParamAdvice is what to do about an argument op does not define:
// the catalog's own suggestion for the misspelt param (lang.Validate's), or
// the tools whose op does take it (count is file_replace_all_text's).
func unknownParamAdvice(op lang.OpSpec, key string) string {
	a := lang.ActionDocument(op.Name, []*lang.Param{{Key: key}}).Groups[0].Actions[0]
	for _, d := range lang.Validate(a) {
		if d.Code == lang.CodeUnknownParam && strings.HasPrefix(d.Hint, "did you mean") {
			return d.Hint
		}
	}
	var takers []string
	for _, o := range lang.Ops() {
		if o.Param(key) != nil {
			takers = append(takers, o.Name)
		}
	}
	if len(takers) > 0 {
		return fmt.Sprintf("%s is an argument of %s", key, strings.Join(takers, ", "))
	}
	return ""
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
