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

// The other agents' appliers, their own test cases extracted into
// shared/conformance (each suite's README says how): Cline's
// replace_in_file, Roo Code's apply_diff, GitHub Copilot's
// replace_string_in_file and the lazy edits of Continue and Gemini CLI.
// Every case reaches the reference tool's result, or, where the reference
// applies only through a tolerance clada does not have (first match,
// similarity, trimmed or re-indented lines, stripped line numbers, a
// merge it guesses), clada refuses it with its own error and leaves the
// file as it was (case.json's clada_expected).

// agentSuite is the cases folder of a suite in shared/conformance (beside
// the repository, or under $CLADA_CONFORMANCE).
func agentSuite(t *testing.T, name string) string {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	dir := filepath.Join(filepath.Dir(file), "..", "..", "shared", "conformance")
	if p := os.Getenv("CLADA_CONFORMANCE"); p != "" {
		dir = p
	}
	dir = filepath.Join(dir, name, "cases")
	if _, err := os.Stat(dir); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s suite not found (shared/ must sit beside the repository, or set CLADA_CONFORMANCE): %v", name, err)
		}
		t.Skipf("%s suite not found (set CLADA_CONFORMANCE to shared/conformance): %v", name, err)
	}
	return dir
}

// agentCase is what a case.json says.
type agentCase struct {
	Name            string `json:"name"`
	Kind            string `json:"kind"`
	ReferenceResult string `json:"reference_result"`
	Tolerance       string `json:"tolerance"`
	CladaExpected   string `json:"clada_expected"`
}

// agentDifferences are the cases where clada deliberately ends elsewhere
// than case.json says, with why and what it does instead.
var agentDifferences = map[string]struct {
	reason string
	check  func(t *testing.T, rep *Report, input, got, want map[string]string)
}{
	"copilot-replace-string/020-newline-variations-crlf-to-lf": {
		reason: "the reference's test document stores the CRLF file with LF, so its result is LF; clada edits the CRLF file as it is: the search written with \\n matches its CRLF lines, and the new lines get CRLF too (DESIGN.md, \"Paths and safety\": line endings are preserved). Compared line by line, the result is the reference's.",
		check: func(t *testing.T, rep *Report, _, got, want map[string]string) {
			if !rep.Success {
				t.Errorf("the edit failed: %+v", rep.Results)
			}
			for p, w := range want {
				if strings.ReplaceAll(got[p], "\r\n", "\n") != w {
					t.Errorf("%s = %q, want the lines of %q", p, got[p], w)
				}
			}
		},
	},
}

// runAgentSuite applies each case of suite, its edit.txt (or, for a lazy
// snippet, wrap(edit)) on its input/, and checks the outcome.
func runAgentSuite(t *testing.T, suite string, wrap func(c agentCase, file string, edit []byte) []byte) {
	dir := agentSuite(t, suite)
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	pass, total := 0, 0
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		cdir := filepath.Join(dir, e.Name())
		var c agentCase
		data, err := os.ReadFile(filepath.Join(cdir, "case.json"))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatalf("%s: %v", e.Name(), err)
		}
		if c.Kind == "detector-only" {
			continue // TestConformanceLazyDetector
		}
		total++
		if t.Run(e.Name(), func(t *testing.T) { agentCaseRun(t, suite, cdir, c, wrap) }) {
			pass++
		}
	}
	t.Logf("%s: %d of %d cases as expected", suite, pass, total)
}

func agentCaseRun(t *testing.T, suite, cdir string, c agentCase, wrap func(agentCase, string, []byte) []byte) {
	edit, err := os.ReadFile(filepath.Join(cdir, "edit.txt"))
	if err != nil {
		t.Fatal(err)
	}
	input := readTree(t, filepath.Join(cdir, "input"))
	if c.Kind == "validate-only" { // the reader alone: accepted or refused
		doc := lang.Parse(source.NewFile("edit.txt", edit))
		n := 0
		for range doc.Actions() {
			n++
		}
		errs := lang.Check(doc).Count(source.Error)
		accepted := n > 0 && errs == 0
		if accepted != (c.CladaExpected == "accept") {
			t.Errorf("accepted = %v (%d actions, %d errors: %v), want %s", accepted, n, errs, lang.Check(doc), c.CladaExpected)
		}
		return
	}
	if wrap != nil {
		for name := range input {
			edit = wrap(c, name, edit)
		}
	}
	cfg, root, _ := testRoot(t)
	cfg.NoGit = true
	writeTree(t, root, input)
	doc := lang.Parse(source.NewFile("answer.md", edit))
	if len(doc.Groups) == 0 {
		t.Fatalf("no block read from:\n%s", edit)
	}
	rep, _, err := Apply(context.Background(), doc, cfg, Real, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := readTree(t, root)
	want := readTree(t, filepath.Join(cdir, "expected"))
	if d, ok := agentDifferences[suite+"/"+c.Name]; ok {
		t.Logf("deliberate difference: %s", d.reason)
		d.check(t, rep, input, got, want)
		return
	}
	trim := cmp.Transformer("", func(s string) string { return s })
	if suite == "lazy-edits" { // the suite's texts are trimmed of trailing blanks (its README)
		trim = cmp.Transformer("trimmed", func(s string) string { return strings.TrimRight(s, " \t\n") })
	}
	orExpected := strings.Contains(c.CladaExpected, "or produce expected/ exactly")
	if strings.HasPrefix(c.CladaExpected, "same") || orExpected && rep.Success {
		if orExpected {
			t.Logf("merged: %+v", rep.Results)
		}
		if !rep.Success {
			t.Errorf("refused, want the reference's result: %s", agentFailures(rep))
		}
		if diff := cmp.Diff(want, got, trim); diff != "" {
			t.Errorf("tree (-want +got):\n%s", diff)
		}
		return
	}
	// Refused: clada's own error, and the file as it was.
	if rep.Success {
		t.Errorf("applied, want a refusal (the reference applies it by %s)", c.Tolerance)
	} else if msg := agentFailures(rep); msg == "" {
		t.Errorf("failed without an error to show for it")
	} else {
		t.Logf("refused: %s", msg)
	}
	if diff := cmp.Diff(input, got); diff != "" {
		t.Errorf("a refused edit changed the tree (-before +after):\n%s", diff)
	}
}

// agentFailures is every error of a report, one per line.
func agentFailures(rep *Report) string {
	var out []string
	for _, p := range rep.ParseErrors {
		out = append(out, p.Code+": "+p.Message)
	}
	for _, r := range rep.Results {
		if !r.Success && r.Error != "" {
			out = append(out, r.Error)
		}
	}
	return strings.Join(out, "\n")
}

func TestConformanceCline(t *testing.T) { runAgentSuite(t, "cline-replace-in-file", nil) }

func TestConformanceRoo(t *testing.T) { runAgentSuite(t, "roo-multi-search-replace", nil) }

func TestConformanceCopilotReplaceString(t *testing.T) {
	runAgentSuite(t, "copilot-replace-string", nil)
}

// Continue's lazy snippets are what a chat model writes for one file: they
// are read as a whole-file block under the file's path, as the model
// would send them.
func TestConformanceLazyEdits(t *testing.T) {
	runAgentSuite(t, "lazy-edits", func(_ agentCase, file string, edit []byte) []byte {
		return []byte("`" + file + "`\n````\n" + string(edit) + "\n````\n")
	})
}

// Gemini CLI's omission-placeholder detector cases: clada finds a
// placeholder in exactly the texts Gemini's detector does.
func TestConformanceLazyDetector(t *testing.T) {
	dir := agentSuite(t, "lazy-edits")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), "gemini-") {
			continue
		}
		n++
		t.Run(e.Name(), func(t *testing.T) {
			edit, err := os.ReadFile(filepath.Join(dir, e.Name(), "edit.txt"))
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			data, err := os.ReadFile(filepath.Join(dir, e.Name(), "expected-detections.json"))
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(data, &want); err != nil {
				t.Fatal(err)
			}
			got := lang.Placeholders(string(edit))
			if len(got) != len(want) {
				t.Errorf("placeholders %+v, want %d (%q)", got, len(want), want)
			}
		})
	}
	if n != 9 {
		t.Errorf("found %d Gemini detector cases, want 9", n)
	}
}
