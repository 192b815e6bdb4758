package command

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/clada-dev/clada/engine/approval"
	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/engine/textedit"
	"github.com/clada-dev/clada/internal/state"
)

// One gate decides, for every command of every syntax and language, whether
// it may run (DESIGN.md, "Commands"). A command is known by its lang and its
// code: a CSL RUN without lang (lang "argv") by its argv written back as one
// canonical line, a script (bash, sh, python, javascript) by its text. No
// attribute changes whether the gate is asked: a RUN with lang="bash" is a
// bash command the gate judges like any other.
//
// Approvals live in .clada/allowed-commands.json under the root so a
// project's trusted commands are reviewed once and shared. Settings.Approve
// decides what happens to a command not in it:
//
//	approval.Never    it fails, telling the user how to approve it
//	approval.Ask      Settings.Confirm asks on the terminal; without a terminal it fails
//	approval.Always   it is approved and recorded, then runs
//	approval.Default  it runs without asking
//
// (engine's policyFor picks the policy: --approve, else each syntax's own
// default, CSL asking first-use approval, i.e. never; SHAM and CML running
// without asking.)

// allowedCommandsFile is the approval store, relative to the root.
const allowedCommandsFile = ".clada/allowed-commands.json"

// allowedCommands is the JSON shape of the store (version 2): each approved
// command is its lang and code, sorted. Version 1 listed argv lines only;
// it is read as lang "argv" and written back as version 2.
type allowedCommands struct {
	Version  int               `json:"version"`
	Commands []approvedCommand `json:"commands"`
}

// approvedCommand is one allowlist entry: what the gate compares.
type approvedCommand struct {
	Lang string `json:"lang"`
	Code string `json:"code"`
}

// approveHint is the hint of a command the gate refused. It speaks to the
// user: only a person at the terminal, or the allowlist, can approve.
const approveHint = "approve it by running clada apply --approve ask on a terminal, or --approve always, or add it to " + allowedCommandsFile

// commandKey is how the gate knows a command: argv in canonical quoting, a
// script as its text with LF line ends and without trailing blanks, so the
// same answer pasted with CRLF is the same command.
func commandKey(langName, code string, argv []string) approvedCommand {
	if langName == "argv" {
		return approvedCommand{Lang: langName, Code: quoteArgv(argv)}
	}
	return approvedCommand{Lang: langName, Code: strings.TrimRight(strings.ReplaceAll(code, "\r\n", "\n"), " \t\r\n")}
}

// describe names a command in one line for errors and prompts.
func (c approvedCommand) describe() string {
	if c.Lang == "argv" {
		return fmt.Sprintf("command `%s`", c.Code)
	}
	return fmt.Sprintf("%s command `%s`", c.Lang, textedit.FirstLine(c.Code, 80))
}

// Approve is the gate for the command lang and code (argv for a RUN
// without lang, lang "argv") under s.Approve: ok is false when it must not
// run, with res saying why and how the user can approve it.
func Approve(s Settings, langName, code string, argv []string) (res Outcome, ok bool) {
	key := commandKey(langName, code, argv)
	policy := s.Approve
	if policy == approval.Default {
		return Outcome{}, true
	}
	allowed, err := loadAllowed(s.Root)
	if err != nil {
		return Outcome{Error: "exec: " + err.Error(), Type: fault.ExecFailed,
			Hint: "fix or delete " + allowedCommandsFile + " (it lists approved commands as JSON)"}, false
	}
	if slices.Contains(allowed.Commands, key) {
		return Outcome{}, true
	}
	name := key.describe()
	switch policy {
	case approval.Always:
	case approval.Ask:
		yes, err := false, error(errNoTerminal)
		if s.Confirm != nil {
			yes, err = s.Confirm(askText(key))
		}
		if err != nil {
			return Outcome{Error: fmt.Sprintf("exec: %s did not run: it has not been approved and there is no terminal to ask on (%v)", name, err),
				Type: fault.ExecFailed,
				Hint: "run clada apply --approve ask from a terminal (it asks on /dev/tty, so the LLM's answer may still come on stdin), " +
					"or approve it with --approve always, or add it to " + allowedCommandsFile}, false
		}
		if !yes {
			return Outcome{Error: fmt.Sprintf("exec: %s was not approved", name), Type: fault.ExecFailed,
				Hint: "nothing ran; the user declined it at the prompt"}, false
		}
	default:
		return Outcome{Error: fmt.Sprintf("exec: %s did not run: it has not been approved", name), Type: fault.ExecFailed,
			Hint: approveHint}, false
	}
	allowed.Commands = append(allowed.Commands, key)
	slices.SortFunc(allowed.Commands, func(a, b approvedCommand) int {
		return cmp.Or(strings.Compare(a.Lang, b.Lang), strings.Compare(a.Code, b.Code))
	})
	if err := saveAllowed(s.Root, allowed); err != nil {
		return Outcome{Error: "exec: recording approval: " + err.Error(), Type: fault.ExecFailed}, false
	}
	return Outcome{}, true
}

// GuardApprovals runs a command in root and puts the approvals store back
// as it was if the command changed it. The sandbox lets commands write anywhere under
// the root, the store included, and a command that rewrote it would approve
// the next answer's commands itself; only the user approves, through the
// gate. (File actions cannot write it: .clada/ is in DefaultDeny.)
func GuardApprovals(root string, run func() Outcome) Outcome {
	rel := filepath.FromSlash(allowedCommandsFile)
	before, errBefore := state.Read(root, rel)
	res := run()
	after, errAfter := state.Read(root, rel)
	if (errBefore == nil) == (errAfter == nil) && bytes.Equal(before, after) {
		return res
	}
	what := "clada put it back as it was"
	if err := restoreStore(root, before, errBefore); err != nil {
		what = "clada could not put it back (" + err.Error() + "); check it before the next apply"
	}
	res.Success = false
	res.Type = fault.PermissionDenied
	res.Error = fmt.Sprintf("exec: the command changed %s, the list of commands the user approved; %s", allowedCommandsFile, what)
	res.Hint = "only the user approves commands (--approve, or by editing the file themselves)"
	return res
}

// restoreStore writes the store's earlier bytes back, or removes it when it
// did not exist, through the root (state.Write: never through a symlink,
// whether the command planted it at .clada, the store or its temp file).
func restoreStore(root string, before []byte, errBefore error) error {
	rel := filepath.FromSlash(allowedCommandsFile)
	if errors.Is(errBefore, fs.ErrNotExist) {
		if err := state.Remove(root, rel); err != nil {
			return fmt.Errorf("remove %s: %w", allowedCommandsFile, err)
		}
		return nil
	}
	if errBefore != nil {
		return fmt.Errorf("it was unreadable before the command: %w", errBefore)
	}
	if err := state.Remove(root, rel); err != nil { // a directory put in its place
		return fmt.Errorf("restore %s: %w", allowedCommandsFile, err)
	}
	if err := state.Write(root, rel, before, 0o644); err != nil {
		return fmt.Errorf("restore %s: %w", allowedCommandsFile, err)
	}
	return nil
}

// errNoTerminal is what a nil Settings.Confirm means.
var errNoTerminal = errors.New("clada is not attached to a terminal")

// askText is the --approve ask question: the whole command, since the user
// approves exactly this text.
func askText(c approvedCommand) string {
	code := visible(c.Code)
	if c.Lang == "argv" {
		return fmt.Sprintf("Run the new command `%s` (it will be remembered in %s)?", code, allowedCommandsFile)
	}
	return fmt.Sprintf("New %s command (approving remembers it in %s):\n    %s\nRun it?",
		c.Lang, allowedCommandsFile, strings.ReplaceAll(code, "\n", "\n    "))
}

// visible shows control and bidi characters as escapes (\x1b, \u202e), so
// a command cannot redraw or reorder the terminal line the user approves.
func visible(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\n' || r == '\t':
			b.WriteRune(r)
		case unicode.Is(unicode.Cc, r) || unicode.Is(unicode.Bidi_Control, r) || r == utf8.RuneError:
			q := strconv.QuoteRuneToASCII(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// loadAllowed reads root's store; a missing store is empty.
func loadAllowed(root string) (*allowedCommands, error) {
	path := filepath.Join(root, filepath.FromSlash(allowedCommandsFile))
	data, err := state.Read(root, filepath.FromSlash(allowedCommandsFile))
	if errors.Is(err, fs.ErrNotExist) {
		return &allowedCommands{Version: 2}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read approvals %s: %w", path, err)
	}
	var head struct {
		Version  int             `json:"version"`
		Commands json.RawMessage `json:"commands"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, fmt.Errorf("read approvals %s: %w", path, err)
	}
	a := &allowedCommands{Version: 2}
	switch head.Version {
	case 1:
		var lines []string
		if err := json.Unmarshal(head.Commands, &lines); err != nil {
			return nil, fmt.Errorf("read approvals %s: %w", path, err)
		}
		for _, l := range lines {
			a.Commands = append(a.Commands, approvedCommand{Lang: "argv", Code: l})
		}
	case 2:
		if len(head.Commands) > 0 {
			if err := json.Unmarshal(head.Commands, &a.Commands); err != nil {
				return nil, fmt.Errorf("read approvals %s: %w", path, err)
			}
		}
	default:
		return nil, fmt.Errorf("read approvals %s: unknown version %d", path, head.Version)
	}
	return a, nil
}

// saveAllowed writes root's store atomically (state.Write).
func saveAllowed(root string, a *allowedCommands) error {
	path := filepath.Join(root, filepath.FromSlash(allowedCommandsFile))
	// People read and edit this file: keep < > & as they are in commands.
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(a); err != nil {
		return fmt.Errorf("write approvals %s: %w", path, err)
	}
	if err := state.Write(root, filepath.FromSlash(allowedCommandsFile), buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("write approvals %s: %w", path, err)
	}
	return nil
}

// splitArgv splits one command line the way a POSIX shell splits words,
// without expanding anything: 'single quotes' are literal, "double quotes"
// allow \" \\ \$ and \`, a backslash outside quotes escapes the next
// character. Shell operators (| ; & < > and their doubles) are refused
// rather than passed on as arguments, since no shell will act on them.
func splitArgv(line string) ([]string, error) {
	line = strings.TrimSpace(line)
	if line == "" {
		return nil, errors.New("the command is empty")
	}
	if strings.ContainsAny(line, "\n") {
		return nil, errors.New("the command has several lines; RUN without lang runs exactly one command")
	}
	var argv []string
	var cur strings.Builder
	inWord, quoted := false, false
	flush := func() error {
		if !inWord {
			return nil
		}
		w := cur.String()
		if !quoted {
			switch w {
			case "|", "||", "&", "&&", ";", "<", ">", ">>", "2>", "2>&1":
				return fmt.Errorf("%q is shell syntax, but RUN without lang runs no shell", w)
			}
		}
		argv = append(argv, w)
		cur.Reset()
		inWord, quoted = false, false
		return nil
	}
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			if err := flush(); err != nil {
				return nil, err
			}
		case c == '\\':
			inWord = true
			if i+1 < len(line) {
				i++
				cur.WriteByte(line[i])
			}
		case c == '\'':
			inWord, quoted = true, true
			j := strings.IndexByte(line[i+1:], '\'')
			if j < 0 {
				return nil, errors.New("a single quote is not closed")
			}
			cur.WriteString(line[i+1 : i+1+j])
			i += j + 1
		case c == '"':
			inWord, quoted = true, true
			i++
			for ; i < len(line) && line[i] != '"'; i++ {
				if line[i] == '\\' && i+1 < len(line) && strings.IndexByte("\"\\$`", line[i+1]) >= 0 {
					i++
				}
				cur.WriteByte(line[i])
			}
			if i >= len(line) {
				return nil, errors.New("a double quote is not closed")
			}
		default:
			inWord = true
			cur.WriteByte(c)
		}
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return argv, nil
}

// quoteArgv writes argv back as one line that splitArgv reads to the same
// argv: plain words as they are, others in single quotes.
func quoteArgv(argv []string) string {
	out := make([]string, len(argv))
	for i, a := range argv {
		if a != "" && strings.Trim(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:,+@%") == "" {
			out[i] = a
			continue
		}
		out[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return strings.Join(out, " ")
}
