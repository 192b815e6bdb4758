package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/clada-dev/clada/corpus"
	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/session"
	"github.com/clada-dev/clada/source"
)

// TestCheckLargeInput runs check on a 50 MB answer (many valid blocks with
// long heredocs and invalid UTF-8 in the prose) in process: it must finish,
// count every block, and report the one bad block.
func TestCheckLargeInput(t *testing.T) {
	if testing.Short() {
		t.Skip("50 MB input")
	}
	var b bytes.Buffer
	body := strings.Repeat("some line of content that is reasonably long, like code\n", 100)
	n := 0
	for b.Len() < 50<<20 {
		n++
		fmt.Fprintf(&b, "Prose \xff\xfe before block %d.\n\n#!SHAM [@three-char-SHA-256: b%d]\naction = \"file_write\"\npath = \"f%d.txt\"\ncontent = <<'EOT_SHAM_b%d'\n%sEOT_SHAM_b%d\n#!END_SHAM_b%d\n\n", n, n, n, n, body, n, n)
	}
	b.WriteString("#!SHAM [@three-char-SHA-256: zz9]\naction = \"file_wrte\"\npath = \"x\"\ncontent = \"y\"\n#!END_SHAM_zz9\n")
	path := filepath.Join(t.TempDir(), "big.md")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	code := run([]string{"check", path}, strings.NewReader(""), &out, &errb)
	if code != exitFail {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	want := fmt.Sprintf("1 error, 0 warnings in %d blocks\n", n+1)
	if !strings.HasSuffix(out.String(), want) {
		t.Fatalf("output ends %q, want suffix %q", tail(out.String()), want)
	}
	if !strings.Contains(out.String(), "Unknown action 'file_wrte' [UNKNOWN_ACTION]") {
		t.Fatalf("missing the bad block's diagnostic: %q", tail(out.String()))
	}
}

func tail(s string) string {
	if len(s) > 300 {
		return s[len(s)-300:]
	}
	return s
}

var updateCorpus = flag.Bool("update", false, "rewrite the check.txt goldens that corpus cases already have")

// TestCheckCorpus runs `clada check` on every shared corpus case: it never
// fails to run (exit 0 or 1, nothing on stderr), the exit status agrees with
// the session's Check (lang.Check, and paths outside the root), the last line is the summary, and a case with a check.txt
// golden gets exactly that output.
func TestCheckCorpus(t *testing.T) {
	cases, err := corpus.Load()
	if err != nil {
		t.Fatal(err)
	}
	cwd, err := os.Getwd() // check's root
	if err != nil {
		t.Fatal(err)
	}
	sess, err := session.Open(session.Input{Root: cwd}, session.NoHooks, session.NoPassEnv, session.KeepBrokenConfig)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), c.InputName)
			if err := os.WriteFile(path, c.Input, 0o644); err != nil {
				t.Fatal(err)
			}
			var out, errb bytes.Buffer
			code := run([]string{"check", path}, strings.NewReader(""), &out, &errb)
			wantCode := exitOK
			if sess.Check(lang.Parse(source.NewFile(path, c.Input))).HasErrors() {
				wantCode = exitFail
			}
			if code != wantCode || errb.Len() != 0 {
				t.Fatalf("exit %d (want %d), stderr %q", code, wantCode, errb.String())
			}
			if !regexp.MustCompile(`(?m)^(no problems|\d+ errors?, \d+ warnings?) in \d+ blocks?(: the input has .*)?\n\z`).Match(out.Bytes()) {
				t.Fatalf("output does not end with a summary line:\n%s", out.String())
			}
			got := strings.ReplaceAll(out.String(), path, c.InputName)
			want, ok := c.Golden("check.txt")
			switch {
			case ok && *updateCorpus:
				if err := c.Update("check.txt", []byte(got)); err != nil {
					t.Fatal(err)
				}
			case ok && got != string(want):
				t.Errorf("check output:\n%s\nwant (check.txt):\n%s", got, want)
			}
		})
	}
}

// checkFormatGoldens are the corpus sections TestCheckFormatsCorpus fills:
// `clada check --against ROOT --format F`, ROOT holding the case's files/
// and the input, for the CI formats.
var checkFormatGoldens = []struct{ section, format string }{
	{"check.sarif", "sarif"},
	{"check.github", "github"},
	{"check.rdjsonl", "rdjsonl"},
}

// TestCheckFormatsCorpus runs `clada check --against` in each CI format on
// the corpus cases that have that format's golden, and compares the output
// exactly (-update rewrites them). The root and the version differ from
// machine to machine; they read $ROOT and $VERSION in the goldens.
func TestCheckFormatsCorpus(t *testing.T) {
	cases, err := corpus.Load()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range cases {
		for _, g := range checkFormatGoldens {
			want, ok := c.Golden(g.section)
			if !ok {
				continue
			}
			n++
			t.Run(c.Name+"/"+g.format, func(t *testing.T) {
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
				path := filepath.Join(root, c.InputName)
				if _, clash := c.Files[c.InputName]; clash {
					t.Fatalf("files/%s has the input's name", c.InputName)
				}
				if err := os.WriteFile(path, c.Input, 0o644); err != nil {
					t.Fatal(err)
				}
				var out, errb bytes.Buffer
				code := run([]string{"check", "--against", root, "--format", g.format, path}, strings.NewReader(""), &out, &errb)
				doc := lang.Parse(source.NewFile(path, c.Input))
				if errb.Len() != 0 || (code != exitOK && code != exitFail) {
					t.Fatalf("exit %d, stderr %q", code, errb.String())
				}
				if lang.Check(doc).HasErrors() && code != exitFail {
					t.Errorf("exit %d with errors in the input, want %d", code, exitFail)
				}
				got := stableCheckOutput(out.String(), root)
				switch {
				case *updateCorpus:
					if err := c.Update(g.section, []byte(got)); err != nil {
						t.Fatal(err)
					}
				case got != string(want):
					t.Errorf("check --format %s:\n%s\nwant (%s):\n%s", g.format, got, g.section, want)
				}
			})
		}
	}
	if n == 0 {
		t.Fatal("no corpus case has a check.sarif, check.github or check.rdjsonl golden")
	}
}

// stableCheckOutput replaces what differs between machines: the root (in
// file URIs and in messages) and SARIF's tool version.
func stableCheckOutput(s, root string) string {
	s = strings.ReplaceAll(s, "file://"+filepath.ToSlash(root)+"/", "file://$ROOT/")
	s = strings.ReplaceAll(s, root, "$ROOT")
	return regexp.MustCompile(`"version": "0\.0\.0-[^"]*"`).ReplaceAllString(s, `"version": "$$VERSION"`)
}
