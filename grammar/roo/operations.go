package roo

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/clada-dev/clada/grammar/internal/xmltool"
	"github.com/clada-dev/clada/source"
)

// The older forms of insert_content and search_and_replace, which models
// trained on them still write: several operations in one call, in an
// <operations> parameter holding a JSON array
//
//	<operations>[{"start_line": 10, "content": "text"}]</operations>
//	<operations>[{"search": "foo", "replace": "bar"}]</operations>
//
// or <operation> elements, each with the flat form's parameters as
// children (<start_line>, <content>; <search>, <replace>, …), or, for an
// insertion, a :start_line:N header and a ------- line above its content.
// An insertion's line is the file's as the call found it (Roo sorts the
// insertions and makes each before the original line it names).

// operations reads the operations of the call t into c.
func operations(src []byte, t *xmltool.Call, ops *xmltool.Param, c *Call) {
	v := Trim(ops.Value)
	switch {
	case strings.HasPrefix(v, "["):
		at := ops.ValueStart + strings.Index(ops.Value, v)
		jsonOperations(src[at:at+len(v)], at, c)
	case strings.Contains(v, "<operation>"):
		elementOperations(src, ops.ValueStart, ops.ValueEnd, c)
	default:
		c.Diags = append(c.Diags, errorAt(NoBlocks, ops.Start, ops.End, "this <operations> holds neither a JSON array nor <operation> elements",
			"write one operation per call with the call's own parameters (clada prompt --syntax roo)"))
		return
	}
	if len(c.Inserts) == 0 && len(c.Subs) == 0 && !c.Diags.HasErrors() {
		c.Diags = append(c.Diags, errorAt(NoBlocks, ops.Start, ops.End, "this <operations> holds no operation",
			"give at least one operation, or leave the call out"))
	}
}

// jsonValue is one value of an operation object: its JSON token and
// where it stands.
type jsonValue struct {
	tok        json.Token
	start, end int
}

// jsonOperations reads a JSON array of operation objects, b, at offset
// at of the source.
func jsonOperations(b []byte, at int, c *Call) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	bad := func(err error) {
		off := int(dec.InputOffset())
		c.Diags = append(c.Diags, errorAt(InvalidValue, at+min(off, len(b)), at+len(b), "this <operations> is not a JSON array of objects: "+err.Error(),
			`write [{"start_line": 3, "content": "…"}] or [{"search": "…", "replace": "…"}], with JSON's escapes (\n, \")`))
	}
	if _, err := dec.Token(); err != nil { // [
		bad(err)
		return
	}
	for dec.More() {
		start := skipBlank(b, int(dec.InputOffset()))
		tok, err := dec.Token()
		if err != nil {
			bad(err)
			return
		}
		if d, ok := tok.(json.Delim); !ok || d != '{' {
			bad(errors.New("an item is no object"))
			return
		}
		vals := map[string]jsonValue{}
		var keys []string
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				bad(err)
				return
			}
			k, _ := kt.(string)
			vs := skipBlank(b, int(dec.InputOffset()))
			var raw json.RawMessage
			if err := dec.Decode(&raw); err != nil {
				bad(err)
				return
			}
			var v json.Token = string(raw)
			if len(raw) > 0 && raw[0] == '"' {
				var s string
				_ = json.Unmarshal(raw, &s) // Decode checked it
				v = s
			} else if string(raw) == "true" || string(raw) == "false" {
				v = string(raw) == "true"
			} else if string(raw) == "null" {
				v = nil
			} else if raw[0] != '{' && raw[0] != '[' {
				v = json.Number(raw)
			}
			if _, dup := vals[k]; !dup {
				keys = append(keys, k)
			}
			vals[k] = jsonValue{tok: v, start: at + vs, end: at + int(dec.InputOffset())}
		}
		if _, err := dec.Token(); err != nil { // }
			bad(err)
			return
		}
		end := at + int(dec.InputOffset())
		if c.Kind == InsertContent {
			jsonInsertion(at+start, end, keys, vals, c)
		} else {
			jsonSubstitution(at+start, end, keys, vals, c)
		}
	}
	if _, err := dec.Token(); err != nil && err != io.EOF { // ]
		bad(err)
	}
}

func jsonInsertion(start, end int, keys []string, vals map[string]jsonValue, c *Call) {
	in := Insertion{Start: start, End: end, HeadStart: start, HeadEnd: start + 1}
	unknownKeys(keys, []string{"start_line", "content"}, vals, &in.Diags)
	v, has := vals["start_line"]
	switch n, isNum := v.tok.(json.Number); {
	case !has:
		in.Diags = append(in.Diags, missingKey(start, end, "start_line", `"start_line": N (the line to insert before; 0 adds at the end)`))
	case isNum:
		k, err := strconv.Atoi(n.String())
		if err != nil || k < 0 {
			in.Diags = append(in.Diags, notA(v, "start_line", "a whole number, 0 or more"))
		}
		in.Line, in.LineStart, in.LineEnd = k, v.start, v.end
	default:
		s, _ := v.tok.(string)
		k, isDigits := digits(s)
		if !isDigits {
			in.Diags = append(in.Diags, notA(v, "start_line", "a whole number, 0 or more"))
		}
		in.Line, in.LineStart, in.LineEnd = k, v.start, v.end
	}
	cv, has := vals["content"]
	s, isStr := cv.tok.(string)
	switch {
	case !has:
		in.Diags = append(in.Diags, missingKey(start, end, "content", `"content": "the lines to insert"`))
	case !isStr:
		in.Diags = append(in.Diags, notA(cv, "content", "a string"))
	}
	in.Content, in.ContentStart, in.ContentEnd = lf(s), cv.start, cv.end
	c.Inserts = append(c.Inserts, in)
}

func jsonSubstitution(start, end int, keys []string, vals map[string]jsonValue, c *Call) {
	s := Substitution{Start: start, End: end, HeadStart: start, HeadEnd: start + 1, Once: true}
	unknownKeys(keys, append([]string{"search", "replace"}, optionKeys...), vals, &s.Diags)
	for _, k := range []string{"search", "replace"} {
		v, has := vals[k]
		str, isStr := v.tok.(string)
		switch {
		case !has:
			s.Diags = append(s.Diags, missingKey(start, end, k, `"`+k+`": "…"`))
		case !isStr:
			s.Diags = append(s.Diags, notA(v, k, "a string"))
		case k == "search" && str == "":
			s.Diags = append(s.Diags, errorAt(EmptySearch, v.start, v.end, `this operation's "search" is empty`, "give the exact text to find"))
		}
		if k == "search" {
			s.Search, s.SearchStart, s.SearchEnd = lf(str), v.start, v.end
		} else {
			s.Replace, s.ReplaceStart, s.ReplaceEnd = lf(str), v.start, v.end
		}
	}
	for _, k := range keys {
		v := vals[k]
		if !slices.Contains(optionKeys, k) || v.tok == nil {
			continue // null is no value: Roo reads it as not given
		}
		o := Option{Key: k, Start: v.start, End: v.end}
		switch x := v.tok.(type) {
		case string:
			o.Value, o.String = x, true
		case bool:
			o.Value = strconv.FormatBool(x)
		default:
			o.Value = fmt.Sprint(x)
		}
		s.Options = append(s.Options, o)
	}
	c.Subs = append(c.Subs, s)
}

// unknownKeys reports each key of an operation object that is none of
// known: Roo would pass over it, and clada never passes over what an
// operation says.
func unknownKeys(keys, known []string, vals map[string]jsonValue, ds *source.Diagnostics) {
	for _, k := range keys {
		if !slices.Contains(known, k) {
			v := vals[k]
			*ds = append(*ds, errorAt(UnknownKey, v.start, v.end, fmt.Sprintf("this operation's key %q is none Roo Code defines", k),
				"use only "+strings.Join(known, ", ")))
		}
	}
}

func missingKey(start, end int, key, example string) source.Diagnostic {
	return errorAt(xmltool.MissingParam, start, end, fmt.Sprintf("this operation has no %q", key), "add "+example)
}

func notA(v jsonValue, key, what string) source.Diagnostic {
	return errorAt(InvalidValue, v.start, v.end, fmt.Sprintf("this operation's %q is not %s", key, what), fmt.Sprintf("write %q as %s", key, what))
}

// elementOperations reads the <operation> elements of src[from:to].
func elementOperations(src []byte, from, to int, c *Call) {
	for p := from; p < to; {
		i := bytes.Index(src[p:to], []byte("<operation>"))
		if i < 0 {
			return
		}
		start := p + i
		open := start + len("<operation>")
		j := bytes.Index(src[open:to], []byte("</operation>"))
		end, bodyEnd := to, to
		var diags source.Diagnostics
		if j < 0 {
			diags = append(diags, errorAt(xmltool.Unclosed, start, open, "<operation> is never closed, so where it ends is unknown", "end it with </operation>"))
		} else {
			bodyEnd = open + j
			end = bodyEnd + len("</operation>")
		}
		op := xmltool.Call{Name: "operation", Start: start, End: end, OpenEnd: open, Closed: j >= 0}
		if c.Kind == InsertContent {
			in := Insertion{Start: start, End: end, HeadStart: start, HeadEnd: open, Diags: diags}
			if l := bytes.TrimLeft(src[open:bodyEnd], " \t\r\n"); bytes.HasPrefix(l, []byte(":start_line:")) {
				headerInsertion(src, bodyEnd-len(l), bodyEnd, &in)
			} else if lineParam(&op, child(src, open, bodyEnd, "start_line"), "start_line", &in, &in.Diags) {
				contentParam(&op, child(src, open, bodyEnd, "content"), &in, &in.Diags)
			}
			c.Inserts = append(c.Inserts, in)
		} else {
			s := Substitution{Start: start, End: end, HeadStart: start, HeadEnd: open, Diags: diags}
			searchParams(&op, child(src, open, bodyEnd, "search"), child(src, open, bodyEnd, "replace"), &s, &s.Diags)
			for _, k := range optionKeys {
				if p := child(src, open, bodyEnd, k); p != nil {
					v, vs, ve := trimmed(p)
					s.Options = append(s.Options, Option{Key: k, Value: v, Start: vs, End: ve})
				}
			}
			c.Subs = append(c.Subs, s)
		}
		p = end
	}
}

// headerInsertion reads an <operation> whose body, src[from:to], is
// ":start_line:N", an optional "-------" line, and the content.
func headerInsertion(src []byte, from, to int, in *Insertion) {
	nl := bytes.IndexByte(src[from:to], '\n')
	if nl < 0 {
		nl = to - from
	}
	head := bytes.TrimRight(src[from:from+nl], " \t\r")
	n, s, e, ok := lineNumber(head, ":start_line:")
	if !ok {
		in.Diags = append(in.Diags, errorAt(InvalidLine, from, from+len(head), fmt.Sprintf("%q is not a line number", string(head)),
			"write :start_line:N, N the line to insert before, or 0 to add at the end"))
		return
	}
	in.Line, in.LineStart, in.LineEnd = n, from+s, from+e
	p := min(from+nl+1, to)
	if rest := src[p:to]; bytes.HasPrefix(rest, []byte("-------")) {
		if k := bytes.IndexByte(rest, '\n'); k >= 0 && len(bytes.TrimSpace(rest[:k])) == len("-------") {
			p += k + 1
		} else if k < 0 && len(bytes.TrimSpace(rest)) == len("-------") {
			p = to
		}
	}
	ce := to
	if ce > p && src[ce-1] == '\n' {
		ce--
		if ce > p && src[ce-1] == '\r' {
			ce--
		}
	}
	in.Content, in.ContentStart, in.ContentEnd = lf(string(src[p:ce])), p, ce
}

// child is the first <key>…</key> in src[from:to], read as xmltool reads
// a call's children; nil when there is none.
func child(src []byte, from, to int, key string) *xmltool.Param {
	i := bytes.Index(src[from:to], []byte("<"+key+">"))
	if i < 0 {
		return nil
	}
	p := xmltool.ReadParam(src[:to], from+i, key)
	return &p
}

// skipBlank is the first offset at or after i of b that is no JSON blank,
// comma or colon: where the next token starts.
func skipBlank(b []byte, i int) int {
	for i < len(b) && strings.IndexByte(" \t\r\n,:", b[i]) >= 0 {
		i++
	}
	return i
}
