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
// lang.Check, the last line is the summary, and a case with a check.txt
// golden gets exactly that output.
func TestCheckCorpus(t *testing.T) {
	cases, err := corpus.Load()
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
			if lang.Check(lang.Parse(source.NewFile(path, c.Input))).HasErrors() {
				wantCode = exitFail
			}
			if code != wantCode || errb.Len() != 0 {
				t.Fatalf("exit %d (want %d), stderr %q", code, wantCode, errb.String())
			}
			if !regexp.MustCompile(`(?m)^(no problems|\d+ errors?, \d+ warnings?) in \d+ blocks?\n\z`).Match(out.Bytes()) {
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
