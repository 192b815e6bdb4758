package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/clada-dev/clada/config"
	enginecmd "github.com/clada-dev/clada/engine/command"
	"github.com/clada-dev/clada/internal/state"
	"github.com/clada-dev/clada/session"
	"github.com/clada-dev/clada/watch"
)

// initConfig is the commented .clada.yaml `clada init` writes: every key,
// commented out at its default, with the direction it may move.
const initConfig = `# clada project config. It comes with every clone, so clada treats it as
# untrusted, and each key may only TIGHTEN what clada allows, never loosen it.
# The command line overrides it. Hooks run only after ` + "`clada trust`" + `.

# Report format when --format is not given: json, text, summary, cml or csl.
# format: summary

# Per-command timeout; may only be lowered (default 5m).
# timeout: 2m

# Output kept per command stream; may only be lowered (default 10MB).
# max-output: 10MB

# Report size per action (bounds what an LLM is sent).
# max-report: 64K

# Commands not yet approved, in every syntax: never (they fail) or ask (on
# the terminal). Default: CSL asks for first-use approval, SHAM and CML run
# them. always is refused here; pass --approve always yourself.
# approve: never

# Command sandbox: write or strict (off is refused here; pass --sandbox off).
# sandbox: write

# The only actions an answer may use; others are refused, and left out of
# ` + "`clada prompt`" + `. Default: every action.
# allowed-actions: [file_write, file_replace_text, file_read, ls, grep]

# Globs (relative to this file's directory) every path an action names must
# match; a directory pattern covers everything under it. Default: anything.
# allow: [src/**, docs/**, README.md]

# Globs never touched, on top of .git/** and **/.ssh/**.
# deny: [secrets/**, "**/*.pem"]

# clada watch: the file answers are pasted into, and where the results go
# (default: the top of that file).
# watch:
#   file: clada_input.md
#   output: clada_results.md

# Shell commands run in the root before and after each apply, only once you
# ran ` + "`clada trust`" + ` on this exact file. Variables (substituted
# shell-quoted, and set as CLADA_SUMMARY, CLADA_FILES, CLADA_APPLY_ID):
# {summary}, {files}, {apply_id}. A failing before hook stops the apply.
# hooks:
#   before: []
#   after:
#     - git push
`

// offerCaches says where the commands clada runs keep their toolchains'
// caches and, for each toolchain whose own cache is here, how to let
// commands share it: the user's own config.yaml (never the project's),
// written with every line commented out when it is missing.
func offerCaches(w io.Writer) {
	var found, names []string
	for _, name := range enginecmd.ShareableToolchains() {
		if name == "xdg" {
			continue // the whole cache directory: only on purpose
		}
		var dirs []string
		for _, d := range enginecmd.OwnCaches(name, os.Environ()) {
			if st, err := os.Stat(d); err == nil && st.IsDir() {
				dirs = append(dirs, d)
			}
		}
		if len(dirs) > 0 {
			found = append(found, fmt.Sprintf("%s (%s)", name, strings.Join(dirs, ", ")))
			names = append(names, name)
		}
	}
	cacheDir, err := state.CommandCacheDir()
	if err != nil {
		return
	}
	fmt.Fprintf(w, "\nCommands keep their toolchains' caches (Go, npm, pip, cargo, ccache) in %s, not in yours, so no command can plant what your own builds then use; a project's first build fills it (`clada sandbox --explain` shows it all).\n", cacheDir)
	if len(found) == 0 {
		return
	}
	userConfig, err := config.UserConfigPath()
	if err != nil {
		return
	}
	fmt.Fprintf(w, "Your own caches are here: %s.\n", strings.Join(found, "; "))
	fmt.Fprintf(w, "To let commands use and write them instead (faster first builds; you then trust what commands put there), add to %s (yours alone; a project's .clada.yaml cannot):\n", userConfig)
	fmt.Fprintf(w, "  sandbox:\n    share-caches: [%s]\n", strings.Join(names, ", "))
	if state.MakeUserDir(filepath.Dir(userConfig)) != nil {
		return
	}
	f, err := os.OpenFile(userConfig, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return // there already, or no config directory to write: the offer above stands
	}
	_, err = fmt.Fprintf(f, userConfigTemplate, strings.Join(enginecmd.ShareableToolchains(), ", "), strings.Join(names, ", "))
	if cerr := f.Close(); err == nil && cerr == nil {
		fmt.Fprintf(w, "(wrote %s with these lines commented out)\n", userConfig)
	}
}

// userConfigTemplate is the user's config.yaml `clada init` writes when
// there is none: every line commented out.
const userConfigTemplate = `# clada's settings for you alone, in every project. A project's .clada.yaml
# can only tighten what clada allows; only this file, and your command line,
# widen it.
#
# sandbox:
#   # Toolchains whose own caches commands may use and write, instead of
#   # clada's cache for them (%s). A command could then
#   # leave in them what your own builds use.
#   share-caches: [%s]
#   # More directories every command may write (absolute, or ~/).
#   writable: [~/.m2/repository]
`

// cmdInit writes a commented .clada.yaml and the watch input file into the
// root, never overwriting either, keeps the input file and .clada/ out of
// git status (watch.ExcludeFromGit), and prints the next steps.
func cmdInit(e *env) int {
	fset := newFlagSet(e, "init", "[--root DIR]")
	root := fset.String("root", ".", "project root to set up")
	pos, code, ok := parseArgs(fset, e.args)
	if !ok {
		return code
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(e.stderr, "clada init: "+format+"\n", a...)
		return exitUsage
	}
	if len(pos) > 0 {
		return fail("unexpected argument %q", pos[0])
	}
	absRoot, err := resolveRoot(*root, true)
	if err != nil {
		return fail("%v", err)
	}
	cfgPath := filepath.Join(absRoot, config.FileName)
	f, err := os.OpenFile(cfgPath, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	switch {
	case errors.Is(err, fs.ErrExist):
		fmt.Fprintf(e.stdout, "kept %s (already there)\n", config.FileName)
	case err != nil:
		return fail("%v", err)
	default:
		_, err = f.WriteString(initConfig)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fail("write %s: %v", cfgPath, err)
		}
		fmt.Fprintf(e.stdout, "wrote %s (every key commented out: read it, uncomment what you need)\n", config.FileName)
	}
	// The input file and the exclusions follow the config as it now
	// stands: a kept .clada.yaml may name another watch file.
	c, err := session.LoadConfig(absRoot, "")
	if err != nil {
		return fail("%v", err)
	}
	input := c.WatchInput(absRoot)
	name := displayPath(absRoot, input)
	created, err := watch.EnsureInput(input)
	if err != nil {
		return fail("%v", err)
	}
	if created {
		fmt.Fprintf(e.stdout, "wrote %s\n", name)
	} else {
		fmt.Fprintf(e.stdout, "kept %s (already there)\n", name)
	}
	loopFiles := []string{input, filepath.Join(absRoot, ".clada") + "/"}
	if out := c.WatchOutput(); out != "" {
		loopFiles = append(loopFiles, out)
	}
	ex, err := watch.ExcludeFromGit(context.Background(), absRoot, loopFiles)
	switch {
	case err != nil:
		fmt.Fprintf(e.stderr, "clada init: %v\n", err) // the loop works all the same
	case ex.File == "":
		// not a git work tree: nothing would show the files as untracked
	case len(ex.Added) > 0:
		fmt.Fprintf(e.stdout, "added %s to %s (so git status stays clean; .gitignore is untouched)\n", strings.Join(ex.Added, " "), displayPath(absRoot, ex.File))
	default:
		fmt.Fprintf(e.stdout, "kept %s (already excludes %s)\n", displayPath(absRoot, ex.File), strings.Join(ex.Found, " "))
	}
	offerCaches(e.stdout)
	fmt.Fprintln(e.stdout, "\nNext:")
	fmt.Fprintln(e.stdout, "  1. clada prompt    # paste its output into your LLM chat once, so the LLM writes blocks clada runs")
	fmt.Fprintf(e.stdout, "  2. clada watch     # then paste each answer into %s and save; copy the results from its top back into the chat\n", name)
	return exitOK
}

// displayPath is p relative to root when it is inside, else p.
func displayPath(root, p string) string {
	if rel, err := filepath.Rel(root, p); err == nil && filepath.IsLocal(rel) {
		return filepath.ToSlash(rel)
	}
	return p
}
