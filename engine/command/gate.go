package command

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/clada-dev/clada/engine/approval"
	"github.com/clada-dev/clada/engine/fault"
	"github.com/clada-dev/clada/engine/textedit"
)

// One gate decides, for every command of every syntax and language, whether
// it may run (DESIGN.md, "Commands"). A command is known by its lang and its
// code: a CSL RUN without lang (lang "argv") by its argv written back as one
// canonical line, a script (bash, sh, python, javascript) by its text. No
// attribute changes whether the gate is asked: a RUN with lang="bash" is a
// bash command the gate judges like any other.
//
// Approvals live where the user's trust lives, outside every repository
// (approvals.go): a repository can ship any file in its work tree, so a
// store there would let a clone approve its own commands. Settings.Approve
// decides what happens to a command not approved for the root:
//
//	approval.Never    it fails, telling the user how to approve it
//	approval.Ask      Settings.Confirm asks on the terminal; without a terminal it fails
//	approval.Always   it is approved and recorded, then runs
//	approval.Default  it runs without asking
//
// (engine's policyFor picks the policy: --approve, else each syntax's own
// default, CSL asking first-use approval, i.e. never; SHAM and CML running
// without asking.)

// approveHint is the hint of a command the gate refused. It speaks to the
// user: only a person at the terminal approves.
const approveHint = "approve it by running clada apply --approve ask on a terminal, or --approve always"

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
	store, err := loadApprovals(s.UserDir)
	if err != nil {
		return Outcome{Error: "exec: " + err.Error(), Type: fault.ExecFailed,
			Hint: "fix or delete that file (it lists the commands you approved, per project, as JSON)"}, false
	}
	if slices.Contains(store.commands(s.Root), key) {
		return Outcome{}, true
	}
	name := key.describe()
	switch policy {
	case approval.Always:
	case approval.Ask:
		yes, err := false, error(errNoTerminal)
		if s.Confirm != nil {
			yes, err = s.Confirm(askText(key, s.Root))
		}
		if err != nil {
			return Outcome{Error: fmt.Sprintf("exec: %s did not run: it has not been approved and there is no terminal to ask on (%v)", name, err),
				Type: fault.ExecFailed,
				Hint: "run clada apply --approve ask from a terminal (it asks on " + terminalWords + ", so the LLM's answer may still come on stdin), " +
					"or approve it with --approve always"}, false
		}
		if !yes {
			return Outcome{Error: fmt.Sprintf("exec: %s was not approved", name), Type: fault.ExecFailed,
				Hint: "nothing ran; the user declined it at the prompt"}, false
		}
	default:
		return Outcome{Error: fmt.Sprintf("exec: %s did not run: it has not been approved", name), Type: fault.ExecFailed,
			Hint: approveHint}, false
	}
	if err := recordApproval(s.UserDir, s.Root, key); err != nil {
		return Outcome{Error: "exec: recording approval: " + err.Error(), Type: fault.ExecFailed}, false
	}
	return Outcome{}, true
}

// errNoTerminal is what a nil Settings.Confirm means.
var errNoTerminal = errors.New("clada is not attached to a terminal")

// askText is the --approve ask question: the whole command, since the user
// approves exactly this text, and where the approval is kept.
func askText(c approvedCommand, root string) string {
	code := visible(c.Code)
	if c.Lang == "argv" {
		return fmt.Sprintf("Run the new command `%s` (it will be remembered for %s)?", code, visible(root))
	}
	return fmt.Sprintf("New %s command (approving remembers it for %s):\n    %s\nRun it?",
		c.Lang, visible(root), strings.ReplaceAll(code, "\n", "\n    "))
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
