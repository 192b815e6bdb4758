package engine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// CSL's RUN without lang (exec lang "argv") runs one command line without a
// shell: the line is split into argv with shell-like quoting, but nothing is
// expanded, piped or redirected. Each distinct command needs approval the
// first time it runs; approvals live in .clada/allowed-commands.json under
// the root so a project's trusted commands are reviewed once and shared.
//
// cfg.Approve decides what happens to a command not yet approved:
//
//	never   it fails, telling the user how to approve it (the default)
//	ask     cfg.Confirm asks on the terminal; without a terminal it fails
//	always  it is approved and recorded, then runs

// allowedCommandsFile is the approval store, relative to the root.
const allowedCommandsFile = ".clada/allowed-commands.json"

// allowedCommands is the JSON shape of the store: each command is its argv
// written back as one canonical line (quoteArgv), sorted.
type allowedCommands struct {
	Version  int      `json:"version"`
	Commands []string `json:"commands"`
}

// argvOp carries out an exec op whose lang is "argv".
func argvOp(ctx context.Context, cfg *Config, params map[string]string, label string) Result {
	argv, err := splitArgv(params["code"])
	if err != nil {
		return Result{Error: "exec: " + err.Error(), Type: "exec_failed",
			Hint: `RUN without lang runs one command without a shell; for shell syntax write <---RUN lang="bash"--->`}
	}
	if res, ok := approve(cfg, argv); !ok {
		return res
	}
	dir, timeout, fail := execPlace(cfg, params)
	if fail != nil {
		return *fail
	}
	return RunCommand(ctx, cfg, Command{Argv: argv, Dir: dir, Timeout: timeout, Label: label})
}

// approve checks argv against the store and cfg.Approve; ok is false when
// the command must not run, with res saying why and how to approve it.
func approve(cfg *Config, argv []string) (res Result, ok bool) {
	line := quoteArgv(argv)
	store := filepath.Join(cfg.Root, filepath.FromSlash(allowedCommandsFile))
	allowed, err := loadAllowed(store)
	if err != nil {
		return Result{Error: "exec: " + err.Error(), Type: "exec_failed",
			Hint: "fix or delete " + allowedCommandsFile + " (it lists approved commands as JSON)"}, false
	}
	if slices.Contains(allowed.Commands, line) {
		return Result{}, true
	}
	switch {
	case cfg.Approve == "always":
	case cfg.Approve == "ask" && cfg.Confirm != nil:
		if !cfg.Confirm(fmt.Sprintf("Run the new command `%s` (it will be remembered in %s)?", line, allowedCommandsFile)) {
			return Result{Error: fmt.Sprintf("exec: command `%s` was not approved", line), Type: "exec_failed",
				Hint: "nothing ran; answer yes at the prompt to allow it"}, false
		}
	default:
		why := "it has not been approved"
		if cfg.Approve == "ask" {
			why = "it has not been approved and there is no terminal to ask on"
		}
		return Result{Error: fmt.Sprintf("exec: command `%s` did not run: %s", line, why), Type: "exec_failed",
			Hint: "approve it by running clada apply --approve ask on a terminal, or --approve always, " +
				"or add it to " + allowedCommandsFile}, false
	}
	allowed.Commands = append(allowed.Commands, line)
	slices.Sort(allowed.Commands)
	if err := saveAllowed(store, allowed); err != nil {
		return Result{Error: "exec: recording approval: " + err.Error(), Type: "exec_failed"}, false
	}
	return Result{}, true
}

// loadAllowed reads the store; a missing store is empty.
func loadAllowed(path string) (*allowedCommands, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return &allowedCommands{Version: 1}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read approvals %s: %w", path, err)
	}
	var a allowedCommands
	if err := json.Unmarshal(data, &a); err != nil {
		return nil, fmt.Errorf("read approvals %s: %w", path, err)
	}
	if a.Version != 1 {
		return nil, fmt.Errorf("read approvals %s: unknown version %d", path, a.Version)
	}
	return &a, nil
}

// saveAllowed writes the store atomically (temp file, rename).
func saveAllowed(path string, a *allowedCommands) error {
	data, err := json.MarshalIndent(a, "", "  ")
	if err != nil {
		return fmt.Errorf("write approvals %s: %w", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("write approvals %s: %w", path, err)
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(data, '\n'), 0o644); err != nil {
		return fmt.Errorf("write approvals %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
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
