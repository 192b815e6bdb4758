package engine

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clada-dev/clada/lang"
	"github.com/clada-dev/clada/source"
	"github.com/google/go-cmp/cmp"
)

func TestMakeRecipeTabs(t *testing.T) {
	for _, tc := range []struct {
		name, path, in, want string
		lines                []int
	}{
		{"recipes indented with spaces", "Makefile",
			"CC := gcc\nSRCS = a.c \\\n    b.c\n\nall: build\n\nbuild:\n    $(CC) $(SRCS)\n\n    @echo done\n\nclean:\n  rm -f a.out\n",
			"CC := gcc\nSRCS = a.c \\\n    b.c\n\nall: build\n\nbuild:\n\t$(CC) $(SRCS)\n\n\t@echo done\n\nclean:\n\trm -f a.out\n", []int{7, 9, 12}},
		{"a deeper line keeps what is past the recipe's indentation", "build.mk",
			"x:\r\n    if true; then \\\r\n        echo y; \\\r\n    fi\r\n",
			"x:\r\n\tif true; then \\\r\n\t    echo y; \\\r\n\tfi\r\n", []int{1, 2, 3}},
		{"tabs already", "Makefile", "x:\n\techo\n", "x:\n\techo\n", nil},
		{"not a Makefile", "notes.txt", "x:\n    echo\n", "x:\n    echo\n", nil},
		{"a recipe prefix of its own", "Makefile", ".RECIPEPREFIX = >\nx:\n    > echo\n", ".RECIPEPREFIX = >\nx:\n    > echo\n", nil},
		{"a conditional's body is no recipe", "Makefile", "ifeq ($(A),1)\n  B = 2\nendif\n", "ifeq ($(A),1)\n  B = 2\nendif\n", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, lines := makeRecipeTabs(tc.path, tc.in)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("content (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.lines, lines); diff != "" {
				t.Errorf("lines (-want +got):\n%s", diff)
			}
		})
	}
}

// Every way an answer writes a Makefile gives its added recipe lines
// make's tab, make then runs the file, and the same answer sent again is
// already applied (the tab does not hide the replay).
func TestMakefileRecipeTabsEveryWay(t *testing.T) {
	start := "VERSION := 1\n\nbuild:\n\t@echo build\n"
	for _, tc := range []struct{ name, answer, file, want string }{
		{"V4A Add File", "*** Begin Patch\n*** Add File: Makefile\n+check:\n+    @echo check\n*** End Patch\n", "",
			"check:\n\t@echo check\n"},
		{"SHAM file_write", shamWrite("Makefile", "check:\n    @echo check\n\n"), "",
			"check:\n\t@echo check\n"},
		{"JSON create", "```json\n{\"command\": \"create\", \"path\": \"Makefile\", \"file_text\": \"check:\\n    @echo check\\n\"}\n```\n", "",
			"check:\n\t@echo check\n"},
		{"unified diff", "--- a/Makefile\n+++ b/Makefile\n@@ -3,2 +3,5 @@\n build:\n \t@echo build\n+\n+check: build\n+    @echo check\n", start,
			start + "\ncheck: build\n\t@echo check\n"},
		{"V4A Update", "*** Begin Patch\n*** Update File: Makefile\n@@\n build:\n \t@echo build\n+    @echo check\n*** End Patch\n", start,
			start + "\t@echo check\n"},
		{"SHAM edit", shamEdit("m01", "Makefile", "\\t@echo build", "\\t@echo build\\n    @echo check"), start,
			start + "\t@echo check\n"},
		{"JSON insert", "```json\n{\"command\": \"insert\", \"path\": \"Makefile\", \"insert_line\": 3, \"new_str\": \"    @echo check\"}\n```\n", start,
			"VERSION := 1\n\nbuild:\n\t@echo check\n\t@echo build\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, root, _ := testRoot(t)
			cfg.NoGit, cfg.OutputMode = true, OutputSilent
			if tc.file != "" {
				writeTree(t, root, map[string]string{"Makefile": tc.file})
			}
			for round := range 2 {
				ws, err := NewOS(cfg)
				if err != nil {
					t.Fatal(err)
				}
				rep := Run(context.Background(), lang.Parse(source.NewFile("answer.md", []byte(tc.answer))), ws, cfg, nil)
				ws.Close()
				if len(rep.Results) != 1 || !rep.Results[0].Success || rep.Results[0].AlreadyApplied != (round == 1) {
					t.Fatalf("round %d: %+v", round, rep.Results)
				}
				if _, noted := rep.Results[0].Data["recipeTabs"]; noted != (round == 0) {
					t.Errorf("round %d: recipeTabs %v", round, rep.Results[0].Data)
				}
				if got, _ := os.ReadFile(filepath.Join(root, "Makefile")); string(got) != tc.want {
					t.Fatalf("round %d: Makefile = %q, want %q", round, got, tc.want)
				}
			}
			if _, err := exec.LookPath("make"); err != nil {
				return // the content is checked; make itself is not here
			}
			goal := "check"
			if !strings.Contains(tc.want, "check:") {
				goal = "build"
			}
			out, err := exec.Command("make", "-s", "-C", root, goal).CombinedOutput()
			if err != nil || !strings.Contains(string(out), "check\n") {
				t.Errorf("make %s: %v\n%s", goal, err, out)
			}
		})
	}
}

// shamWrite is a SHAM file_write block.
func shamWrite(path, content string) string {
	return "```sh sham\n#!SHAM [@three-char-SHA-256: w01]\naction = \"file_write\"\npath = \"" + path +
		"\"\ncontent = <<'EOT_SHAM_w01'\n" + content + "EOT_SHAM_w01\n#!END_SHAM_w01\n```\n"
}
