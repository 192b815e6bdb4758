//go:build linux

package main

import (
	"bytes"
	"encoding/json"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/clada-dev/clada/corpus"
)

// TestWindowsBinaryUnderWine builds clada.exe and applies every Windows
// corpus case (corpus/windows) with it under Wine, as a user would run it:
// the tree after must be the case's want/, and each action's success and
// error what its report.json says. It runs where CLADA_WINE_EXEC names a
// Wine wrapper (.ci/run sets it from ../shared/tools/wine-go/setup.sh, and
// CLADA_WINE_OVERLAY to the build overlay Wine needs; README, "Platforms").
func TestWindowsBinaryUnderWine(t *testing.T) {
	wine := os.Getenv("CLADA_WINE_EXEC")
	if wine == "" {
		t.Skip("set CLADA_WINE_EXEC to a Wine wrapper to run clada.exe (.ci/run does)")
	}
	exe := filepath.Join(t.TempDir(), "clada.exe")
	build := []string{"build", "-o", exe}
	if ov := os.Getenv("CLADA_WINE_OVERLAY"); ov != "" {
		build = append(build, "-overlay", ov)
	}
	cmd := exec.Command("go", append(build, ".")...)
	cmd.Env = append(os.Environ(), "GOOS=windows", "GOARCH=amd64", "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build clada.exe: %v\n%s", err, out)
	}
	if out, err := exec.Command(wine, exe, "version").CombinedOutput(); err != nil || !strings.HasPrefix(string(out), "clada ") {
		t.Fatalf("clada.exe version: %v: %s", err, out)
	}
	cases, err := corpus.Load()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range cases {
		if !slices.Contains(c.GOOS, "windows") {
			continue
		}
		n++
		t.Run(c.Name, func(t *testing.T) { wineCase(t, wine, exe, c) })
	}
	if n == 0 {
		t.Fatal("no corpus case is for windows")
	}
}

// wineResult is what the check compares of one action in the JSON report.
type wineResult struct {
	Success bool   `json:"success"`
	Error   string `json:"error"`
	Type    string `json:"type"`
}

func wineCase(t *testing.T, wine, exe string, c *corpus.Case) {
	root := filepath.Join(t.TempDir(), "root")
	if err := os.Mkdir(root, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range c.Files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	input := filepath.Join(t.TempDir(), c.InputName)
	if err := os.WriteFile(input, c.Input, 0o644); err != nil {
		t.Fatal(err)
	}
	winRoot := `Z:` + filepath.FromSlash(root) // Wine's drive Z: is /
	winRoot = strings.ReplaceAll(winRoot, "/", `\`)
	cmd := exec.Command(wine, exe, "apply", "--root", winRoot, "--no-git", "--format", "json", `Z:`+strings.ReplaceAll(input, "/", `\`))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	_ = cmd.Run() // failed actions exit 1; the report says which
	var got struct{ Results []wineResult }
	if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
		t.Fatalf("clada.exe's report is not JSON (%v):\n%s\nstderr:\n%s", err, stdout.String(), stderr.String())
	}
	golden, ok := c.Golden("report.json")
	if !ok {
		t.Fatal("the case has no report.json")
	}
	var want struct{ Results []wineResult }
	if err := json.Unmarshal(golden, &want); err != nil {
		t.Fatal(err)
	}
	if len(got.Results) != len(want.Results) {
		t.Fatalf("%d results, want %d:\n%s", len(got.Results), len(want.Results), stdout.String())
	}
	for i := range want.Results {
		w := want.Results[i]
		w.Error = strings.ReplaceAll(w.Error, "$ROOT", winRoot)
		if got.Results[i] != w {
			t.Errorf("result %d: got %+v\nwant %+v", i+1, got.Results[i], w)
		}
	}
	// The tree, as the case's want/ has it (.clada is clada's own).
	have := map[string]string{}
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			if d != nil && d.IsDir() && d.Name() == ".clada" {
				return filepath.SkipDir
			}
			return err
		}
		rel, _ := filepath.Rel(root, p)
		b, _ := os.ReadFile(p)
		have[filepath.ToSlash(rel)] = string(b)
		return nil
	})
	wantTree := map[string]string{}
	for k, v := range c.Want {
		wantTree[k] = string(v)
	}
	if !maps.Equal(have, wantTree) {
		t.Errorf("tree after clada.exe:\n%v\nwant:\n%v", have, wantTree)
	}
}
