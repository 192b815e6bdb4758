// Package pathline reads the ways an answer states a file's path on a line
// of its own, before the block that changes the file: `src/app.py`,
// **src/app.py**, src/app.py:, ### src/app.py, - `src/app.py`, File:
// src/app.py. The whole-file, Cline, Roo and Zed front-ends share it, so a
// path is told from prose the same way for every one of them
// (README, "Whole-file blocks").
//
// It imports nothing of clada's; being internal to grammar/, only the
// grammars may import it. Start reading at Line below, then Path.
package pathline

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Line reads a line that states a path and nothing else, and returns the
// path and its byte offsets in the line; ok is false for any other line
// (a sentence, a heading that is a title, a product name such as
// "Node.js").
func Line(line string) (path string, start, end int, ok bool) {
	s := strings.TrimRight(line, " \t\r")
	i := len(s) - len(strings.TrimLeft(s, " \t>\ufeff")) // a byte-order mark opens a saved answer's first line
	rest := s[i:]
	// a heading's hashes, a list bullet
	if h := len(rest) - len(strings.TrimLeft(rest, "#")); h > 0 && h <= 6 && len(rest) > h && rest[h] == ' ' {
		i += h
		rest = rest[h:]
	} else if b := Bullet(rest); b > 0 {
		i += b
		rest = rest[b:]
	}
	i += len(rest) - len(strings.TrimLeft(rest, " \t"))
	rest = strings.TrimLeft(rest, " \t")
	// a trailing colon, outside or inside the emphasis
	rest = strings.TrimSuffix(rest, ":")
	// a note that the block is the whole file: "`main.go` (full file)"
	if k := strings.LastIndex(rest, " ("); k > 0 && strings.HasSuffix(rest, ")") && wholeNotes[strings.ToLower(rest[k+2:len(rest)-1])] {
		rest = strings.TrimSuffix(strings.TrimRight(rest[:k], " \t"), ":")
	}
	// **…**, __…__, *…*
	emphasis := false
	for _, em := range []string{"**", "__", "*"} {
		if len(rest) > 2*len(em) && strings.HasPrefix(rest, em) && strings.HasSuffix(rest, em) {
			i += len(em)
			rest = rest[len(em) : len(rest)-len(em)]
			emphasis = true
			break
		}
	}
	rest = strings.TrimSuffix(rest, ":")
	// a label: "File: path", "Filename: `path`"
	if l := label(rest); l > 0 {
		i += l
		rest = rest[l:]
	}
	quoted := false
	if len(rest) > 2 && rest[0] == '`' && rest[len(rest)-1] == '`' && !strings.Contains(rest[1:len(rest)-1], "`") {
		i++
		rest = rest[1 : len(rest)-1]
		quoted = true
	}
	if !quoted && len(rest) > 2 && rest[0] == '"' && rest[len(rest)-1] == '"' && !strings.Contains(rest[1:len(rest)-1], `"`) {
		if inner := rest[1 : len(rest)-1]; Spaced(inner) || !strings.Contains(inner, " ") && Path(inner, false) {
			return inner, i + 1, i + 1 + len(inner), true
		}
	}
	if !Path(rest, quoted) && !(emphasis && Spaced(rest)) {
		return "", 0, 0, false
	}
	return rest, i, i + len(rest), true
}

// Spaced reports whether s, the whole of a line in bold or in double
// quotes (**docs/My Notes.md**, "My Notes.md"), is a path with blanks in
// it rather than a bold sentence that ends with one (**Edit main.go**,
// **Run it in src/app.go**): it reads as a path with blanks (as in
// backticks) and has an extension, no colon, and either starts with a
// folder ("docs/My Notes.md") and names no other file before its last
// word, or has every word capitalized or starting with a digit ("My
// Notes.md", "Q3 Report.md"), as names with blanks are written.
func Spaced(s string) bool {
	if !strings.Contains(s, " ") || strings.Contains(s, ":") || !Path(s, true) {
		return false
	}
	base := s[strings.LastIndexAny(s, `/\`)+1:]
	if dot := strings.LastIndexByte(base, '.'); dot <= 0 || strings.Contains(base[dot:], " ") {
		return false // an extension ends it
	}
	// the words, read in place (strings.Fields would make s escape, and
	// every path line read cost an allocation)
	last := strings.LastIndexByte(s, ' ')
	if first := s[:strings.IndexByte(s, ' ')]; strings.ContainsAny(first, `/\`) {
		for rest := s[:last]; rest != ""; {
			w, more, _ := strings.Cut(rest, " ")
			rest = more
			w = w[strings.LastIndexAny(w, `/\`)+1:]
			if d := strings.IndexByte(w, '.'); d >= 0 && d < len(w)-1 {
				return false // "src/a.go and src/b.go"
			}
		}
		return true
	}
	for rest := s; rest != ""; {
		w, more, _ := strings.Cut(rest, " ")
		rest = more
		if w == "" {
			continue
		}
		r, _ := utf8.DecodeRuneInString(w)
		if !unicode.IsUpper(r) && !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// MayBeLine is a cheap look at a line before Line reads it: a line with a
// blank in it states a path only behind a heading, a bullet, emphasis, a
// quote, a label or backticks, so a sentence ("Step 1: write the file.")
// is passed over without a string made of it.
func MayBeLine(b []byte) bool {
	t := bytes.TrimLeft(b, " \t\ufeff")
	if len(t) == 0 || len(t) > 300 {
		return false
	}
	if bytes.IndexByte(bytes.TrimRight(t, " \t\r"), ' ') < 0 || bytes.IndexByte(t, '`') >= 0 {
		return true
	}
	if e := bytes.TrimRight(t, " \t\r:"); len(e) > 0 && e[len(e)-1] == ')' && bytes.Count(e, []byte(" ")) <= 3 {
		return true // a path and a note: "main.go (full file)"
	}
	switch c := t[0]; {
	case c == '#' || c == '*' || c == '"' || c == '_' || c == '-' || c == '+' || c == '>' || c >= '0' && c <= '9':
		return true
	}
	for _, l := range labels {
		if len(t) > len(l) && t[len(l)] == ':' && bytes.EqualFold(t[:len(l)], []byte(l)) {
			return true
		}
	}
	return false
}

// Bullet is the length of a list bullet and the blanks after it ("- ",
// "* ", "+ ", "1. ", "12) "), 0 if rest starts with none.
func Bullet(rest string) int {
	n := 0
	switch {
	case strings.HasPrefix(rest, "- "), strings.HasPrefix(rest, "* "), strings.HasPrefix(rest, "+ "):
		n = 1
	default:
		for n < len(rest) && n < 4 && rest[n] >= '0' && rest[n] <= '9' {
			n++
		}
		if n == 0 || n >= len(rest) || rest[n] != '.' && rest[n] != ')' {
			return 0
		}
		n++
	}
	if n >= len(rest) || rest[n] != ' ' {
		return 0
	}
	return n + len(rest[n:]) - len(strings.TrimLeft(rest[n:], " \t"))
}

// labels are the words a path may follow ("File: src/a.go").
var labels = []string{"file", "filename", "file name", "path", "filepath", "file path", "new file", "create", "update", "updated", "modified",
	"updated file", "modified file", "changed file", "full file", "complete file"}

// wholeNotes are the notes in parentheses after a path that say the
// block is the file whole ("`main.go` (full file)"); any other note
// ("main.go (line 12)") leaves the line prose.
var wholeNotes = map[string]bool{
	"full file": true, "complete file": true, "entire file": true, "whole file": true, "full": true, "complete": true,
	"updated": true, "new": true, "new file": true, "modified": true, "full content": true, "full contents": true,
	"updated file": true,
}

// label is the length of a label, its colon and the blanks after it at the
// start of rest, 0 if there is none.
func label(rest string) int {
	for _, l := range labels {
		if len(rest) > len(l) && rest[len(l)] == ':' && strings.EqualFold(rest[:len(l)], l) {
			n := len(l) + 1
			return n + len(rest[n:]) - len(strings.TrimLeft(rest[n:], " \t"))
		}
	}
	return 0
}

// bareNames are file names without a dot or a slash that are still read
// as paths (every other path has one).
var bareNames = map[string]bool{
	"Makefile": true, "makefile": true, "GNUmakefile": true, "Dockerfile": true, "Containerfile": true,
	"Jenkinsfile": true, "Procfile": true, "Gemfile": true, "Rakefile": true, "Vagrantfile": true,
	"Justfile": true, "justfile": true, "Brewfile": true, "Podfile": true, "Caddyfile": true,
	"Tiltfile": true, "LICENSE": true, "CODEOWNERS": true, "BUILD": true, "WORKSPACE": true,
}

// productNames are names that look like file names but, without a folder,
// name a product a heading or a sentence is about.
var productNames = map[string]bool{
	"node.js": true, "vue.js": true, "next.js": true, "nuxt.js": true, "react.js": true, "express.js": true,
	"three.js": true, "d3.js": true, "chart.js": true, "socket.io": true, "asp.net": true, ".net": true,
	"angular.js": true, "ember.js": true, "backbone.js": true, "p5.js": true, "nest.js": true, "solid.js": true,
	"alpine.js": true, "moment.js": true, "day.js": true, "deno.land": true, "bun.sh": true, "vite.js": true,
}

// Path reports whether s reads as a file path: no blanks (unless quoted,
// in backticks), no URL, no glob, not a folder, and a folder or an
// extension (or one of the bare names such as Makefile).
func Path(s string, quoted bool) bool {
	if s == "" || len(s) > 255 || strings.ContainsAny(s, "\t\"'<>|*?") || !quoted && strings.Contains(s, " ") {
		return false
	}
	if strings.Contains(s, "://") || strings.HasPrefix(s, "-") || strings.HasSuffix(s, "/") || strings.HasSuffix(s, ".") {
		return false
	}
	if strings.HasPrefix(s, " ") || strings.HasSuffix(s, " ") {
		return false
	}
	hasLetter := false
	for _, r := range s {
		if unicode.IsLetter(r) {
			hasLetter = true
		}
		if unicode.IsControl(r) {
			return false
		}
	}
	if !hasLetter {
		return false
	}
	base := s
	if k := strings.LastIndexAny(s, `/\`); k >= 0 {
		base = s[k+1:]
	} else if productNames[strings.ToLower(s)] {
		return false
	}
	if bareNames[base] {
		return true
	}
	if strings.ContainsAny(s, `/\`) && base != "" && !strings.HasPrefix(base, "..") {
		return true
	}
	dot := strings.LastIndexByte(base, '.')
	if dot < 0 || dot == len(base)-1 {
		return false
	}
	ext := base[dot+1:]
	if len(ext) > 12 {
		return false
	}
	for _, r := range ext {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' && r != '-' {
			return false
		}
	}
	// "1.2", "v1.2.3": a version, not a file
	digits := true
	for _, r := range ext {
		digits = digits && unicode.IsDigit(r)
	}
	return !digits
}
