package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/report"
	"github.com/clada-dev/clada/session"
	"github.com/clada-dev/clada/source"
)

// cmdCheck lints answer files: syntax and catalog validation, what the
// project's .clada.yaml refuses (as the language server shows it), and with
// --against what a run on the tree would fail on; nothing touched. A config
// that does not load is a CONFIG_ERROR diagnostic, not a usage error: check
// reports problems, it does not stop at them. The formats are report's
// (report/check_*.go); this only wires the flags.
func cmdCheck(e *env) int {
	fs := newFlagSet(e, "check", "[--root DIR | --against DIR] [--allow DIR]... [--allow-escape] [--config FILE] [--format "+strings.Join(report.CheckFormats(), "|")+"] [FILE...|-]")
	root := fs.String("root", ".", "project root the actions' paths resolve against, for the project's refusals")
	against := fs.String("against", "", "also check the answer against the files under `DIR` (the root): what a run there would fail on")
	configFile := fs.String("config", "", "project config (default: .clada.yaml in the root or a parent)")
	format := fs.String("format", "text", "output format: "+report.CheckFormatList()+" (README, \"clada check in CI\")")
	// apply's reach beyond the root, so OUTSIDE_ROOT says what apply with
	// the same flags would refuse
	var allow []string
	fs.Func("allow", "another directory paths may reach, as for apply (repeatable)", func(dir string) error {
		if dir == "" {
			return errors.New("--allow needs a directory")
		}
		abs, err := filepath.Abs(dir)
		allow = append(allow, abs)
		return err
	})
	allowEscape := fs.Bool("allow-escape", false, "permit paths outside the root, as for apply")
	pos, code, ok := parseArgs(fs, e.args)
	if !ok {
		return code
	}
	if !slices.Contains(report.CheckFormats(), *format) {
		fmt.Fprintf(e.stderr, "clada check: unknown --format %q; use %s\n", *format, report.CheckFormatList())
		return exitUsage
	}
	rootFlag := *root
	if *against != "" {
		rootSet := false
		fs.Visit(func(f *flag.Flag) { rootSet = rootSet || f.Name == "root" })
		if rootSet && filepath.Clean(*root) != filepath.Clean(*against) {
			fmt.Fprintf(e.stderr, "clada check: --against %s is the root the answer is checked in; drop --root %s\n", *against, *root)
			return exitUsage
		}
		rootFlag = *against
	}
	absRoot, err := resolveRoot(rootFlag, true)
	if err != nil {
		fmt.Fprintf(e.stderr, "clada check: %v\n", strings.Replace(err.Error(), "--root", flagName(*against != ""), 1))
		return exitUsage
	}
	inputs, err := readInputs(e, pos)
	if err != nil {
		fmt.Fprintf(e.stderr, "clada check: %v\n", err)
		return exitUsage
	}
	// check runs nothing: no hooks, no commands to pass secrets to.
	s, err := session.Open(session.Input{Root: absRoot, ConfigFile: *configFile},
		session.NoHooks, session.NoPassEnv, session.KeepBrokenConfig)
	if err != nil {
		fmt.Fprintf(e.stderr, "clada check: %v\n", err)
		return exitUsage
	}
	s.Engine.Allow = append(s.Engine.Allow, allow...)
	s.Engine.AllowEscape = *allowEscape
	files := make([]report.Checked, len(inputs))
	for i, in := range inputs {
		doc := lang.Parse(source.NewFile(in.name, in.data))
		ds := s.Check(doc)
		if *against != "" {
			ws, _, err := s.Simulate(context.Background(), doc, nil, false)
			if err != nil {
				fmt.Fprintf(e.stderr, "clada check: --against %s: %v\n", *against, err)
				return exitUsage
			}
			if len(ws) > 0 {
				ds = append(ds, ws...)
				ds.Sort()
			}
		}
		files[i] = report.Checked{Doc: doc, Diags: ds}
		if in.name != "<stdin>" {
			files[i].Abs, files[i].Rel = locate(absRoot, in.name)
		}
	}
	opts := report.CheckOptions{Root: absRoot, Version: moduleVersion(version, debug.ReadBuildInfo), Args: withoutFormat(e.args)}
	if err := report.WriteCheck(e.stdout, *format, files, opts); err != nil {
		fmt.Fprintf(e.stderr, "clada check: writing output: %v\n", err)
		return exitUsage
	}
	if report.CheckFailed(files) {
		return exitFail
	}
	return exitOK
}

// flagName is the flag that named the root, for its errors.
func flagName(against bool) string {
	if against {
		return "--against"
	}
	return "--root"
}

// input is one answer file read.
type input struct {
	name string
	data []byte
}

// readInputs reads each FILE, or stdin for "-" or none.
func readInputs(e *env, pos []string) ([]input, error) {
	if len(pos) == 0 {
		pos = []string{"-"}
	}
	stdin := 0
	out := make([]input, 0, len(pos))
	for _, p := range pos {
		if p == "-" {
			if stdin++; stdin > 1 {
				return nil, fmt.Errorf("- (stdin) is given twice")
			}
		}
		name, data, err := readInput(e, []string{p})
		if err != nil {
			return nil, err
		}
		out = append(out, input{name, data})
	}
	return out, nil
}

// locate returns name's absolute path and its slash path relative to root,
// "" when it is outside (symlinks resolved on both sides, as the root's).
func locate(root, name string) (abs, rel string) {
	abs, err := filepath.Abs(name)
	if err != nil {
		return "", ""
	}
	real := abs
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		real = r
	}
	r, err := filepath.Rel(root, real)
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return abs, ""
	}
	return abs, filepath.ToSlash(r)
}

// withoutFormat is args with --format and its value left out.
func withoutFormat(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--format" || a == "-format":
			i++
		case strings.HasPrefix(a, "--format=") || strings.HasPrefix(a, "-format="):
		default:
			out = append(out, a)
		}
	}
	return out
}
