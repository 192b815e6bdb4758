package command

import (
	"path/filepath"
	"strings"

	"github.com/clada-dev/clada/internal/lazyre"
	"github.com/clada-dev/clada/sandbox"
)

// Landlock tells only the program that it refused a write or a connection
// (EACCES, EPERM; from ABI 7 the kernel also logs the denial, but to the
// audit log, which only a privileged reader sees and which is off unless
// an audit daemon turned it on), so clada reads what the program printed.
// Each language words it its own way; these are the shapes found, with a
// case each in denied_test.go:
//
//	coreutils   touch: cannot touch '/x': Permission denied
//	shells      bash: line 1: /x: Permission denied · sh: 1: cannot create /x: Permission denied · zsh: permission denied: /x
//	Go          open /x: permission denied · mkdir /x: permission denied · failed to initialize build cache at /x: mkdir /x: permission denied
//	Python      PermissionError: [Errno 13] Permission denied: '/x'
//	Node, npm   Error: EACCES: permission denied, open '/x' · npm error code EACCES … npm error path /x (on the lines around)
//	Rust, cargo failed to create directory `/x` … Caused by: Permission denied (os error 13) (on the lines around)
//	Java        java.nio.file.AccessDeniedException: /x · java.io.FileNotFoundException: /x (Permission denied)
//	git, ld     error: could not lock config file /x: Permission denied · /usr/bin/ld: cannot open output file /x: Permission denied
//	Ruby        Permission denied @ rb_sysopen - /x (Errno::EACCES)
//
// A line says a denial when it has one of deniedWords; the path is, in this
// order, a quoted string of the line, the word just before the denial
// ("/x: Permission denied"), the words after it, the other words from the
// last; and when the line names none outside the writable directories (npm
// and cargo print the path on a line of its own), the same on the three
// lines before and after it that speak of a file (fileOpLine: not a stack
// frame or traceback line, whose paths are the program's source). A source
// position (main.rs:4:47) is never the path. A line's first word ending in ':' is the program's
// name (/usr/bin/ld:) and never the path. A candidate counts only if it
// resolves, against the command's cwd, outside every writable directory: a
// word that is no path ("open", "mkdir") lands inside the root and is passed
// over, and a denial inside the root is the file's own permissions, not the
// sandbox.

// deniedWords are the ways programs report EACCES and EPERM.
// A rename or link whose two directories Landlock does not both let the
// command write fails with EXDEV ("Invalid cross-device link").
var deniedWords = lazyre.New(`(?i)permission denied|operation not permitted|\bEACCES\b|\bEPERM\b|AccessDeniedException|PermissionDenied|invalid cross-device link|\bEXDEV\b`)

// quotedPath finds the quoted strings of a line: 'x', "x", ‘x’, `x', `x`
// and «x».
var quotedPath = lazyre.New("'([^']+)'|\"([^\"]+)\"|‘([^’]+)’|`([^'`]+)['`]|«([^»]+)»")

// denial is a write the sandbox refused, as the command's output tells it.
type denial struct {
	path string // as the command printed it
	abs  string // resolved against the command's cwd
	line string // the line that says so, trimmed
}

// findDenial looks through a command's output streams (stderr first) for a
// write the sandbox refused: a line of deniedWords naming a path outside
// every writable directory (see above). home resolves "~/". When no line
// names such a path, pathless is the first line that reports a denial
// without naming any (Rust's "Permission denied (os error 13)", Python's
// bare PermissionError), "" when there is none.
func findDenial(streams []string, dir, home string, writable []string) (d denial, pathless string, ok bool) {
	for _, out := range streams {
		lines := strings.Split(out, "\n")
		for i, line := range lines {
			if !deniedWords().MatchString(line) {
				continue
			}
			if p, abs, found := outsidePath(line, true, dir, home, writable); found {
				return denial{p, abs, strings.TrimSpace(line)}, "", true
			}
			for _, j := range []int{i - 1, i + 1, i - 2, i + 2, i - 3, i + 3} {
				if j < 0 || j >= len(lines) || deniedWords().MatchString(lines[j]) || !fileOpLine(lines[j]) {
					continue
				}
				if p, abs, found := outsidePath(lines[j], false, dir, home, writable); found {
					return denial{p, abs, strings.TrimSpace(line)}, "", true
				}
			}
			if pathless == "" && !mentionsPath(line) && !authDenied().MatchString(line) {
				pathless = strings.TrimSpace(line)
			}
		}
	}
	return denial{}, pathless, false
}

// fileLine matches a line around a denial that names the file it was
// about (npm's "npm error path /x", cargo's "failed to create directory
// `/x`", fish's "error occurred while redirecting file '/x'"); stackFrame a
// line of a stack trace or traceback, whose paths are the program's source.
var (
	fileLine   = lazyre.New(`(?i)\b(path|file|directory|dir|folder|create|creating|open|opening|write|writing|mkdir|remove|removing|rename|lock|redirecting)\b`)
	stackFrame = lazyre.New(`^\s*(File "|at |\d+: |#\d+ )`)
)

// fileOpLine reports whether a line around a denial may name its path.
func fileOpLine(line string) bool {
	return fileLine().MatchString(line) && !stackFrame().MatchString(line)
}

// authDenied is a login refused (ssh's "Permission denied (publickey)"),
// which is no file access.
var authDenied = lazyre.New(`(?i)publickey|password|authenticat`)

// outsidePath is the first path line names (in the order above) that lies
// outside writable. denyLine says line is the denial itself, whose words
// around the denial come first.
func outsidePath(line string, denyLine bool, dir, home string, writable []string) (path, abs string, ok bool) {
	for _, p := range pathCandidates(line, denyLine) {
		a, fine := resolveCandidate(p, dir, home)
		if fine && !underAny(a, writable) {
			return p, a, true
		}
	}
	return "", "", false
}

// pathCandidates lists the words of line that may be the refused path, most
// likely first.
func pathCandidates(line string, denyLine bool) []string {
	var out []string
	for _, m := range quotedPath().FindAllStringSubmatch(line, -1) {
		for _, g := range m[1:] {
			if g != "" && !deniedWords().MatchString(g) {
				out = append(out, g)
			}
		}
	}
	type word struct {
		text       string
		start, end int
	}
	var words []word
	for i := 0; i < len(line); {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		j := i
		for j < len(line) && line[j] != ' ' && line[j] != '\t' {
			j++
		}
		if j > i {
			words = append(words, word{line[i:j], i, j})
		}
		i = j
	}
	if len(words) > 0 && strings.HasSuffix(words[0].text, ":") {
		words = words[1:] // the program's name: "/usr/bin/ld: …", "bash: …"
	}
	add := func(w string) {
		if w = trimWord(w); pathLike(w) {
			out = append(out, w)
		}
	}
	if loc := deniedWords().FindStringIndex(line); denyLine && loc != nil {
		last := -1
		for i, w := range words {
			if w.end <= loc[0] {
				last = i
			}
		}
		if last >= 0 {
			add(words[last].text)
		}
		for _, w := range words {
			if w.start >= loc[1] {
				add(w.text)
			}
		}
	}
	for i := len(words) - 1; i >= 0; i-- {
		add(words[i].text)
	}
	return out
}

// trimWord strips the punctuation a path is written between.
func trimWord(w string) string {
	return strings.Trim(w, "'\"`‘’«»()[]{}<>,;:")
}

// sourcePos is a source position (main.go:12, panicking.rs:689:5): where
// a program's code is, not what it was refused.
var sourcePos = lazyre.New(`:\d+(:\d+)?$`)

// pathLike reports whether w looks like a file path: it has a slash, or is
// ~ or starts with ~/, and is no URL, socket address or source position.
func pathLike(w string) bool {
	switch {
	case w == "" || strings.Contains(w, "://") || sourcePos().MatchString(w):
		return false
	case strings.HasPrefix(w, "/dev/tcp/") || strings.HasPrefix(w, "/dev/udp/"):
		return false
	}
	return strings.Contains(w, "/") || w == "~"
}

// mentionsPath reports whether line names anything path-like, so a denial
// line without one is said to have no path.
func mentionsPath(line string) bool {
	for _, w := range strings.Fields(line) {
		if pathLike(trimWord(w)) {
			return true
		}
	}
	return quotedPath().MatchString(strings.ReplaceAll(line, `"Permission denied"`, ""))
}

// resolveCandidate resolves p against the command's cwd (and "~" against
// home), cleaned; ok is false for what cannot be a path.
func resolveCandidate(p, dir, home string) (string, bool) {
	switch {
	case p == "~" || strings.HasPrefix(p, "~/"):
		if home == "" {
			return "", false
		}
		p = filepath.Join(home, strings.TrimPrefix(p, "~"))
	case strings.ContainsAny(p, "\x00\n"):
		return "", false
	case !filepath.IsAbs(p):
		p = filepath.Join(dir, p)
	}
	return filepath.Clean(p), true
}

// netRefused are the ways programs report a TCP connection or listen that
// failed; under --sandbox strict that is the sandbox (Landlock answers
// EACCES, which some tools reword: curl and git say "Couldn't connect to
// server").
var netRefused = lazyre.New(`(?i)` + strings.Join([]string{
	`connect: permission denied`,                       // Go's net package, bash's /dev/tcp
	`bind: permission denied`,                          // Go, a server that listens
	`connect EACCES`,                                   // Node, npm
	`listen EACCES`,                                    // Node
	`Failed to establish a new connection`,             // Python's urllib3 (pip, requests)
	`urlopen error \[Errno 13\]`,                       // Python's urllib
	`\[Errno 13\] Permission denied.*(socket|connect)`, // Python's socket
	`(failed|unable) to connect`,                       // curl, git, wget
	`couldn't connect to server`,                       // curl, git
	`could not connect to`,                             // many
	`network is unreachable`,                           // many
	`/dev/(tcp|udp)/.*permission denied`,               // bash
	`ConnectException`,                                 // Java
	`error trying to connect`,                          // Rust's hyper (cargo)
}, "|"))

// findNetDenial is the first line of a strict command's output (stderr
// first) that says a connection failed, "" when none does.
func findNetDenial(streams []string) string {
	for _, out := range streams {
		for _, line := range strings.Split(out, "\n") {
			if netRefused().MatchString(line) {
				return strings.TrimSpace(line)
			}
		}
	}
	return ""
}

// underAny reports whether path is inside one of dirs.
func underAny(path string, dirs []string) bool {
	for _, d := range dirs {
		if sandbox.Under(path, filepath.Clean(d)) {
			return true
		}
	}
	return false
}
