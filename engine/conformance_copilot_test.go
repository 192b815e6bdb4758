package engine

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
	"github.com/google/go-cmp/cmp"
)

// Copilot's V4A corpus (shared/conformance/copilot-apply-patch): each case
// is the file before, the patch a model wrote and the file Copilot's
// applier made. V4A keeps Codex's ladder (match_tolerance.go), so a case is
// right when clada reaches Copilot's file, through a tolerance rung or not;
// its context lines written without their ' ' are read as context with a
// warning (grammar/v4a, README "V4A patches (apply_patch)").

type copilotCase struct {
	Name       string `json:"name"`
	Tolerance  string `json:"tolerance"`
	TargetPath string `json:"patch_target_path"`
}

// copilotDifferences lists where clada deliberately does not reach
// Copilot's file, and why.
var copilotDifferences = map[string]string{
	"corpus-33": "the second hunk's @@ line (`for (let i = 0; i < decorationCount; i++) {`) is in the file three times and its lines (closing braces and a blank) several times after the first: Copilot, like Codex, takes the first match; clada refuses the guess, names the anchor's three lines, and applies nothing of the patch",
}

func copilotSuite(t *testing.T) string {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	dir := filepath.Join(filepath.Dir(file), "..", "..", "shared", "conformance", "copilot-apply-patch", "cases")
	if p := os.Getenv("CLADA_COPILOT_PATCH_SUITE"); p != "" {
		dir = p
	}
	if _, err := os.Stat(dir); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("copilot apply_patch suite not found (shared/ must sit beside the repository, or set CLADA_COPILOT_PATCH_SUITE): %v", err)
		}
		t.Skipf("copilot apply_patch suite not found (set CLADA_COPILOT_PATCH_SUITE): %v", err)
	}
	return dir
}

func TestCopilotApplyPatchCorpus(t *testing.T) {
	suite := copilotSuite(t)
	entries, err := os.ReadDir(suite)
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	n := 0
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		n++
		t.Run(e.Name(), func(t *testing.T) {
			dir := filepath.Join(suite, e.Name())
			var c copilotCase
			data, err := os.ReadFile(filepath.Join(dir, "case.json"))
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(data, &c); err != nil {
				t.Fatal(err)
			}
			cfg, root, _ := testRoot(t)
			cfg.NoGit = true
			for p, content := range readTree(t, filepath.Join(dir, "input")) {
				full := filepath.Join(root, filepath.FromSlash(p))
				if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			patch, err := os.ReadFile(filepath.Join(dir, "edit.txt"))
			if err != nil {
				t.Fatal(err)
			}
			// The patches name absolute-looking paths (/vs/..., /Users/...);
			// the suite lays the files out under the case's root.
			rel := strings.TrimPrefix(c.TargetPath, "/")
			patch = []byte(strings.ReplaceAll(string(patch), ": "+c.TargetPath+"\n", ": "+rel+"\n"))
			doc := lang.Parse(source.NewFile("edit.txt", patch))
			rep, _, err := Apply(context.Background(), doc, cfg, Real, nil)
			if err != nil {
				t.Fatal(err)
			}
			want := readTree(t, filepath.Join(dir, "expected"))
			got := readTree(t, root)
			if why, ok := copilotDifferences[e.Name()]; ok {
				t.Logf("deliberate difference: %s", why)
				if rep.Success {
					t.Errorf("the patch reported success; want the ambiguous hunk refused")
				}
				if diff := cmp.Diff(readTree(t, filepath.Join(dir, "input")), got); diff != "" {
					t.Errorf("a refused patch changed the tree (-input +got):\n%s", diff)
				}
				counts["refused"]++
				return
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("tree after apply (-want +got):\n%s\nreport: %+v\nparse: %v", diff, rep.Results, doc.Diagnostics())
				return
			}
			if !rep.Success {
				t.Errorf("reached Copilot's file but reported failure: %+v", rep.Results)
			}
			rung := "exact"
			for _, r := range rep.Results {
				if m, _ := r.Data["match"].(string); m != "" && m != "exact" {
					rung = m
				}
			}
			counts[c.Tolerance+" → clada "+rung]++
		})
	}
	t.Logf("cases by Copilot's reading → clada's rung: %v", counts)
	if n < 56 {
		t.Errorf("found %d cases, want the suite's 56", n)
	}
}
