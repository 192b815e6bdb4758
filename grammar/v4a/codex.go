package v4a

import (
	"fmt"
	"path"
	"regexp"
	"strings"
)

// Codex's apply_patch tool as models call it, each call carrying a whole
// patch (`*** Begin Patch` … `*** End Patch`) in a JSON string:
//
//   - a function call named apply_patch (or applypatch) whose arguments,
//     an object or a JSON string holding one (as OpenAI's function calls
//     carry them), give the patch as "input": {"name": "apply_patch",
//     "arguments": "{\"input\": \"*** Begin Patch\\n…\"}"}, the Responses
//     API's {"type": "function_call", …} item alike;
//   - the freeform tool's {"type": "custom_tool_call", "name":
//     "apply_patch", "input": "*** Begin Patch\n…"}: the input is the patch;
//   - the shell running it: a "command" of ["apply_patch", PATCH] or
//     ["bash", "-lc", "apply_patch <<'EOF'\n…\nEOF\n"], in the call itself,
//     in a shell call's arguments, or in a local_shell_call's "action".
//
// Chat Completions' {"type": "function", "function": {…}}, a response's
// "output" list and a message's "tool_calls" list are opened. The patch
// is read as an envelope in an answer is, and every place in it is
// mapped back through the string's escapes to the answer's bytes. A call
// of another tool that carries a patch is an error naming the tool, never
// passed over.

// patchTools are the names Codex runs apply_patch by.
var patchTools = map[string]bool{"apply_patch": true, "applypatch": true}

// shells are the shells a command may run apply_patch's heredoc in.
var shells = map[string]bool{"bash": true, "sh": true, "zsh": true}

// heredoc is apply_patch reading its patch from a heredoc: what the script
// runs before it, and the heredoc's delimiter.
var heredoc = regexp.MustCompile(`(?m)^([^\n]*?)\b(?:apply_patch|applypatch)[ \t]*<<-?[ \t]*['"]?([A-Za-z_][A-Za-z0-9_]*)['"]?[ \t]*\r?\n`)

// codex reads one item that is not an apply_patch_call, spanning sp.
func (p *Patch) codex(n node, sp Span) {
	if !n.isObject() {
		return
	}
	if f := n.get("function"); f.isObject() {
		p.codex(f, sp)
		return
	}
	for _, k := range []string{"output", "tool_calls"} {
		if l := n.get(k); l.isArray() {
			for _, it := range l.items() {
				if it.text("type") == "apply_patch_call" {
					p.call(it)
					continue
				}
				p.codex(it, it.span())
			}
			return
		}
	}
	name := n.text("name")
	args := n.get("input")
	if args.v == nil {
		args = n.get("arguments")
	}
	if args.isString() {
		if text, at := args.strAt(); strings.HasPrefix(strings.TrimSpace(text), "{") {
			inner, ds := inString(text, at)
			if len(ds) > 0 {
				p.errf(Span{ds[0].Range.Start, ds[0].Range.End}, BadCall, fmt.Sprintf("the arguments string of the %s call does not hold JSON: %s", name, strings.TrimPrefix(ds[0].Message, "invalid JSON: ")),
					"check the JSON in the string: quotes, commas and escapes")
				return
			}
			args = inner
		}
	}
	if patchTools[name] {
		src := args
		if args.isObject() {
			if src = args.get("input"); src.v == nil {
				src = args.get("patch")
			}
		}
		if !src.isString() {
			p.errf(sp, BadCall, "the "+name+" call gives no patch", `give the patch as a string: "arguments": {"input": "*** Begin Patch\n…\n*** End Patch"}`)
			return
		}
		text, at := src.strAt()
		p.carried(text, at, 0, len(text))
		return
	}
	cmd := n.get("command")
	if cmd.v == nil && args.v != nil {
		if cmd = args.get("command"); cmd.v == nil {
			cmd = args.get("cmd")
		}
	}
	if a := n.get("action"); cmd.v == nil && a.v != nil {
		cmd = a.get("command")
	}
	if cmd.v != nil && p.shell(cmd, sp) {
		return
	}
	if name == "" {
		return // a message or another item of the response
	}
	if s := patchIn(n); s.v != nil {
		p.errf(s.span(), BadCall, fmt.Sprintf("the call of the tool %q carries a V4A patch, which clada reads only from a call of apply_patch", name),
			"name the call apply_patch, or give the patch itself (from *** Begin Patch to *** End Patch) instead of the call")
	}
}

// shell reads a command running apply_patch: the argv ["apply_patch",
// PATCH], or a shell script (["bash", "-lc", SCRIPT], or the script as one
// string) giving the patch in a heredoc. It reports whether the command
// runs apply_patch at all.
func (p *Patch) shell(cmd node, sp Span) bool {
	var argv []node
	switch {
	case cmd.isString():
		argv = []node{cmd}
	case cmd.isArray():
		argv = cmd.items()
	default:
		return false
	}
	for _, a := range argv {
		if !a.isString() {
			return false
		}
	}
	if len(argv) == 0 {
		return false
	}
	if patchTools[path.Base(argv[0].str())] {
		if len(argv) != 2 {
			p.errf(sp, BadCall, fmt.Sprintf("apply_patch is run with %d arguments; it takes one, the patch", len(argv)-1), `write "command": ["apply_patch", "*** Begin Patch\n…\n*** End Patch"]`)
			return true
		}
		text, at := argv[1].strAt()
		p.carried(text, at, 0, len(text))
		return true
	}
	last := argv[len(argv)-1]
	if len(argv) > 1 && (len(argv) != 3 || !shells[path.Base(argv[0].str())] || !strings.HasSuffix(argv[1].str(), "c")) {
		return false // another command
	}
	script, at := last.strAt()
	if !strings.Contains(script, "apply_patch") && !strings.Contains(script, "applypatch") {
		return false
	}
	m := heredoc.FindStringSubmatchIndex(script)
	if m == nil {
		p.errf(last.span(), BadCall, "this command runs apply_patch, but not with its patch in a heredoc", `write "command": ["apply_patch", PATCH], or the patch in a heredoc: apply_patch <<'EOF' … EOF`)
		return true
	}
	if before := strings.TrimSpace(script[m[2]:m[3]]); before != "" {
		p.errf(Span{at[m[2]], at[m[3]]}, BadCall, fmt.Sprintf("the command runs %q before apply_patch; clada applies a patch from the project's root and runs nothing with it", before),
			"write the patch's paths from the project's root and send the patch alone")
		return true
	}
	from, delim := m[1], script[m[4]:m[5]]
	to := len(script)
	for q := from; q < len(script); {
		e := strings.IndexByte(script[q:], '\n')
		if e < 0 {
			e = len(script) - q
		}
		if strings.TrimSpace(script[q:q+e]) == delim {
			to = q
			break
		}
		q += e + 1
	}
	p.carried(script, at, from, to)
	return true
}

// carried reads the patch in s[from:to] (the blanks around it left out, as
// Codex does), a JSON string's text whose byte i the answer holds at at[i]:
// its places are mapped to the answer's bytes.
func (p *Patch) carried(s string, at []int, from, to int) {
	t := s[from:to]
	from += len(t) - len(strings.TrimLeft(t, " \t\r\n"))
	t = strings.TrimSpace(t)
	q := Parse([]byte(t))
	in := func(sp Span) Span { return Span{at[from+sp.Start], at[from+sp.End]} }
	for _, d := range q.Diags {
		sp := in(Span{d.Range.Start, d.Range.End})
		d.Range.Start, d.Range.End = sp.Start, sp.End
		p.Diags = append(p.Diags, d)
	}
	for _, f := range q.Files {
		f.Span, f.PathSpan, f.MoveSpan, f.ContentSp, f.HeaderSpan = in(f.Span), in(f.PathSpan), in(f.MoveSpan), in(f.ContentSp), in(f.HeaderSpan)
		for _, h := range f.Hunks {
			h.Span = in(h.Span)
		}
		p.Files = append(p.Files, f)
	}
}

// patchIn is the first string in n that holds a patch's first line (no
// node when none does).
func patchIn(n node) node {
	if n.isString() {
		text, at := n.strAt()
		if strings.Contains(text, beginMarker) {
			return n
		}
		if strings.HasPrefix(strings.TrimSpace(text), "{") {
			if in, ds := inString(text, at); len(ds) == 0 {
				return patchIn(in)
			}
		}
		return node{}
	}
	for _, v := range n.items() {
		if s := patchIn(v); s.v != nil {
			return s
		}
	}
	return node{}
}
