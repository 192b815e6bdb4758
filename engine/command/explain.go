package command

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/clada-dev/clada/sandbox"
)

// Explain writes what a command started with s may write and read, and
// why: `clada sandbox --explain`. It comes from the same plan Run confines
// a command to (MakePlan), in clada's environment environ, on a kernel of
// Landlock ABI abi; userConfig is the path of the user's config.yaml, named
// as the place to widen it.
func Explain(w io.Writer, s Settings, environ []string, abi int, userConfig string) {
	mode := sandboxMode(s.Sandbox)
	fmt.Fprintf(w, "clada runs commands for %s\n\n", s.Root)
	unconfined := mode == sandbox.Off
	switch {
	case mode == sandbox.Off:
		fmt.Fprintln(w, "Sandbox: off (--sandbox off): commands may write wherever you can and use the network; they keep your own caches, as in your shell.")
	case sandbox.CheckABI(mode, abi) != nil && mode == sandbox.Write:
		unconfined = true
		fmt.Fprintf(w, "Sandbox: write, but this system has no Linux Landlock (ABI %d), so commands run unconfined: they may write wherever you can.\n", abi)
	case sandbox.CheckABI(mode, abi) != nil:
		fmt.Fprintf(w, "Sandbox: strict, but %v.\n", sandbox.CheckABI(mode, abi))
		return
	case mode == sandbox.Strict:
		fmt.Fprintf(w, "Sandbox: strict (Linux Landlock ABI %d): commands may write only where listed below, and may not open TCP connections or listen.\n", abi)
	default:
		fmt.Fprintf(w, "Sandbox: write (Linux Landlock ABI %d; the default): commands may write only where listed below; the network is open (--sandbox strict closes it).\n", abi)
	}
	fmt.Fprintln(w, "Commands may read and run every file you can: reads are not confined.")
	if !unconfined {
		exe, _ := os.Executable()
		plan := MakePlan(s, environ, "$TMPDIR", exe)
		fmt.Fprintln(w, "\nA command may write, and nothing else:")
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		for _, g := range plan.Writable {
			path := g.Path
			if path == "$TMPDIR" {
				g.Why = "its own temp directory, a new one under " + os.TempDir() + " for each command, removed after it"
			}
			fmt.Fprintf(tw, "  %s\t%s\n", path, g.Why)
		}
		fmt.Fprintf(tw, "  %s\t%s\n", sandbox.ShmDir, "a private one for each command, where the kernel gives commands a mount namespace of their own")
		fmt.Fprintf(tw, "  %s\t%s\n", strings.Join(sandbox.Devices(), ", "), "devices: the sinks and the terminal")
		tw.Flush()
		for _, d := range plan.Missing {
			fmt.Fprintf(w, "  (%s does not exist, so it grants nothing)\n", d)
		}
		fmt.Fprintln(w, "A write elsewhere fails (Permission denied), and the report names the path and how to allow it.")
		if len(plan.Env) > 0 {
			fmt.Fprintln(w, "\nclada sets for each command:")
			tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
			for _, e := range plan.Env {
				fmt.Fprintf(tw, "  %s=%s\t%s\n", e.Name, e.Value, e.Why)
			}
			tw.Flush()
		}
	}
	_, withheld := commandEnv(s, environ)
	withheld = slices.Compact(slices.Sorted(slices.Values(withheld)))
	fmt.Fprint(w, "\nWithheld from commands: every GIT_* variable")
	if len(withheld) > 0 {
		fmt.Fprintf(w, ", and these that look like secrets: %s (pass one with --pass-env NAME)", strings.Join(withheld, ", "))
	}
	fmt.Fprintln(w, ".")
	fmt.Fprintln(w, "\nOnly you can let commands write more (a project's .clada.yaml may only tighten):")
	fmt.Fprintln(w, "  --allow DIR       for one run (also lets actions reach DIR)")
	fmt.Fprintf(w, "  %s, for every run:\n", userConfig)
	fmt.Fprintln(w, "      sandbox:")
	fmt.Fprintf(w, "        share-caches: [%s]   # your own caches instead of clada's\n", strings.Join(ShareableToolchains(), ", "))
	fmt.Fprintln(w, "        writable: [~/.m2/repository]   # more directories")
	fmt.Fprintln(w, "  --sandbox off     no confinement at all")
}
