package report_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/clada-dev/clada/corpus"
	"github.com/clada-dev/clada/internal/testfs"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/report"
	"github.com/clada-dev/clada/session"
	"github.com/clada-dev/clada/source"
)

// multitool returns Microsoft's SARIF validator (npm
// @microsoft/sarif-multitool, pinned in testdata/sarif/package-lock.json),
// skipping the test without it (failing under CI, whose .ci/run installs it).
func multitool(t *testing.T) string {
	t.Helper()
	if testfs.Wine() {
		t.Skip("the validator npm installed beside the tests is the host's (Linux), not win32's: this test runs on Linux")
	}
	platform := map[string]string{"linux": "linux", "darwin": "darwin", "windows": "win32"}[runtime.GOOS]
	exe := "Sarif.Multitool"
	if runtime.GOOS == "windows" {
		exe += ".exe"
	}
	p, err := filepath.Abs(filepath.Join("testdata", "sarif", "node_modules", "@microsoft", "sarif-multitool-"+platform, exe))
	if err == nil {
		_, err = os.Stat(p)
	}
	if err != nil {
		why := "Microsoft's SARIF validator is not installed; to run this test: (cd report/testdata/sarif && npm ci), then go test ./report -run TestSARIFValidator"
		if os.Getenv("CI") == "true" {
			t.Fatalf("CI=true but %s", why)
		}
		t.Skipf("skipping: %s", why)
	}
	return p
}

// finding is one line of the validator's report:
// FILE(LINE,COL): LEVEL RULE: message.
var finding = regexp.MustCompile(`(?m)^(.+)\((\d+),(\d+)\): (error|warning|note) (\w+): (.*)$`)

// TestSARIFValidator writes `clada check --format sarif` for the corpus
// cases (checked against their starting trees, as --against does, so
// WORKSPACE results are in) as one run of many files (every code the
// corpus brings out at least once, standard input and a file outside the
// root among them) and as a run of one file, for a release and a
// development version, and has Microsoft's
// validator check them all against the SARIF 2.1.0 schema and its SARIF and
// GitHub ingestion rules (--rule-kind "Gh;Sarif"): none may have an error or
// a warning. Two canaries, copies of one log made wrong on purpose (a
// startColumn of 0 against the schema, a version "dev" against SARIF2005),
// must be reported, so a validator that reads nothing cannot pass the test.
func TestSARIFValidator(t *testing.T) {
	tool := multitool(t)
	t.Parallel()
	cases, err := corpus.Load()
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	write := func(name string, files []report.Checked, o report.CheckOptions) string {
		var b bytes.Buffer
		if err := report.WriteCheck(&b, "sarif", files, o); err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(out, name+".sarif")
		if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	var all []report.Checked
	var allRoot string
	codes, clean := map[string]bool{}, 0
	for _, c := range cases {
		root := t.TempDir()
		for p, data := range c.Files {
			full := filepath.Join(root, filepath.FromSlash(p))
			if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(full, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		s, err := session.Open(session.Input{Root: root}, session.NoHooks, session.NoPassEnv, session.KeepBrokenConfig)
		if err != nil {
			t.Fatal(err)
		}
		doc := lang.Parse(source.NewFile(c.InputName, c.Input))
		ds := s.Check(doc)
		ws, _, err := s.Simulate(context.Background(), doc, nil, false)
		if err != nil {
			t.Fatal(err)
		}
		ds = append(ds, ws...)
		ds.Sort()
		// The validator takes about a tenth of a second per result: the
		// log holds the cases that bring a code no earlier case had, and
		// three without problems.
		fresh := len(ds) == 0 && clean < 3
		for _, d := range ds {
			fresh = fresh || !codes[d.Code]
			codes[d.Code] = true
		}
		if len(ds) == 0 && fresh {
			clean++
		}
		if fresh {
			all = append(all, report.Checked{Doc: doc, Diags: ds, Rel: c.Name + "/" + c.InputName, Abs: filepath.Join(root, c.InputName)})
			allRoot = root
		}
	}
	stdin := all[1]
	stdin.Rel, stdin.Abs = "", ""
	outside := all[2]
	outside.Rel, outside.Abs = "", "/elsewhere/answer with space.md"
	write("many-files", append(all, stdin, outside), report.CheckOptions{Root: allRoot, Version: "v1.4.0"})
	// The one-file log needs a result for the canaries to change: the
	// first case with a problem (the corpus's first fresh case may have
	// none).
	one := all[0]
	for _, c := range all {
		if len(c.Diags) > 0 {
			one = c
			break
		}
	}
	one.Rel = "answer.md"
	last := write("one-file", []report.Checked{one}, report.CheckOptions{Root: allRoot, Version: "dev (0123456789ab, modified)"})

	// The canaries.
	good, err := os.ReadFile(last)
	if err != nil {
		t.Fatal(err)
	}
	schemaCanary := regexp.MustCompile(`"startColumn": \d+`).ReplaceAll(good, []byte(`"startColumn": 0`))
	versionCanary := regexp.MustCompile(`"version": "0\.0\.0-[^"]*"`).ReplaceAll(good, []byte(`"version": "dev"`))
	if bytes.Equal(schemaCanary, good) || bytes.Equal(versionCanary, good) {
		t.Fatal("the canaries are no different from the log they were made from")
	}
	canaries := t.TempDir()
	for name, data := range map[string][]byte{"schema": schemaCanary, "version": versionCanary} {
		if err := os.WriteFile(filepath.Join(canaries, name+".sarif"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	args := []string{"validate", filepath.Join(out, "*.sarif"), filepath.Join(canaries, "*.sarif"),
		"--output", filepath.Join(t.TempDir(), "validation.sarif"), "--log", "ForceOverwrite", "--rule-kind", "Gh;Sarif"}
	cmd := exec.Command(tool, args...)
	home := t.TempDir()
	cmd.Env = append(os.Environ(), "HOME="+home, "DOTNET_CLI_HOME="+home, "DOTNET_CLI_TELEMETRY_OPTOUT=1", "DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1")
	stdout, err := cmd.CombinedOutput()
	t.Logf("$ Sarif.Multitool %s\n%s", strings.Join(args, " "), stdout)
	if err != nil {
		t.Fatalf("the validator failed: %v", err)
	}
	if !strings.Contains(string(stdout), "Analysis completed successfully.") {
		t.Fatal("the validator did not complete its analysis")
	}
	sawSchema, sawVersion := false, false
	for _, m := range finding.FindAllStringSubmatch(string(stdout), -1) {
		file, level, rule := m[1], m[4], m[5]
		switch {
		case strings.HasPrefix(file, canaries) && strings.HasSuffix(file, "schema.sarif") && rule == "JSON1008":
			sawSchema = true
		case strings.HasPrefix(file, canaries) && strings.HasSuffix(file, "version.sarif") && rule == "SARIF2005":
			sawVersion = true
		case strings.HasPrefix(file, canaries):
		case level != "note":
			t.Errorf("%s", m[0])
		}
	}
	if !sawSchema || !sawVersion {
		t.Errorf("the validator missed a canary (schema: %v, version: %v): it is not checking what it reads", sawSchema, sawVersion)
	}
	n, _ := filepath.Glob(filepath.Join(out, "*.sarif"))
	if !strings.Contains(string(stdout), "Done. "+strconv.Itoa(len(n)+2)+" files scanned.") {
		t.Errorf("the validator did not scan all %d logs and the 2 canaries", len(n))
	}
}
