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
func (p *Patch) codex(text []byte, n *jnode, sp Span) {
	if n.kind != '{' {
		return
	}
	if f := n.get("function"); f != nil && f.kind == '{' {
		p.codex(text, f, sp)
		return
	}
	for _, k := range []string{"output", "tool_calls"} {
		if l := n.get(k); l != nil && l.kind == '[' {
			for _, it := range l.vals {
				if it.text("type") == "apply_patch_call" {
					p.call(text, Span{it.start, it.end})
					continue
				}
				p.codex(text, it, Span{it.start, it.end})
			}
			return
		}
	}
	name := n.text("name")
	args := n.get("input")
	if args == nil {
		args = n.get("arguments")
	}
	if args != nil && args.kind == '"' && strings.HasPrefix(strings.TrimSpace(args.str), "{") {
		inner, err := inString(args)
		if err != nil {
			p.errf(Span{args.start, args.end}, BadCall, fmt.Sprintf("the arguments string of the %s call does not hold JSON: %v", name, err), "check the JSON in the string: quotes, commas and escapes")
			return
		}
		args = inner
	}
	if patchTools[name] {
		src := args
		if args != nil && args.kind == '{' {
			if src = args.get("input"); src == nil {
				src = args.get("patch")
			}
		}
		if src == nil || src.kind != '"' {
			p.errf(sp, BadCall, "the "+name+" call gives no patch", `give the patch as a string: "arguments": {"input": "*** Begin Patch\n…\n*** End Patch"}`)
			return
		}
		p.carried(src, 0, len(src.str))
		return
	}
	cmd := n.get("command")
	if cmd == nil && args != nil {
		if cmd = args.get("command"); cmd == nil {
			cmd = args.get("cmd")
		}
	}
	if a := n.get("action"); cmd == nil && a != nil {
		cmd = a.get("command")
	}
	if cmd != nil && p.shell(cmd, sp) {
		return
	}
	if name == "" {
		return // a message or another item of the response
	}
	if s := patchIn(n); s != nil {
		p.errf(Span{s.start, s.end}, BadCall, fmt.Sprintf("the call of the tool %q carries a V4A patch, which clada reads only from a call of apply_patch", name),
			"name the call apply_patch, or give the patch itself (from *** Begin Patch to *** End Patch) instead of the call")
	}
}

// shell reads a command running apply_patch: the argv ["apply_patch",
// PATCH], or a shell script (["bash", "-lc", SCRIPT], or the script as one
// string) giving the patch in a heredoc. It reports whether the command
// runs apply_patch at all.
func (p *Patch) shell(cmd *jnode, sp Span) bool {
	var argv []*jnode
	switch cmd.kind {
	case '"':
		argv = []*jnode{cmd}
	case '[':
		argv = cmd.vals
	default:
		return false
	}
	for _, a := range argv {
		if a.kind != '"' {
			return false
		}
	}
	if len(argv) == 0 {
		return false
	}
	if patchTools[path.Base(argv[0].str)] {
		if len(argv) != 2 {
			p.errf(sp, BadCall, fmt.Sprintf("apply_patch is run with %d arguments; it takes one, the patch", len(argv)-1), `write "command": ["apply_patch", "*** Begin Patch\n…\n*** End Patch"]`)
			return true
		}
		p.carried(argv[1], 0, len(argv[1].str))
		return true
	}
	script := argv[len(argv)-1]
	if len(argv) > 1 && (len(argv) != 3 || !shells[path.Base(argv[0].str)] || !strings.HasSuffix(argv[1].str, "c")) {
		return false // another command
	}
	if !strings.Contains(script.str, "apply_patch") && !strings.Contains(script.str, "applypatch") {
		return false
	}
	m := heredoc.FindStringSubmatchIndex(script.str)
	if m == nil {
		p.errf(Span{script.start, script.end}, BadCall, "this command runs apply_patch, but not with its patch in a heredoc", `write "command": ["apply_patch", PATCH], or the patch in a heredoc: apply_patch <<'EOF' … EOF`)
		return true
	}
	if before := strings.TrimSpace(script.str[m[2]:m[3]]); before != "" {
		p.errf(Span{script.pos(m[2]), script.pos(m[3])}, BadCall, fmt.Sprintf("the command runs %q before apply_patch; clada applies a patch from the project's root and runs nothing with it", before),
			"write the patch's paths from the project's root and send the patch alone")
		return true
	}
	from, delim := m[1], script.str[m[4]:m[5]]
	to := len(script.str)
	for q := from; q < len(script.str); {
		e := strings.IndexByte(script.str[q:], '\n')
		if e < 0 {
			e = len(script.str) - q
		}
		if strings.TrimSpace(script.str[q:q+e]) == delim {
			to = q
			break
		}
		q += e + 1
	}
	p.carried(script, from, to)
	return true
}

// carried reads the patch in s.str[from:to] (the blanks around it left
// out, as Codex does), its places mapped to the answer's bytes.
func (p *Patch) carried(s *jnode, from, to int) {
	t := s.str[from:to]
	from += len(t) - len(strings.TrimLeft(t, " \t\r\n"))
	t = strings.TrimSpace(t)
	q := Parse([]byte(t))
	at := func(sp Span) Span { return Span{s.pos(from + sp.Start), s.pos(from + sp.End)} }
	for _, d := range q.Diags {
		sp := at(Span{d.Range.Start, d.Range.End})
		d.Range.Start, d.Range.End = sp.Start, sp.End
		p.Diags = append(p.Diags, d)
	}
	for _, f := range q.Files {
		f.Span, f.PathSpan, f.MoveSpan, f.ContentSp, f.HeaderSpan = at(f.Span), at(f.PathSpan), at(f.MoveSpan), at(f.ContentSp), at(f.HeaderSpan)
		for _, h := range f.Hunks {
			h.Span = at(h.Span)
		}
		p.Files = append(p.Files, f)
	}
}

// patchIn is the first string in n that holds a patch's first line.
func patchIn(n *jnode) *jnode {
	if n.kind == '"' {
		if strings.Contains(n.str, beginMarker) {
			return n
		}
		if strings.HasPrefix(strings.TrimSpace(n.str), "{") {
			if in, err := inString(n); err == nil {
				return patchIn(in)
			}
		}
		return nil
	}
	for _, v := range n.vals {
		if s := patchIn(v); s != nil {
			return s
		}
	}
	return nil
}
