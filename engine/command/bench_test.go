package command

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/clada-dev/clada/sandbox"
)

// BenchmarkRunTrue is what the launcher adds to a command: `true` started
// with and without the sandbox helper (README "Safety", the process rules),
// with clada's cache for the toolchains as an apply has it (the plan, the
// variables, the directory made). Compare runs with benchstat.
func BenchmarkRunTrue(b *testing.B) {
	for _, mode := range []sandbox.Mode{sandbox.Off, sandbox.Write} {
		b.Run("sandbox="+string(mode), func(b *testing.B) {
			if mode != sandbox.Off {
				needLandlock(b, 1)
			}
			s := Settings{Root: b.TempDir(), Timeout: 10e9, MaxOutput: 1 << 20, Sandbox: mode,
				Caches: Caches{Dir: filepath.Join(b.TempDir(), "clada", "commands")}}
			c := Command{Argv: []string{"true"}, Dir: s.Root, Label: "bench"}
			for b.Loop() {
				if res := Run(context.Background(), s, c); !res.Success {
					b.Fatalf("true failed: %s %v", res.Error, res.Data)
				}
			}
		})
	}
}
