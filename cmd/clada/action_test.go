package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// actionScript is the script the GitHub Action (action.yml) runs.
var actionScript = filepath.Join("..", "..", "scripts", "action-check.sh")

// actionRun runs the action's script in dir with env (and the caches of go
// test, a scratch HOME) and returns its output and exit status.
func actionRun(t *testing.T, dir string, env ...string) (string, int) {
	t.Helper()
	script, err := filepath.Abs(actionScript)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("bash", script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir(), "GOCACHE="+goEnv(t, "GOCACHE"), "GOMODCACHE="+goEnv(t, "GOMODCACHE"))
	for _, k := range []string{"CLADA_BIN", "CLADA_REF", "CLADA_ACTION_PATH", "INPUT_FILES", "INPUT_FORMAT", "INPUT_AGAINST", "INPUT_CONFIG", "INPUT_SARIF_FILE", "GITHUB_OUTPUT", "RUNNER_TEMP"} {
		cmd.Env = slices.DeleteFunc(cmd.Env, func(kv string) bool { return strings.HasPrefix(kv, k+"=") })
	}
	cmd.Env = append(cmd.Env, env...)
	out, err := cmd.CombinedOutput()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return string(out), code
}

// actionWorkspace is a checkout with answers in it, one bad, and the file
// the good one edits.
func actionWorkspace(t *testing.T) string {
	t.Helper()
	ws := t.TempDir()
	for name, text := range map[string]string{
		"answers/good.sham":   "#!SHAM [@three-char-SHA-256: ok1]\naction = \"file_replace_text\"\npath = \"app.txt\"\nold_text = \"one\"\nnew_text = \"1\"\n#!END_SHAM_ok1\n",
		"answers/sub/bad.cml": "<tasks>\n<write>hello</write>\n</tasks>\n",
		"app.txt":             "one\ntwo\n",
		"stale.sham":          "#!SHAM [@three-char-SHA-256: st1]\naction = \"file_replace_text\"\npath = \"app.txt\"\nold_text = \"three\"\nnew_text = \"3\"\n#!END_SHAM_st1\n",
	} {
		p := filepath.Join(ws, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return ws
}

// TestActionScript runs the Action's steps (scripts/action-check.sh) as
// GitHub would, with a clada built from this tree: annotations, a SARIF log
// named in the step's outputs, --against, patterns, and its exit statuses.
func TestActionScript(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("skipping: the action's script needs bash")
	}
	bin := filepath.Join(t.TempDir(), "clada")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	ws := actionWorkspace(t)
	output := filepath.Join(t.TempDir(), "github_output")

	// github: annotations for the bad answer, found by a ** pattern; exit 1.
	out, code := actionRun(t, ws, "CLADA_BIN="+bin, "INPUT_FILES=answers/**/*.sham\nanswers/**/*.cml", "INPUT_FORMAT=github", "GITHUB_OUTPUT="+output)
	t.Logf("format github:\n%s", out)
	if code != exitFail {
		t.Errorf("exit %d, want 1", code)
	}
	for _, want := range []string{
		`(?m)^clada dev`,
		`(?m)^::error file=answers/sub/bad\.cml,line=2,col=2,endLine=2,endColumn=7,title=MISSING_ATTRIBUTE::<write> needs a path attribute%0Ahint: add path="…"$`,
		`(?m)^1 error, 0 warnings in 2 blocks in 2 files$`,
	} {
		if !regexp.MustCompile(want).MatchString(out) {
			t.Errorf("output lacks %s", want)
		}
	}

	// --against: the stale answer's search is not in app.txt.
	out, code = actionRun(t, ws, "CLADA_BIN="+bin, "INPUT_FILES=stale.sham answers/good.sham", "INPUT_AGAINST=.")
	if code != exitFail || !strings.Contains(out, "::error file=stale.sham,line=4,col=12,endLine=4,endColumn=19,title=WORKSPACE::file_replace_text: old_text not found in file") {
		t.Errorf("--against: exit %d:\n%s", code, out)
	}
	out, code = actionRun(t, ws, "CLADA_BIN="+bin, "INPUT_FILES=answers/good.sham", "INPUT_AGAINST=.")
	if code != exitOK || strings.Contains(out, "::") {
		t.Errorf("a good answer: exit %d:\n%s", code, out)
	}

	// sarif: the log (its folder made), named in the step's outputs for
	// the upload step, and the problems as text in the log.
	out, code = actionRun(t, ws, "CLADA_BIN="+bin, "INPUT_FILES=answers/**/*.*", "INPUT_FORMAT=sarif", "INPUT_SARIF_FILE=out/clada.sarif", "GITHUB_OUTPUT="+output)
	t.Logf("format sarif:\n%s", out)
	if code != exitFail || !strings.Contains(out, "clada: wrote out/clada.sarif") || !strings.Contains(out, "answers/sub/bad.cml:2:2: error: <write> needs a path attribute [MISSING_ATTRIBUTE]") {
		t.Errorf("sarif: exit %d, want 1 with the log written and the problem shown", code)
	}
	outputs, _ := os.ReadFile(output)
	if string(outputs) != "sarif-file=out/clada.sarif\n" {
		t.Errorf("GITHUB_OUTPUT = %q, want sarif-file=out/clada.sarif", outputs)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI       string `json:"uri"`
							URIBaseID string `json:"uriBaseId"`
						} `json:"artifactLocation"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	data, err := os.ReadFile(filepath.Join(ws, "out", "clada.sarif"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatal(err)
	}
	if len(log.Runs) != 1 || len(log.Runs[0].Results) != 1 || log.Runs[0].Results[0].RuleID != "MISSING_ATTRIBUTE" ||
		log.Runs[0].Results[0].Locations[0].PhysicalLocation.ArtifactLocation.URI != "answers/sub/bad.cml" {
		t.Errorf("the SARIF log: %s", data)
	}

	// Nothing matches: a notice, exit 0. A format the action lacks: exit 2.
	out, code = actionRun(t, ws, "CLADA_BIN="+bin, "INPUT_FILES=none/**/*.sham")
	if code != exitOK || !strings.Contains(out, "::notice title=clada::no answer files match 'none/**/*.sham'; nothing to check") {
		t.Errorf("no files: exit %d:\n%s", code, out)
	}
	out, code = actionRun(t, ws, "CLADA_BIN="+bin, "INPUT_FILES=stale.sham", "INPUT_FORMAT=json")
	if code != exitUsage || !strings.Contains(out, "::error title=clada action::format is github or sarif, not 'json'") {
		t.Errorf("format json: exit %d:\n%s", code, out)
	}
}

// TestActionInstall runs the script's install step as the action does when
// it has no ref (used from a local checkout: uses: ./): go install
// ./cmd/clada in the action's folder, here this tree, into RUNNER_TEMP.
func TestActionInstall(t *testing.T) {
	if testing.Short() {
		t.Skip("builds clada")
	}
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("skipping: the action's script needs bash")
	}
	top, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	ws, tmp := actionWorkspace(t), t.TempDir()
	out, code := actionRun(t, ws, "CLADA_ACTION_PATH="+top, "RUNNER_TEMP="+tmp, "INPUT_FILES=answers/good.sham")
	if code != exitOK || !strings.Contains(out, "clada: go install ./cmd/clada in "+top) {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	if _, err := os.Stat(filepath.Join(tmp, "clada-action-bin", "clada")); err != nil {
		t.Errorf("clada not installed in RUNNER_TEMP: %v", err)
	}
}

// action.yml hands the script every input it reads, calls the script that
// exists, installs at the action's ref, and its inputs have defaults the
// script accepts.
func TestActionYAML(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var action struct {
		Inputs map[string]struct {
			Required bool   `yaml:"required"`
			Default  string `yaml:"default"`
		} `yaml:"inputs"`
		Runs struct {
			Using string `yaml:"using"`
			Steps []struct {
				ID   string            `yaml:"id"`
				Uses string            `yaml:"uses"`
				Run  string            `yaml:"run"`
				Env  map[string]string `yaml:"env"`
			} `yaml:"steps"`
		} `yaml:"runs"`
	}
	if err := yaml.Unmarshal(data, &action); err != nil {
		t.Fatal(err)
	}
	if action.Runs.Using != "composite" {
		t.Errorf("runs.using = %q, want composite", action.Runs.Using)
	}
	script, err := os.ReadFile(actionScript)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, s := range action.Runs.Steps {
		if s.ID != "check" {
			continue
		}
		found = true
		if !strings.Contains(s.Run, "scripts/action-check.sh") {
			t.Errorf("the check step runs %q, not scripts/action-check.sh", s.Run)
		}
		if s.Env["CLADA_REF"] != "${{ github.action_ref }}" || s.Env["CLADA_ACTION_PATH"] != "${{ github.action_path }}" {
			t.Errorf("the check step does not pass the action's ref and path: %v", s.Env)
		}
		for _, v := range regexp.MustCompile(`INPUT_[A-Z_]+`).FindAllString(string(script), -1) {
			input := strings.ReplaceAll(strings.ToLower(strings.TrimPrefix(v, "INPUT_")), "_", "-")
			if s.Env[v] != "${{ inputs."+input+" }}" {
				t.Errorf("the script reads %s, but the check step's env gives %q", v, s.Env[v])
			}
			if _, ok := action.Inputs[input]; !ok {
				t.Errorf("the script reads %s, but the action has no input %s", v, input)
			}
		}
	}
	if !found {
		t.Fatal("action.yml has no step with id check")
	}
	if d := action.Inputs["format"].Default; d != "github" {
		t.Errorf("format defaults to %q", d)
	}
	if st, err := os.Stat(actionScript); err != nil || st.Mode()&0o111 == 0 {
		t.Errorf("scripts/action-check.sh is not executable: %v", err)
	}
}
