package lang

import (
	"bytes"

	"github.com/clada-dev/clada/source"
)

// The other tool calls of Cline's and Roo Code's tool sets (README, "Roo
// Code" and "When nothing is read"): clada reads their file edits (replace_in_file,
// write_to_file, apply_diff, insert_content, search_and_replace) and no
// other call. A call that acts on the project (a command, an edit clada
// does not read) or that the model waits on for output (a read, a
// listing, a search) is reported where it stands, so the model never
// believes its command ran or its file was read. None is read as an op:
// an agent's execute_command is written for the shell of the user's
// editor, which clada does not know, and a command runs under clada only
// when the answer asks for it in clada's own words and the approval rules
// let it (README, "Commands"). Calls that carry no action
// (attempt_completion, ask_followup_question, new_task, switch_mode,
// <thinking>, …) are left alone, as is apply_patch, whose patch the V4A
// reader reads.

// agentToolHint is what to send instead of each such call, by its name;
// made once and only read.
var agentToolHint = func() map[string]string {
	// Each under 200 bytes: the summary report shows no more of a hint.
	run := "nothing ran: clada does not run an agent's commands. Run it yourself, or send it as clada's exec (clada prompt --syntax sham), which runs as the approval rules allow"
	read := "nothing was read, and no output comes back: clada applies edits. Ask in the conversation, or use clada's reads (file_read, ls, grep: clada prompt --syntax sham)"
	edit := "nothing of it was written: send the change as an apply_diff call with SEARCH/REPLACE blocks, or the whole file in <write_to_file> (clada prompt --syntax roo)"
	none := "clada has no counterpart and nothing was done: do it outside clada"
	m := map[string]string{"execute_command": run}
	for _, n := range []string{"read_file", "list_files", "search_files", "list_code_definition_names", "codebase_search", "fetch_instructions",
		"access_mcp_resource", "load_mcp_documentation", "web_fetch", "web_search", "search_subagent", "read_command_output"} {
		m[n] = read
	}
	for _, n := range []string{"edit_file", "search_replace", "new_rule", "generate_image"} {
		m[n] = edit
	}
	for _, n := range []string{"browser_action", "use_mcp_tool", "run_slash_command"} {
		m[n] = none
	}
	return m
}()

// agentToolCalls finds each such call whose opening tag starts a line,
// after blanks or a quote's '>' (a call in a list item or a quote): the
// whole element when its closing tag follows, else the tag. It stops only
// at a '<' followed by a lowercase letter, which the findMarkers pass
// over the '<' markers stops at too.
func agentToolCalls(src []byte) []source.Range {
	var out []source.Range
	for p := 0; p < len(src); {
		i := bytes.IndexByte(src[p:], '<')
		if i < 0 {
			break
		}
		at := p + i
		p = at + 1
		if p < len(src) && src[p] == '<' {
			// a run of '<' (an aider block's marker): none of them opens
			// a tag at a line's start
			for p < len(src) && src[p] == '<' {
				p++
			}
			continue
		}
		if p == len(src) || src[p] < 'a' || src[p] > 'z' || !lineOpens(src, at) {
			continue
		}
		name := toolName(src, at)
		if name == "" {
			continue
		}
		openEnd := at + len(name) + 2
		r := source.Range{Start: at, End: openEnd}
		if i := bytes.Index(src[openEnd:], []byte("</"+name+">")); i >= 0 {
			r.End = openEnd + i + len(name) + 3
		}
		out = append(out, r)
		p = r.End
	}
	return out
}

// lineOpens reports whether only blanks and quote markers stand before
// src[at] on its line (a byte-order mark before the first line too).
func lineOpens(src []byte, at int) bool {
	for k := at - 1; k >= 0; k-- {
		switch src[k] {
		case '\n':
			return true
		case ' ', '\t', '>':
		default:
			return k == len("\ufeff")-1 && bytes.HasPrefix(src, []byte("\ufeff"))
		}
	}
	return true
}

// toolName is the name of the tool call whose opening tag is at src[at:]
// ("<name>"), "" when there is none there.
func toolName(src []byte, at int) string {
	const longest = len("list_code_definition_names")
	if at >= len(src) || src[at] != '<' {
		return ""
	}
	underscore := false // every name has one: a call's parameters (<path>, <diff>) are passed over unlooked-up
	for k := at + 1; k < len(src) && k <= at+1+longest; k++ {
		switch c := src[k]; {
		case c >= 'a' && c <= 'z':
			continue
		case c == '_':
			underscore = true
			continue
		case c == '>' && underscore:
			if _, ok := agentToolHint[string(src[at+1:k])]; ok {
				return string(src[at+1 : k])
			}
		}
		return ""
	}
	return ""
}

// agentToolCall names the call at r and says what to send instead.
func agentToolCall(src []byte, r source.Range) (string, string) {
	name := toolName(src, r.Start)
	return "an agent's <" + name + "> call (Cline, Roo Code)", agentToolHint[name]
}
